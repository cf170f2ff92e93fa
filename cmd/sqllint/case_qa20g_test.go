package main

import (
	"strings"
	"testing"
)

// fail-on: ERROR in the config file, --format JSON and --select sl302 are
// read in any case, but --fail-on ERROR and --color ALWAYS were usage
// errors: the flags read their words as the config file does.
func TestFailOnAndColorIgnoreCase(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "CHECKPOINT 5;\n")
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "ERROR", script); code != exitOK || errs != "" {
		t.Errorf("--fail-on ERROR over a warning: exit %d, %q", code, errs)
	}
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "Warning", script); code != exitFindings {
		t.Errorf("--fail-on Warning over a warning: exit %d, %q", code, errs)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--color", "ALWAYS", script)
	if code != exitFindings || !strings.Contains(out, "\x1b[") {
		t.Errorf("--color ALWAYS: exit %d, %q %q", code, out, errs)
	}
}
