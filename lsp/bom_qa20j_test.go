package lsp

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// fixedFindings is an Analyzer reporting the same findings for any
// script.
type fixedFindings []report.Finding

func (f fixedFindings) Analyze(_ context.Context, path string, _ map[string][]byte) ([]report.Finding, error) {
	out := append([]report.Finding(nil), f...)
	for i := range out {
		out[i].Path = filepath.ToSlash(path)
	}
	return out, nil
}

// TestColumnZeroAfterByteOrderMark: a finding on line 1 without a column
// (0, "unknown", which the Analyzer interface allows) in a buffer that
// starts with a byte order mark was placed before the mark, and asking
// for its code actions (the light bulb) crashed the server with a slice
// out of range: the editor lost every diagnostic. Line 1 starts after
// the mark whatever the column says.
func TestColumnZeroAfterByteOrderMark(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "V1__x.sql"))
	text := "\ufeffCHECKPOINT 10;\n"
	c := newClient(t, Options{Analyzer: fixedFindings{{RuleID: "SL302", Severity: report.Warning, Message: "m", Line: 1, Column: 0}}})
	c.initialize(modern, `null`)
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 {
		t.Fatalf("diagnostics %v", codes(ds))
	}
	var acts []CodeAction
	c.result(c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": ds[0].Range, "context": map[string]any{"diagnostics": ds}}), &acts)
	if len(acts) != 1 || acts[0].Edit == nil {
		t.Fatalf("actions %+v, want the suppression", acts)
	}
	got := applyEdits(t, text, acts[0].Edit.Changes[uri], utf16)
	if want := "\ufeff-- sqllint:ignore SL302 reason\nCHECKPOINT 10;\n"; got != want {
		t.Errorf("suppressed: %q, want %q", got, want)
	}
	c.shutdown()
}
