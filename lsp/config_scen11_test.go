package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/rules"
)

// TestDidChangeConfigurationRechecks: a client that cannot watch files
// (no dynamic registration: Helix, Eglot, plain Neovim setups) sends
// workspace/didChangeConfiguration when the user changes the
// configuration; the server ignored it, so a .sqllint.yaml (or the
// baseline it names) edited outside the editor kept the old diagnostics
// until the next edit of each script. Every open script is checked again.
func TestDidChangeConfigurationRechecks(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "migrations", "V1.sql")
	writeAll(t, script, "CHECKPOINT 10;\n")
	uri := pathURI(script)
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil || find(ds, "SL302").Severity != severityWarning {
		t.Fatalf("before the config: %+v", ds)
	}
	writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "severity:\n  SL302: error\n")
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil || find(ds, "SL302").Severity != severityError {
		t.Errorf("after the config changed: %+v, want SL302 as an error", ds)
	}
	c.shutdown()
}

// TestConfigFileGivenByFlagRechecks: with `sqllint lsp --config
// ci/lint.yaml` (sqllint.args), saving that file in the editor, or a
// change the client reports for it, re-checks the open scripts, as a
// change of .sqllint.yaml does; it was taken for any other file.
func TestConfigFileGivenByFlagRechecks(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "ci", "lint.yaml")
	writeAll(t, cfg, "severity:\n  SL302: warning\n")
	script := filepath.Join(dir, "migrations", "V1.sql")
	writeAll(t, script, "CHECKPOINT 10;\n")
	uri := pathURI(script)
	load := func(string) (*config.Config, error) { return config.Load(cfg, rules.Default) }
	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: load}, ConfigFile: cfg})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`, `null`)
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	if !strings.Contains(string(reg.Params), `"**/lint.yaml"`) {
		t.Errorf("watchers: %s, want one for lint.yaml", reg.Params)
	}
	c.send(response{JSONRPC: "2.0", ID: reg.ID, Result: nil})
	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil || find(ds, "SL302").Severity != severityWarning {
		t.Fatalf("before: %+v", ds)
	}
	writeAll(t, cfg, "severity:\n  SL302: error\n")
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: pathURI(cfg)}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil || find(ds, "SL302").Severity != severityError {
		t.Errorf("after saving the config: %+v, want SL302 as an error", ds)
	}
	writeAll(t, cfg, "rules: [all, -SL302]\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 2}}})
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("after the config changed on disk: %+v, want none", ds)
	}
	c.shutdown()
}
