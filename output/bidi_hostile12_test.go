package output

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// Unicode's bidirectional controls reorder what a terminal or a CI log
// shows ("Trojan Source"): a snippet `-- ‮ }⁦ if admin ⁩ ⁦` reads
// differently from the bytes the statement holds, and a file name can
// pass for another. The text format and the formats a CI log or page
// shows (github, azure, junit) show each as U+FFFD, one character for one
// so that the marker still lines up; the data formats (json, sarif) keep
// them, escaped as their syntax says.
func TestBidiControlsAreNotPrinted(t *testing.T) {
	line := "CHECKPOINT 10; -- \u202e}\u2066 if admin \u2069\u2066 \u200f\u061c"
	path := "a\u202eloc.sql"
	r := &report.Report{Files: 1, Source: func(p string, n int) (string, bool) { return line, p == path && n == 1 }, Findings: []report.Finding{{
		RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
		Message: "stretch \u202eevil\u2069 over 10 s",
		Path:    path, Line: 1, Column: 1, EndLine: 1, EndColumn: 14,
	}}}
	for _, format := range []string{"text", "github", "azure", "junit"} {
		out := string(render(t, format, r, Options{ShowSource: true}))
		if strings.ContainsFunc(out, isBidiControl) {
			t.Errorf("%s: a bidirectional control is printed:\n%s", format, out)
		}
		if !strings.Contains(out, "\ufffdevil\ufffd") || !strings.Contains(out, "a\ufffdloc.sql") {
			t.Errorf("%s: the controls of the message or the file name are not shown as U+FFFD:\n%s", format, out)
		}
	}
	out := string(render(t, "text", r, Options{ShowSource: true}))
	if want := "  1 | CHECKPOINT 10; -- \ufffd}\ufffd if admin \ufffd\ufffd \ufffd\ufffd\n    | ^~~~~~~~~~~~~\n"; !strings.Contains(out, want) {
		t.Errorf("text snippet:\n%s\nwant it to contain:\n%s", out, want)
	}
}
