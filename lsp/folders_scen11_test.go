package lsp

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestWorkspaceFolderAdded: a folder added to the workspace while the
// server runs (VS Code's "Add Folder to Workspace") was not known to it,
// so its scripts counted as outside the workspace and got only the
// scripts beside them as context, not their folder's subfolders: V1 in
// base/ was not read and SL101 on V2, which scan reports, was missing.
// The server now announces workspace folder support and follows the
// folders added and removed.
func TestWorkspaceFolderAdded(t *testing.T) {
	first, added := t.TempDir(), t.TempDir()
	writeAll(t, filepath.Join(added, "0base", "V1__create.sql"), createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	v2 := filepath.Join(added, "V2__more.sql")
	text := "USE Sales;\nGO\n" + filegroups(351, 60)
	writeAll(t, v2, text)
	uri := pathURI(v2)

	c := newClient(t, Options{})
	params := json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":{},"workspaceFolders":[{"uri":` + mustJSON(t, pathURI(first)) + `,"name":"first"}]}`)
	var res struct {
		Capabilities struct {
			Workspace struct {
				WorkspaceFolders struct {
					Supported           bool `json:"supported"`
					ChangeNotifications any  `json:"changeNotifications"`
				} `json:"workspaceFolders"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	c.result(c.call("initialize", params), &res)
	if wf := res.Capabilities.Workspace.WorkspaceFolders; !wf.Supported || wf.ChangeNotifications != true {
		t.Errorf("initialize: workspace folders %+v, want supported with change notifications", wf)
	}
	c.notify("initialized", struct{}{})
	c.open(uri, text)
	if ds := c.diagnostics(uri, 1); find(ds, "SL101") != nil {
		t.Fatalf("outside the workspace: %v, want no SL101 (only the scripts beside it)", codes(ds))
	}
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added":   []map[string]string{{"uri": pathURI(added), "name": "added"}},
		"removed": []map[string]string{},
	}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL101") == nil {
		t.Errorf("in the added folder: %v, want SL101 (its folder walked as context)", codes(ds))
	}
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{
		"added":   []map[string]string{},
		"removed": []map[string]string{{"uri": pathURI(added), "name": "added"}},
	}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL101") != nil {
		t.Errorf("the folder removed again: %v, want no SL101", codes(ds))
	}
	c.shutdown()
}
