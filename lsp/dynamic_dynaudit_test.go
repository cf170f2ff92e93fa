package lsp

import (
	"path/filepath"
	"testing"
)

// A finding in dynamic SQL: its range is the text in the string, in
// UTF-16 code units past a character outside the BMP; it offers no fix,
// and its suppression goes above the EXEC, not into the string.
func TestDynamicSQLDiagnostic(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "dyn.sql"))
	c := newClient(t, Options{Version: "test"})
	c.initialize(modern, `null`)
	text := "SELECT '😀';\n\tEXEC (N'SELECT ''é😀'';\n  CHECKPOINT 10');\n"
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	d := find(ds, "SL302")
	if d == nil {
		t.Fatalf("diagnostics: %v, want SL302", codes(ds))
	}
	if d.Range.Start != (Position{2, 2}) || d.Range.End != (Position{2, 15}) {
		t.Errorf("SL302 range %+v, want 2:2-2:15", d.Range)
	}
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri}, Range: Range{d.Range.Start, d.Range.Start},
	}), &actions)
	for _, a := range actions {
		if a.Edit == nil {
			continue
		}
		got := applyEdits(t, text, a.Edit.Changes[uri], utf16)
		if a.IsPreferred {
			t.Errorf("a fix inside the string: %q", got)
		}
		if want := "SELECT '😀';\n\t-- sqllint:ignore SL302 reason\n\tEXEC (N'SELECT ''é😀'';\n  CHECKPOINT 10');\n"; got != want {
			t.Errorf("suppression gives %q, want %q", got, want)
		}
	}
	if len(actions) == 0 {
		t.Errorf("no suppression offered")
	}
}
