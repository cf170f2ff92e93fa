package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStagedScriptDeletedFromTheWorkTreeReadsItsFolder: a staged script
// whose work-tree copy is gone (rm without git rm) is in the commit and
// is checked from the index; it was checked alone, as its path named no
// file on disk, so V1's 1 GB log went unseen and V2's growth to 8 GB read
// as a new 8 GB. Its folder is its context, as when the copy is there.
func TestStagedScriptDeletedFromTheWorkTreeReadsItsFolder(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1__create.sql", "CREATE DATABASE S ON PRIMARY (NAME = N'S', FILENAME = N'D:\\S.mdf', SIZE = 1GB)\n"+
		"LOG ON (NAME = N'S_log', FILENAME = N'L:\\S.ldf', SIZE = 1GB);\nGO\n")
	git("add", ".")
	git("commit", "-qm", "V1")
	writeFile(t, dir, "db/tables/V2__grow.sql", "ALTER DATABASE S MODIFY FILE (NAME = N'S_log', SIZE = 8GB);\nGO\n")
	git("add", ".")
	check := func(what string, args ...string) {
		t.Helper()
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--staged"}, args...)...)
		if code != 1 || len(found(out)) != 1 || !strings.Contains(out, "allocates 7 GB of log file") {
			t.Errorf("%s: exit %d %v, want SL202 on 7 GB\n%s%s", what, code, found(out), out, errs)
		}
	}
	check("on disk")
	if err := os.Remove(filepath.Join(dir, "db", "tables", "V2__grow.sql")); err != nil {
		t.Fatal(err)
	}
	check("deleted from the work tree")
	check("deleted from the work tree, named", "db/tables/V2__grow.sql")
}
