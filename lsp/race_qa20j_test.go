package lsp

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// TestFoldersChangeDuringAnalysis: whether a script is outside the
// workspace folders (Server.flat) was decided on the analysis's
// goroutine without the server's lock, reading the folder list that
// workspace/didChangeWorkspaceFolders rewrites in place: a data race
// (go test -race) that could decide on a half-updated list.
func TestFoldersChangeDuringAnalysis(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "V1__x.sql"))
	c := newClient(t, Options{Debounce: time.Microsecond})
	c.initialize(modern, `null`)
	c.open(uri, "SELECT 1;\n")
	for i := 0; i < 200; i++ {
		f := map[string]any{"uri": pathURI(filepath.Join(dir, fmt.Sprint("f", i%3))), "name": "f"}
		c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{f}, "removed": []any{}}})
		c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: i + 2}, ContentChanges: []contentChange{{Text: "SELECT 1;\n"}}})
		c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{}, "removed": []any{f}}})
	}
	c.diagnostics(uri, 201)
	c.shutdown()
}
