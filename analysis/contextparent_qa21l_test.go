package analysis

import (
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// TestContextFolderOfCallbacksParent: a callbacks folder's context
// widens to its parent unless the parent holds a script of its own; one
// the run does not read (git ignores it, or the config excludes it)
// does not hold it back.
func TestContextFolderOfCallbacksParent(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "f/callbacks/afterMigrate.sql", "SELECT 1;\n")
	write(t, dir, "f/scratch.sql", "SELECT 1;\n")
	write(t, dir, "f/sql/V1__a.sql", "SELECT 1;\n")
	in, scratch := filepath.Join(dir, "f/callbacks"), filepath.Join(dir, "f/scratch.sql")
	if got := ContextFolderOf(in, nil, nil); got != in {
		t.Errorf("ContextFolderOf(f/callbacks, nil, nil) = %s, want f/callbacks", got)
	}
	keep := func(p string) bool { return p != scratch }
	if got := ContextFolderOf(in, nil, keep); got != filepath.Join(dir, "f") {
		t.Errorf("ContextFolderOf(f/callbacks, nil, keep) = %s, want f", got)
	}
	cfg := config.Default()
	cfg.Dir, cfg.Exclude = dir, []string{"f/scratch.sql"}
	if got := ContextFolderOf(in, cfg, nil); got != filepath.Join(dir, "f") {
		t.Errorf("ContextFolderOf(f/callbacks, excludes) = %s, want f", got)
	}
}
