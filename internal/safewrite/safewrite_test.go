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

const (
	before = "CHECKPOINT 30;\nGO\n"
	after  = "CHECKPOINT;\nGO\n"
)

func write(t *testing.T, path, text string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil { // umask
		t.Fatal(err)
	}
}

func content(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	write(t, p, before, 0o644)
	m, err := Write(p, []byte(before), []byte(after))
	if err != nil || m != Replaced {
		t.Fatalf("Write = %v, %v", m, err)
	}
	if got := content(t, p); got != after {
		t.Errorf("content %q", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestChangedOnDisk(t *testing.T) {
	for _, links := range []int{1, 2} { // both ways of writing check
		p := filepath.Join(t.TempDir(), "V1.sql")
		write(t, p, before+"-- edited\n", 0o644)
		if links == 2 {
			if err := os.Link(p, p+".link"); err != nil {
				t.Fatal(err)
			}
		}
		err := WriteFile(p, []byte(before), []byte(after))
		if !errors.Is(err, ErrChanged) || !strings.Contains(err.Error(), p) {
			t.Errorf("links %d: err = %v, want ErrChanged naming the file", links, err)
		}
		if got := content(t, p); got != before+"-- edited\n" {
			t.Errorf("links %d: the edited file was overwritten: %q", links, got)
		}
	}
}

// TestChangedBetweenCheckAndRename: the content is checked again after the
// temporary file is written, just before the rename.
func TestChangedBetweenCheckAndRename(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	write(t, p, before, 0o644)
	defer func() { createTemp = os.CreateTemp }()
	createTemp = func(d, pattern string) (*os.File, error) {
		write(t, p, "-- someone else\n", 0o644) // while we write ours
		return os.CreateTemp(d, pattern)
	}
	if err := WriteFile(p, []byte(before), []byte(after)); !errors.Is(err, ErrChanged) {
		t.Errorf("err = %v, want ErrChanged", err)
	}
	if got := content(t, p); got != "-- someone else\n" {
		t.Errorf("content %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary file left behind: %v", entries)
	}
}

func TestSymlinkWritesThrough(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "shared", "util.sql")
	if err := os.Mkdir(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, target, before, 0o644)
	link := filepath.Join(dir, "V1.sql")
	if err := os.Symlink(filepath.Join("shared", "util.sql"), link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte(before), []byte(after)); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if got := content(t, target); got != after {
		t.Errorf("target content %q", got)
	}
}

func TestSymlinkChain(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.sql")
	write(t, target, before, 0o600)
	if err := os.Symlink("real.sql", filepath.Join(dir, "a.sql")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("a.sql", filepath.Join(dir, "b.sql")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "b.sql"), []byte(before), []byte(after)); err != nil {
		t.Fatal(err)
	}
	if got := content(t, target); got != after {
		t.Errorf("target content %q", got)
	}
	for _, l := range []string{"a.sql", "b.sql"} {
		if fi, _ := os.Lstat(filepath.Join(dir, l)); fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", l)
		}
	}
}

func TestHardLinksKept(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("link counts are Unix")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	write(t, p, before, 0o644)
	other := filepath.Join(dir, "copy.sql")
	if err := os.Link(p, other); err != nil {
		t.Fatal(err)
	}
	m, err := Write(p, []byte(before), []byte(after))
	if err != nil || m != InPlace {
		t.Fatalf("Write = %v, %v; want in place", m, err)
	}
	if got := content(t, other); got != after {
		t.Errorf("the other link has %q: the links were split", got)
	}
	a, _ := os.Stat(p)
	b, _ := os.Stat(other)
	if !os.SameFile(a, b) {
		t.Error("the links were split")
	}
	// Shorter and longer content both come out exact.
	if err := WriteFile(p, []byte(after), []byte("x")); err != nil || content(t, other) != "x" {
		t.Errorf("shrink: %v %q", err, content(t, other))
	}
	long := strings.Repeat("y", 100000)
	if err := WriteFile(p, []byte("x"), []byte(long)); err != nil || content(t, other) != long {
		t.Errorf("grow: %v", err)
	}
}

func TestModeKept(t *testing.T) {
	for _, perm := range []os.FileMode{0o600, 0o640, 0o755, 0o644, 0o200} {
		p := filepath.Join(t.TempDir(), "V1.sql")
		write(t, p, before, perm)
		if err := WriteFile(p, []byte(before), []byte(after)); err != nil {
			t.Fatalf("%v: %v", perm, err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != perm {
			t.Errorf("mode %v, want %v", fi.Mode().Perm(), perm)
		}
		if got := content(t, p); got != after {
			t.Errorf("%v: content %q", perm, got)
		}
	}
}

// TestReadOnlyFileRefused: a file no one may write (TFVC and Perforce
// mark files read-only until they are checked out) is left alone, even
// though a rename in its writable folder (or root) could replace it.
func TestReadOnlyFileRefused(t *testing.T) {
	for _, perm := range []os.FileMode{0o444, 0o400, 0o555} {
		p := filepath.Join(t.TempDir(), "V1.sql")
		write(t, p, before, perm)
		err := WriteFile(p, []byte(before), []byte(after))
		if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), p) {
			t.Errorf("%v: %v, want ErrReadOnly naming the file", perm, err)
		}
		if got := content(t, p); got != before {
			t.Errorf("%v: written: %q", perm, got)
		}
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != perm {
			t.Errorf("%v: mode now %v", perm, fi.Mode().Perm())
		}
	}
}

// TestReadOnlyFolder: the temporary file cannot be created; the error
// names the file and the folder, and the file is untouched.
func TestReadOnlyFolder(t *testing.T) {
	if runtime.GOOS == "windows" || os.Geteuid() == 0 {
		t.Skip("root writes to read-only folders (TestCreateTempFails covers the path)")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	write(t, p, before, 0o644)
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	err := WriteFile(p, []byte(before), []byte(after))
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("err = %v", err)
	}
	if got := content(t, p); got != before {
		t.Errorf("content %q", got)
	}
}

// TestCreateTempFails is TestReadOnlyFolder for any user: the failure to
// create the temporary file is injected.
func TestCreateTempFails(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "V1.sql")
	write(t, p, before, 0o644)
	defer func() { createTemp = os.CreateTemp }()
	createTemp = func(string, string) (*os.File, error) {
		return nil, &os.PathError{Op: "open", Path: dir, Err: syscall.EACCES}
	}
	err := WriteFile(p, []byte(before), []byte(after))
	if err == nil || !strings.Contains(err.Error(), "cannot write "+p) || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("err = %v", err)
	}
	if got := content(t, p); got != before {
		t.Errorf("content %q", got)
	}
}

func TestNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(dir, nil, []byte(after)); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
	if err := WriteFile(filepath.Join(dir, "missing.sql"), nil, []byte(after)); err == nil || !strings.Contains(err.Error(), "missing.sql") {
		t.Errorf("missing: %v", err)
	}
	if err := os.Symlink("nowhere.sql", filepath.Join(dir, "dangling.sql")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, "dangling.sql"), nil, []byte(after)); err == nil {
		t.Error("a dangling link was written")
	}
	if _, err := os.Lstat(filepath.Join(dir, "nowhere.sql")); err == nil {
		t.Error("a dangling link's target was created")
	}
}
