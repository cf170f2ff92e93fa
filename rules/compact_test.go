package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// Compact keeps, of the other statements, only those a rule can see: the
// first SL303 cannot look through after a CHECKPOINT, and one that ends a
// WHILE loop of a batch (SL103 treats a loop's statements together). The
// findings are the same with and without it.
func TestCompactKeepsOnlyBlockersARuleSees(t *testing.T) {
	script := `USE Sales;
CREATE TABLE t (a int);
SELECT 1;
CHECKPOINT;
PRINT 'x';
UPDATE t SET a = 1;
BACKUP DATABASE Sales TO DISK = 'a.bak';
EXEC dbo.p;
INSERT t VALUES (1);
BACKUP DATABASE Sales TO DISK = 'b.bak';
CHECKPOINT;
BACKUP DATABASE Sales TO DISK = 'c.bak';
GO
DECLARE @i int = 0, @s nvarchar(max);
WHILE @i < 3
BEGIN
	SET @s = N'ALTER DATABASE Sales ADD FILEGROUP fg' + CAST(@i AS nvarchar(9));
	SET @i += 1;
END
SELECT 2;
WHILE @i < 6
BEGIN
	EXEC (@s);
	SET @i += 1;
END
GO
`
	parse := func() *parser.Result { return parser.ParseFile(parser.NewFile("a.sql", script), nil) }
	full, compact := parse(), parse()
	Compact(compact)
	var kept []string
	for _, st := range compact.Statements {
		kept = append(kept, st.Keyword())
	}
	got := strings.Join(kept, " ")
	for _, want := range []string{
		"CHECKPOINT UPDATE BACKUP", // after a CHECKPOINT: kept
		"SET SET SELECT EXEC SET",  // SELECT ends the first loop: kept
	} {
		if !strings.Contains(got, want) {
			t.Errorf("kept %s: want %q in it", got, want)
		}
	}
	if strings.Contains(got, "EXEC BACKUP") || strings.Contains(got, "INSERT") || strings.Contains(got, "CREATE") {
		t.Errorf("kept %s: the statements after a BACKUP are seen by no rule", got)
	}
	a, b := fmt.Sprint(findingsOf(full)), fmt.Sprint(findingsOf(compact))
	if a != b {
		t.Errorf("findings differ:\n%s\n%s", a, b)
	}
	if !strings.Contains(a, "SL303") || !strings.Contains(a, "SL103") {
		t.Errorf("findings %s: want SL303 and SL103", a)
	}
}

func findingsOf(r *parser.Result) []string {
	var out []string
	for _, f := range Analyze(Default, []*parser.Result{r}, nil) {
		p := f.Span.Start.Position()
		out = append(out, fmt.Sprintf("%s %d:%d %s", f.Rule.ID, p.Line, p.Column, f.Message))
	}
	return out
}
