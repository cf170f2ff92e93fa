package main

import (
	"strings"
	"testing"
)

// A command that takes no arguments refuses them (exit 2) rather than
// ignoring them: "sqllint rules SL302" meant "sqllint explain SL302".
func TestNoArgumentCommandsRefuseArguments(t *testing.T) {
	for _, args := range [][]string{{"rules", "SL302"}, {"rules", "--json", "x"}, {"version", "x"}, {"--version", "--x"}} {
		code, out, errs := runCmd(t, "", nil, args...)
		if code != exitError || out != "" || !strings.HasPrefix(errs, "sqllint: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	for _, args := range [][]string{{"rules"}, {"rules", "--json"}, {"version"}} {
		if code, _, errs := runCmd(t, "", nil, args...); code != exitOK {
			t.Errorf("%q: exit %d: %s", args, code, errs)
		}
	}
}
