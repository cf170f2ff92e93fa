package analysis

import (
	"path/filepath"
	"testing"
)

// ContextFolderKept climbs to the Flyway location past a script the run
// does not read (git ignores it), and a callbacks folder's parent
// widens past one, as the walk of the folder found leaves it out; a
// script it reads of another name still stops the climb.
func TestContextFolderKept(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "db/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "db/scratch.sql", "SELECT 1;\n")
	write(t, dir, "db/tables/V2__b.sql", "SELECT 1;\n")
	write(t, dir, "f/callbacks/afterMigrate.sql", "SELECT 1;\n")
	write(t, dir, "f/callbacks/notes.sql", "SELECT 1;\n")
	write(t, dir, "f/sql/V1__a.sql", "SELECT 1;\n")
	ignored := map[string]bool{filepath.Join(dir, "db/scratch.sql"): true, filepath.Join(dir, "f/callbacks/notes.sql"): true}
	keep := func(p string) bool { return !ignored[p] }
	for in, want := range map[string][2]string{
		"db/tables":   {"db/tables", "db"},
		"f/callbacks": {"f/callbacks", "f"},
	} {
		if got := ContextFolderKept(filepath.Join(dir, in), nil); got != filepath.Join(dir, want[0]) {
			t.Errorf("ContextFolderKept(%s, nil) = %s, want %s", in, got, want[0])
		}
		if got := ContextFolderKept(filepath.Join(dir, in), keep); got != filepath.Join(dir, want[1]) {
			t.Errorf("ContextFolderKept(%s, keep) = %s, want %s", in, got, want[1])
		}
	}
}
