package gitdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestReadStaged: the names are the staged .sql files (any case), not a
// staged text file nor an unstaged script; the overlay holds the index's
// text of each file the work tree changed or deleted since git add,
// spelled from the folder given (through a symbolic link).
func TestReadStaged(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/ctx.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/gone.sql"), "SELECT 1;\n")
	run(t, repo, "init", "-q")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-qm", "one")
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 2;\n")
	write(t, filepath.Join(repo, "db/V2.SQL"), "SELECT 3;\n")
	write(t, filepath.Join(repo, "notes.txt"), "x\n")
	run(t, repo, "add", ".")
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 4;\n")  // unstaged change
	write(t, filepath.Join(repo, "db/ctx.sql"), "SELECT 5;\n") // unstaged, not staged
	write(t, filepath.Join(repo, "db/new.sql"), "SELECT 6;\n") // untracked
	if err := os.Remove(filepath.Join(repo, "db/gone.sql")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "link")
	if err := os.Symlink(repo, link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	st, err := ReadStaged(filepath.Join(link, "db"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(link, "db/V1.sql"), filepath.Join(link, "db/V2.SQL")}; !slices.Equal(st.Names, want) {
		t.Errorf("names %q, want %q", st.Names, want)
	}
	for name, want := range map[string]string{"db/V1.sql": "SELECT 2;\n", "db/ctx.sql": "SELECT 1;\n", "db/gone.sql": "SELECT 1;\n"} {
		if got, ok := st.Overlay[filepath.Join(link, name)]; !ok || string(got) != want {
			t.Errorf("overlay %s: %q %v, want %q", name, got, ok, want)
		}
	}
	if _, ok := st.Overlay[filepath.Join(link, "db/new.sql")]; ok {
		t.Error("an untracked file has no index text")
	}
	if _, err := ReadStaged(base); err == nil {
		t.Error("outside a repository: no error")
	}
}

// TestReadStagedHidden: a bare --staged checks the staged scripts a scan
// of the repository's top would, so not a hidden one (.scratch.sql, a
// script under .vscode/): a folder walk leaves hidden names out.
func TestReadStagedHidden(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	for _, name := range []string{"db/V1.sql", "db/.scratch.sql", ".vscode/x.sql", ".x.sql"} {
		write(t, filepath.Join(repo, name), "SELECT 1;\n")
	}
	run(t, repo, "init", "-q")
	run(t, repo, "add", ".")
	st, err := ReadStaged(repo)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(repo, "db/V1.sql")}; !slices.Equal(st.Names, want) {
		t.Errorf("names %q, want %q", st.Names, want)
	}
}
