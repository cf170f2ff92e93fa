package rules

import (
	"strings"
	"testing"
)

// TestJoinFields: Summary's one pass gives strings.Fields joined by
// spaces, for the rules' texts and for blanks of every kind.
func TestJoinFields(t *testing.T) {
	cases := []string{"", " ", "a", " a ", "a  b", "a\tb\nc\v\fd\r\ne", "\n\nx y  \n", "é  b", "a\u00a0b c", "a\u2003 b"}
	for _, r := range Default.All() {
		cases = append(cases, r.Doc.Why, r.Doc.Bad)
	}
	for _, s := range cases {
		if got, want := joinFields(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("joinFields(%q) = %q, want %q", s, got, want)
		}
	}
}
