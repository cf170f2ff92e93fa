package gitdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// hostileScript makes a temporary folder base holding script, a program
// that a hostile repository's config names (as fsmonitor hook or clean
// filter: it passes its input through); ran says what runs of it wrote,
// "" when none.
func hostileScript(t *testing.T) (base, script string, ran func() string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	base = t.TempDir()
	marker := filepath.Join(base, "marker")
	script = filepath.Join(base, "evil.sh")
	write(t, script, "#!/bin/sh\necho \"$0 $*\" >> '"+marker+"'\ncat\n")
	if err := os.Chmod(script, 0o755); err != nil {
		t.Fatal(err)
	}
	return base, script, func() string {
		data, _ := os.ReadFile(marker)
		return string(data)
	}
}

// evilRepo makes a repository at dir whose one commit holds db/V1.sql
// and a .gitattributes that gives the .sql files the filter evil.
func evilRepo(t *testing.T, dir string) string {
	t.Helper()
	write(t, filepath.Join(dir, "db/V1.sql"), "SELECT 1;\n")
	write(t, filepath.Join(dir, ".gitattributes"), "*.sql filter=evil\n")
	run(t, dir, "init", "-q", "-b", "main")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	return dir
}

// TestHostileConfigRunsNothing: a repository's own .git/config (an
// unpacked archive, a checked-out build artifact) may name commands git
// runs while it reads the work tree: core.fsmonitor (git ls-files, git
// diff) and the clean filter a .gitattributes line assigns (git diff of
// the work tree). Reading the repository as sqllint does (the tracked
// files, the staged state, the lines changed since a revision) runs
// neither, and still sees the change.
func TestHostileConfigRunsNothing(t *testing.T) {
	base, script, ran := hostileScript(t)
	repo := evilRepo(t, filepath.Join(base, "repo"))
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
	if ran() != "" {
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
	if got := ran(); got != "" {
		t.Errorf("the repository's config ran a command:\n%s", got)
	}
}

// TestHostileSubmoduleConfigRunsNothing: git diff --submodule=diff
// compares a submodule's work tree in the submodule, with its own config:
// the clean filter that config sets runs no more than the repository's.
func TestHostileSubmoduleConfigRunsNothing(t *testing.T) {
	base, script, ran := hostileScript(t)
	sub := evilRepo(t, filepath.Join(base, "sub"))
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
	if got := ran(); got != "" {
		t.Errorf("the submodule's config ran a command:\n%s", got)
	}
}
