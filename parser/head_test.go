package parser

import (
	"strings"
	"testing"
)

// TestHeadCut: where headCut lets the split go on afresh ("|"; none
// when the text has no "|"), before what it does not follow.
func TestHeadCut(t *testing.T) {
	for _, tc := range []string{
		"SELECT 1;\nUPDATE t SET a = 1;\n|BACKUP DATABASE x TO DISK = 'a';\nSELECT 2;\n",
		"|BACKUP DATABASE x TO DISK = 'a';\n",
		// variables: what a follower may follow stops it
		"SELECT 1;\n|DECLARE @d nvarchar(10) = N'NUL';\nUPDATE t SET a = 1;\nBACKUP DATABASE x TO DISK = @d;\n",
		"SELECT 1;\n|SET @tab = CHAR(9);\nUPDATE t SET a = 1;\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|DECLARE @s [varchar](100);\nUPDATE t SET a = 1;\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|SELECT @a = name FROM sys.databases WHERE name = 'x';\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\nDECLARE @n int = 0;\nSET @n += 1;\nUPDATE t SET a = @n WHERE b = 'x';\n|BACKUP DATABASE x TO DISK = 'a';\n",
		// an IF waiting for its body
		"SELECT 1;\n|IF 1 = 1;\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|WHILE 1 = 1;\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\nIF 1 = 1 UPDATE t SET a = 1;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		// blocks and CASE
		"SELECT 1;\nIF 1 = 1\nBEGIN\n    UPDATE t SET a = 1;\nEND;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|IF 1 = 1\nBEGIN\n    UPDATE t SET a = 1;\nEND\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|IF 1 = 1\nBEGIN\n    UPDATE t SET a = 1;\n    BACKUP DATABASE x TO DISK = 'a';\nEND;\n",
		"SELECT CASE WHEN a = 1 THEN 2 ELSE 3 END FROM t;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"BEGIN TRAN;\nUPDATE t SET a = 1;\nCOMMIT;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"GRANT SELECT ON t TO u;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		// EXEC: of a procedure dynHook passes over, it passes over; of
		// text run, an expression, or a procedure dynHook reads, it stops
		"EXEC dbo.p @a = 1, @b = N'x';\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\nEXEC sp_executesql N'SELECT 1';\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXEC sp_executesql N'CHECKPOINT';\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\nEXEC msdb.dbo.sp_add_jobstep @job_name = N'j';\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = N'BACKUP LOG x TO DISK = ''NUL''';\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXECUTE master..[sp_MSforeachdb] N'SELECT 1';\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXEC (N'SELECT 1');\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\nEXEC @rc = dbo.p;\n|BACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXEC sp_dropdevice N'd';\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|EXEC dbo.DatabaseBackup @Databases = 'x', @Directory = 'NUL';\nBACKUP DATABASE x TO DISK = 'a';\n",
		// what the splitter resynchronizes at, or may
		"SELECT 1;\n|INSERT INTO t (a\nCREATE TABLE x (a int);\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|SELECT a, SET b;\nBACKUP DATABASE x TO DISK = 'a';\n",
		// placeholders
		"SELECT 1;\n|SELECT ${env};\nBACKUP DATABASE x TO DISK = 'a';\n",
		"SELECT 1;\n|SELECT <a, int, 1>;\nBACKUP DATABASE x TO DISK = 'a';\n",
		// nothing before the first statement of interest ends clean
		"UPDATE t SET a = 1 BACKUP DATABASE x TO DISK = 'a';\n",
	} {
		want := strings.Index(tc, "|")
		text := strings.Replace(tc, "|", "", 1)
		b := &Batch{Text: text}
		var sc Scanner
		sp := splitter{}
		sp.reset(&Result{}, b, sc.Scan(text))
		got := -1
		if h := sp.headCut(tailFrom(text)); h > 0 {
			got = int(sp.toks[h].Start)
		}
		if want == 0 && got == -1 {
			continue
		}
		if got != want {
			t.Errorf("%q: cut at %d, want %d", tc, got, want)
		}
		checkTail(t, "head.sql", text+strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 20))
	}
}

