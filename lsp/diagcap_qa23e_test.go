package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// many is an Analyzer finding n warnings, one per line, and an error on
// the last line.
type many struct{ n int }

func (a many) Analyze(_ context.Context, path string, _ map[string][]byte) ([]report.Finding, error) {
	fs := make([]report.Finding, 0, a.n+1)
	for i := 1; i <= a.n; i++ {
		fs = append(fs, report.Finding{Path: path, RuleID: "SL302", Severity: report.Warning, Message: "w", Line: i, Column: 1, EndLine: i, EndColumn: 14})
	}
	return append(fs, report.Finding{Path: path, RuleID: "SL001", Severity: report.Error, Message: "syntax", Line: a.n + 1, Column: 1}), nil
}

// TestDiagnosticsCapped: a generated script with 333,000 findings made
// one publishDiagnostics of 140 MB, marshalled whole (the check of a
// 5 MB script peaked at 1.1 GB), for editors that show a thousand of
// them at most (VS Code). A script's diagnostics are now capped at
// maxDiagnostics, errors before warnings, in the order of the text,
// and a last one at the top says how many were left out; the findings
// left out are not kept.
func TestDiagnosticsCapped(t *testing.T) {
	n := maxDiagnostics + 500
	uri := pathURI(filepath.Join(t.TempDir(), "gen.sql"))
	c := newClient(t, Options{Analyzer: many{n}})
	c.initialize(modern, `null`)
	c.open(uri, strings.Repeat("CHECKPOINT 10;\n", n)+"SELECT FROM;\n")
	ds := c.diagnostics(uri, 1)
	if len(ds) != maxDiagnostics+1 {
		t.Fatalf("%d diagnostics, want %d and the note", len(ds), maxDiagnostics)
	}
	if ds[maxDiagnostics-1].Code != "SL001" || ds[maxDiagnostics-2].Range.Start.Line != maxDiagnostics-2 {
		t.Errorf("kept %+v ... %+v, want the first warnings and the error, in the order of the text", ds[maxDiagnostics-2], ds[maxDiagnostics-1])
	}
	note := ds[maxDiagnostics]
	if want := "501 more findings"; !strings.Contains(note.Message, want) || note.Severity != severityInformation || note.Range != (Range{}) {
		t.Errorf("note %+v, want one at the top saying %q", note, want)
	}
	c.srv.mu.Lock()
	kept := len(c.srv.docs[uri].result.findings)
	c.srv.mu.Unlock()
	if kept != maxDiagnostics {
		t.Errorf("%d findings kept, want %d", kept, maxDiagnostics)
	}

	// under the cap: all, no note
	small := pathURI(filepath.Join(t.TempDir(), "small.sql"))
	c2 := newClient(t, Options{Analyzer: many{3}})
	c2.initialize(modern, `null`)
	c2.open(small, "CHECKPOINT 10;\nCHECKPOINT 10;\nCHECKPOINT 10;\nSELECT FROM;\n")
	if ds := c2.diagnostics(small, 1); len(ds) != 4 {
		t.Errorf("%d diagnostics under the cap, want 4", len(ds))
	}
}
