package output

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// A file name with a line break (git allows one) prints on the finding's
// own line, the break shown as ␊: "x\ndb/V1.sql" must not print a line
// that reads as a finding of db/V1.sql. The same for an input error.
func TestTextPathWithNewline(t *testing.T) {
	r := &report.Report{
		Findings: []report.Finding{{RuleID: "SL302", RuleName: "checkpoint-duration", Severity: "warning", Path: "x\ndb/V1.sql", Line: 3, Column: 1, Message: "CHECKPOINT 10"}},
		Errors:   []report.InputError{{Path: "y\ndb/V2.sql", Message: "cannot read"}},
	}
	for _, format := range []string{"text", "junit", "azure"} {
		out := string(render(t, format, r, Options{}))
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "db/V") {
				t.Errorf("%s: a line reads as a finding of another file: %q\n%s", format, line, out)
			}
		}
	}
	out := string(render(t, "text", r, Options{}))
	if !strings.Contains(out, "x\u240adb/V1.sql:3:1: warning SL302") || !strings.Contains(out, "y\u240adb/V2.sql: error: cannot read") {
		t.Errorf("text:\n%s", out)
	}
}
