package lsp

import (
	"path/filepath"
	"testing"
)

// TestUnsavedHiddenNotContext: an unsaved new script of the folder feeds
// the open one's model as a folder walk would find it once saved, so not
// a hidden one (.scratch.sql), which a walk leaves out: its 100 GB file
// must not make the open script's MODIFY FILE a growth of 1 GB.
func TestUnsavedHiddenNotContext(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "V1.sql")
	text := "ALTER DATABASE Sales MODIFY FILE (NAME = d, SIZE = 101GB);\n"
	writeAll(t, v1, text)
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(pathURI(filepath.Join(dir, ".scratch.sql")), "CREATE DATABASE Sales ON (NAME = d, FILENAME = 'd.mdf', SIZE = 100GB);\n")
	c.open(pathURI(v1), text)
	if ds := c.diagnostics(pathURI(v1), 1); find(ds, "SL201") == nil {
		t.Errorf("V1: %v, want SL201 (the hidden unsaved script is no context)", codes(ds))
	}
}
