package main

import (
	"strings"
	"testing"
)

// --stdin-filename names the file standard input holds. Given a folder
// (a typo, or the folder of the file), standard input took the place of
// the path "-", which then named the folder: the folder's scripts were
// scanned (--stdin-filename / scanned the whole file system), what was
// piped was never read, and the exit status was that of the other
// scripts. A name that is not a file is a usage error.
func TestStdinFilenameNamingAFolderIsAnError(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 5;\n")
	for _, name := range []string{"db", "db/", "."} {
		code, out, errs := runCmd(t, "SELECT 1;\n", nil, "scan", "--no-config", "--no-source", "--stdin-filename", name, "-")
		if code != exitError || !strings.Contains(errs, "--stdin-filename "+name+" is a folder") || strings.Contains(out, "V1.sql") {
			t.Errorf("--stdin-filename %s: exit %d, want %d and a usage error naming it\n%s%s", name, code, exitError, out, errs)
		}
	}
	// a file that is not there yet is a new script in its folder's place
	code, out, errs := runCmd(t, "CHECKPOINT 7;\n", nil, "scan", "--no-config", "--no-source", "--stdin-filename", "db/V2.sql", "-")
	if got := strings.Join(found(out), ","); code != exitFindings || got != "db/V2.sql:1 SL302" {
		t.Errorf("a new file: exit %d, %s\n%s%s", code, got, out, errs)
	}
}

// An empty path or --context (a CI variable that expanded to nothing) is
// named as such, not as ": no such file or directory".
func TestEmptyPathsAreNamed(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "V1.sql", "SELECT 1;\n")
	for _, args := range [][]string{{""}, {"--context", "", "V1.sql"}} {
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config"}, args...)...)
		if code != exitError || !strings.Contains(errs, `""`) || !strings.Contains(errs, "empty path") {
			t.Errorf("scan %q: exit %d, want %d and the empty path named\n%s%s", args, code, exitError, out, errs)
		}
	}
}
