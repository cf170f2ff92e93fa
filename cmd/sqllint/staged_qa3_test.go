package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --staged checks what the commit holds, with the tracked scripts as
// context "their staged content too". A tracked script deleted from the
// work tree but not from the index (rm without git rm) is still in the
// commit; it was no context, since the walk of its folder lists the
// disk: here V1's 10 GB went unseen, and V2's growth of its file to 12 GB
// read as a new allocation (SL201) that the commit does not make.
func TestStagedContextReadsScriptsDeletedFromTheWorkTree(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CREATE DATABASE S ON PRIMARY (NAME = N'S', FILENAME = N'D:\\S.mdf', SIZE = 10GB)\n"+
		"LOG ON (NAME = N'S_log', FILENAME = N'L:\\S.ldf', SIZE = 1GB);\nGO\n")
	git("add", ".")
	git("commit", "-qm", "V1")
	writeFile(t, dir, "db/V2.sql", "ALTER DATABASE S MODIFY FILE (NAME = N'S', SIZE = 12GB);\nGO\n")
	git("add", "db/V2.sql")
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged"); code != 0 {
		t.Fatalf("before the deletion: exit %d\n%s%s", code, out, errs)
	}
	if err := os.Remove(filepath.Join(dir, "db", "V1.sql")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged")
	if code != 0 || len(found(out)) != 0 || !strings.Contains(out, "in 1 file") {
		t.Errorf("V1 deleted from the work tree only: exit %d %v\n%s%s", code, found(out), out, errs)
	}
	// the file named, as the pre-commit framework would with --staged
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged", "db/V2.sql")
	if code != 0 || len(found(out)) != 0 {
		t.Errorf("V2 named: exit %d %v\n%s%s", code, found(out), out, errs)
	}
}
