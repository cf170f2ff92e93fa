package output

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestTextLineNumberOnce: a finding's line number, formatted once for its
// position and its snippet's gutter, prints the same in both, and the
// marker line's blank gutter is as wide, for numbers of every width.
func TestTextLineNumberOnce(t *testing.T) {
	var sc snippetCache
	for _, line := range []int{1, 9, 10, 99, 100, 12345, 1 << 31, 1<<62 + 7} {
		f := report.Finding{Path: "db/a.sql", Line: line, Column: 3, EndLine: line, EndColumn: 6, Severity: report.Warning,
			RuleID: "SL201", RuleName: "x", Message: "m", SourceText: "ALTER DATABASE d"}
		for _, cache := range []*snippetCache{nil, &sc} {
			var b bytes.Buffer
			textFindingWith(&b, &f, false, true, func(f *report.Finding) (string, bool) { return f.SourceText, true }, cache)
			num := strconv.Itoa(line)
			want := "db/a.sql:" + num + ":3: warning SL201 x: m\n" +
				"  " + num + " | ALTER DATABASE d\n" +
				"  " + strings.Repeat(" ", len(num)) + " |   ^~~\n"
			if b.String() != want {
				t.Fatalf("line %d:\n got %q\nwant %q", line, b.String(), want)
			}
		}
	}
}
