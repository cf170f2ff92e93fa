//go:build unix

package parser

import (
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
