package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestUnusedSuppressionIsUnnecessary: SL003 reports a suppression that
// hides nothing, code the user should delete. LSP 3.17 has
// DiagnosticTag.Unnecessary (1) for "unused or unnecessary code", which
// editors render faded out (as an unused import) rather than as one more
// squiggle; without the tag the stale comment looked like a problem in
// the statement. Other findings carry no tag.
func TestUnusedSuppressionIsUnnecessary(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "V1__x.sql"))
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, "-- sqllint:ignore SL302 nightly load\nSELECT 1;\nCHECKPOINT 10;\n")
	m := c.next("diagnostics", func(m *message) bool { return m.Method == "textDocument/publishDiagnostics" })
	var p struct {
		Diagnostics []struct {
			Code string `json:"code"`
			Tags []int  `json:"tags"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(m.Params, &p); err != nil {
		t.Fatal(err)
	}
	seen := false
	for _, d := range p.Diagnostics {
		switch d.Code {
		case "SL003":
			seen = true
			if len(d.Tags) != 1 || d.Tags[0] != 1 {
				t.Errorf("SL003 tags %v, want [1] (Unnecessary)", d.Tags)
			}
		default:
			if len(d.Tags) != 0 {
				t.Errorf("%s tags %v, want none", d.Code, d.Tags)
			}
		}
	}
	if !seen {
		t.Fatalf("no SL003 in %s", m.Params)
	}

	// One of its two rules still hides a finding: the comment stays, so
	// it is not shown faded.
	uri2 := pathURI(filepath.Join(dir, "V2__y.sql"))
	c.open(uri2, "SELECT 1;\nCHECKPOINT 10; -- sqllint:ignore SL302, SL303 nightly load\n")
	ds := c.diagnostics(uri2, 1)
	if d := find(ds, "SL003"); d == nil || len(d.Tags) != 0 {
		t.Errorf("partly used suppression: %+v, want SL003 without tags", ds)
	}
}
