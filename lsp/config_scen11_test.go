package lsp

import (
	"path/filepath"
	"testing"
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
	c.initialize(`{}`, `null`)
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
