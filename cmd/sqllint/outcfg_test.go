package main

import (
	"strings"
	"testing"
)

// TestConfigFoundAboveIsNamed: a config file found in a parent folder is
// named on standard error; one in the scanned folder is not.
func TestConfigFoundAboveIsNamed(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	root := t.TempDir()
	cfg := writeFile(t, root, ".sqllint.yaml", "fail-on: never\n")
	script := writeFile(t, root, "db/migrations/V1.sql", "CHECKPOINT 30;\n")

	code, _, stderr := runCmd(t, "", nil, "scan", script)
	if code != 0 {
		t.Errorf("exit %d, want 0 (the parent's fail-on: never)", code)
	}
	if want := "sqllint: using config " + cfg + " (found in a parent folder)\n"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}

	_, _, stderr = runCmd(t, "", nil, "scan", writeFile(t, root, "x.sql", "SELECT 1;\n"))
	if strings.Contains(stderr, "using config") {
		t.Errorf("a config in the scanned folder is named:\n%s", stderr)
	}
}
