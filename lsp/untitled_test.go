package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestUntitledBuffer: a new query not yet saved (untitled:Untitled-1, as
// VS Code and Azure Data Studio name it) is checked alone, with the
// config of the first workspace folder (none: the defaults), and its
// findings get quick fixes like a file's.
func TestUntitledBuffer(t *testing.T) {
	const uri = "untitled:Untitled-1"
	text := "CHECKPOINT 10;\nBACKUP DATABASE Sales TO DISK = 'NUL';\n"

	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	if find(ds, "SL302") == nil || find(ds, "SL304") == nil {
		t.Fatalf("untitled, no workspace: %v, want SL302 and SL304", codes(ds))
	}
	var actions []CodeAction
	d := find(ds, "SL302")
	c.result(c.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri}, Range: Range{d.Range.Start, d.Range.Start},
	}), &actions)
	if len(actions) == 0 || actions[0].Edit == nil {
		t.Fatalf("quick fixes on the untitled buffer: %+v", actions)
	}
	if fixed := applyEdits(t, text, actions[0].Edit.Changes[uri], utf16); fixed != "CHECKPOINT;\nBACKUP DATABASE Sales TO DISK = 'NUL';\n" {
		t.Errorf("fixed text %q", fixed)
	}
	c.shutdown()

	// The workspace's config applies: SL302 turned off there.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".sqllint.yaml"), "rules: [all, -SL302]\n")
	c = newClient(t, Options{})
	root, _ := json.Marshal(pathURI(dir))
	var res initializeResult
	c.result(c.call("initialize", json.RawMessage(`{"processId":null,"rootUri":`+string(root)+`,"capabilities":{}}`)), &res)
	c.notify("initialized", struct{}{})
	c.open(uri, text)
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") != nil || find(ds, "SL304") == nil {
		t.Errorf("untitled in a workspace without SL302: %v, want SL304 only", codes(ds))
	}
	c.shutdown()
}
