package analysis

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/rules"
)

// A suppression before IF or WHILE covers the BEGIN ... END block it
// runs and the IF's ELSE arm also in one batch parsed on its own
// (streamMin), its statements handed on in runs: wherever a run ends
// (between the directive and its IF, the IF and its BEGIN, the END and
// the ELSE), the findings are those with every statement kept.
func TestDirectiveScopeAcrossStreamedRuns(t *testing.T) {
	defer func(n int) { streamMin = n }(streamMin)
	streamMin = 0
	const ignore = "-- sqllint:ignore SL302 measured here\n"
	for name, one := range map[string]string{
		"if-else":  ignore + "IF @@SERVERNAME = N'A'\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\nELSE\n  CHECKPOINT 20;\nCHECKPOINT 11;\n",
		"while":    ignore + "WHILE 1 = 0\nBEGIN\n  PRINT 'a';\n  CHECKPOINT 10;\nEND\nCHECKPOINT 11;\n",
		"else-if":  ignore + "IF 1 = 1\n  CHECKPOINT 10;\nELSE IF 2 = 2\n  CHECKPOINT 20;\nELSE\nBEGIN\n  CHECKPOINT 30;\nEND\nCHECKPOINT 11;\n",
		"if-try":   ignore + "IF 1 = 1\nBEGIN TRY\n  PRINT 'a';\n  CHECKPOINT 10;\nEND TRY\nBEGIN CATCH\n  PRINT 'b';\n  CHECKPOINT 20;\nEND CATCH\nELSE\n  CHECKPOINT 30;\nCHECKPOINT 11;\n",
		"if-block": ignore + "IF 1 = 1\nBEGIN\n" + strings.Repeat("  PRINT 'b';\n", 3000) + "  CHECKPOINT 10;\nEND\nELSE\n  CHECKPOINT 20;\nCHECKPOINT 11;\n",
	} {
		want := findingsOf(parser.ParseFile(parser.NewFile(name+".sql", one), nil))
		if len(want) != 1 {
			t.Fatalf("%s: every statement kept: %v, want CHECKPOINT 11's alone", name, want)
		}
		for _, n := range []int{0, 1, 2, 3, 4, 5, 4090, 4095, 5450, 5455, 5456, 5457, 5458, 5459, 5460, 5461, 5462, 5463} {
			if got := afterSelects(name, one, n, findingsOf); !reflect.DeepEqual(got, want) {
				t.Errorf("%s after %d statements: %v, every statement kept: %v", name, n, got, want)
			}
		}
	}
}

// findingsOf is the findings on r: position and rule.
func findingsOf(r *parser.Result) []string {
	var out []string
	for _, f := range rules.Analyze(rules.Default, []*parser.Result{r}, nil) {
		p := f.Span.Start.Position()
		out = append(out, fmt.Sprintf("%d:%d %s", p.Line, p.Column, f.Rule.ID))
	}
	return out
}
