package parser

import (
	"runtime"
	"strings"
	"testing"
)

// tempdbBuiltOf returns the TempdbBuilt nodes of src's statements, in
// order.
func tempdbBuiltOf(t *testing.T, src string) []*TempdbBuilt {
	t.Helper()
	var out []*TempdbBuilt
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		if tb, ok := st.Node.(*TempdbBuilt); ok {
			out = append(out, tb)
		}
	}
	return out
}

// The files of text built from variables: the size of the constant
// pieces, unknown from a variable; a name built from an expression is
// none (NameBuilt), and the file is added at each pass of the loop that
// builds and runs the text.
func TestTempdbBuiltFiles(t *testing.T) {
	const src = `DECLARE @i int = 1, @size int = 4096, @sql nvarchar(max);
WHILE @i <= 8
BEGIN
    SET @sql = N'ALTER DATABASE [tempdb] ADD FILE (NAME = N''tempdev' + CAST(@i AS nvarchar(10)) + N''', FILENAME = N''T:\t' + CAST(@i AS nvarchar(10)) + N'.ndf'', SIZE = ' + CAST(@size AS nvarchar(10)) + N'MB), (NAME = fixed, FILENAME = ''T:\f.ndf'', SIZE = 2GB)';
    EXEC (@sql);
    SET @i += 1;
END
`
	tbs := tempdbBuiltOf(t, src)
	if len(tbs) != 1 {
		t.Fatalf("%d TempdbBuilt, want 1", len(tbs))
	}
	tb := tbs[0]
	if tb.Var != "@sql" || len(tb.Files) != 2 {
		t.Fatalf("%+v, want @sql's 2 files", tb)
	}
	f := tb.Files[0]
	if f.Action != ActionAddFile || f.Name != "" || !f.NameBuilt || !f.PerPass || f.Size == nil || !f.Size.Unknown || f.FileName != "" {
		t.Errorf("first file %+v (size %+v), want an added file of built name and unknown size, per pass", f, f.Size)
	}
	if strings.Contains(f.Size.Raw, builtPart) {
		t.Errorf("size raw %q holds the stand-in for an expression", f.Size.Raw)
	}
	g := tb.Files[1]
	if g.Name != "fixed" || g.NameBuilt || g.PerPass || g.Size == nil || g.Size.Bytes != 2<<30 || g.FileName != `T:\f.ndf` {
		t.Errorf("second file %+v, want fixed of 2 GB, once", g)
	}
}

// Statements that run no tempdb file text built from variables get no
// TempdbBuilt: constant text (read as dynamic SQL), another database, a
// print, a text overwritten before it runs, EXEC AT another server.
func TestTempdbBuiltNone(t *testing.T) {
	for _, src := range []string{
		"EXEC (N'ALTER DATABASE tempdb ADD FILE (NAME = t2, FILENAME = ''T:\\t2.ndf'', SIZE = 8GB)');\n",
		"DECLARE @i int = 1; EXEC (N'ALTER DATABASE Sales ADD FILE (NAME = t' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''T:\\t.ndf'', SIZE = 8GB)');\n",
		"DECLARE @i int = 1, @s nvarchar(max); SET @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''T:\\t.ndf'', SIZE = 8GB)'; PRINT @s;\n",
		"DECLARE @i int = 1, @s nvarchar(max); SET @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''T:\\t.ndf'', SIZE = 8GB)'; SELECT @s = name FROM sys.databases; EXEC (@s);\n",
		"DECLARE @i int = 1; EXEC (N'ALTER DATABASE tempdb ADD FILE (NAME = t' + CAST(@i AS nvarchar(9)) + N', FILENAME = ''T:\\t.ndf'', SIZE = 8GB)') AT [other];\n",
		"DECLARE @i int = 1; EXEC (N'ALTER DATABASE tempdb SET RECOVERY SIMPLE; SELECT ' + CAST(@i AS nvarchar(9)));\n",
		"DECLARE @s nvarchar(max) = N'tempdb'; GO\nEXEC (@s);\n",
	} {
		if tbs := tempdbBuiltOf(t, src); len(tbs) != 0 {
			t.Errorf("%q: %+v, want none", src, tbs[0])
		}
	}
}

