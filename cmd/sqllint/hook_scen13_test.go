package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookContextLeavesOutIgnoredScripts: a pre-commit hook names the
// staged script and the rest of the repository is its context, but not
// what git ignores: a git-ignored backup folder is no part of the
// project and must not change the findings. An untracked script that git
// does not ignore is context (most often a migration not added yet, and a
// folder scan reads it), and so is a staged one. --context-ignored reads
// ignored scripts too.
func TestHookContextLeavesOutIgnoredScripts(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/001_init.sql", createSales+filegroups(0, 700))
	writeFile(t, dir, ".gitignore", "db/002_backups/\n")
	git("add", ".")
	git("commit", "-qm", "init")
	writeFile(t, dir, "db/003_more.sql", "USE Sales;\nGO\n"+filegroups(700, 750))
	git("add", "db/003_more.sql")
	hook := append(hookEntry(t), "db/003_more.sql")
	check := func(what string, want int, args ...string) {
		t.Helper()
		code, out, errs := runCmd(t, "", nil, append(args, hook...)...)
		got := found(out)
		ok := len(got) == want && (want == 0 && code == 0 || want == 1 && code == 1 && strings.HasPrefix(got[0], "db/003_more.sql:") && strings.HasSuffix(got[0], " SL101"))
		if !ok {
			t.Errorf("%s: exit %d, %v, want %d SL101 in db/003_more.sql\n%s%s", what, code, got, want, out, errs)
		}
	}
	check("the commit alone: 750 filegroups", 0)

	// 90 more filegroups in a git-ignored backup folder: no context
	if err := os.MkdirAll(filepath.Join(dir, "db/002_backups"), 0o755); err != nil {
		t.Fatal(err)
	}
	ignored := writeFile(t, dir, "db/002_backups/restore.sql", "USE Sales;\nGO\n"+filegroups(1000, 1090))
	check("git-ignored backup folder", 0)
	// (a hook's entry is the scan command: the flag goes after it)
	code, out, _ := runCmd(t, "", nil, append(append(hookEntry(t), "--context-ignored"), "db/003_more.sql")...)
	if got := found(out); code != 1 || len(got) != 1 || !strings.HasSuffix(got[0], " SL101") {
		t.Errorf("--context-ignored reads it: exit %d %v\n%s", code, got, out)
	}

	// the same script untracked but not ignored (a migration not added
	// yet): context, as a folder scan reads it
	if err := os.Rename(ignored, filepath.Join(dir, "db/002_try.sql")); err != nil {
		t.Fatal(err)
	}
	check("untracked script git does not ignore", 1)
	// staged, it is context too; unstaged again (git rm --cached) it is
	// an untracked file again
	git("add", "db/002_try.sql")
	check("staged script", 1)
	git("rm", "-q", "--cached", "db/002_try.sql")
	check("git rm --cached", 1)
	// ignored by .git/info/exclude: no context
	writeFile(t, dir, ".git/info/exclude", "db/002_try.sql\n")
	check("ignored by .git/info/exclude", 0)
	if err := os.Remove(filepath.Join(dir, ".git/info/exclude")); err != nil {
		t.Fatal(err)
	}

	// git commit -a and git commit PATH run the hook with a temporary
	// index (GIT_INDEX_FILE): a file it holds is the commit's, even one
	// an ignore rule matches (git add -f)
	if err := os.Rename(filepath.Join(dir, "db/002_try.sql"), ignored); err != nil {
		t.Fatal(err)
	}
	check("back in the ignored folder", 0)
	alt := filepath.Join(t.TempDir(), "index")
	t.Setenv("GIT_INDEX_FILE", alt)
	git("read-tree", "HEAD")
	git("add", "db/003_more.sql")
	git("add", "-f", "db/002_backups/restore.sql")
	check("GIT_INDEX_FILE's index holds the ignored script", 1)
	os.Unsetenv("GIT_INDEX_FILE")

	// a repository at the home folder (dotfiles) tracks none of a
	// project below it: it leaves nothing out
	t.Setenv("HOME", dir)
	check("a repository at the home folder filters nothing", 1)
}

