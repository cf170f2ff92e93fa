package output

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestTextIsNotACICommand: the text format is what a pre-commit hook or a
// plain "run: sqllint scan db" prints into a CI log. The GitHub runner
// takes a line that starts (after spaces) with "::" for a workflow
// command, and the Azure agent takes "##vso[" anywhere in a line for a
// logging command. A script's identifiers, comments and file names reach
// the text (a database named "x<CR><LF>::error::..." or a comment holding
// "##vso[task.setvariable ...]" on a finding's line), so a pull request
// could forge annotations or set pipeline variables.
func TestTextIsNotACICommand(t *testing.T) {
	src := "ALTER DATABASE [a] SET X; -- ##vso[task.setvariable variable=PATH]/tmp/evil"
	r := &report.Report{
		Findings: []report.Finding{{
			RuleID: "SL301", RuleName: "x", Severity: report.Warning,
			Message: "for x\r\n::error::forged ##VSO[task.complete result=Failed;]done",
			Path:    "::warning file=a::b.sql", Line: 1, Column: 1, EndLine: 1, EndColumn: 5,
		}},
		Errors: []report.InputError{{Path: "::add-mask::p.sql", Message: "bad\n  ::stop-commands::tok"}},
		Source: func(path string, line int) (string, bool) { return src, true },
	}
	out := string(render(t, "text", r, Options{ShowSource: true}))
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			t.Errorf("line could be taken for a GitHub command: %q", line)
		}
	}
	if low := strings.ToLower(out); strings.Contains(low, "##vso[") || strings.Contains(low, "##[") {
		t.Errorf("text could be taken for an Azure command:\n%s", out)
	}
	if !strings.Contains(out, "forged") || !strings.Contains(out, "task.setvariable") {
		t.Errorf("the text itself must stay readable:\n%s", out)
	}
}
