package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file outside the current folder is named in --diff by its absolute
// path without the leading slash, as git diff --no-index names it: never
// "a//tmp/..." nor "a/../..", which git apply and patch -p1 refuse.
func TestDiffPathOutsideWorkingFolder(t *testing.T) {
	dir := t.TempDir() // outside the package folder the test runs in
	p := writeFile(t, dir, "sub/a.sql", "CHECKPOINT 10;\nGO\n")
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(cwd, filepath.Dir(p))
	if err != nil || !strings.HasPrefix(rel, "..") {
		t.Skipf("temporary folder %s is inside %s", dir, cwd)
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(filepath.ToSlash(abs), "/")
	want := "diff --git a/" + name + " b/" + name + "\n--- a/" + name + "\n+++ b/" + name + "\n"
	for _, arg := range []string{filepath.Dir(p), rel} {
		code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--diff", arg)
		if code != 0 || !strings.HasPrefix(out, want) {
			t.Errorf("--diff %s: exit %d\n%s\nwant header\n%s\nstderr: %s", arg, code, out, want, errs)
		}
	}
}
