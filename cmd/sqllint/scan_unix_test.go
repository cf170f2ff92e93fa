//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An input that cannot be read (here a named pipe called x.sql) is
// reported, the rest of the folder is still checked, and the exit status
// is 2 at the end.
func TestUnreadableInputExitsTwoAfterCheckingTheRest(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "m/V1.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "m/V3.sql", "CHECKPOINT 20;\n")
	if err := syscall.Mkfifo(filepath.Join(dir, "m", "V2.sql"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	r := scanJSON(t, exitError, filepath.Join(dir, "m"))
	if len(r.Findings) != 2 || len(r.Errors) != 1 || !strings.HasSuffix(r.Errors[0].Path, "m/V2.sql") {
		t.Errorf("findings %+v errors %+v", r.Findings, r.Errors)
	}
}

// One physical file named four ways, and through a symlink, is checked
// once.
func TestSameFileUnderManyNamesOnce(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "m/V1.sql", "CHECKPOINT 10;\n")
	link := filepath.Join(dir, "link.sql")
	if err := syscall.Symlink(p, link); err != nil {
		t.Skip("no symlinks:", err)
	}
	r := scanJSON(t, exitFindings, p, filepath.Join(dir, "m", "..", "m", "V1.sql"), filepath.Join(dir, "m"), link, dir+"/./m/V1.sql")
	if len(r.Findings) != 1 {
		t.Errorf("%d findings, want 1: %+v", len(r.Findings), r.Findings)
	}
}
