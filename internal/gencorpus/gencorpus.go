// Package gencorpus writes synthetic T-SQL deployment scripts for
// benchmarks and differential tests: realistic statements (tables,
// procedures with control flow, inserts, comments, GO batches) with a
// chosen share of statements of interest (CREATE/ALTER DATABASE, USE,
// CHECKPOINT, BACKUP, RESTORE, DBCC TRACEON), deterministic for a seed.
package gencorpus

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// Options shape a corpus.
type Options struct {
	Files   int     // number of files (1 = one big file)
	Bytes   int64   // total size, about
	Density float64 // share of statements that are of interest, 0..1
	Seed    uint64
	Dirs    int // files are spread over this many folders (0 = 1 per 1,000 files)
}

// Write creates the corpus under dir and returns the files written.
func Write(dir string, o Options) ([]string, error) {
	if o.Files < 1 {
		o.Files = 1
	}
	if o.Dirs <= 0 {
		o.Dirs = max(1, o.Files/1000)
	}
	per := o.Bytes / int64(o.Files)
	var paths []string
	for i := 0; i < o.Files; i++ {
		sub := filepath.Join(dir, fmt.Sprintf("app%03d", i%o.Dirs))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, err
		}
		p := filepath.Join(sub, fmt.Sprintf("V%d__change_%d.sql", i+1, i%97))
		f, err := os.Create(p)
		if err != nil {
			return nil, err
		}
		w := bufio.NewWriterSize(f, 1<<16)
		g := New(o.Seed+uint64(i), o.Density, i)
		if _, err := g.WriteTo(w, per); err != nil {
			f.Close()
			return nil, err
		}
		if err := w.Flush(); err != nil {
			f.Close()
			return nil, err
		}
		if err := f.Close(); err != nil {
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// Gen writes one script.
type Gen struct {
	r       *rand.Rand
	density float64
	file    int
	n       int // statements written
}

// New returns a generator for file number file.
func New(seed uint64, density float64, file int) *Gen {
	return &Gen{r: rand.New(rand.NewPCG(seed, 0x5eed)), density: density, file: file}
}

// WriteTo writes statements until about size bytes are written.
func (g *Gen) WriteTo(w io.Writer, size int64) (int64, error) {
	var total int64
	put := func(s string) error {
		n, err := io.WriteString(w, s)
		total += int64(n)
		return err
	}
	if err := put(fmt.Sprintf("-- Migration %d: generated deployment script\nSET NOCOUNT ON;\nGO\n", g.file)); err != nil {
		return total, err
	}
	for total < size {
		var s string
		if g.r.Float64() < g.density {
			s = g.interest()
		} else {
			s = g.other()
		}
		if g.r.IntN(6) == 0 {
			s += "GO\n"
		}
		if err := put(s); err != nil {
			return total, err
		}
		g.n++
	}
	return total, put("GO\n")
}

var dbs = []string{"Sales", "Inventory", "Billing", "Archive", "Reporting"}

func (g *Gen) db() string { return dbs[g.r.IntN(len(dbs))] }

func (g *Gen) interest() string {
	db := g.db()
	n := g.n
	switch g.r.IntN(9) {
	case 0:
		return fmt.Sprintf("USE [%s];\n", db)
	case 1:
		return fmt.Sprintf("ALTER DATABASE [%s] ADD FILEGROUP [FG_%d_%d];\n", db, g.file, n)
	case 2:
		return fmt.Sprintf("ALTER DATABASE [%s] ADD FILE (NAME = N'%s_%d_%d', FILENAME = N'D:\\Data\\%s_%d_%d.ndf', SIZE = %dMB, FILEGROWTH = 64MB) TO FILEGROUP [PRIMARY];\n",
			db, db, g.file, n, db, g.file, n, 64<<g.r.IntN(12))
	case 3:
		if g.r.IntN(3) == 0 {
			return fmt.Sprintf("USE [%s];\nCHECKPOINT;\nBACKUP DATABASE [%s] TO DISK = N'B:\\Backup\\%s.bak';\n", db, db, db)
		}
		return fmt.Sprintf("CHECKPOINT%s;\n", []string{"", " 10", ""}[g.r.IntN(3)])
	case 4:
		return fmt.Sprintf("BACKUP DATABASE [%s] TO DISK = N'B:\\Backup\\%s_%d.bak' WITH COMPRESSION, CHECKSUM;\n", db, db, n)
	case 5:
		return fmt.Sprintf("ALTER DATABASE [%s] SET TARGET_RECOVERY_TIME = %d SECONDS;\n", db, []int{60, 0, 60, 120}[g.r.IntN(4)])
	case 6:
		return fmt.Sprintf("ALTER DATABASE [%s] MODIFY FILE (NAME = N'%s_log', SIZE = %dMB, FILEGROWTH = %s);\n", db, db, 512<<g.r.IntN(6), []string{"10%", "64MB", "8GB"}[g.r.IntN(3)])
	case 7:
		return fmt.Sprintf("DBCC TRACEON (%d%s);\n", []int{1117, 1806, 3004, 3226}[g.r.IntN(4)], []string{"", ", -1"}[g.r.IntN(2)])
	default:
		return fmt.Sprintf("CREATE DATABASE [%s_%d_%d] ON PRIMARY (NAME = N'd%d', FILENAME = N'D:\\Data\\d%d_%d.mdf', SIZE = %dMB) LOG ON (NAME = N'l%d', FILENAME = N'L:\\Log\\l%d_%d.ldf', SIZE = 256MB, FILEGROWTH = 64MB);\n",
			db, g.file, n, n, g.file, n, 256<<g.r.IntN(8), n, g.file, n)
	}
}

var cols = []string{"Id int NOT NULL", "Name nvarchar(200) NULL", "CreatedAt datetime2(3) NOT NULL DEFAULT SYSUTCDATETIME()", "Amount decimal(18, 2) NULL", "Status tinyint NOT NULL", "Notes nvarchar(max) NULL"}

func (g *Gen) other() string {
	n := g.n
	switch g.r.IntN(8) {
	case 0:
		s := fmt.Sprintf("CREATE TABLE dbo.T%d_%d (\n", g.file, n)
		for i, c := range cols[:2+g.r.IntN(len(cols)-1)] {
			if i > 0 {
				s += ",\n"
			}
			s += "    " + c
		}
		return s + fmt.Sprintf(",\n    CONSTRAINT PK_T%d_%d PRIMARY KEY CLUSTERED (Id)\n);\n", g.file, n)
	case 1:
		return fmt.Sprintf("INSERT INTO dbo.Customer (Id, Name, Status) VALUES (%d, N'Customer ''%d''', %d);\n", n, n, n%4)
	case 2:
		return fmt.Sprintf("-- Step %d: refresh the reporting view\nSELECT c.Id, c.Name, SUM(o.Amount) AS Total\nFROM dbo.Customer AS c\nJOIN dbo.[Order] AS o ON o.CustomerId = c.Id\nWHERE o.CreatedAt >= DATEADD(day, -%d, SYSUTCDATETIME())\nGROUP BY c.Id, c.Name;\n", n, 1+n%30)
	case 3:
		return fmt.Sprintf("IF NOT EXISTS (SELECT 1 FROM sys.indexes WHERE name = N'IX_Order_%d')\n    CREATE NONCLUSTERED INDEX IX_Order_%d ON dbo.[Order] (CustomerId, CreatedAt) INCLUDE (Amount);\n", n, n)
	case 4:
		if g.r.IntN(20) == 0 {
			return fmt.Sprintf("DECLARE @i int = 1, @sql nvarchar(max);\nWHILE @i <= %d\nBEGIN\n    SET @sql = N'ALTER DATABASE [Archive] ADD FILEGROUP [FG_' + CAST(@i AS nvarchar(10)) + N'];';\n    EXEC sys.sp_executesql @sql;\n    SET @i += 1;\nEND\n", 12+n%100)
		}
		return fmt.Sprintf("CREATE OR ALTER PROCEDURE dbo.usp_Process_%d_%d\n    @BatchSize int = 1000\nAS\nBEGIN\n    SET NOCOUNT ON;\n    DECLARE @done int = 0;\n    WHILE @done < @BatchSize\n    BEGIN\n        /* move a batch of rows to the archive */\n        UPDATE TOP (100) dbo.[Order] SET Status = 2 WHERE Status = 1;\n        SET @done += @@ROWCOUNT;\n        IF @@ROWCOUNT = 0 BREAK;\n    END\n    PRINT N'processed ' + CAST(@done AS nvarchar(20));\nEND;\n", g.file, n)
	case 5:
		return fmt.Sprintf("UPDATE dbo.Customer SET Name = N'x''%d' WHERE Id = %d;\n", n, n)
	case 6:
		return fmt.Sprintf("DELETE FROM dbo.AuditLog WHERE CreatedAt < '2020-01-%02d';\n", 1+n%28)
	default:
		return fmt.Sprintf("EXEC sys.sp_addextendedproperty @name = N'MS_Description', @value = N'Row %d', @level0type = N'SCHEMA', @level0name = N'dbo';\n", n)
	}
}
