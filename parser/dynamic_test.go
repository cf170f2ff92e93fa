package parser

import (
	"reflect"
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
			&Dynamic{AddFile: "ADD FILE", Assigns: []string{"@sql"}}},
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
		// the body of a loop: every statement's facts are recorded
		r := ParseFile(NewFile("t.sql", "WHILE @i < 10\n"+c.sql), nil)
		if len(r.Statements) != 2 || !r.Statements[1].InLoop {
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
