package lsp

import (
	"path/filepath"
	"testing"
)

// TestIncludeEditRechecksIncluder: a script's findings depend on the
// scripts it includes with :r and, for a script a master script
// includes, on that master (its :setvar lines). Editing one of them in
// the editor (unsaved) re-checked only the open scripts of the edited
// one's folder and the folders below it, so an includer in a sibling
// folder (migrations/V1 with :r ../lib/vars.sql) or a master above the
// included script kept showing what the old text gave until it was
// itself edited: here an undefined $(DbName) went unreported.
func TestIncludeEditRechecksIncluder(t *testing.T) {
	t.Run("included in a sibling folder", func(t *testing.T) {
		dir := t.TempDir()
		writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "include-outside: true\n")
		mig := filepath.Join(dir, "migrations", "V1__main.sql")
		inc := filepath.Join(dir, "lib", "Vars.sql")
		main := ":R ../lib/vars.sql\nUSE $(DbName);\nGO\n"
		writeAll(t, inc, ":setvar DbName Sales\n")
		writeAll(t, mig, main)
		c := newClient(t, Options{})
		c.initialize(modern, `null`)
		c.open(pathURI(mig), main)
		if ds := c.diagnostics(pathURI(mig), 1); len(ds) != 0 {
			t.Fatalf("V1 on open: %v, want none", codes(ds))
		}
		c.open(pathURI(inc), ":setvar DbName Sales\n")
		c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: pathURI(inc), Version: 2}, ContentChanges: []contentChange{{Text: "-- no variables\n"}}})
		if ds := c.diagnosticsWith(pathURI(mig), 1, "SL002"); find(ds, "SL002") == nil {
			t.Errorf("V1 after the include lost its :setvar: %v, want SL002", codes(ds))
		}
	})
	t.Run("master above", func(t *testing.T) {
		dir := t.TempDir()
		master := filepath.Join(dir, "install.sql")
		orders := filepath.Join(dir, "tables", "orders.sql")
		writeAll(t, master, ":setvar DbName Sales\n:r tables/orders.sql\n")
		writeAll(t, orders, "USE $(DbName);\nGO\n")
		c := newClient(t, Options{})
		c.initialize(modern, `null`)
		c.open(pathURI(orders), "USE $(DbName);\nGO\n")
		if ds := c.diagnostics(pathURI(orders), 1); len(ds) != 0 {
			t.Fatalf("orders on open: %v, want none", codes(ds))
		}
		c.open(pathURI(master), ":setvar DbName Sales\n:r tables/orders.sql\n")
		c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: pathURI(master), Version: 2}, ContentChanges: []contentChange{{Text: ":r tables/orders.sql\n"}}})
		if ds := c.diagnosticsWith(pathURI(orders), 1, "SL002"); find(ds, "SL002") == nil {
			t.Errorf("orders after the master lost its :setvar: %v, want SL002", codes(ds))
		}
	})
}

// diagnosticsWhen is the diagnostics of uri at version that ok accepts,
// or the second of two publishes: opening a script that uri's check
// reads (one it includes, one that includes it, its context) may
// re-check uri once before an edit of that script does, with what it
// gave before, when the two checks are not folded into one (a slow run).
func (c *client) diagnosticsWhen(uri string, version int, ok func([]Diagnostic) bool) []Diagnostic {
	c.t.Helper()
	ds := c.diagnostics(uri, version)
	if !ok(ds) {
		ds = c.diagnostics(uri, version)
	}
	return ds
}

// diagnosticsWith is diagnosticsWhen for diagnostics holding a finding
// of rule.
func (c *client) diagnosticsWith(uri string, version int, rule string) []Diagnostic {
	c.t.Helper()
	return c.diagnosticsWhen(uri, version, func(ds []Diagnostic) bool { return find(ds, rule) != nil })
}

func TestIncludesName(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{":r lib/vars.sql", true},
		{"GO\r\n  :R \"C:\\x\\VARS.SQL\"\r\n", true},
		{"SELECT 1 -- :r vars.sql\n", false},
		{":reset\n:r other.sql\nvars.sql\n", false},
		{":r", false},
		{"", false},
	} {
		if got := includesName(c.text, "vars.sql"); got != c.want {
			t.Errorf("includesName(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestIncludeChangedOnDiskRechecksIncluder: a checkout or another
// program that rewrites an included script in a sibling folder (the
// client reports it with didChangeWatchedFiles) re-checks the open
// scripts that include it, as an edit in the editor does.
func TestIncludeChangedOnDiskRechecksIncluder(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "include-outside: true\n")
	mig := filepath.Join(dir, "migrations", "V1__main.sql")
	inc := filepath.Join(dir, "lib", "vars.sql")
	main := ":r ../lib/vars.sql\nUSE $(DbName);\nGO\n"
	writeAll(t, inc, ":setvar DbName Sales\n")
	writeAll(t, mig, main)
	c := newClient(t, Options{})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}},"textDocument":`+literalSupport+`}`, `null`)
	c.open(pathURI(mig), main)
	if ds := c.diagnostics(pathURI(mig), 1); len(ds) != 0 {
		t.Fatalf("V1 on open: %v, want none", codes(ds))
	}
	writeAll(t, inc, "-- no variables\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(inc), Type: 2}}})
	if ds := c.diagnostics(pathURI(mig), 1); find(ds, "SL002") == nil {
		t.Errorf("V1 after the include lost its :setvar on disk: %v, want SL002", codes(ds))
	}
}
