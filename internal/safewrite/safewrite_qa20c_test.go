package safewrite

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// diskFull makes writeAt behave as on a full disk: the bytes of a write
// that lie within the first room bytes of the file land (the blocks it
// already has), the rest fail with ENOSPC.
func diskFull(t *testing.T, room int64) {
	t.Helper()
	old := writeAt
	t.Cleanup(func() { writeAt = old })
	writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		n := 0
		if off < room {
			k := int(min(int64(len(b)), room-off))
			var err error
			if n, err = f.WriteAt(b[:k], off); err != nil {
				return n, err
			}
		}
		if n < len(b) {
			return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.ENOSPC}
		}
		return n, nil
	}
}

// A file written in place (hard links) that grows on a full disk keeps
// its content: sqllint --fix of a hard-linked script on a full disk left
// the fixed beginning and lost the rest of the file.
func TestInPlaceFullDiskKeepsFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("link counts are Unix")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	old := strings.Repeat("ALTER DATABASE S SET TARGET_RECOVERY_TIME = 0 SECONDS;\n", 50) + "-- the end\n"
	grown := strings.ReplaceAll(old, "= 0 SECONDS", "= 60 SECONDS")
	write(t, p, old, 0o644)
	if err := os.Link(p, filepath.Join(dir, "link.sql")); err != nil {
		t.Fatal(err)
	}
	diskFull(t, int64(len(old))) // not a byte more than the file has
	m, err := Write(p, []byte(old), []byte(grown))
	if m != InPlace || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Write = %v, %v; want in place, no space", m, err)
	}
	if got := content(t, p); got != old {
		t.Errorf("the file was damaged on a full disk: %d bytes, ends %q", len(got), got[max(0, len(got)-40):])
	}
	if strings.Contains(err.Error(), "partly") {
		t.Errorf("error %q: nothing was written, the file is as it was", err)
	}
	// with room, the same write succeeds
	writeAt = (*os.File).WriteAt
	if err := WriteFile(p, []byte(old), []byte(grown)); err != nil || content(t, p) != grown {
		t.Errorf("with room: %v", err)
	}
}

// A failed write in the middle of a file written in place puts the
// original back when it can.
func TestInPlaceFailedWriteRestores(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("link counts are Unix")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	old := strings.Repeat("CHECKPOINT 30;\n", 40)
	short := strings.Repeat("CHECKPOINT;\n", 40)
	write(t, p, old, 0o644)
	if err := os.Link(p, filepath.Join(dir, "link.sql")); err != nil {
		t.Fatal(err)
	}
	orig := writeAt
	t.Cleanup(func() { writeAt = orig })
	failures := 1 // the first write fails half-way, as an I/O error would
	writeAt = func(f *os.File, b []byte, off int64) (int, error) {
		if failures > 0 {
			failures--
			n, _ := f.WriteAt(b[:len(b)/2], off)
			return n, &os.PathError{Op: "write", Path: f.Name(), Err: syscall.EIO}
		}
		return f.WriteAt(b, off)
	}
	if _, err := Write(p, []byte(old), []byte(short)); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Write = %v; want the I/O error", err)
	}
	if got := content(t, p); got != old {
		t.Errorf("not restored: %q", got[:min(len(got), 80)])
	}
}
