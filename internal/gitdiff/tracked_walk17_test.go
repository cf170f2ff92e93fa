package gitdiff

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHasByFolder: Has, which finds a folder's repository and listing
// once for the files of the folder asked one after another, answers as
// the whole path's lookup (hasPath) for every spelling of a path
// (absolute, relative to the current folder, a bare name, with "." and
// ".." and doubled separators) and whichever folder was asked before it:
// in a repository or not, at its top or below, a name git spells in
// another case.
func TestHasByFolder(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	for _, f := range []string{"V1.sql", "db/V1.sql", "db/Mixed.sql", "db/scratch.sql", "db/bak/restore.sql", "db/sub/V2.sql"} {
		write(t, filepath.Join(repo, f), "SELECT 1;\n")
	}
	write(t, filepath.Join(repo, ".gitignore"), "bak/\nscratch.sql\n")
	write(t, filepath.Join(base, "loose/x.sql"), "SELECT 1;\n")
	write(t, filepath.Join(base, "loose/scratch.sql"), "SELECT 1;\n")
	run(t, repo, "init", "-q")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-qm", "one")
	paths := []string{
		filepath.Join(repo, "V1.sql"), filepath.Join(repo, "db/V1.sql"), filepath.Join(repo, "db/scratch.sql"),
		filepath.Join(base, "loose/scratch.sql"), filepath.Join(repo, "db/bak/restore.sql"), filepath.Join(repo, "db/mixed.sql"),
		filepath.Join(base, "loose/x.sql"), filepath.Join(repo, "db/sub/V2.sql"), filepath.Join(repo, "db/scratch.sql"),
		"V1.sql", "scratch.sql", "./scratch.sql", "sub/V2.sql", "bak/restore.sql", "../V1.sql", "../db/scratch.sql",
		"sub/../scratch.sql", "sub//../V1.sql", "../../loose/scratch.sql", "bak/./restore.sql", "V1.sql", "scratch.sql",
		repo + "/db//scratch.sql", repo + "/db/./scratch.sql", repo + "/db/sub/../scratch.sql", "/V1.sql",
	}
	for _, cwd := range []string{filepath.Join(repo, "db"), filepath.Join(base, "loose")} {
		tr, oracle := NewTracked(), NewTracked()
		tr.cwd, oracle.cwd = cwd, cwd
		for round := range 2 {
			for i, p := range paths {
				if round == 1 { // another order: every folder after every other
					p = paths[(i*7)%len(paths)]
				}
				if got, want := tr.Has(p), oracle.hasPath(p); got != want {
					t.Errorf("cwd %s: Has(%q) = %v, want %v", cwd, p, got, want)
				}
			}
		}
	}
	tr := NewTracked()
	if !tr.Has(filepath.Join(repo, "db/V1.sql")) || tr.Has(filepath.Join(repo, "db/scratch.sql")) ||
		tr.Has(filepath.Join(repo, "db/bak/restore.sql")) || !tr.Has(filepath.Join(base, "loose/scratch.sql")) {
		t.Error("Has does not tell the files git ignores")
	}
}
