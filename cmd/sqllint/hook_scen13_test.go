package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookContextIsWhatTheCommitHolds: a pre-commit hook names the staged
// script and the rest of the repository is its context, but only what
// git tracks (or has staged): a developer's untracked scratch script and
// a git-ignored backup folder are no part of the commit and must not
// change its findings. --context-untracked reads them as before.
func TestHookContextIsWhatTheCommitHolds(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/001_init.sql", createSales+filegroups(0, 700))
	writeFile(t, dir, ".gitignore", "db/002_backups/\n")
	git("add", ".")
	git("commit", "-qm", "init")
	writeFile(t, dir, "db/003_more.sql", "USE Sales;\nGO\n"+filegroups(700, 750))
	git("add", "db/003_more.sql")
	hook := append(hookEntry(t), "db/003_more.sql")
	check := func(what, want string, args ...string) {
		t.Helper()
		code, out, errs := runCmd(t, "", nil, append(args, hook...)...)
		got := strings.Join(found(out), ",")
		if got != want || (want == "" && code != 0) || (want != "" && code != 1) {
			t.Errorf("%s: exit %d, %q, want %q\n%s%s", what, code, got, want, out, errs)
		}
	}
	check("the commit alone: 750 filegroups", "")

	// 90 more filegroups in an untracked script, then in an ignored folder
	scratch := writeFile(t, dir, "db/002_try.sql", "USE Sales;\nGO\n"+filegroups(1000, 1090))
	check("untracked scratch script", "")
	// (a hook's entry is the scan command: the flag goes after it)
	code, out, _ := runCmd(t, "", nil, append(append(hookEntry(t), "--context-untracked"), "db/003_more.sql")...)
	if got := found(out); code != 1 || len(got) != 1 || !strings.HasSuffix(got[0], " SL101") {
		t.Errorf("--context-untracked reads it: exit %d %v\n%s", code, got, out)
	}
	if err := os.Rename(scratch, filepath.Join(dir, "db/002_backups/restore.sql")); err != nil {
		if err := os.MkdirAll(filepath.Join(dir, "db/002_backups"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(scratch, filepath.Join(dir, "db/002_backups/restore.sql")); err != nil {
			t.Fatal(err)
		}
	}
	check("git-ignored backup folder", "")
	if _, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--context-untracked", "db/003_more.sql"); len(found(out)) != 1 {
		t.Errorf("--context-untracked reads the ignored folder: %s", out)
	}

	// staged, the same script is part of the commit: it counts
	writeFile(t, dir, "db/002_try.sql", "USE Sales;\nGO\n"+filegroups(1000, 1090))
	git("add", "db/002_try.sql")
	code, out, _ = runCmd(t, "", nil, hook...)
	if got := found(out); code != 1 || len(got) != 1 || !strings.HasPrefix(got[0], "db/003_more.sql:") || !strings.HasSuffix(got[0], " SL101") {
		t.Errorf("staged script is context: exit %d %v\n%s", code, got, out)
	}
	// unstaged again (git rm --cached: the commit deletes it, the file stays)
	git("rm", "-q", "--cached", "db/002_try.sql")
	check("staged for deletion", "")

	// git commit -a and git commit PATH run the hook with a temporary
	// index (GIT_INDEX_FILE): the files it holds are the commit's
	alt := filepath.Join(t.TempDir(), "index")
	t.Setenv("GIT_INDEX_FILE", alt)
	git("read-tree", "HEAD")
	git("add", "db/003_more.sql", "db/002_try.sql")
	code, out, _ = runCmd(t, "", nil, hook...)
	if got := found(out); code != 1 || len(got) != 1 || !strings.HasSuffix(got[0], " SL101") {
		t.Errorf("GIT_INDEX_FILE's index: exit %d %v\n%s", code, got, out)
	}
	os.Unsetenv("GIT_INDEX_FILE")

	// a repository at the home folder (dotfiles) tracks none of a
	// project below it: it leaves nothing out
	t.Setenv("HOME", dir)
	code, out, _ = runCmd(t, "", nil, hook...)
	if got := found(out); code != 1 || len(got) != 1 {
		t.Errorf("a repository at the home folder filters nothing: exit %d %v\n%s", code, got, out)
	}
}
