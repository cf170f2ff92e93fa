package gitdiff

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrackedUnlisted: a folder whose .git names no repository (a
// submodule's folder copied without its superproject, as a Docker build
// context does) is one git cannot list: every file of it counts, the
// ones its .gitignore names too, and Unlisted says which repository and
// why, once, for the run to say it.
func TestTrackedUnlisted(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".git"), "gitdir: ../.git/modules/db\n")
	write(t, filepath.Join(dir, ".gitignore"), "*.bak.sql\n")
	write(t, filepath.Join(dir, "x.bak.sql"), "SELECT 1;\n")
	tr := NewTracked()
	if !tr.Has(filepath.Join(dir, "x.bak.sql")) || !tr.Has(filepath.Join(dir, "y.sql")) {
		t.Fatal("a repository git cannot list: every file counts")
	}
	got := tr.Unlisted()
	if len(got) != 1 || !strings.HasPrefix(got[0], dir+" (") {
		t.Errorf("Unlisted %q, want %s and git's reason", got, dir)
	}
	// a folder in no repository is no such case
	plain := t.TempDir()
	tr = NewTracked()
	if !tr.Has(filepath.Join(plain, "a.sql")) || len(tr.Unlisted()) != 0 {
		t.Errorf("no repository: Unlisted %q", tr.Unlisted())
	}
}
