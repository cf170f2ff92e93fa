//go:build linux

package analysis

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// openPath opens what syscall.Open opens and fails as it fails: paths
// that fit its room and longer ones, relative ones, missing files, a
// NUL in a path.
func TestOpenPathAsSyscallOpen(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, strings.Repeat("d", 200), strings.Repeat("e", 100))
	if err := os.MkdirAll(long, 0o755); err != nil {
		t.Fatal(err)
	}
	chdir(t, dir)
	var paths []string
	for _, d := range []string{dir, long, "."} {
		for _, name := range []string{"a.sql", "missing.sql"} {
			paths = append(paths, filepath.Join(d, name))
		}
	}
	for _, p := range paths {
		if !strings.HasSuffix(p, "missing.sql") {
			if err := os.WriteFile(p, []byte("SELECT 1;\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	paths = append(paths, "a\x00.sql", strings.Repeat("x", pathRoom-1), strings.Repeat("x", pathRoom))
	flags := syscall.O_RDONLY | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	for _, p := range paths {
		fd, err := openPath(p, flags)
		wfd, werr := syscall.Open(p, flags, 0)
		if !errors.Is(err, werr) || (fd >= 0) != (wfd >= 0) {
			t.Errorf("openPath(%.40q...) = %d, %v; syscall.Open %d, %v", p, fd, err, wfd, werr)
		}
		if fd >= 0 && wfd >= 0 {
			var a, b syscall.Stat_t
			if syscall.Fstat(fd, &a) != nil || syscall.Fstat(wfd, &b) != nil || a.Ino != b.Ino {
				t.Errorf("%.40q: not the same file", p)
			}
		}
		for _, f := range []int{fd, wfd} {
			if f >= 0 {
				_ = syscall.Close(f)
			}
		}
	}
}
