//go:build unix

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffThroughSymlinkNamesTarget: --fix writes through a symbolic link
// to its target, so --diff must name the target too; a patch on the link's
// own path is refused by git apply ("beyond a symbolic link", or a
// mismatch with the link's text) and by patch ("not a regular file").
func TestDiffThroughSymlinkNamesTarget(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	t.Chdir(dir)
	writeFile(t, dir, "real/target.sql", "CHECKPOINT 8;\n")
	if err := os.MkdirAll(filepath.Join(dir, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "real", "target.sql"), filepath.Join(dir, "db", "link.sql")); err != nil {
		t.Fatal(err)
	}
	// a folder reached through a link as well
	if err := os.Symlink("real", filepath.Join(dir, "alias")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "real/other.sql", "CHECKPOINT 9;\n")

	code, diff, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-context", "--diff", "db/link.sql", "alias/other.sql")
	if code != 1 || !strings.Contains(diff, "--- a/real/target.sql\n+++ b/real/target.sql\n") ||
		!strings.Contains(diff, "--- a/real/other.sql\n+++ b/real/other.sql\n") || strings.Contains(diff, "link.sql") {
		t.Fatalf("--diff: exit %d\n%s%s", code, diff, errs)
	}
	patch := filepath.Join(t.TempDir(), "fix.diff")
	if err := os.WriteFile(patch, []byte(diff), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "apply", patch)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\n%s", err, out, diff)
	}
	for name, want := range map[string]string{"real/target.sql": "CHECKPOINT;\n", "real/other.sql": "CHECKPOINT;\n"} {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != want {
			t.Errorf("%s after git apply: %q", name, data)
		}
	}
	if fi, err := os.Lstat(filepath.Join(dir, "db", "link.sql")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("db/link.sql is no longer a link: %v %v", fi, err)
	}
}
