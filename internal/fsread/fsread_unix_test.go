//go:build unix

package fsread

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe with no writer: opening it for reading without O_NONBLOCK
// blocks forever, so a hang here fails the test by timeout.
func TestReadFileFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.sql")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	_, err := ReadFile(p, 0)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "x.sql: not a regular file (a named pipe)") {
		t.Errorf("FIFO: %v", err)
	}
	// through a symbolic link too
	link := filepath.Join(dir, "link.sql")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(link, 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("link to FIFO: %v", err)
	}
}

// The check after the open: a FIFO opened without blocking is refused by
// its fstat even when the first stat was skipped.
func TestOpenNonBlockingFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	f, err := openNonBlocking(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if err := check(p, info, DefaultMaxSize); !errors.Is(err, ErrNotRegular) {
		t.Errorf("check of the opened FIFO: %v", err)
	}
}
