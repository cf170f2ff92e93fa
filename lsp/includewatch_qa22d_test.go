package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestIncludeOutsideWorkspaceWatched: an edit on disk of a script an open
// one includes with :r re-checks it when the client reports the change,
// but the watcher **/*.sql only reports changes within the workspace
// folders: a shared script included from outside (include-outside:
// true, include-roots:) changed nothing until the next edit. A client
// that announces relativePatternSupport now gets a watcher on each file
// an open script's :r lines name outside the workspace.
func TestIncludeOutsideWorkspaceWatched(t *testing.T) {
	top := t.TempDir()
	mig, shared := filepath.Join(top, "mig"), filepath.Join(top, "shared")
	writeAll(t, filepath.Join(mig, ".sqllint.yaml"), "include-outside: true\n")
	inc := filepath.Join(shared, "b.sql")
	writeAll(t, inc, "BACKUP DATABASE x TO DISK='x.bak';\n")
	text := "USE x;\nCHECKPOINT;\n:r ../shared/b.sql\n:r \"../shared/with space.sql\" -- a comment\n:r $(root)/c.sql\n:r inside.sql\n"
	path := filepath.Join(mig, "V3__inc.sql")
	writeAll(t, path, text)
	writeAll(t, filepath.Join(mig, "inside.sql"), "PRINT 1;\n")
	uri := pathURI(path)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initWatching(mig)
	c.open(uri, text)
	if ds := c.diagnostics(uri, 1); find(ds, "SL303") == nil {
		t.Fatalf("the included BACKUP: %v, want SL303", codes(ds))
	}
	for _, w := range []relativePattern{
		{BaseURI: pathURI(shared), Pattern: "b.sql"},
		{BaseURI: pathURI(shared), Pattern: "with space.sql"},
	} {
		want, _ := json.Marshal(w)
		c.next("a watcher of "+string(want), func(m *message) bool {
			return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"globPattern":`+string(want))
		})
	}
	writeAll(t, inc, "PRINT 'no backup';\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(inc), Type: 2}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL303") != nil {
		t.Errorf("after the include lost its BACKUP: %v", codes(ds))
	}
	c.shutdown()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "client/registerCapability" && (strings.Contains(string(m.Params), "inside.sql") || strings.Contains(string(m.Params), "c.sql")) {
			t.Errorf("a watcher of a file inside the workspace or named by a variable: %s", m.Params)
		}
	}
}
