package output

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestSARIFRunLevelAtRunPath: with Options.RunPath a run-level finding is
// placed at line 1 of that file (GitHub code scanning refuses a result
// without one), its message saying so; without it, no location, as
// before; a finding with a file is unchanged either way.
func TestSARIFRunLevelAtRunPath(t *testing.T) {
	rep := func() *report.Report {
		return &report.Report{Findings: []report.Finding{
			{RuleID: "SL206", RuleName: "server-ifi-trace-flag", Severity: "warning", Message: "trace flag 1806 is on globally on SQL1", Confirmed: "SQL1"},
			{RuleID: "SL101", Severity: "warning", Path: "b.sql", Line: 3, Column: 1, Message: "x"},
		}}
	}
	with := string(render(t, "sarif", rep(), Options{SrcRoot: fixtureRoot, RunPath: "db/a.sql"}))
	without := string(render(t, "sarif", rep(), Options{SrcRoot: fixtureRoot}))
	for _, want := range []string{`"uri": "db/a.sql"`, `"startLine": 1`, `"text": "about the server, not this file (shown at the first file scanned): trace flag 1806 is on globally on SQL1 (confirmed on SQL1)"`} {
		if !strings.Contains(with, want) {
			t.Errorf("with RunPath, output lacks %s:\n%s", want, with)
		}
	}
	if strings.Contains(without, "db/a.sql") || strings.Contains(without, "about the server") || strings.Count(without, `"physicalLocation"`) != 1 {
		t.Errorf("without RunPath, the run-level result must keep no location:\n%s", without)
	}
	if strings.Count(with, `"physicalLocation"`) != 2 {
		t.Errorf("with RunPath, want a location on both results:\n%s", with)
	}
	sch := loadSARIFSchema(t)
	if err := validateSARIF(t, sch, []byte(with)); err != nil {
		t.Errorf("does not validate: %v\n%s", err, with)
	}
}
