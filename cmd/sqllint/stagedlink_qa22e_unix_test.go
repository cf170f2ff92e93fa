//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStagedLinkOutside: a bare --staged (a plain pre-commit hook) checks
// the scripts git's index lists; a symbolic link among them was read as
// if named on the command line, so a link committed to a file outside
// the repository printed that file in its findings, where a scan of the
// folder (and the pre-commit framework, whose hook takes files only)
// refuses it. The index's list is no name the user gave: its links are
// read only where a walked link is.
func TestStagedLinkOutside(t *testing.T) {
	dir, git := gitRepo(t)
	outside := t.TempDir()
	writeFile(t, outside, "x.sql", "CHECKPOINT 45;\n")
	writeFile(t, dir, "db/V1.sql", "PRINT 1;\n")
	writeFile(t, dir, "db/V0.sql", "CHECKPOINT 20;\n")
	if err := os.Symlink(filepath.Join(outside, "x.sql"), filepath.Join(dir, "db/V2.sql")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	if err := os.Symlink("V0.sql", filepath.Join(dir, "db/V3.sql")); err != nil {
		t.Fatal(err)
	}
	git("add", ".")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--staged")
	if code != exitError || strings.Contains(out, "CHECKPOINT 45") || !strings.Contains(out+errs, "db/V2.sql: error: symbolic link to a file outside") {
		t.Errorf("bare --staged: exit %d, want the outside link refused\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "V3.sql:1:1") && !strings.Contains(out, "V0.sql:1:1") {
		t.Errorf("bare --staged: the link inside the folder is read\n%s", out)
	}
	// named by the user, a link is read
	if code, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "db/V2.sql"); code != 1 || !strings.Contains(out, "CHECKPOINT 45") {
		t.Errorf("named link: exit %d\n%s", code, out)
	}
}

// TestLinkedFolderSaid: a scan does not follow a symbolic link to a
// folder, and says so rather than leave its scripts unchecked without a
// word; named, the folder is checked.
func TestLinkedFolderSaid(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "common/V5__c.sql", "CHECKPOINT 45;\n")
	writeFile(t, dir, "db/V1__a.sql", "PRINT 1;\n")
	if err := os.Symlink("../common", filepath.Join(dir, "db/common")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	t.Chdir(dir)
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "db")
	if code != 0 || strings.Contains(out, "CHECKPOINT 45") || !strings.Contains(errs, "warning: db/common is a symbolic link to a folder: not followed") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	if code, out, _ := runCmd(t, "", nil, "scan", "--no-config", "db/common"); code != 1 || !strings.Contains(out, "CHECKPOINT 45") {
		t.Errorf("named: exit %d\n%s", code, out)
	}
}
