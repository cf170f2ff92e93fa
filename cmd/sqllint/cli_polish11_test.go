package main

import (
	"strings"
	"testing"
)

// Every command's -h prints its usage, "Usage: sqllint COMMAND ...", as
// scan's does, on standard output, and exits 0: version exited 2 ("takes no arguments"), and
// rules, init and parse printed the flag package's "Usage of rules:".
func TestCommandHelpUsage(t *testing.T) {
	for _, cmd := range []string{"version", "rules", "init", "parse", "scan"} {
		for _, h := range []string{"-h", "--help"} {
			code, out, errs := runCmd(t, "", nil, cmd, h)
			if code != exitOK || !strings.HasPrefix(out, "Usage: sqllint "+cmd) || errs != "" || strings.Contains(out, "Usage of") {
				t.Errorf("%s %s: exit %d, %q%q", cmd, h, code, out, errs)
			}
		}
	}
	if code, out, _ := runCmd(t, "", nil, "help", "version"); code != exitOK || !strings.HasPrefix(out, "Usage: sqllint version") {
		t.Errorf("help version: exit %d, %q", code, out)
	}
	if code, _, errs := runCmd(t, "", nil, "version", "x"); code != exitError || !strings.Contains(errs, `version takes no arguments, got "x"`) {
		t.Errorf("version x: exit %d, %q", code, errs)
	}
}
