//go:build linux

package analysis

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// listDir lists every entry of a folder, and refuses anything else at
// once: a named pipe in a folder's place never blocks the walk.
func TestListDir(t *testing.T) {
	dir := t.TempDir()
	want := []string{"V10.sql", "V2.sql", "a", "b.txt"}
	for _, name := range want {
		var err error
		if name == "a" {
			err = os.Mkdir(filepath.Join(dir, name), 0o755)
		} else {
			err = os.WriteFile(filepath.Join(dir, name), []byte("SELECT 1"), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	ents, err := listDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range ents {
		got = append(got, e.Name())
		if e.IsDir() != (e.Name() == "a") {
			t.Errorf("%s: IsDir %v", e.Name(), e.IsDir())
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, p := range []string{fifo, filepath.Join(dir, "b.txt")} {
		if _, err := listDir(p); !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("listDir(%s): %v, want not a directory", p, err)
		}
	}
}
