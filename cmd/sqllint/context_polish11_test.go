package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A context folder that does not exist is reported with what named it:
// the config file, the line and its context key, or --context.
func TestMissingContextNamesItsSource(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, ".sqllint.yaml", "context:\n  - nosuchdir\n")
	writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	cfg := filepath.Join(dir, ".sqllint.yaml")
	code, _, errs := runCmd(t, "", nil, "scan", "a.sql")
	if want := cfg + `:2:5: key "context[0]": ` + filepath.Join(dir, "nosuchdir") + ": no such file or directory"; code != exitError || !strings.Contains(errs, want) {
		t.Errorf("config context: exit %d, %q, want %q", code, errs, want)
	}
	code, _, errs = runCmd(t, "", nil, "scan", "--context", "gone", "a.sql")
	if code != exitError || !strings.Contains(errs, "--context gone: no such file or directory") {
		t.Errorf("--context: exit %d, %q", code, errs)
	}
	if code, _, errs = runCmd(t, "", nil, "scan", "--no-context", "a.sql"); code != exitOK {
		t.Errorf("--no-context: exit %d, %q", code, errs)
	}
}
