package parser

import (
	"strings"
	"testing"
)

// An SL001 message quotes a token of a million characters cut, saying
// how long it was; short tokens and escapes stay whole.
func TestParseErrorLongTokenShownShort(t *testing.T) {
	long := strings.Repeat("Q", 1000000)
	res := ParseFile(NewFile("a.sql", "CHECKPOINT "+long+";\n"), &PreprocessOptions{})
	if len(res.Diags) != 1 || res.Diags[0].Rule != "SL001" {
		t.Fatalf("diags: %d", len(res.Diags))
	}
	msg := res.Diags[0].Message
	want := `cannot parse CHECKPOINT: unexpected token "` + strings.Repeat("Q", 128) + `..." (1000000 characters) (expected the end of the statement)`
	if !strings.HasPrefix(msg, want) || len(msg) > 400 {
		t.Errorf("message: %.400q", msg)
	}
	for _, c := range []struct{ in, want string }{
		{`short "abc" ` + strings.Repeat("x", 300), `short "abc" ` + strings.Repeat("x", 300)},
		{`t "` + strings.Repeat(`\"`, 200) + `"`, `t "` + strings.Repeat(`\"`, 64) + `..." (400 characters)`},
		{`t "` + strings.Repeat("é", 200) + `" end`, `t "` + strings.Repeat("é", 64) + `..." (200 characters) end`},
	} {
		if got := shortQuoted(c.in); got != c.want {
			t.Errorf("shortQuoted(%.40q...) = %.200q", c.in, got)
		}
	}
}
