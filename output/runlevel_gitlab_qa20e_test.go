package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// runLevelReport has a run-level finding (live mode's SL206: about the
// server, no file) and a finding of a file.
func runLevelReport() *report.Report {
	return &report.Report{Findings: []report.Finding{
		{RuleID: "SL206", RuleName: "server-ifi-trace-flag", Severity: "warning", Message: "trace flag 1806 is on globally on SQL1", Confirmed: "SQL1"},
		{RuleID: "SL101", Severity: "warning", Path: "b.sql", Line: 3, Column: 1, Message: "x"},
	}}
}

// TestGitLabRunLevelAtRunPath: GitLab Code Quality's location.path is the
// file of the issue, relative to the repository; an empty one names no
// file (the merge request widget links it nowhere, and the changes view
// cannot place it). With Options.RunPath a run-level finding is placed
// at line 1 of that file, as SARIF places it, its description saying it
// is about the server; its fingerprint is SARIF's, unchanged.
func TestGitLabRunLevelAtRunPath(t *testing.T) {
	opt := Options{SrcRoot: fixtureRoot, RunPath: fixtureRoot + "/db/a.sql"}
	out := render(t, "gitlab", runLevelReport(), opt)
	var issues []gitlabIssue
	if err := json.Unmarshal(out, &issues); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(issues) != 2 {
		t.Fatalf("want 2 issues:\n%s", out)
	}
	got := issues[0]
	if got.Location.Path != "db/a.sql" || got.Location.Lines.Begin != 1 {
		t.Errorf("run-level issue at %q line %d, want db/a.sql line 1:\n%s", got.Location.Path, got.Location.Lines.Begin, out)
	}
	if want := "SL206 server-ifi-trace-flag: about the server, not this file (shown at the first file scanned): trace flag 1806 is on globally on SQL1 (confirmed on SQL1)"; got.Description != want {
		t.Errorf("description %q, want %q", got.Description, want)
	}
	if issues[1].Location.Path != "b.sql" || strings.Contains(issues[1].Description, "about the server") {
		t.Errorf("the finding of a file changed:\n%s", out)
	}
	// the fingerprint is the one SARIF gives the result
	sarif := string(render(t, "sarif", runLevelReport(), opt))
	if !strings.Contains(sarif, `"`+FingerprintKey+`": "`+got.Fingerprint+`"`) {
		t.Errorf("fingerprint %s is not SARIF's:\n%s", got.Fingerprint, sarif)
	}
	// without RunPath, as before
	without := render(t, "gitlab", runLevelReport(), Options{SrcRoot: fixtureRoot})
	if !bytes.Contains(without, []byte(`"path": ""`)) || bytes.Contains(without, []byte("about the server")) {
		t.Errorf("without RunPath the issue must keep no file:\n%s", without)
	}
}
