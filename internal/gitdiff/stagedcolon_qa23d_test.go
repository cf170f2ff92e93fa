package gitdiff

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// TestReadStagedNameLikeAStage: the index's text of a file is read by
// an object name, and ":0:x.sql" there is stage 0 of "x.sql", not the
// file "0:x.sql" (gitrevisions, ":[<n>:]<path>"): a script so named,
// changed since git add, must get its own staged text, not another's.
func TestReadStagedNameLikeAStage(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	if runtime.GOOS == "windows" {
		t.Skip("no ':' in a file name")
	}
	repo := t.TempDir()
	write(t, filepath.Join(repo, "x.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "0:x.sql"), "SELECT 2;\n")
	write(t, filepath.Join(repo, "db/1:y.sql"), "SELECT 3;\n")
	run(t, repo, "init", "-q")
	run(t, repo, "add", ".")
	write(t, filepath.Join(repo, "0:x.sql"), "SELECT 4;\n")
	write(t, filepath.Join(repo, "db/1:y.sql"), "SELECT 5;\n")
	st, err := ReadStaged(repo)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"0:x.sql": "SELECT 2;\n", "db/1:y.sql": "SELECT 3;\n"} {
		if got, ok := st.Overlay[filepath.Join(repo, name)]; !ok || string(got) != want {
			t.Errorf("overlay %s: %q %v, want the staged %q", name, got, ok, want)
		}
	}
}
