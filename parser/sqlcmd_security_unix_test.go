//go:build unix

package parser

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe called x.sql inside the scanned folder: including it must
// give SL002, not hang.
func TestSqlcmdIncludeFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "x.sql"), 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	sc := Preprocess(NewFile(filepath.Join(dir, "main.sql"), "SELECT 1\n:r x.sql\nSELECT 2\n"), &PreprocessOptions{Roots: []string{dir}})
	if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], "not a regular file (a named pipe)") {
		t.Errorf("diags %q", got)
	}
	if got := strings.Join(batchTexts(sc), ""); got != "SELECT 1\nSELECT 2\n" {
		t.Errorf("text %q", got)
	}
}

// Two names of one refused file, included through a shared cache: each
// error names the path its own :r wrote, not the one read first.
func TestSqlcmdIncludeErrorNamesItsOwnPath(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.sql"), 0o644); err != nil {
		t.Skip("no mkfifo:", err)
	}
	if err := os.Symlink("pipe.sql", filepath.Join(dir, "link.sql")); err != nil {
		t.Skip("no symlinks:", err)
	}
	opt := &PreprocessOptions{Roots: []string{dir}, Includes: NewIncludeCache(0)}
	Preprocess(NewFile(filepath.Join(dir, "a.sql"), ":r link.sql\n"), opt)
	sc := Preprocess(NewFile(filepath.Join(dir, "b.sql"), ":r pipe.sql\n"), opt)
	got := diagMessages(sc)
	if len(got) != 1 || strings.Contains(got[0], "link.sql") || !strings.Contains(got[0], filepath.Join(dir, "pipe.sql")+": not a regular file") {
		t.Errorf("diags %q", got)
	}
}
