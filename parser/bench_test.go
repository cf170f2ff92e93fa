package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// ordinarySQL generates about size bytes of ordinary T-SQL of the kind a
// deployment script holds: tables, procedures, queries, comments, strings
// and GO separators. When interest is true, every block also carries
// statements of interest (CREATE/ALTER DATABASE, BACKUP, CHECKPOINT, DBCC,
// USE), as a migration folder does.
func ordinarySQL(size int, interest bool) string {
	every := 0
	if interest {
		every = 1
	}
	return mixedSQL(size, every)
}

// mixedSQL is ordinarySQL with the statements of interest (ten of them) in
// one block out of every (0: none). The benchmark's cases: "publish", one
// block in 32 (about 140 statements of interest per MB; an SSDT publish
// script has fewer), "deploy", one in 8 (about 550 per MB), and
// "interest", every block (about 4,400 per MB, a worst case).
func mixedSQL(size, every int) string {
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, `-- Migration step %d: add the orders table and its procedures
/* Block comment describing the change, with a nested /* inner */ part
   and a few lines of prose. */
IF OBJECT_ID(N'dbo.Orders%d', N'U') IS NULL
BEGIN
    CREATE TABLE [dbo].[Orders%d] (
        [OrderID] INT IDENTITY(1,1) NOT NULL PRIMARY KEY CLUSTERED,
        [CustomerID] NVARCHAR(50) NOT NULL,
        [OrderDate] DATETIME2(7) NOT NULL DEFAULT (SYSUTCDATETIME()),
        [Amount] DECIMAL(18, 2) NOT NULL CONSTRAINT [CK_Amount%d] CHECK ([Amount] >= 0.0),
        [Note] NVARCHAR(MAX) NULL
    ) ON [PRIMARY];
END
GO
CREATE OR ALTER PROCEDURE dbo.usp_GetOrders%d
    @CustomerID NVARCHAR(50),
    @From DATETIME2 = NULL
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @msg NVARCHAR(200) = N'Loading orders for ' + @CustomerID + N' isn''t slow';
    SELECT o.OrderID, o.OrderDate, o.Amount, c.Name AS "Customer Name"
    FROM dbo.Orders%d AS o WITH (NOLOCK)
    INNER JOIN dbo.Customers c ON c.CustomerID = o.CustomerID
    WHERE o.CustomerID = @CustomerID AND (@From IS NULL OR o.OrderDate >= @From)
    ORDER BY o.OrderDate DESC;
    IF @@ROWCOUNT = 0 RAISERROR('No orders found for %%s', 10, 1, @CustomerID);
END
GO
INSERT INTO dbo.Settings (Name, Value) VALUES (N'Version', '%d.0.0'), ('Owner', 'dba@example.com');
UPDATE dbo.Settings SET Value = CASE WHEN Value > '1' THEN 'x' ELSE 'y' END WHERE Name = 'Flag';
GO
`, i, i, i, i, i, i, i)
		if every > 0 && i%every == 0 {
			fmt.Fprintf(&sb, `USE [master]
GO
CREATE DATABASE [Sales%d]
    ON PRIMARY (NAME = N'Sales%d', FILENAME = N'D:\Data\Sales%d.mdf', SIZE = 512MB, FILEGROWTH = 64MB)
    LOG ON (NAME = N'Sales%d_log', FILENAME = N'L:\Log\Sales%d.ldf', SIZE = 256MB, FILEGROWTH = 10%%)
GO
ALTER DATABASE [Sales%d] ADD FILEGROUP [FG%d]
ALTER DATABASE [Sales%d] ADD FILE (NAME = N'f%d', FILENAME = N'D:\Data\f%d.ndf', SIZE = 1GB) TO FILEGROUP [FG%d]
ALTER DATABASE [Sales%d] SET TARGET_RECOVERY_TIME = 60 SECONDS WITH NO_WAIT
CHECKPOINT
BACKUP DATABASE [Sales%d] TO DISK = N'B:\Backup\Sales%d.bak' WITH COMPRESSION, CHECKSUM, STATS = 10
DBCC TRACEON (3226, -1) WITH NO_INFOMSGS
GO
`, i, i, i, i, i, i, i, i, i, i, i, i, i, i)
		}
	}
	return sb.String()
}

func BenchmarkScan(b *testing.B) {
	src := ordinarySQL(1<<20, false)
	var s Scanner
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		s.Scan(src)
	}
}

func BenchmarkParse(b *testing.B) {
	for _, bc := range []struct {
		name  string
		every int
	}{{"ordinary", 0}, {"publish", 32}, {"deploy", 8}, {"interest", 1}} {
		b.Run(bc.name, func(b *testing.B) {
			f := NewFile("bench.sql", mixedSQL(1<<20, bc.every))
			b.SetBytes(int64(len(f.Text)))
			b.ReportAllocs()
			for b.Loop() {
				ParseFile(f, nil)
			}
		})
	}
}

// generatedSQL is size bytes of the corpus generator's scripts at the given
// share of statements of interest (tools/gencorpus): many small batches.
func generatedSQL(size int64, density float64) string {
	var sb strings.Builder
	_, _ = gencorpus.New(1, density, 0).WriteTo(&sb, size)
	return sb.String()
}

// BenchmarkPreprocessPass: the sqlcmd preprocessor alone, its pass over the bytes, which also
// finds the plain batches (PreprocessPlain).
func BenchmarkPreprocessPass(b *testing.B) {
	for _, bc := range []struct {
		name string
		text string
	}{{"ordinary", mixedSQL(1<<20, 0)}, {"generated", generatedSQL(1<<20, 0.02)}, {"interest", mixedSQL(1<<20, 1)}} {
		b.Run(bc.name, func(b *testing.B) {
			f := NewFile("bench.sql", bc.text)
			b.SetBytes(int64(len(f.Text)))
			b.ReportAllocs()
			for b.Loop() {
				PreprocessFunc(f, nil, func(*Batch) {})
			}
		})
	}
}
