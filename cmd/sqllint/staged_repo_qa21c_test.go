package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStagedReadsTheRepositoryOfThePathsNamed: --staged with paths reads
// the index of the repository they are in, as --new-from-rev compares
// it: it read the current folder's, so from outside any repository it
// stopped ("/tmp is not in a git repository") although the scripts are
// in one, and from another repository it checked the work tree's text of
// a partly staged script, not what its commit holds. A path in another
// repository than the first path's is an error.
func TestStagedReadsTheRepositoryOfThePathsNamed(t *testing.T) {
	dir, _ := gitRepo(t) // the current folder: a repository of its own
	gitIn := func(repo string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", filepath.Join(dir, repo)}, args...)...)
		cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	for _, repo := range []string{"a", "b"} {
		writeFile(t, dir, repo+"/db/V1.sql", "PRINT 1;\n")
		gitIn(repo, "init", "-q", "-b", "main")
		gitIn(repo, "add", ".")
		gitIn(repo, "commit", "-qm", "one")
		// staged: a new finding; the work tree: the line taken out again
		writeFile(t, dir, repo+"/db/V1.sql", "PRINT 1;\nGO\nCHECKPOINT 10;\n")
		gitIn(repo, "add", ".")
		writeFile(t, dir, repo+"/db/V1.sql", "PRINT 1;\n")
	}
	scan := func(args ...string) (int, string, string) {
		return runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--staged"}, args...)...)
	}
	for _, from := range []string{dir, t.TempDir()} { // another repository, none
		t.Chdir(from)
		for _, path := range []string{filepath.Join(dir, "a/db/V1.sql"), filepath.Join(dir, "a/db")} {
			code, out, errs := scan(path)
			if got := found(out); code != 1 || len(got) != 1 || !strings.HasSuffix(got[0], "V1.sql:3 SL302") {
				t.Errorf("from %s, --staged %s: exit %d, %v, %q; want the staged SL302 at line 3", from, path, code, got, errs)
			}
		}
	}
	t.Chdir(dir)
	code, out, errs := scan("a/db", "b/db")
	if code != exitError || !strings.Contains(errs, "--staged: b/db is not in the git repository "+filepath.Join(dir, "a")) {
		t.Errorf("--staged a/db b/db: exit %d, %v, %q; want 2 and an error naming b/db", code, found(out), errs)
	}
}
