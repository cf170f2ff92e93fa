package analysis

import (
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// ContextFolderOf climbs to the Flyway location past a script the run
// does not read (git ignores it), and a callbacks folder's parent
// widens past one, as the walk of the folder found leaves it out; so
// does a script the config excludes. A script it reads of another name
// still stops the climb.
func TestContextFolderOf(t *testing.T) {
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
		if got := ContextFolderOf(filepath.Join(dir, in), nil, nil); got != filepath.Join(dir, want[0]) {
			t.Errorf("ContextFolderOf(%s, nil, nil) = %s, want %s", in, got, want[0])
		}
		if got := ContextFolderOf(filepath.Join(dir, in), nil, keep); got != filepath.Join(dir, want[1]) {
			t.Errorf("ContextFolderOf(%s, nil, keep) = %s, want %s", in, got, want[1])
		}
	}
	cfg := config.Default()
	cfg.Dir, cfg.Exclude = dir, []string{"db/scratch.sql", "f/callbacks/notes.sql"}
	for in, want := range map[string]string{"db/tables": "db", "f/callbacks": "f"} {
		if got := ContextFolderOf(filepath.Join(dir, in), cfg, nil); got != filepath.Join(dir, want) {
			t.Errorf("ContextFolderOf(%s, excludes) = %s, want %s", in, got, want)
		}
	}
	cfg.Exclude = nil
	if got := ContextFolderOf(filepath.Join(dir, "db/tables"), cfg, nil); got != filepath.Join(dir, "db/tables") {
		t.Errorf("ContextFolderOf(db/tables, no excludes) = %s, want db/tables", got)
	}
}
