package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Many loops of one batch that each build and run @sql: SL103 reports
// each loop's statement once, looking at each builder a bounded number
// of times (every earlier loop's builders were looked at again in each
// loop: quadratic).
func TestSL103ManyLoopsLinear(t *testing.T) {
	const n = 3000
	loop := "WHILE @i < 10 BEGIN SET @sql = @sql + N'ALTER DATABASE x ADD FILEGROUP g' + CAST(@i AS nvarchar(9)); EXEC(@sql); END\n"
	src := "DECLARE @sql nvarchar(max) = N'', @i int = 0;\n" + strings.Repeat(loop, n) + "EXEC(@sql);\n"
	res := parser.ParseFile(parser.NewFile("loops.sql", src), &parser.PreprocessOptions{})
	before := sl103Looked.Load()
	got := 0
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		if f.Rule.ID == "SL103" {
			got++
		}
	}
	if looked := sl103Looked.Load() - before; looked > 4*n {
		t.Errorf("%d loops: SL103 looked at %d builders", n, looked)
	}
	if got != n {
		t.Errorf("%d SL103 findings, want %d (the SET of each loop)", got, n)
	}
}
