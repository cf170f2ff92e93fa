package parser

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestDynamicFacts(t *testing.T) {
	cases := []struct {
		sql  string
		want *Dynamic
	}{
		{`PRINT N'ALTER DATABASE s ADD FILEGROUP x';`, nil},
		{`RAISERROR (N'ADD FILE %d', 10, 1, @i);`, nil},
		{`SELECT name FROM sys.databases WHERE name = @db;`, nil},
		{`SET NOCOUNT ON;`, nil},
		{`SET @sql = N'ALTER DATABASE s ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));`,
			&Dynamic{AddFile: "ADD FILEGROUP", Assigns: []string{"@sql"}, Uses: []string{"@i"}}},
		{`SET @All += N'ALTER DATABASE s ADD  log   file (NAME = x)';`,
			&Dynamic{AddFile: "ADD LOG FILE", Assigns: []string{"@all"}}},
		{`SET @sql = N'ALTER DATABASE s ADD' + N' FILE (NAME = x)';`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@sql"}, Fixed: true}},
		// tempdb's files: "tempdb" in a literal other than the one
		// holding ADD FILE, or split from it only by the joining space
		{`SET @sql = N'ALTER DATABASE s ADD FILE (NAME = x)' + N'ALTER DATABASE TempDB ADD FILE (NAME = y)';`,
			&Dynamic{Assigns: []string{"@sql"}}},
		{`SET @sql = N'ALTER DATABASE' + N'tempdb ADD' + N'FILE (NAME = y)';`,
			&Dynamic{Assigns: []string{"@sql"}}},
		{`SET @sql = N'ALTER DATABASE temp' + N'db ADD FILE (NAME = y)';`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@sql"}, Fixed: true}},
		// fixed text: literals alone, one variable set with =, or run
		{`DECLARE @s nvarchar(max) = (N'ALTER DATABASE s ' + N'ADD FILE (NAME = x)')`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@s"}, Fixed: true}},
		{`SELECT @s = N'ALTER DATABASE s ADD FILE (NAME = x)' FROM t;`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@s"}}},
		{`SET @s = REPLACE(N'ALTER DATABASE s ADD FILE (NAME = x)', N'x', N'y');`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@s"}}},
		{`SELECT @s = N'ALTER DATABASE s ADD FILE (NAME = x)', @t = N'';`,
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@s", "@t"}}},
		{`EXEC (N'ALTER DATABASE s ADD FILE' + N' (NAME = x)');`,
			&Dynamic{AddFile: "ADD FILE", Exec: true, Fixed: true}},
		{`EXEC (N'ALTER DATABASE s ADD FILE (NAME = x)') AT Linked;`,
			&Dynamic{AddFile: "ADD FILE", Exec: true}},
		{`EXEC (N'ALTER DATABASE s ADD FILE (NAME = x)'`,
			&Dynamic{AddFile: "ADD FILE", Exec: true}},
		{`EXEC @rc = sys.sp_executesql @stmt = N'ALTER DATABASE s ADD FILE (NAME = x)';`,
			&Dynamic{AddFile: "ADD FILE", Exec: true, Fixed: true}},
		{`EXEC sp_executesql N'ALTER DATABASE s ADD FILE (NAME = x)', N'@n int', @n = 1`,
			&Dynamic{AddFile: "ADD FILE", Exec: true, Fixed: true}},
		{`EXEC sp_executesql N'ALTER DATABASE s ADD FILE (NAME = ' + N'x)'`,
			&Dynamic{AddFile: "ADD FILE", Exec: true, Fixed: true}},
		{`EXEC sp_executesql`, &Dynamic{Exec: true}},
		{`SELECT @a = 1, @b = CONCAT(N'x', @c), @@ROWCOUNT;`,
			&Dynamic{Assigns: []string{"@a", "@b"}, Uses: []string{"@c"}}},
		{`DECLARE @i int = 1, @sql nvarchar(max), @t nvarchar(20) = N'ADD FILEGROUP';`,
			&Dynamic{AddFile: "ADD FILEGROUP", Assigns: []string{"@i", "@t"}, Uses: []string{"@sql"}}},
		{`DECLARE @sql nvarchar(max);`, nil},
		{`EXEC (@sql);`, &Dynamic{Exec: true, ExecVars: []string{"@sql"}}},
		{`EXECUTE (@a + N'ALTER DATABASE s ADD FILE (NAME = x)' + @b) AT Linked;`,
			&Dynamic{AddFile: "ADD FILE", Exec: true, ExecVars: []string{"@a", "@b"}}},
		{`EXEC sp_executesql @sql, N'@n int', @n = @i;`, &Dynamic{Exec: true, ExecVars: []string{"@sql"}}},
		{`EXEC @rc = [master].sys.sp_executesql @stmt = @s2;`, &Dynamic{Exec: true, ExecVars: []string{"@s2"}}},
		{`EXEC dbo.log_message @sql;`, nil},
		{`EXEC @proc;`, nil},
	}
	for _, c := range cases {
		// the body of a loop: every statement's facts are recorded (EXEC
		// of a literal is followed by the statements of its text)
		r := ParseFile(NewFile("t.sql", "WHILE @i < 10\n"+c.sql), nil)
		if len(r.Statements) < 2 || !r.Statements[1].InLoop {
			t.Fatalf("%s: %d statements", c.sql, len(r.Statements))
		}
		if got := r.Statements[1].Dynamic; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.sql, got, c.want)
		}
	}
}

// TestDynamicFactsOnlyWhereTheyMatter: outside loops, a batch records
// facts only from its first ADD FILE text or loop on; before that, no
// variable can hold such text.
func TestDynamicFactsOnlyWhereTheyMatter(t *testing.T) {
	r := ParseFile(NewFile("t.sql", `SET @a = N'SELECT 1';
EXEC (@a);
SET @b = N'ALTER DATABASE s ADD FILEGROUP g';
SET @c = @b;
GO
SET @a = 1;
WHILE @a < 3 SET @a += 1;
SET @d = N'x';
`), nil)
	has := []bool{false, false, true, true, false, false, true, true}
	if len(r.Statements) != len(has) {
		t.Fatalf("%d statements", len(r.Statements))
	}
	for i, st := range r.Statements {
		if (st.Dynamic != nil) != has[i] {
			t.Errorf("statement %d (%s): facts %+v, want recorded = %v", i+1, st.Text(), st.Dynamic, has[i])
		}
	}
}

// The regular expressions addFileMatch and hasTempdbAdd match by hand.
var (
	addFileRE   = regexp.MustCompile(`(?i)\bADD\s+(LOG\s+)?FILE(GROUP)?\b`)
	tempdbAddRE = regexp.MustCompile(`(?i)\bALTER\s+DATABASE\s+(\[tempdb\]|"tempdb"|tempdb)\s+ADD\b`)
)

// checkMatchers fails unless addFileMatch and hasTempdbAdd agree with the
// regular expressions on s, as a string and as bytes.
func checkMatchers(t *testing.T, s string) {
	t.Helper()
	want := ""
	if m := addFileRE.FindString(s); m != "" {
		want = strings.ToUpper(strings.Join(strings.Fields(m), " "))
	}
	if got, gotB := addFileMatch(s), addFileMatch([]byte(s)); got != want || gotB != want {
		t.Errorf("addFileMatch(%q) = %q, %q; the regular expression says %q", s, got, gotB, want)
	}
	wantT := tempdbAddRE.MatchString(s)
	if got, gotB := hasTempdbAdd(s), hasTempdbAdd([]byte(s)); got != wantT || gotB != wantT {
		t.Errorf("hasTempdbAdd(%q) = %v, %v; the regular expression says %v", s, got, gotB, wantT)
	}
}

func TestMatchersAsTheRegularExpressions(t *testing.T) {
	for _, s := range []string{
		"", "ADD", "ADD FILE", "add file", "ADD  \t\r\n\fLOG \n FILE", "ADD\vFILE", "ADDFILE", "xADD FILE", "_ADD FILE",
		"ADD FILEGROUP", "ADD FILEGROUPS", "ADD FILES", "ADD FILE_", "ADD LOG FILEGROUP", "ADD LOG", "ADD LOG  FILEX ADD FILE",
		"ADD LOGFILE", "é ADD FILE", "ADD FILEé", "ADD FILE\u212a", "ADD ADD FILE", "ALTER DATABASE [FG_ ADD FILEGROUP x",
		"ALTER DATABASE tempdb ADD FILE", "alter database [TempDB] add file", `ALTER DATABASE "tempdb" ADD`, "ALTER DATABA\u017fE tempdb ADD FILE",
		"ALTER DATABASE tempdbx ADD FILE", "ALTER DATABASE [tempdb ADD FILE", "ALTER DATABASE tempdb ADDx ADD FILE", "XALTER DATABASE tempdb ADD FILE",
		"ALTER  DATABASE\ttempdb\nADD", "ALTER DATABASE tempdb  ADD_", "ALTER DATABASE tempdb", "ALTER DATABASE", "ALTER",
	} {
		checkMatchers(t, s)
	}
	// and on random strings made of the words they look for
	words := []string{"ADD", "add", "LOG", "log", "FILE", "File", "GROUP", "group", "ALTER", "DATABASE", "databa\u017fe", "tempdb", "TEMPDB",
		"[", "]", `"`, " ", "  ", "\t", "\n", "\v", "x", "_", "1", "é", "\u212a", "\u017f", "(", ";"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(words[rng.IntN(len(words))])
		}
		checkMatchers(t, b.String())
	}
}

func FuzzMatchers(f *testing.F) {
	f.Add("ALTER DATABASE [tempdb] ADD FILE")
	f.Add("ADD LOG FILEGROUP")
	f.Fuzz(checkMatchers)
}
