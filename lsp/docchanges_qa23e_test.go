package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestQuickFixesVersioned: a client announcing
// workspace.workspaceEdit.documentChanges gets every action's edit as a
// TextDocumentEdit naming the version the findings were computed on, so
// that it refuses a fix offered for a text it has changed since (LSP
// 3.17: "the client should ... not apply the edit" when the version does
// not match), where plain changes applied to the new text corrupted it.
func TestQuickFixesVersioned(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "V1__fix.sql"))
	c := newClient(t, Options{Version: "test"})
	c.initialize(`{"workspace":{"workspaceEdit":{"documentChanges":true}},"textDocument":`+literalSupport+`}`, `null`)
	c.open(uri, "-- sqllint:ignore SL101 nothing to silence\r\nPRINT 1;\r\nCHECKPOINT 30;\r\n")
	c.diagnostics(uri, 1)
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 7},
		"contentChanges": []map[string]any{{"text": "-- sqllint:ignore SL101 nothing to silence\r\nPRINT 2;\r\nCHECKPOINT 30;\r\n"}},
	})
	c.diagnostics(uri, 7)
	var actions []CodeAction
	for _, only := range [][]string{nil, {fixAllKind}} {
		p := codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}}
		p.Range.End = Position{Line: 9}
		p.Context.Only = only
		p.Context.Diagnostics = []Diagnostic{}
		var got []CodeAction
		c.result(c.call("textDocument/codeAction", p), &got)
		actions = append(actions, got...)
	}
	kinds := map[string]bool{}
	for _, a := range actions {
		kinds[a.Title] = true
		e := a.Edit
		if e == nil {
			t.Errorf("%q: no edit", a.Title)
			continue
		}
		b, _ := json.Marshal(e)
		if e.Changes != nil || len(e.DocumentChanges) != 1 || e.DocumentChanges[0].TextDocument.URI != uri || e.DocumentChanges[0].TextDocument.Version != 7 {
			t.Errorf("%q: edit %s, want documentChanges for %s version 7", a.Title, b, uri)
		}
	}
	if len(actions) < 4 || fixAllOf(actions) == nil {
		t.Errorf("actions %v, want a fix, a suppression, the removal of the unused one and fix-all", kinds)
	}
}
