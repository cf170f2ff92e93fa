//go:build unix

package fsread

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Open opens a regular file of any size, and refuses a named pipe (with
// no writer: opening it would block) as ReadFile does.
func TestOpenRegularOnly(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.sql")
	if err := os.WriteFile(p, []byte("SELECT 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(f)
	f.Close()
	if err != nil || string(data) != "SELECT 1;\n" {
		t.Errorf("read %q, %v", data, err)
	}
	fifo := filepath.Join(dir, "p.sql")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	if f, err := Open(fifo); !errors.Is(err, ErrNotRegular) {
		if f != nil {
			f.Close()
		}
		t.Errorf("Open of a FIFO: %v, want ErrNotRegular", err)
	}
}
