package main

import (
	"strings"
	"testing"
)

// TestExcludeMatchingNothingWarns: an --exclude glob that excludes
// nothing (a typo, or a glob written relative to the scanned folder
// rather than the current one) is named on stderr, with what globs are
// relative to; one that excludes a file, a folder or a file named is
// not; the exit status is the scan's.
func TestExcludeMatchingNothingWarns(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT 5;\n")
	writeFile(t, dir, "db/old/V0__a.sql", "CHECKPOINT 5;\n")
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--exclude", "V1*", "--exclude", "db/old/", "--exclude", "zzz/**", "db")
	if code != exitFindings {
		t.Errorf("exit %d, want 1:\n%s", code, errs)
	}
	for _, g := range []string{"V1*", "zzz/**"} {
		if want := `sqllint: warning: --exclude "` + g + `" matched no file: globs are relative to the current folder`; !strings.Contains(errs, want) {
			t.Errorf("want %q in stderr:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, `"db/old/"`) {
		t.Errorf("a glob that excludes a folder is used:\n%s", errs)
	}
	// a file named that a glob excludes; the glob repeated in the config
	cfg := writeFile(t, dir, "c.yaml", "exclude: [\"db/V1*\"]\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--config", cfg, "--exclude", "db/v1*", "--exclude", "db/V1*", "db/V1__a.sql")
	if code != exitOK || errs != "" || !strings.Contains(out, "no findings in 0 files") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
}

// TestNoFileToCheckNamesExcludes: a folder whose every script an exclude
// leaves out was "no file to check in db (the config's include:
// **/*.sql)", which blamed the include; the excludes are named too.
func TestNoFileToCheckNamesExcludes(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT 5;\n")
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--exclude", "db/V*", "db")
	if want := "sqllint: warning: no file to check in db (the config's include: **/*.sql; exclude: db/V*)\n"; code != exitOK || errs != want {
		t.Errorf("exit %d, stderr %q, want %q", code, errs, want)
	}
}
