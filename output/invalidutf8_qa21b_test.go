package output

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sqllint/sqllint/report"
)

// A file name is bytes, not text: on Linux it may hold bytes that are no
// UTF-8, such as 0x9B, which a terminal reading 8-bit controls (an
// ISO 8859 locale) takes for CSI, as ESC [: "c1\x9b31m.sql" colored the
// terminal. The text format and the formats a CI log shows (github,
// azure, junit) show each byte that is no UTF-8 as U+FFFD, as they show
// a C1 control written in UTF-8 (U+009B), so what they print is UTF-8.
func TestInvalidUTF8IsNotPrinted(t *testing.T) {
	path := "c1\x9b31m\xff.sql"
	r := &report.Report{Files: 1, Source: func(p string, n int) (string, bool) { return "CHECKPOINT 10;", p == path && n == 1 }, Findings: []report.Finding{{
		RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
		Message: "stretch over 10 s",
		Path:    path, Line: 1, Column: 1, EndLine: 1, EndColumn: 14,
	}}}
	for _, format := range []string{"text", "github", "azure", "junit"} {
		out := string(render(t, format, r, Options{ShowSource: true}))
		if !utf8.ValidString(out) {
			t.Errorf("%s: bytes that are no UTF-8 are printed: %q", format, out)
		}
		if !strings.Contains(out, "c1\ufffd31m\ufffd.sql") {
			t.Errorf("%s: the file name's bytes that are no UTF-8 are not shown as U+FFFD: %q", format, out)
		}
	}
}
