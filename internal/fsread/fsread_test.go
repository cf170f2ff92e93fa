package fsread

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadFileRegular(t *testing.T) {
	dir := t.TempDir()
	want := []byte("SELECT 1\nGO\n")
	p := write(t, dir, "a.sql", want)
	got, err := ReadFile(p, 0)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	empty := write(t, dir, "empty.sql", nil)
	if got, err := ReadFile(empty, 10); err != nil || len(got) != 0 {
		t.Errorf("empty file: %q, %v", got, err)
	}
	// a symbolic link to a regular file is read
	link := filepath.Join(dir, "link.sql")
	if err := os.Symlink(p, link); err == nil {
		if got, err := ReadFile(link, 0); err != nil || !bytes.Equal(got, want) {
			t.Errorf("symlink: %q, %v", got, err)
		}
	}
}

func TestReadFileLimit(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "big.sql", bytes.Repeat([]byte("x"), 1000))
	if got, err := ReadFile(p, 1000); err != nil || len(got) != 1000 {
		t.Errorf("at the limit: %d bytes, %v", len(got), err)
	}
	_, err := ReadFile(p, 999)
	if !errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNotRegular) {
		t.Fatalf("over the limit: %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, p) || !strings.Contains(msg, "999 bytes limit") {
		t.Errorf("message %q names neither the file nor the limit", msg)
	}
	_, err = ReadFile(p, 512)
	if err == nil || !strings.Contains(err.Error(), "larger than the 512 bytes limit") {
		t.Errorf("512: %v", err)
	}
}

func TestReadFileBigFileDefaultLimit(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "huge.sql")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	// A sparse file one byte over the default limit: no disk space used.
	if err := f.Truncate(DefaultMaxSize + 1); err != nil {
		t.Skip("cannot make a sparse file:", err)
	}
	f.Close()
	_, err = ReadFile(p, 0)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "64 MB limit") {
		t.Errorf("ReadFile = %v, want a 64 MB limit error", err)
	}
}

func TestReadFileNotRegular(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadFile(dir, 0)
	if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "a folder") {
		t.Errorf("folder: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		_, err := ReadFile("/dev/zero", 0)
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "/dev/zero: not a regular file (a character device)") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.sql"), 0); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{
		64 << 20: "64 MB", 1 << 30: "1 GB", 1536 << 10: "1536 KB", 100: "100 bytes", 1<<20 + 1: "1048577 bytes", 256 << 20: "256 MB",
	} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}
