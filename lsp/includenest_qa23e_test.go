package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestIncludeThroughVariableAndNestedWatched: the files an open script
// includes were known from its own :r lines only, by their text: one
// named through a variable (:r $(root)\a.sql) and one included by an
// included file were neither watched nor re-checked the script when
// they changed. The files the check of the script actually included
// are now watched (outside the workspace) and re-check it, as its own
// :r lines' files do.
func TestIncludeThroughVariableAndNestedWatched(t *testing.T) {
	top := t.TempDir()
	mig, shared := filepath.Join(top, "mig"), filepath.Join(top, "shared")
	writeAll(t, filepath.Join(mig, ".sqllint.yaml"), "include-outside: true\n")
	a, b := filepath.Join(shared, "a.sql"), filepath.Join(shared, "b.sql")
	writeAll(t, a, "PRINT 'a';\n:r $(root)\\b.sql\n")
	writeAll(t, b, "BACKUP DATABASE x TO DISK='x.bak';\n")
	text := ":setvar root ../shared\nUSE x;\nCHECKPOINT;\n:r $(root)\\a.sql\n"
	path := filepath.Join(mig, "V3__inc.sql")
	writeAll(t, path, text)
	uri := pathURI(path)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initWatching(mig)
	c.open(uri, text)
	if ds := c.diagnostics(uri, 1); find(ds, "SL303") == nil {
		t.Fatalf("the BACKUP of the nested include: %v, want SL303", codes(ds))
	}
	for _, name := range []string{"a.sql", "b.sql"} {
		want, _ := json.Marshal(relativePattern{BaseURI: pathURI(shared), Pattern: name})
		c.next("a watcher of "+string(want), func(m *message) bool {
			return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"globPattern":`+string(want))
		})
	}
	writeAll(t, b, "PRINT 'no backup';\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(b), Type: 2}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL303") != nil {
		t.Errorf("after the nested include lost its BACKUP: %v", codes(ds))
	}

	// the nested include open and edited in the editor (unsaved)
	c.open(pathURI(b), "PRINT 'no backup';\n")
	c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: pathURI(b), Version: 2}, ContentChanges: []contentChange{{Text: "BACKUP DATABASE x TO DISK='y.bak';\n"}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL303") == nil {
		t.Errorf("after the open nested include got a BACKUP: %v, want SL303", codes(ds))
	}
}