// TestPlainHookChecksTheStagedContent runs a plain .git/hooks/pre-commit
// script (no pre-commit framework, which would set aside what is not
// staged) with git commit: sqllint scan --staged checks what the commit
// holds, not the work tree, whether the change is only partly staged
// (git add -p) or committed with -a.
func TestPlainHookChecksTheStagedContent(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\n")
	writeFile(t, dir, "notes.txt", "x\n")
	git("add", ".")
	git("commit", "-qm", "init")
	hook := writeFile(t, dir, ".git/hooks/pre-commit",
		"#!/bin/sh\nSQLLINT_TEST_AS_MAIN=1 exec '"+self+"' scan --staged --no-config --no-source\n")
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	commit := func(args ...string) (bool, string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"commit", "-q"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
			"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		return err == nil, string(out)
	}

	// staged: CHECKPOINT 30; the work tree has fixed it since
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\nCHECKPOINT 30;\n")
	git("add", "db/V1.sql")
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\nCHECKPOINT;\n")
	if ok, out := commit("-m", "staged finding"); ok || !strings.Contains(out, "db/V1.sql:2:1: warning SL302") {
		t.Errorf("the staged CHECKPOINT 30 must stop the commit: ok=%v\n%s", ok, out)
	}
	// the other way round: the staged text is clean, the work tree not
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\nCHECKPOINT;\n")
	git("add", "db/V1.sql")
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\nCHECKPOINT 30;\n")
	if ok, out := commit("-m", "clean staged"); !ok {
		t.Errorf("an unstaged finding must not stop the commit:\n%s", out)
	}
	// git commit -a stages the work tree (a temporary index)
	if ok, out := commit("-a", "-m", "all"); ok || !strings.Contains(out, "SL302") {
		t.Errorf("git commit -a commits CHECKPOINT 30: ok=%v\n%s", ok, out)
	}
	// nothing staged that is a script: nothing to check
	writeFile(t, dir, "notes.txt", "y\n")
	git("add", "notes.txt")
	if ok, out := commit("-m", "notes"); !ok || out != "" {
		t.Errorf("no staged script: ok=%v %q", ok, out)
	}
	// a script deleted from the work tree after git add is still committed
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 5;\n")
	git("add", "db/V2.sql")
	if err := os.Remove(filepath.Join(dir, "db/V2.sql")); err != nil {
		t.Fatal(err)
	}
	if ok, out := commit("-m", "gone from disk"); ok || !strings.Contains(out, "db/V2.sql:1:1: warning SL302") {
		t.Errorf("a staged script deleted on disk: ok=%v\n%s", ok, out)
	}
}

// TestStagedRefusals: --staged reads git's index; outside a repository it
// is an error, and it does not combine with --fix, --diff or standard
// input (they work on files).
func TestStagedRefusals(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "V1.sql", "SELECT 1;\n")
	for _, args := range [][]string{{"--fix", "V1.sql"}, {"--diff", "V1.sql"}, {"-"}} {
		code, _, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config", "--staged"}, args...)...)
		if code != 2 || !strings.Contains(errs, "--staged checks what git's index holds") {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	t.Chdir(t.TempDir())
	writeFile(t, ".", "V1.sql", "SELECT 1;\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--staged", "V1.sql"); code != 2 || !strings.Contains(errs, "not in a git repository") {
		t.Errorf("outside a repository: exit %d %q", code, errs)
	}
}

// TestStagedWithNewFromRev: --staged --new-from-rev HEAD reports the
// findings on the lines the commit adds: the staged text compared with
// HEAD, not the work tree's.
func TestStagedWithNewFromRev(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\n")
	git("add", ".")
	git("commit", "-qm", "old finding")
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\nCHECKPOINT 20;\n")
	git("add", "db/V1.sql")
	writeFile(t, dir, "db/V1.sql", "SELECT 1;\nCHECKPOINT 10;\nGO\nCHECKPOINT 20;\nCHECKPOINT 30;\n") // not staged
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged", "--new-from-rev", "HEAD")
	if got := strings.Join(found(out), ","); code != 1 || got != "db/V1.sql:3 SL302" {
		t.Errorf("exit %d, %q, want the staged new line only: db/V1.sql:3 SL302\n%s%s", code, got, out, errs)
	}
}