func TestHeadExecMatters(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"EXEC dbo.p @a = 1", false},
		{"EXECUTE [dbo].[p] 1, 2", false},
		{"EXEC AS USER = 'u'", false},
		{"EXEC sp_addextendedproperty @name = N'MS_Description'", false},
		{"EXEC sp_executesql N'SELECT 1'", false},
		{"EXEC SYS.SP_EXECUTESQL @s", false}, // (no variable is followed)
		{"EXEC @s", false},
		{"EXEC @rc = dbo.p", false},
		{"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j'", false},
		{"EXEC sp_executesql N'BACKUP LOG x TO DISK = ''NUL'''", true},
		{"EXEC msdb..sp_update_jobstep @command = N'CHECKPOINT'", true},
		{"EXEC [dbo].[DatabaseBackup] @Databases = 'x'", true},
		{"EXEC sp_MSforeachdb N'SELECT 1'", true},
		{"EXEC master.dbo.sp_addumpdevice 'disk', 'd', 'NUL'", true},
		{"EXEC sp_dropdevice 'd'", true},
		{"EXEC (@s)", true},
	} {
		var sc Scanner
		if got := headExecMatters(tc.text, sc.Scan(tc.text)); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestHeadCutMixed: heads made of constructs headCut follows or stops
// at, in many orders, before statements of interest, each split with
// the head passed over compared with the whole split (checkTail).
func TestHeadCutMixed(t *testing.T) {
	parts := []string{
		"UPDATE t SET a = 1 WHERE b = 2;\n",
		"SELECT CASE WHEN a = 1 THEN (SELECT CASE b WHEN 1 THEN 2 END) ELSE 3 END FROM t;\n",
		"IF EXISTS (SELECT 1 FROM sys.tables WHERE name = 't') DROP TABLE t;\n",
		"DROP TABLE IF EXISTS t;\n",
		"IF 1 = 1\nBEGIN\n    UPDATE t SET a = 1;\n    UPDATE t SET a = 2;\nEND\nELSE\nBEGIN\n    PRINT 'x';\nEND;\n",
		"BEGIN TRY\n    DELETE FROM t;\nEND TRY\nBEGIN CATCH\n    PRINT 'e';\nEND CATCH;\n",
		"WHILE @i < 10\nBEGIN\n    SET @i += 1;\nEND;\n",
		"WHILE @i < 10 SET @i += 1;\n",
		"IF @i = 1 SET @d = N'NUL';\n",
		"DECLARE @i int = 0, @n bigint;\n",
		"DECLARE @s nvarchar(100) = N'';\n",
		"DECLARE c CURSOR FOR SELECT name FROM sys.databases;\nOPEN c;\nFETCH NEXT FROM c INTO @n;\n",
		"SET @n = (SELECT COUNT(*) FROM t);\n",
		"SELECT @n = 1;\n",
		"SET NOCOUNT ON;\n",
		"GRANT SELECT ON dbo.t TO app;\n",
		"BEGIN TRAN;\nCOMMIT;\n",
		"EXEC dbo.p @a = 1, @b = N'x' OUTPUT;\n",
		"EXEC sp_executesql N'SELECT 1';\n",
		"EXEC (N'SELECT 1');\n",
		"INSERT INTO t (a, b) VALUES (1, 'x'), (2, 'y');\n",
		"UPDATE t SET a = (1 + (2);\n",
		"SELECT a FROM t WHERE b = c)) ;\n",
		"END;\n",
		"CREATE TABLE x (a int,\nCREATE TABLE y (a int);\n",
		"INSERT INTO t VALUES (1,\nCHECKPOINT;\nUPDATE t SET a = 1;\n",
		"WITH c AS (SELECT 1 AS a) SELECT a FROM c;\n",
		"ALTER TABLE t ADD c int;\n",
		"SELECT 1\n",
		"MERGE t USING s ON t.a = s.a WHEN MATCHED THEN UPDATE SET b = 1;\n",
	}
	interest := []string{
		"BACKUP DATABASE x TO DISK = 'a';\n",
		"CHECKPOINT;\n",
		"USE x;\n",
		"ALTER DATABASE x SET RECOVERY SIMPLE;\n",
		"BACKUP DATABASE x TO DISK = @d;\n",
		"DBCC TRACEON (1117, -1);\n",
	}
	pad := strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 10)
	seed := uint64(1)
	next := func(n int) int {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		return int(seed % uint64(n))
	}
	cuts := 0
	for range 600 {
		var sb strings.Builder
		for range 2 + next(8) {
			sb.WriteString(parts[next(len(parts))])
		}
		sb.WriteString(pad)
		sb.WriteString(interest[next(len(interest))])
		if next(2) == 0 {
			sb.WriteString(parts[next(len(parts))])
		}
		sb.WriteString(pad)
		_, h, _ := checkTail(t, "mixed.sql", sb.String())
		cuts += h
	}
	if cuts == 0 {
		t.Fatal("no head passed over")
	}
	t.Logf("%d heads passed over", cuts)
}
