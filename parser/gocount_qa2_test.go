package parser

import (
	"strings"
	"testing"
)

// A GO count too large for an int is a positive integer all the same:
// the diagnostic says it is too large, not that it is no positive
// integer. The others keep their message.
func TestGoCountTooLarge(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"SELECT 1\nGO 99999999999999999999\n", `malformed GO command: the count "99999999999999999999" is too large: sqlcmd reads no count beyond its integers`},
		{"SELECT 1\nGO -99999999999999999999\n", `malformed GO command: expected a positive integer count, as in GO 3, found "-99999999999999999999"`},
		{"SELECT 1\nGO 12x\n", `malformed GO command: expected a positive integer count, as in GO 3, found "12x": only a comment may follow the count (go-sqlcmd reads the leading 12 and runs the batch 12 times)`},
	} {
		sc := Preprocess(NewFile("go.sql", tc.src), nil)
		var msgs []string
		for _, d := range sc.Diags {
			msgs = append(msgs, d.Message)
		}
		if strings.Join(msgs, "; ") != tc.want {
			t.Errorf("%q: diagnostics %q, want %q", tc.src, msgs, tc.want)
		}
	}
}
