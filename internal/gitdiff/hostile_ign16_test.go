package gitdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestHostileConfigRunsNothing: a repository's own .git/config (an
// unpacked archive, a checked-out build artifact) may name commands git
// runs while it reads the work tree: core.fsmonitor (git ls-files, git
// diff) and the clean filter a .gitattributes line assigns (git diff of
// the work tree). Reading the repository as sqllint does (the tracked
// files, the staged state, the lines changed since a revision) runs
// neither, and still sees the change.
func TestHostileConfigRunsNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	marker := filepath.Join(base, "marker")
	script := filepath.Join(base, "evil.sh")
	write(t, script, "#!/bin/sh\necho \"$0 $*\" >> '"+marker+"'\ncat\n")
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, ".gitattributes"), "*.sql filter=evil\n")
	run(t, repo, "init", "-q", "-b", "main")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-qm", "one")
	write(t, filepath.Join(repo, "db/V1.sql"), "SELECT 1;\nSELECT 2;\n")
	write(t, filepath.Join(repo, "db/V2.sql"), "SELECT 3;\n")
	run(t, repo, "add", "db/V2.sql")
	write(t, filepath.Join(repo, "db/V2.sql"), "SELECT 3;\nSELECT 4;\n")
	write(t, filepath.Join(base, "more.cfg"), "[filter \"more\"]\n\tclean = "+script+"\n")
	for _, kv := range [][2]string{
		{"core.fsmonitor", script},
		{"filter.evil.clean", script},
		{"filter.evil.process", script},
		{"filter.evil.required", "true"},
		{"include.path", filepath.Join(base, "more.cfg")},
	} {
		run(t, repo, "config", kv[0], kv[1])
	}
	write(t, filepath.Join(repo, ".gitattributes"), "*.sql filter=evil\nV2.sql filter=more\n")
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("the test's own set-up ran the command")
	}

	if !NewTracked().Has(filepath.Join(repo, "db/V1.sql")) {
		t.Error("Tracked: db/V1.sql is tracked")
	}
	st, err := ReadStaged(repo)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Names) != 1 || len(st.Overlay) != 3 {
		t.Errorf("ReadStaged: %v, %d overlaid, want db/V2.sql and 3 (.gitattributes too)", st.Names, len(st.Overlay))
	}
	c, err := Since(repo, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed(filepath.Join(repo, "db/V1.sql"), 2, 2) || c.Changed(filepath.Join(repo, "db/V1.sql"), 1, 1) {
		t.Error("Since: line 2 of db/V1.sql changed, line 1 not")
	}
	c.SetText(filepath.Join(repo, "db/V1.sql"), []byte("SELECT 1;\nSELECT 5;\n"))
	if _, err := SinceMergeBase(repo, "main"); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("the repository's config ran a command:\n%s", data)
	}
}

// TestHostileSubmoduleConfigRunsNothing: git diff --submodule=diff
// compares a submodule's work tree in the submodule, with its own config:
// the clean filter that config sets runs no more than the repository's.
func TestHostileSubmoduleConfigRunsNothing(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	marker := filepath.Join(base, "marker")
	script := filepath.Join(base, "evil.sh")
	write(t, script, "#!/bin/sh\necho \"$0 $*\" >> '"+marker+"'\ncat\n")
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(base, "sub")
	write(t, filepath.Join(sub, "db/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(sub, ".gitattributes"), "*.sql filter=evil\n")
	run(t, sub, "init", "-q", "-b", "main")
	run(t, sub, "add", ".")
	run(t, sub, "commit", "-qm", "one")
	repo := filepath.Join(base, "repo")
	write(t, filepath.Join(repo, "README"), "x\n")
	run(t, repo, "init", "-q", "-b", "main")
	run(t, repo, "add", ".")
	run(t, repo, "commit", "-qm", "one")
	run(t, repo, "-c", "protocol.file.allow=always", "submodule", "--quiet", "add", sub, "vendor")
	run(t, repo, "commit", "-qm", "sub")
	vendor := filepath.Join(repo, "vendor")
	run(t, vendor, "config", "filter.evil.clean", script)
	run(t, vendor, "config", "core.fsmonitor", script)
	write(t, filepath.Join(vendor, "db/V1.sql"), "SELECT 1;\nSELECT 2;\n")
	c, err := Since(repo, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed(filepath.Join(vendor, "db/V1.sql"), 2, 2) {
		t.Error("line 2 of vendor/db/V1.sql changed")
	}
	if data, err := os.ReadFile(marker); err == nil {
		t.Errorf("the submodule's config ran a command:\n%s", data)
	}
}

// TestTrackedHasDir: a folder holds a tracked file at some depth, or git
// ignores it whole (or it holds none); the top and a folder outside any
// repository always do.
func TestTrackedHasDir(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base := t.TempDir()
	repo := filepath.Join(base, "repo")
	write(t, filepath.Join(repo, "db/deep/er/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/bak/old.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/bak/forced/f.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/new/n.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, "db/bak2/old.sql"), "SELECT 1;\n")
	write(t, filepath.Join(repo, ".gitignore"), "bak/\nbak2/\n")
	write(t, filepath.Join(base, "loose/x.sql"), "SELECT 1;\n")
	run(t, repo, "init", "-q")
	run(t, repo, "add", "db/deep", ".gitignore")
	run(t, repo, "add", "-f", "db/bak/forced/f.sql")
	tr := NewTracked()
	for dir, want := range map[string]bool{
		repo:                                true,
		filepath.Join(repo, "db"):           true,
		filepath.Join(repo, "db/deep"):      true,
		filepath.Join(repo, "db/deep/er"):   true,
		filepath.Join(repo, "db/new"):       true, // untracked, not ignored
		filepath.Join(repo, "db/bak"):       true, // a file git add -f added
		filepath.Join(repo, "db/bak2"):      false,
		filepath.Join(repo, "db/bak/other"): false,
		filepath.Join(base, "loose"):        true,
	} {
		if got := tr.HasDir(dir); got != want {
			t.Errorf("%s: %v, want %v", dir, got, want)
		}
	}
}
