package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A pre-commit hook of a linked worktree (git worktree add) runs at the
// worktree's top with GIT_DIR set and no GIT_WORK_TREE, as git runs it:
// a check of db/V2.sql with --new-from-rev HEAD reports the new line's
// finding only, not the script's old one.
func TestNewFromRevInWorktreeHook(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V2.sql", "ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\n")
	git("add", ".")
	git("commit", "-qm", "one")
	wt := filepath.Join(t.TempDir(), "wt")
	git("worktree", "add", "-q", wt)
	if r, err := filepath.EvalSymlinks(wt); err == nil {
		wt = r
	}
	writeFile(t, wt, "db/V2.sql", "ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\nCHECKPOINT 20;\n")
	t.Chdir(wt)
	t.Setenv("GIT_DIR", filepath.Join(dir, ".git", "worktrees", "wt"))
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--new-from-rev", "HEAD", "db/V2.sql")
	if got := strings.Join(found(out), ","); code != 1 || got != "db/V2.sql:3 SL302" {
		t.Errorf("exit %d, %s; want 1, db/V2.sql:3 SL302\n%s%s", code, got, out, errs)
	}
}
