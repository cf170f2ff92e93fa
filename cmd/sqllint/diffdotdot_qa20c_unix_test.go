//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --diff names link/../a.sql (link pointing to real/sub) as real/a.sql,
// the file --fix writes: it was named a/a.sql, so that git apply patched
// ./a.sql, another file, with real/a.sql's hunk.
func TestDiffNamesDotDotAfterSymlink(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "real/sub/.keep", "")
	writeFile(t, dir, "real/a.sql", "CHECKPOINT 30\n")
	writeFile(t, dir, "a.sql", "SELECT 1\n")
	if err := os.Symlink(filepath.Join("real", "sub"), "link"); err != nil {
		t.Fatal(err)
	}
	_, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--diff", "link/../a.sql")
	if !strings.Contains(out, "--- a/real/a.sql\n+++ b/real/a.sql\n") {
		t.Errorf("diff:\n%s%s", out, errs)
	}
}
