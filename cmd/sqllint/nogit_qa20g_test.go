package main

import (
	"strings"
	"testing"
)

// --staged, --new-from-rev and --new-from-merge-base outside a git
// repository name the folder they looked in, not ".", and say it once:
// the message repeated git's own "not a git repository (or any of the
// parent directories): .git" inside its own.
func TestOutsideGitNamesTheFolderOnce(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("GIT_CEILING_DIRECTORIES", dir)
	t.Chdir(dir)
	writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	for _, args := range [][]string{
		{"scan", "--staged"},
		{"scan", "--staged", "a.sql"},
		{"scan", "--new-from-rev", "HEAD", "a.sql"},
		{"scan", "--new-from-merge-base", "main", "a.sql"},
	} {
		code, _, errs := runCmd(t, "", nil, args...)
		if code != exitError || !strings.Contains(errs, dir+" is not in a git repository") ||
			strings.Contains(errs, "parent directories") || strings.Contains(errs, " . is not") {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
