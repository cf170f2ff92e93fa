package parser

import "testing"

// The Dynamic facts of the statements that build and run ADD FILE text
// are one allocation (the Dynamic's box) when they assign one variable
// and run one, and two when they assign more: the lists of assigned and executed variables and the arguments of
// sp_executesql are made on the stack, not grown by append from nil (a
// quarter of the allocations of a run at 100% statements of interest).
func TestDynamicFactsOneAllocation(t *testing.T) {
	for _, c := range []struct {
		src  string
		want float64
	}{
		{"DECLARE @sql nvarchar(max) = N'ALTER DATABASE d ADD FILE (NAME = f)'", 1},
		{"SELECT @sql = N'ALTER DATABASE d ADD FILE (NAME = ' + @name + N')'", 1},
		{"SET @sql = N'ALTER DATABASE d ADD FILE (NAME = ' + @name + N')'", 1},
		{"EXEC (@sql)", 1},
		{"EXEC sp_executesql @sql", 1},
		{"EXECUTE sp_executesql @stmt = @sql, @params = N'@n int', @n = 1", 1},
		// the list of two assigned variables is a copy of its own
		{"DECLARE @i int = 0, @sql nvarchar(max) = N'ALTER DATABASE d ADD FILEGROUP g'", 2},
	} {
		src := c.src
		var s Scanner
		toks := s.Scan(src)
		if d := dynamicFactsIn(nil, src, toks, true); d == nil {
			t.Fatalf("%s: no Dynamic facts", src)
		}
		if n := testing.AllocsPerRun(20, func() { dynamicFactsIn(nil, src, toks, true) }); n != c.want {
			t.Errorf("%s: %v allocations, want %v", src, n, c.want)
		}
	}
}
