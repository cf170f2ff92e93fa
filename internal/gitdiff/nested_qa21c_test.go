package gitdiff

import (
	"path/filepath"
	"testing"
)

// TestSinceNestedRepository: a repository inside the work tree that is
// no submodule (a clone kept in a subfolder) is untracked content to git
// ("nested/" in git status), and untracked files are wholly new: its
// scripts' findings were all taken for findings on lines that did not
// change, as git lists the folder, not its files.
func TestSinceNestedRepository(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "db", "V1.sql"), "a\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	nested := filepath.Join(dir, "vendor", "other")
	write(t, filepath.Join(nested, "db", "N1.sql"), "b\n")
	run(t, nested, "init", "-q", "-b", "main")
	run(t, nested, "add", ".")
	run(t, nested, "commit", "-qm", "one")
	t.Chdir(dir)
	c, err := Since(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed(filepath.Join(nested, "db", "N1.sql"), 1, 1) {
		t.Error("vendor/other/db/N1.sql, in a repository git does not track: line 1 did not change, want every line new")
	}
	if c.Changed(filepath.Join(dir, "db", "V1.sql"), 1, 1) || c.Changed(filepath.Join(dir, "vendor", "otherfile.sql"), 1, 1) {
		t.Error("db/V1.sql (unchanged) or a file beside the nested repository changed")
	}
}
