package main

import (
	"slices"
	"strings"
	"testing"
)

// TestHookFileNamedLikeAFlag: pre-commit passes the staged files as they
// are, after the hook's entry and args, without "--"; a script at the
// top of the repository whose name starts with "-" was an "unknown flag"
// (exit 2, the commit blocked, nothing checked). A name that is no flag
// and an existing file is a path; flags and their values keep winning.
func TestHookFileNamedLikeAFlag(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "-V1__tune.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "db/V2.sql", "SELECT 1;\n")
	writeFile(t, dir, "--fail-on", "CHECKPOINT 10;\n") // a file named like a flag

	args := append(append([]string{}, hookEntry(t)...), "--no-config", "-V1__tune.sql", "db/V2.sql")
	code, out, errs := runCmd(t, "", nil, args...)
	if code != 1 || !slices.Equal(found(out), []string{"-V1__tune.sql:1 SL302"}) {
		t.Errorf("%v: exit %d\n%s%s", args, code, out, errs)
	}
	// the file's name is also taken after flags, and among paths
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "db/V2.sql", "-V1__tune.sql", "--fail-on", "never")
	if code != 0 || !slices.Equal(found(out), []string{"-V1__tune.sql:1 SL302"}) {
		t.Errorf("among paths: exit %d\n%s%s", code, out, errs)
	}
	// a flag stays a flag even when a file has its name, and a flag's
	// value is never taken for a path
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "db/V2.sql")
	if code != 0 || len(found(out)) != 0 {
		t.Errorf("--fail-on never: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--stdin-filename", "-V1__tune.sql", "-")
	if code != 0 || len(found(out)) != 0 {
		t.Errorf("--stdin-filename -V1__tune.sql: exit %d\n%s%s", code, out, errs)
	}
	// an unknown flag that names no file is still an error
	code, _, errs = runCmd(t, "", nil, "scan", "--no-config", "-nosuch.sql", "db/V2.sql")
	if code != 2 || !strings.Contains(errs, "unknown flag -nosuch.sql") {
		t.Errorf("-nosuch.sql: exit %d\n%s", code, errs)
	}
}
