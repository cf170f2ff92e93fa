package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// tdbScan runs the default rules on sql and returns the findings of
// SL208 and SL103.
func tdbScan(t *testing.T, sql string) (sl208, sl103 []Finding) {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("tempdb.sql", sql), nil)
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		switch f.Rule.ID {
		case "SL208":
			sl208 = append(sl208, f)
		case "SL103":
			sl103 = append(sl103, f)
		}
	}
	return sl208, sl103
}

// A tempdb file added by text built in a WHILE loop (one per core, its
// name from the loop's counter) counts in SL208's total at the size its
// constant text gives, once, and the message says the total is a lower
// bound. SL103 stays silent: the core count bounds such a loop.
func TestSL208TempdbLoopBuiltText(t *testing.T) {
	const loopSet = `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\tempdev' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 65536MB)';
    EXEC (@sql);
    SET @i += 1;
END
`
	const fhir = `DECLARE @i int = 2;
WHILE @i <= 8
BEGIN
    DECLARE @sql nvarchar(max) =
        N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(2))
        + N', FILENAME = ''/var/opt/mssql/data/tempdb' + CAST(@i AS nvarchar(2))
        + N'.ndf'', SIZE = 4GB, FILEGROWTH = 256MB)';
    BEGIN TRY
        EXEC sys.sp_executesql @sql;
    END TRY
    BEGIN CATCH
        PRINT 'exists';
    END CATCH
    SET @i += 1;
END
`
	const selectLoop = `DECLARE @n int = 1, @cmd nvarchar(4000), @name sysname, @path nvarchar(260) = N'T:\';
WHILE @n < 8
BEGIN
    SELECT @name = 'tempdev' + CAST(@n AS nvarchar);
    SELECT @cmd = 'ALTER DATABASE [tempdb] ADD FILE ( NAME = N''' + @name + ''', FILENAME = N''' + @path + @name + '.ndf'', SIZE = 2GB, FILEGROWTH = 64MB )';
    EXEC sp_executesql @cmd;
    SELECT @n = @n + 1;
END
`
	const execExpr = `DECLARE @i INT = 2;
WHILE @i <= 8
BEGIN
  EXEC('ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS VARCHAR(2)) + ', FILENAME = ''C:\SQLData\tempdb' + CAST(@i AS VARCHAR(2)) + '.ndf'', SIZE = 8192MB, FILEGROWTH = 1024MB)');
  SET @i += 1;
END
`
	const grown = `DECLARE @i int = 1, @sql nvarchar(max) = N'';
WHILE @i <= 4
BEGIN
    SET @sql += N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\t' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 3GB); ';
    SET @i += 1;
END
EXEC (@sql);
`
	const concatFn = `DECLARE @i int = 1, @sql nvarchar(max);
WHILE @i <= 4
BEGIN
    SET @sql = CONCAT(N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev', @i, N', FILENAME = ''T:\t', @i, N'.ndf'', SIZE = 5GB)');
    EXEC (@sql);
    SET @i += 1;
END
`
	const declareList = `DECLARE @i int = 1;
WHILE @i <= 4
BEGIN
    DECLARE @path nvarchar(260) = N'T:\', @sql nvarchar(max) = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''' + @path + N't' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 6GB)', @n int;
    EXEC (@sql);
    SET @i += 1;
END
`
	const template = `DECLARE @i int = 1, @sql nvarchar(max), @path nvarchar(260) = N'T:\';
DECLARE @tpl nvarchar(max) = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev{n}, FILENAME = ''{path}tempdev{n}.ndf'', SIZE = 7GB)';
WHILE @i <= 4
BEGIN
    SET @sql = REPLACE(REPLACE(@tpl, N'{n}', CAST(@i AS nvarchar(10))), N'{path}', @path);
    EXEC (@sql);
    SET @i += 1;
END
`
	cases := []struct {
		name, sql string
		line      int
		has       []string
	}{
		{"a template filled in by REPLACE", template, 6, []string{"total at least 7 GB of data", "lower bound"}},
		{"the second variable of a DECLARE list", declareList, 5, []string{"total at least 6 GB of data", "lower bound"}},
		{"SET and EXEC", loopSet, 5, []string{"its files total at least 64 GB of data and 8 MB of log (3 files counted", "a loop adds one file per pass", "the total is a lower bound", "takes at least 10 min 18 s at 106 MB/s"}},
		{"DECLARE in the loop, sp_executesql", fhir, 9, []string{"total at least 4 GB of data", "lower bound", "takes at least 39 s"}},
		{"SELECT @v =, sp_executesql", selectLoop, 6, []string{"total at least 2 GB of data", "lower bound"}},
		{"EXEC of an expression", execExpr, 4, []string{"total at least 8 GB of data", "lower bound"}},
		{"grown in the loop, run after it", grown, 7, []string{"total at least 3 GB of data", "lower bound"}},
		{"CONCAT", concatFn, 5, []string{"total at least 5 GB of data", "lower bound"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sl208, sl103 := tdbScan(t, c.sql)
			if len(sl103) != 0 {
				t.Errorf("SL103: %+v, want none (a tempdb loop)", sl103)
			}
			f := one(t, sl208)
			if l := f.Span.Start.Position().Line; l != c.line {
				t.Errorf("line %d, want %d: %s", l, c.line, f.Message)
			}
			for _, h := range c.has {
				if !strings.Contains(f.Message, h) {
					t.Errorf("message lacks %q: %s", h, f.Message)
				}
			}
			if strings.Contains(f.Message, "(in dynamic SQL)") {
				t.Errorf("message says dynamic SQL, but the EXEC is script text: %s", f.Message)
			}
		})
	}
}

