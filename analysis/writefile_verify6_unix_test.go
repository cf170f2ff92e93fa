//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A report written to a path that is not a regular file (a named pipe,
// as bash's >(...) gives, /dev/null, /dev/stdout) is written into it:
// renaming a temporary file over it replaced it with a regular file
// (run as root, --format sarif=/dev/null replaced /dev/null, and
// --format json=/dev/full made /dev/full a regular file).
func TestWriteFileIntoNamedPipe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "report.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	got := make(chan []byte, 1)
	go func() {
		data, _ := os.ReadFile(fifo) // waits for the writer
		got <- data
	}()
	if err := WriteFile(fifo, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Lstat(fifo)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("%s is now %v, not a named pipe", fifo, info.Mode())
	}
	if data := <-got; string(data) != "{}\n" {
		t.Errorf("read %q from the pipe", data)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("left behind: %v", ents)
	}
}
