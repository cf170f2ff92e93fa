package parser

import (
	"strings"
	"testing"
)

// TestDirectiveSpanEndsBeforeCR: a sqllint: line comment ends at the end
// of its line, where the line's text ends: in a CRLF script its span took
// the CR in too, so the same script saved with CRLF line ends had each
// SL003/SL004 finding end one column later (end_column in JSON, SARIF's
// endColumn) than with LF, past the end of the line an editor shows. A
// directive after GO ends there too.
func TestDirectiveSpanEndsBeforeCR(t *testing.T) {
	lf := "-- sqllint:ignore SL302 reason\nCHECKPOINT 10; -- sqllint:ignore SL302 trailing\nGO -- sqllint:ignore SL302 after GO\nCHECKPOINT 11;\n"
	ends := func(src string) []string {
		r := ParseFile(NewFile("d.sql", src), &PreprocessOptions{})
		var got []string
		for _, d := range r.Directives {
			p := d.Span.End.Position()
			got = append(got, d.Text+" @"+itoa(p.Line)+":"+itoa(p.Column))
		}
		return got
	}
	want := ends(lf)
	if len(want) != 3 || want[0] != "ignore SL302 reason @1:31" {
		t.Fatalf("LF directives: %v, want 3, the first ending at 1:31", want)
	}
	if got := ends(strings.ReplaceAll(lf, "\n", "\r\n")); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("CRLF directives end at %v, want %v as with LF", got, want)
	}
}