// A size that comes from a variable is unknown: the loop's file counts at
// SQL Server's default (8 MB), which tips a total just under the budget
// (10 s at 106 MB/s is 1,060 MB) over it.
func TestSL208TempdbLoopSizeFromVariable(t *testing.T) {
	const head = "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 1050MB);\nGO\n"
	const loop = `DECLARE @i int = 2, @size int = 65536, @sql nvarchar(max);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\tempdev' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = ' + CAST(@size AS nvarchar(10)) + N'MB)';
    EXEC (@sql);
    SET @i += 1;
END
`
	if fs, _ := tdbScan(t, head); len(fs) != 0 {
		t.Fatalf("1,058 MB alone: %+v, want no finding (under the budget)", fs)
	}
	sl208, _ := tdbScan(t, head+loop)
	f := one(t, sl208)
	if l := f.Span.Start.Position().Line; l != 7 {
		t.Errorf("line %d, want 7 (the EXEC)", l)
	}
	for _, h := range []string{"total at least 1 GB of data and 8 MB of log (3 files counted", "lower bound", "takes at least 10.1 s"} {
		if !strings.Contains(f.Message, h) {
			t.Errorf("message lacks %q: %s", h, f.Message)
		}
	}
}

// Texts that add no file at each pass, or none at all: no "at least",
// or no finding.
func TestSL208TempdbBuiltTextOnce(t *testing.T) {
	cases := []struct {
		name, sql string
		want      string // "" for no finding
	}{
		{"built from variables outside a loop", `DECLARE @path nvarchar(200) = N'T:\', @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev2, FILENAME = ''' + @path + N'tempdev2.ndf'', SIZE = 16GB)';
EXEC (@sql);
`, "its 3 files total 16 GB of data and 8 MB of log"},
		{"a constant name built in a loop: one file", `DECLARE @i int = 1, @path nvarchar(200) = N'T:\', @sql nvarchar(max);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev2, FILENAME = ''' + @path + N'tempdev2.ndf'', SIZE = 16GB)';
    EXEC (@sql);
    SET @i += 1;
END
`, "its 3 files total 16 GB of data"},
		{"built before the loop, run in it: fixed text", `DECLARE @i int = 1, @n int = 2, @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@n AS nvarchar(10)) + N', FILENAME = ''T:\t.ndf'', SIZE = 16GB)';
WHILE @i <= 8
BEGIN
    EXEC (@sql);
    SET @i += 1;
END
`, "its 3 files total 16 GB of data"},
		{"the last text a loop built, run after it", `DECLARE @i int = 1, @sql nvarchar(max);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\t.ndf'', SIZE = 16GB)';
    SET @i += 1;
END
EXEC (@sql);
`, "its 3 files total 16 GB of data"},
		{"a dry run: the loop only prints", `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\tempdev' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 65536MB)';
    PRINT @sql;
    SET @i += 1;
END
`, ""},
		{"sp_executesql refuses varchar", `DECLARE @i int = 1;
DECLARE @sql varchar(400);
WHILE @i <= 8
BEGIN
    SET @sql = 'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS varchar(10)) + ', FILENAME = ''T:\tempdev' + CAST(@i AS varchar(10)) + '.ndf'', SIZE = 65536MB)';
    EXEC sp_executesql @sql;
    SET @i += 1;
END
`, ""},
		{"overwritten before the EXEC", `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\tempdev' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 65536MB)';
    SET @sql = N'SELECT 1';
    EXEC (@sql);
    SET @i += 1;
END
`, ""},
		{"MODIFY FILE of a known file, size from a variable", `DECLARE @size int = 65536, @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = ' + CAST(@size AS nvarchar(10)) + N'MB)';
EXEC (@sql);
`, ""},
		{"MODIFY FILE of a known file, growth from a variable", `DECLARE @g int = 64, @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 4GB, FILEGROWTH = ' + CAST(@g AS nvarchar(10)) + N'MB)';
EXEC (@sql);
`, "its 2 files total 8 MB of data and 4 GB of log"},
		{"MODIFY FILE of a file the loop names: not known which", `DECLARE @i int = 1, @sql nvarchar(max);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', SIZE = 64GB)';
    EXEC (@sql);
    SET @i += 1;
END
`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sl208, _ := tdbScan(t, c.sql)
			if c.want == "" {
				if len(sl208) != 0 {
					t.Fatalf("%+v, want no SL208", sl208)
				}
				return
			}
			f := one(t, sl208)
			if !strings.Contains(f.Message, c.want) {
				t.Errorf("message lacks %q: %s", c.want, f.Message)
			}
			if strings.Contains(f.Message, "at least") || strings.Contains(f.Message, "lower bound") {
				t.Errorf("one file, yet a lower bound: %s", f.Message)
			}
		})
	}
}