// REPLACE grows a text at most to the length followed: nested REPLACEs
// that make each byte 64 (1 KB, then 64 KB, 4 MB, 256 MB) are not
// built, and a template's {n} filled in is.
func TestTempdbBuiltReplaceBounded(t *testing.T) {
	grow := "N'ALTER DATABASE tempdb ADD FILE (NAME = t" + strings.Repeat("a", 1<<10) + ", SIZE = 8GB)'"
	for range 3 {
		grow = "REPLACE(" + grow + ", N'a', N'" + strings.Repeat("a", 64) + "')"
	}
	src := "DECLARE @t nvarchar(max) = " + grow + ";\nEXEC (@t);\n" +
		"DECLARE @u nvarchar(max) = N'ALTER DATABASE tempdb ADD FILE (NAME = u{n}, SIZE = 8GB)', @i int = 1;\n" +
		"SET @u = REPLACE(@u, N'{n}', CAST(@i AS nvarchar(9)));\nEXEC (@u);\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	tbs := tempdbBuiltOf(t, src)
	runtime.ReadMemStats(&after)
	if len(tbs) != 1 || tbs[0].Var != "@u" || !tbs[0].Files[0].NameBuilt || tbs[0].Files[0].PerPass {
		t.Fatalf("%+v, want @u's file alone, its name built, once", tbs)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<20 {
		t.Errorf("%d MB allocated: the REPLACEs were built past the length followed", n>>20)
	}
}

// A text run at many EXECs is parsed at the first only: an EXEC of a
// text without tempdb files costs no allocation, one with them the node
// and its files.
func TestTempdbBuiltNotReparsed(t *testing.T) {
	text := strings.Repeat("ALTER DATABASE tempdb SET RECOVERY SIMPLE; ", 300)
	batch := func(execs int) string {
		return "DECLARE @n int = 1, @sql nvarchar(max);\nSET @sql = N'" + text + "' + CAST(@n AS nvarchar(9));\n" + strings.Repeat("EXEC (@sql);\n", execs)
	}
	allocs := func(src string) float64 {
		return testing.AllocsPerRun(3, func() { ParseFile(NewFile("t.sql", src), nil) })
	}
	one, many := allocs(batch(1)), allocs(batch(41))
	if per := (many - one) / 40; per > 5 {
		t.Errorf("each EXEC of a text without tempdb files costs %.0f allocations (1 EXEC: %.0f, 41: %.0f), want at most 5: it is parsed again", per, one, many)
	}
}

// Pieces of every shape never panic: unterminated text, deep
// parentheses, CONCAT without arguments, an empty EXEC.
func TestTempdbBuiltNeverPanics(t *testing.T) {
	for _, src := range []string{
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE tempdb ADD FILE (NAME = '''; EXEC (@s);",
		"SET @s = " + strings.Repeat("(", 40) + "N'tempdb ADD FILE'" + strings.Repeat(")", 40) + " + @x; EXEC (@s);",
		"SET @s = CONCAT() + N'tempdb'; EXEC (@s); EXEC sp_executesql @s; EXEC ();",
		"SET @s = N'ALTER DATABASE tempdb ADD FILE (NAME = a, SIZE = 8' + @x + N'MB)'; EXEC (@s);",
		"SET @s += N'ALTER DATABASE tempdb MODIFY FILE (NAME = ' + @n + N', NEWNAME = b)'; EXEC sys.sp_executesql @stmt = @s;",
		"EXEC (N'tempdb' + ",
		"SELECT @s = N'tempdb' + @s, @t = 1; EXEC (@s)",
		"SET @s = REPLACE(N'tempdb', N'', @x) + REPLACE(N'tempdb', N't') + REPLACE(); EXEC (@s);",
		"SET @s = N'ALTER DATABASE tempdb ADD FILE (NAME = t' + " + strings.Repeat("REPLACE(", 12) + "N'x'" + strings.Repeat(", N'x', N'xx')", 12) + " + N')'; EXEC (@s);",
	} {
		ParseFile(NewFile("t.sql", src), nil)
	}
}
