package analysis

import (
	"os"
	"path/filepath"
	"testing"
)

// TestContextFolderNamed: the scripts a run names in a folder count as
// scripts of that folder when its context is looked up, whether they are
// on disk or not: standard input named after a new script
// (--stdin-filename db/tables/V2__b.sql) and an editor's unsaved new
// buffer are the first script of a folder that holds none yet, and
// their context is the Flyway location the same script has once saved.
// A named script of another name stops the climb as one on disk does,
// and a named Flyway callback takes its parent as one on disk does.
func TestContextFolderNamed(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "db/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "db/views/V3__c.sql", "SELECT 1;\n")
	write(t, dir, "f/sql/V1__a.sql", "SELECT 1;\n")
	for _, d := range []string{"db/tables", "f/callbacks"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		in    string
		named []string
		want  string
	}{
		{"db/tables", nil, "db/tables"},
		{"db/tables", []string{"V2__b.sql"}, "db"},
		{"db/tables", []string{"notes.sql"}, "db/tables"},
		{"db/tables", []string{"V2__b.sql", "notes.sql"}, "db/tables"},
		{"db/views", []string{"notes.sql"}, "db/views"},
		{"db/views", []string{"V4__d.sql"}, "db"},
		{"f/callbacks", []string{"afterMigrate.sql"}, "f"},
	} {
		if got := ContextFolderNamed(filepath.Join(dir, c.in), c.named, nil, nil); got != filepath.Join(dir, c.want) {
			t.Errorf("ContextFolderNamed(%s, %q) = %s, want %s", c.in, c.named, got, filepath.Join(dir, c.want))
		}
	}
	// a script git does not list yet (keep: only those on disk that git
	// lists) still counts when it is named
	keep := func(p string) bool { _, err := os.Stat(p); return err == nil }
	if got := ContextFolderNamed(filepath.Join(dir, "db/tables"), []string{"V2__b.sql"}, nil, keep); got != filepath.Join(dir, "db") {
		t.Errorf("ContextFolderNamed(db/tables, V2__b.sql, keep) = %s, want db", got)
	}
}
