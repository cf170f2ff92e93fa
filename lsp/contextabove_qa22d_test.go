package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// filesScript is a script that adds n files named with prefix p, each
// in a filegroup of its own, to database Big.
func filesScript(p string, n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE Big ADD FILEGROUP %s%d;\nALTER DATABASE Big ADD FILE (NAME=%[1]s%[2]d, FILENAME='c:\\d\\%[1]s%[2]d.ndf', SIZE=1MB) TO FILEGROUP %[1]s%[2]d;\n", p, i)
	}
	return b.String()
}

// TestContextAboveRechecked: a script's context can lie above its folder
// (the Flyway location a script in tables/ belongs to, a config's
// context: folders), but only the open scripts whose folder holds the
// changed one were checked again: editing sql/V1__big.sql, or a change
// of it on disk, left sql/tables/V2__more.sql with the SL101 that V1's
// files caused. The server now re-checks the scripts whose last check
// read the changed script as context.
func TestContextAboveRechecked(t *testing.T) {
	top := t.TempDir()
	writeAll(t, filepath.Join(top, ".sqllint.yaml"), "options:\n  SL101:\n    startup-budget: 1\n")
	v1 := filepath.Join(top, "sql", "V1__big.sql")
	v2 := filepath.Join(top, "sql", "tables", "V2__more.sql")
	big, more := "CREATE DATABASE Big;\n"+filesScript("a", 90), filesScript("b", 20)
	writeAll(t, v1, big)
	writeAll(t, v2, more)
	u1, u2 := pathURI(v1), pathURI(v2)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initialize(modern, `null`)
	c.open(u2, more)
	if ds := c.diagnostics(u2, 1); find(ds, "SL101") == nil {
		t.Fatalf("V2 with V1's files: %v, want SL101", codes(ds))
	}
	c.open(u1, big)
	c.diagnostics(u1, 1)
	c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: u1, Version: 2}, ContentChanges: []contentChange{{Text: "CREATE DATABASE Big;\n"}}})
	noSL101 := func(ds []Diagnostic) bool { return find(ds, "SL101") == nil }
	if ds := c.diagnosticsWhen(u2, 1, noSL101); find(ds, "SL101") != nil {
		t.Errorf("V2 after V1 lost its files: %v, want no SL101", codes(ds))
	}

	// the same for a change on disk of a script not open
	c.notify("textDocument/didClose", didCloseParams{TextDocument: textDocumentIdentifier{URI: u1}})
	if ds := c.diagnostics(u2, 1); find(ds, "SL101") == nil {
		t.Fatalf("V2 after V1 was closed (its file on disk counts): %v, want SL101", codes(ds))
	}
	writeAll(t, v1, "CREATE DATABASE Big;\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: u1, Type: 2}}})
	if ds := c.diagnostics(u2, 1); find(ds, "SL101") != nil {
		t.Errorf("V2 after V1 on disk lost its files: %v, want no SL101", codes(ds))
	}
	c.shutdown()
}

// TestContextOutsideWorkspaceWatched: a workspace opened on a subfolder
// of a Flyway location (sql/tables) has its context above it (sql),
// where the watcher **/*.sql reports nothing: a checkout that changed
// sql/V1__big.sql left the open scripts as they were. A client that
// announces relativePatternSupport now gets a watcher on each context
// folder outside the workspace.
func TestContextOutsideWorkspaceWatched(t *testing.T) {
	top := t.TempDir()
	writeAll(t, filepath.Join(top, ".sqllint.yaml"), "options:\n  SL101:\n    startup-budget: 1\n")
	sql := filepath.Join(top, "sql")
	v1 := filepath.Join(sql, "V1__big.sql")
	v2 := filepath.Join(sql, "tables", "V2__more.sql")
	more := filesScript("b", 20)
	writeAll(t, v1, "CREATE DATABASE Big;\n"+filesScript("a", 90))
	writeAll(t, v2, more)
	u2 := pathURI(v2)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: DiscoverConfig}})
	c.initWatching(filepath.Dir(v2))
	c.open(u2, more)
	if ds := c.diagnostics(u2, 1); find(ds, "SL101") == nil {
		t.Fatalf("V2 with V1's files: %v, want SL101", codes(ds))
	}
	want, _ := json.Marshal(relativePattern{BaseURI: pathURI(sql), Pattern: "**/*.sql"})
	c.next("a watcher of "+string(want), func(m *message) bool {
		return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"globPattern":`+string(want))
	})
	c.shutdown()
}
