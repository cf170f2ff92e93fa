package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A report or baseline path under a file (a script named where a folder
// was meant) is refused before the scan, naming the flag and the file:
// the run printed its findings and then failed with "mkdir a.sql: not a
// directory", naming neither the flag nor the report.
func TestOutputUnderAFileRefused(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "V1.sql", "CHECKPOINT 30;\n")
	for _, args := range [][]string{
		{"--format", "sarif=" + filepath.Join(script, "out.sarif")},
		{"--format", "json=" + filepath.Join(script, "reports", "out.json")},
		{"--write-baseline", filepath.Join(script, "b.json")},
	} {
		code, out, errs := runCmd(t, "", nil, append(append([]string{"scan", "--no-config"}, args...), script)...)
		if code != 2 || out != "" || !strings.Contains(errs, args[0]) || !strings.Contains(errs, "V1.sql is a file, not a folder") {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, code, out, errs)
		}
	}
}
