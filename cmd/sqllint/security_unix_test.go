//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe called x.sql in the scanned folder, included by :r: SL002,
// and the rest of the folder is checked (it would hang without O_NONBLOCK).
func TestIncludeFIFODoesNotHang(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "deploy.sql", ":r pipe.inc\nCHECKPOINT 10;\n")
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.inc"), 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "json", filepath.Join(dir, "deploy.sql"))
	if code != 1 || !strings.Contains(out, "not a regular file (a named pipe)") || !strings.Contains(out, "SL302") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}
