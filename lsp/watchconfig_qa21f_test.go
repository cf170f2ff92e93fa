package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigAboveWorkspaceWatched: .sqllint.yaml is found from the
// script's folder upward (then in the home folder), so the config of a
// workspace opened on a subfolder of a repository often lies above it,
// where the watcher **/.sqllint.yaml sees nothing (clients match a plain
// glob within the workspace folders): editing it re-checked nothing. A
// client that announces relativePatternSupport now gets a RelativePattern
// on the folder of the config each script uses when that lies outside
// the workspace, and the change it reports re-checks the scripts.
func TestConfigAboveWorkspaceWatched(t *testing.T) {
	top := t.TempDir()
	cfg := filepath.Join(top, ".sqllint.yaml")
	writeAll(t, cfg, "rules: [all, -SL302]\n")
	proj := filepath.Join(top, "db")
	path := filepath.Join(proj, "V1__tune.sql")
	writeAll(t, path, "CHECKPOINT 10;\n")
	uri := pathURI(path)

	// as sqllint lsp runs it: its loader applies the flags over the
	// config it finds
	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initWatching(proj)
	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Fatalf("SL302 is off: %v", codes(ds))
	}
	want, _ := json.Marshal(relativePattern{BaseURI: pathURI(top), Pattern: ".sqllint.yaml"})
	c.next("a watcher of "+string(want), func(m *message) bool {
		return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"globPattern":`+string(want))
	})
	writeAll(t, cfg, "severity:\n  SL302: error\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 2}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
		t.Errorf("after the config turned SL302 back on: %v", codes(ds))
	}
	c.shutdown()

	// Within the workspace, **/.sqllint.yaml covers it: no other watcher.
	c = newClient(t, Options{})
	c.initWatching(top)
	c.open(uri, "CHECKPOINT 10;\n")
	c.diagnostics(uri, 1)
	c.shutdown()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "client/registerCapability" && strings.Contains(string(m.Params), string(want)) {
			t.Errorf("a watcher of the config inside the workspace: %s", m.Params)
		}
	}
}

// TestNewConfigAboveWorkspaceNoticed: only the config a script used was
// watched, so one created above the workspace folder where there was
// none (or nearer the script than the one in use) went unnoticed until
// the next edit. Every folder config lookup visits outside the
// workspace, up to the one of the config in use (to the root and the
// home folder when there is none), is now watched for both names.
func TestNewConfigAboveWorkspaceNoticed(t *testing.T) {
	top := t.TempDir()
	t.Setenv("HOME", t.TempDir())
	proj := filepath.Join(top, "db")
	path := filepath.Join(proj, "V1__tune.sql")
	writeAll(t, path, "CHECKPOINT 10;\n")
	uri := pathURI(path)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initWatching(proj)
	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
		t.Fatalf("no config: %v, want SL302", codes(ds))
	}
	for _, w := range []relativePattern{
		{BaseURI: pathURI(top), Pattern: ".sqllint.yaml"},
		{BaseURI: pathURI(top), Pattern: ".sqllint.yml"},
		{BaseURI: pathURI(filepath.Dir(top)), Pattern: ".sqllint.yaml"},
		{BaseURI: pathURI(os.Getenv("HOME")), Pattern: ".sqllint.yaml"},
	} {
		want, _ := json.Marshal(w)
		c.next("a watcher of "+string(want), func(m *message) bool {
			return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"globPattern":`+string(want))
		})
	}
	cfg := filepath.Join(top, ".sqllint.yaml")
	writeAll(t, cfg, "rules: [all, -SL302]\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 1}}})
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("after a config turned SL302 off: %v", codes(ds))
	}
	c.shutdown()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "client/registerCapability" && strings.Contains(string(m.Params), pathURI(proj)+`"`) {
			t.Errorf("a watcher of a folder inside the workspace: %s", m.Params)
		}
	}
}

// initWatching initializes c with workspace folder dir, for a client
// that registers file watchers with relative patterns, and says it is
// initialized.
func (c *client) initWatching(dir string) {
	folders, _ := json.Marshal([]workspaceFolder{{URI: pathURI(dir)}})
	var res initializeResult
	c.result(c.call("initialize", json.RawMessage(`{"processId":null,"workspaceFolders":`+string(folders)+`,"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true}}}}`)), &res)
	c.notify("initialized", struct{}{})
}
