package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// auditRun analyzes one script with the default rules.
func auditRun(t *testing.T, src string, cfg *Config) []Finding {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	return Analyze(Default, []*parser.Result{res}, cfg)
}

// auditMessages returns the messages of rule id's findings.
func auditMessages(fs []Finding, id string) []string {
	var out []string
	for _, f := range fs {
		if f.Rule.ID == id {
			out = append(out, f.Message)
		}
	}
	return out
}

// Two diagnostic flags are "trace flags", one is "trace flag".
func TestSL205FlagOrFlags(t *testing.T) {
	fs := auditRun(t, "DBCC TRACEON (3004, 3605, -1);\nGO\nDBCC TRACEON (3605);\n", nil)
	msgs := auditMessages(fs, "SL205")
	if len(msgs) != 2 {
		t.Fatalf("SL205 findings: %q", msgs)
	}
	if !strings.HasPrefix(msgs[0], "turns on diagnostic trace flags 3004 and 3605 ") {
		t.Errorf("two flags: %q", msgs[0])
	}
	if !strings.HasPrefix(msgs[1], "turns on diagnostic trace flag 3605 ") {
		t.Errorf("one flag: %q", msgs[1])
	}
}
