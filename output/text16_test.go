package output

import (
	"bytes"
	"math/rand"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestTextRuleTextTable: one printer's table of the text between a
// finding's position and its message (by rule) prints what a printer
// without it prints, for rules, names, severities and colours that
// change from finding to finding, strings equal in text but not in
// place, and text that must be cleaned or may hold "::".
func TestTextRuleTextTable(t *testing.T) {
	r := rand.New(rand.NewSource(16))
	ids := []string{"SL101", "SL201", "SL3", "", "SL::1", "S\x1bL", string([]byte("SL101"))}
	names := []string{"data-file-zeroing", "x", "", "name#", "#name", "na\u202eme", string([]byte("x"))}
	sevs := []string{report.Error, report.Warning, report.Info, "", "odd"}
	var sc snippetCache
	for i := 0; i < 5000; i++ {
		f := report.Finding{Path: "db/a.sql", Line: 1 + r.Intn(3), Column: 1 + r.Intn(4), EndLine: 1, EndColumn: 8,
			Severity: sevs[r.Intn(len(sevs))], RuleID: ids[r.Intn(len(ids))], RuleName: names[r.Intn(len(names))],
			Message: "m", SourceText: "ALTER DATABASE d"}
		st := styler(r.Intn(2) == 0)
		lineOf := func(f *report.Finding) (string, bool) { return f.SourceText, true }
		var got, want bytes.Buffer
		gotRisky := textFindingWith(&got, &f, st, true, lineOf, &sc)
		textFindingWith(&want, &f, st, true, lineOf, nil)
		if got.String() != want.String() {
			t.Fatalf("finding %+v (colour %v):\n got %q\nwant %q", f, st, got.String(), want.String())
		}
		if !gotRisky && (bytes.Contains(got.Bytes(), []byte("::")) || bytes.Contains(got.Bytes(), []byte("##"))) {
			t.Fatalf("finding %+v: %q holds \"::\" or \"##\" but was not risky", f, got.String())
		}
	}
}
