//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// init --force over a .sqllint.yaml that is a symbolic link (to a config
// shared between repositories, or kept in a dotfiles folder) writes the
// file it points to and keeps the link, as reports and --fix do; it
// replaced the link with a regular file, leaving the shared one as it was.
func TestInitForceThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	shared := writeFile(t, dir, "shared/sqllint.yaml", "rules: [SL302]\n")
	link := filepath.Join(dir, "repo", ".sqllint.yaml")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../shared/sqllint.yaml", link); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := runCmd(t, "", nil, "init", "--force", filepath.Dir(link)); code != 0 {
		t.Fatalf("init --force: exit %d: %s", code, errs)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf(".sqllint.yaml is no longer a link: %v %v", info.Mode(), err)
	}
	if data, _ := os.ReadFile(shared); strings.Contains(string(data), "rules: [SL302]") {
		t.Errorf("the file the link points to was not written")
	}
}
