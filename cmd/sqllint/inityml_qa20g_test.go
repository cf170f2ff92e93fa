package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sqllint init in a folder that holds .sqllint.yml wrote .sqllint.yaml
// beside it, and every scan then stopped: "holds both .sqllint.yaml and
// .sqllint.yml: keep one". init refuses, naming the file, with --force too
// (it would still leave two).
func TestInitRefusesBesideYml(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yml", "rules: [all]\n")
	for _, args := range [][]string{{"init", dir}, {"init", "--force", dir}} {
		code, _, errs := runCmd(t, "", nil, args...)
		if code != exitError || !strings.Contains(errs, filepath.Join(dir, ".sqllint.yml")+" already exists") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
		if _, err := os.Stat(filepath.Join(dir, ".sqllint.yaml")); err == nil {
			t.Fatalf("%v wrote .sqllint.yaml beside .sqllint.yml", args)
		}
	}
}

// init in a folder that does not exist says so, rather than "DIR/.sqllint.yaml:
// no such file or directory".
func TestInitMissingFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "nope")
	code, _, errs := runCmd(t, "", nil, "init", dir)
	if code != exitError || !strings.Contains(errs, dir+": no such folder") {
		t.Errorf("exit %d, %q", code, errs)
	}
}
