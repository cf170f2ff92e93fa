package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A suppression before IF, ELSE or WHILE covers the statements of the
// BEGIN ... END block it runs, and one before IF covers its ELSE arm:
// T-SQL's IF statement holds them. The statement after the block is not
// covered. The same with the statements compacted, as a scan keeps only
// those rules read, and with all of them (the language server's).
func TestDirectiveCoversBlocksAndElse(t *testing.T) {
	const ignore = "-- sqllint:ignore SL302 measured here\n"
	cases := []struct {
		name, src string
		want      []string // rule:line
	}{
		{"IF block", ignore + "IF @@SERVERNAME = N'A'\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n", []string{"SL302:7"}},
		{"IF ELSE", ignore + "IF @@SERVERNAME = N'A'\n  CHECKPOINT 10;\nELSE\n  CHECKPOINT 20;\nCHECKPOINT 11;\n", []string{"SL302:6"}},
		{"ELSE block", ignore + "IF @@SERVERNAME = N'A'\n  PRINT 'a';\nELSE\nBEGIN\n  CHECKPOINT 20;\n  PRINT 'b';\nEND\nCHECKPOINT 11;\n", []string{"SL302:9"}},
		{"WHILE block", ignore + "WHILE 1 = 0\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n", []string{"SL302:7"}},
		{"BEGIN block", ignore + "BEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n", []string{"SL302:6"}},
		{"nested IF", ignore + "IF 1 = 1\n  IF 2 = 2\n  BEGIN\n    PRINT 'a';\n    CHECKPOINT 10;\n  END\n  ELSE\n    CHECKPOINT 20;\nCHECKPOINT 11;\n", []string{"SL302:10"}},
		// what nests inside the block: CASE ... END, BEGIN TRAN, TRY/CATCH, comments and strings
		{"nesting", ignore + "IF 1 = 1\nBEGIN\n  SELECT CASE WHEN 1 = 1 THEN 'end' END; /* END */ -- END\n  BEGIN TRAN;\n  BEGIN TRY\n    CHECKPOINT 10;\n  END TRY\n  BEGIN CATCH\n    PRINT ']END';\n  END CATCH\n  COMMIT;\n  CHECKPOINT 12;\nEND\nCHECKPOINT 11;\n", []string{"SL302:15"}},
		// sqlcmd command lines are no T-SQL: their words open or close nothing
		{"sqlcmd lines", ignore + "IF 1 = 1\nBEGIN\n  PRINT 'a';\n:setvar End 1\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n", []string{"SL302:8"}},
		// a block whose first statement is END CONVERSATION (the split reads them as one)
		{"END CONVERSATION first", ignore + "WHILE 1 = 0\nBEGIN\n  END CONVERSATION @h WITH CLEANUP;\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n", []string{"SL302:7"}},
		// TRY ... CATCH is one statement: the IF runs it whole, and a
		// directive before it covers both its blocks
		{"IF TRY CATCH", ignore + "IF 1 = 1\nBEGIN TRY\n  PRINT 'a';\n  CHECKPOINT 10;\nEND TRY\nBEGIN CATCH\n  PRINT 'b';\n  CHECKPOINT 20;\nEND CATCH\nELSE\n  CHECKPOINT 30;\nCHECKPOINT 11;\n", []string{"SL302:13"}},
		{"TRY CATCH", ignore + "BEGIN TRY\n  PRINT 'a';\n  CHECKPOINT 10;\nEND TRY\nBEGIN CATCH\n  CHECKPOINT 20;\nEND CATCH;\nCHECKPOINT 11;\n", []string{"SL302:9"}},
		{"WHILE TRY CATCH", ignore + "WHILE 1 = 0\nBEGIN TRY\n  PRINT 'a';\n  CHECKPOINT 10;\nEND TRY\nBEGIN CATCH\n  CHECKPOINT 20;\nEND CATCH\nCHECKPOINT 11;\n", []string{"SL302:10"}},
		// a block with no END before GO ends at its BEGIN, as before
		{"no END", ignore + "IF 1 = 1\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nGO\nCHECKPOINT 11;\n", []string{"SL003:1", "SL302:5", "SL302:7"}},
	}
	for _, c := range cases {
		for _, compact := range []bool{false, true} {
			res := parser.ParseFile(parser.NewFile("a.sql", c.src), &parser.PreprocessOptions{})
			if compact {
				Compact(res)
			}
			var got []string
			for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
				got = append(got, fmt.Sprintf("%s:%d", f.Rule.ID, f.Span.Start.Position().Line))
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("%s (compacted: %v): findings %v, want %v\n%s", c.name, compact, got, c.want, strings.TrimSpace(c.src))
			}
		}
	}
}

// FuzzBlockEnd: blockEnd never panics, ends after the BEGIN it starts
// from and within the text, and never reads past its budget.
func FuzzBlockEnd(f *testing.F) {
	for _, s := range []string{"BEGIN\n  SELECT CASE WHEN 1 = 1 THEN 'x' END;\nEND", "BEGIN /* END /* */ */ '' [END]]] END", "BEGIN\nGO\nEND", "BEGIN BEGIN TRAN END CONVERSATION @h; END", "BEGIN\n--", "BEGIN [", "BEGIN '", "BEGIN /*"} {
		f.Add(s, 100)
	}
	f.Fuzz(func(t *testing.T, src string, budget int) {
		if !strings.HasPrefix(src, "BEGIN") || budget < 0 {
			return
		}
		b := budget
		e := blockEnd(src, len("BEGIN"), &b)
		if e != -1 && (e <= len("BEGIN") || e > len(src)) {
			t.Fatalf("block end %d outside (5, %d]", e, len(src))
		}
		if e > len("BEGIN")+budget {
			t.Fatalf("block end %d past the budget %d", e, budget)
		}
		if b < 0 || b > budget {
			t.Fatalf("budget %d left of %d", b, budget)
		}
	})
}
