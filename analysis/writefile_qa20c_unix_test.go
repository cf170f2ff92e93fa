//go:build unix

package analysis

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A report, baseline or starter config that sqllint creates gets the
// user's umask, as a shell's > or any editor's new file does: with
// umask 077 a SARIF report of a private repository came out 0644,
// readable by every user of a shared build machine.
func TestWriteFileNewHonoursUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	p := filepath.Join(t.TempDir(), "report.sarif")
	if err := WriteFile(p, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(p); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("new file with umask 077: %v %v, want -rw-------", info.Mode(), err)
	}
}

// A file written again keeps its mode, as a shell's > keeps it: a
// baseline or report made private (chmod 600) became 0644 at the next
// run.
func TestWriteFileExistingKeepsMode(t *testing.T) {
	dir := t.TempDir()
	for _, perm := range []os.FileMode{0o600, 0o640, 0o664} {
		p := filepath.Join(dir, "baseline.json")
		if err := os.WriteFile(p, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, perm); err != nil {
			t.Fatal(err)
		}
		if err := WriteFile(p, []byte("{\"version\": 1}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Stat(p); err != nil || info.Mode().Perm() != perm {
			t.Errorf("rewritten: %v %v, want %v", info.Mode(), err, perm)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*sqllint*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
