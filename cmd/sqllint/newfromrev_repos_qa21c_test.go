package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNewFromRevPathOutsideTheRepository: --new-from-rev compares the
// repository of the first path named; a later path in another repository
// (or in none) was taken for a file that did not change, so the findings
// its new lines have were dropped without a word and the run passed, or
// not, by the order of the paths. It is now an error naming the path, as
// a first path outside a repository is.
func TestNewFromRevPathOutsideTheRepository(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "a/db/V1.sql", "PRINT 1;\n")
	writeFile(t, dir, "b/db/V1.sql", "PRINT 1;\n")
	for _, repo := range []string{"a", "b"} {
		run := func(args ...string) {
			cmd := exec.Command("git", append([]string{"-C", filepath.Join(dir, repo)}, args...)...)
			cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
				"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v\n%s", args, err, out)
			}
		}
		run("init", "-q", "-b", "main")
		run("add", ".")
		run("commit", "-qm", "one")
		writeFile(t, dir, repo+"/db/V1.sql", "PRINT 1;\nGO\nCHECKPOINT 10;\n")
	}
	_ = git
	for _, paths := range [][]string{{"a/db", "b/db"}, {"b/db", "a/db"}, {"a/db", "b/db/V1.sql"}} {
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--new-from-rev", "HEAD"}, paths...)...)
		other := paths[1]
		if code != exitError || !strings.Contains(errs, other+" is not in the git repository "+filepath.Join(dir, filepath.Dir(paths[0]))) {
			t.Errorf("%v: exit %d, %v, %q; want 2 and an error naming %s", paths, code, found(out), errs, other)
		}
	}
	// paths of one repository, and standard input, are compared as before
	code, out, errs := runCmd(t, "PRINT 2;\n", nil, "scan", "--no-config", "--no-source", "--new-from-rev", "HEAD", "a/db", "a/db/V1.sql", "-")
	if code != 1 || strings.Join(found(out), ",") != "a/db/V1.sql:3 SL302" {
		t.Errorf("one repository: exit %d, %v, %q", code, found(out), errs)
	}
}

// TestNewFromRevStdinNamedInAnotherRepository: standard input named
// with --stdin-filename is compared with that file at the revision in
// the file's repository: from another repository's folder its new lines
// were looked up in the current folder's repository, found in none, and
// its new finding dropped (exit 0); from outside any repository the run
// stopped though the file is in one. A name outside the first path's
// repository is an error.
func TestNewFromRevStdinNamedInAnotherRepository(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "a/db/V1.sql", "PRINT 1;\n")
	cmd := exec.Command("git", "-C", filepath.Join(dir, "a"), "init", "-q", "-b", "main")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"add", "."}, {"commit", "-qm", "one"}} {
		cmd := exec.Command("git", append([]string{"-C", filepath.Join(dir, "a")}, args...)...)
		cmd.Env = append(cmd.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	name := filepath.Join(dir, "a/db/V1.sql")
	for _, from := range []string{dir, t.TempDir()} { // another repository, none
		t.Chdir(from)
		code, out, errs := runCmd(t, "PRINT 1;\nGO\nCHECKPOINT 10;\n", nil, "scan", "--no-config", "--no-source", "--new-from-rev", "HEAD", "--stdin-filename", name, "-")
		if got := found(out); code != 1 || len(got) != 1 || !strings.HasSuffix(got[0], "V1.sql:3 SL302") {
			t.Errorf("from %s: exit %d, %v, %q; want the SL302 of line 3", from, code, got, errs)
		}
	}
	writeFile(t, dir, "b.sql", "PRINT 1;\n")
	t.Chdir(dir)
	code, out, errs := runCmd(t, "CHECKPOINT 10;\n", nil, "scan", "--no-config", "--no-source", "--new-from-rev", "HEAD", "--stdin-filename", "b.sql", "a/db", "-")
	if code != exitError || !strings.Contains(errs, "b.sql is not in the git repository "+filepath.Join(dir, "a")) {
		t.Errorf("a name in another repository: exit %d, %v, %q; want 2 and an error naming b.sql", code, found(out), errs)
	}
}
