package gitdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTracked: the index's files and untracked files git does not ignore
// are kept, ignored ones not (.gitignore, .git/info/exclude), unless in
// the index (git add -f); a path
// reached through a symbolic link to the repository is matched as
// spelled; a file outside any repository, and one of a repository at the
// home folder, is tracked (nothing to leave out); so is every file when
// git's environment names another repository. HasDir: a folder holds a
// tracked file at some depth, unless git ignores it whole; the top and a
// folder outside any repository always do.
func TestTracked(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/new.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/scratch.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/bak/restore.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/old/deep/x.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, ".gitignore"), "bak/\nold/\n")
	write(t, filepath.Join(base, "loose/x.sql"), "SELECT 1;\n")
	run(t, repo, "init", "-q")
	run(t, repo, "add", "db/V1.sql", ".gitignore")
	run(t, repo, "commit", "-qm", "one")
	run(t, repo, "add", "db/new.sql") // staged, not committed
	write(t, filepath.Join(repo, "db/bak/forced.sql"), "SELECT 1;\n")
	run(t, repo, "add", "-f", "db/bak/forced.sql") // ignored, but in the index
	write(t, filepath.Join(repo, "db/local.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, ".git/info/exclude"), "db/local.sql\n")
	link := filepath.Join(base, "link")
	if err := os.Symlink(repo, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	tr := NewTracked()
	for path, want := range map[string]bool{
		filepath.Join(repo, "db/V1.sql"):          true,
		filepath.Join(repo, "db/new.sql"):         true,
		filepath.Join(repo, "db/scratch.sql"):     true,
		filepath.Join(repo, "db/bak/restore.sql"): false,
		filepath.Join(repo, "db/bak/forced.sql"):  true,
		filepath.Join(repo, "db/local.sql"):       false,
		filepath.Join(link, "db/V1.sql"):          true,
		filepath.Join(link, "db/bak/restore.sql"): false,
		filepath.Join(base, "loose/x.sql"):        true,
	} {
		if got := tr.Has(path); got != want {
			t.Errorf("%s: %v, want %v", path, got, want)
		}
	}
	for dir, want := range map[string]bool{
		repo:                               true,
		filepath.Join(repo, "db"):          true,
		filepath.Join(repo, "db/bak"):      true, // git add -f
		filepath.Join(repo, "db/old"):      false,
		filepath.Join(repo, "db/old/deep"): false,
		filepath.Join(link, "db/old"):      false,
		filepath.Join(base, "loose"):       true,
	} {
		if got := tr.HasDir(dir); got != want {
			t.Errorf("HasDir %s: %v, want %v", dir, got, want)
		}
	}
	t.Setenv("HOME", repo)
	if !NewTracked().Has(filepath.Join(repo, "db/bak/restore.sql")) {
		t.Error("a repository at the home folder must leave nothing out")
	}
	t.Setenv("HOME", base)
	other := filepath.Join(base, "other")
	run(t, base, "init", "-q", other)
	t.Setenv("GIT_DIR", filepath.Join(other, ".git"))
	if !NewTracked().Has(filepath.Join(repo, "db/bak/restore.sql")) {
		t.Error("GIT_DIR naming another repository must leave nothing out")
	}
}

// A script or folder git spells in another case is not left out: on a
// case-insensitive file system the walk's spelling need not be git's.
func TestListingHasOtherCase(t *testing.T) {
	l := &listing{files: map[string]bool{"db/Migrations/V1__init.sql": true}}
	for _, name := range []string{"db/Migrations/V1__init.sql", "DB/migrations/v1__INIT.sql"} {
		if !l.has(name, false) {
			t.Errorf("has(%q) = false, want true", name)
		}
	}
	if l.has("db/Migrations/V2__more.sql", false) {
		t.Errorf("has of a file not listed = true")
	}
	l.dirs = map[string]bool{"db": true, "db/Migrations": true}
	l.folded = nil
	for _, name := range []string{"db/Migrations", "Db/migrations"} {
		if !l.has(name, true) {
			t.Errorf("has(%q, dir) = false, want true", name)
		}
	}
	if l.has("db/Migrations/V1__init.sql", true) || l.has("build", true) {
		t.Errorf("a file or a folder not listed counts as a listed folder")
	}
}