// A loop that adds files to another database is SL103's, as before, and
// no SL208.
func TestSL208LoopOtherDatabase(t *testing.T) {
	const sql = `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILE (NAME = d' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''T:\d' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = 65536MB)';
    EXEC (@sql);
    SET @i += 1;
END
`
	sl208, sl103 := tdbScan(t, sql)
	if len(sl208) != 0 {
		t.Errorf("SL208: %+v, want none", sl208)
	}
	f := one(t, sl103)
	if l := f.Span.Start.Position().Line; l != 4 || !strings.HasPrefix(f.Message, "ADD FILE built as dynamic SQL inside a WHILE loop") {
		t.Errorf("SL103 at line %d: %s", l, f.Message)
	}
}

// The file a loop adds stays in tempdb's total for the statements after
// it: a later MODIFY FILE that crosses the budget says the total is a
// lower bound, and a ADD LOG FILE built in a loop counts as log.
func TestSL208TempdbLoopLaterStatement(t *testing.T) {
	const sql = `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 4
BEGIN
    SET @sql = N'ALTER DATABASE tempdb ADD LOG FILE (NAME = templog' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''L:\templog' + CAST(@i AS nvarchar(10)) + N'.ldf'', SIZE = 512MB)';
    EXEC (@sql);
    SET @i += 1;
END
GO
ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 600MB);
`
	sl208, _ := tdbScan(t, sql)
	f := one(t, sl208)
	if l := f.Span.Start.Position().Line; l != 9 {
		t.Errorf("line %d, want 9 (the MODIFY FILE)", l)
	}
	for _, h := range []string{"total at least 600 MB of data and 520 MB of log (3 files counted", "lower bound"} {
		if !strings.Contains(f.Message, h) {
			t.Errorf("message lacks %q: %s", h, f.Message)
		}
	}
}
