//go:build unix

package analysis

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe called x.sql in a scanned folder is an input error, not a
// run that waits forever for a writer.
func TestNamedPipeIsNotRead(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/a.sql", checkpoint10)
	if err := syscall.Mkfifo(filepath.Join(dir, "m", "pipe.sql"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	rs, sum := runAll(t, Options{Paths: []string{"m"}})
	if len(rs) != 2 || len(sum.Errors) != 1 || sum.Errors[0].Path != "m/pipe.sql" || !strings.Contains(sum.Errors[0].Message, "not a regular file") {
		t.Errorf("results %+v errors %+v", rs, sum.Errors)
	}
}
