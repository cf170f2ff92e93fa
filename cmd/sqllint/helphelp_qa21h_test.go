package main

import "testing"

// TestHelpHelpFlag: sqllint help -h (and --help, -help) was "no command
// or rule "-h"", exit 2, where every other command prints its usage for
// -h; it prints the usage, as sqllint help alone does.
func TestHelpHelpFlag(t *testing.T) {
	_, want, _ := runCmd(t, "", nil, "help")
	for _, h := range []string{"-h", "-help", "--help"} {
		if code, out, errs := runCmd(t, "", nil, "help", h); code != exitOK || out != want || errs != "" {
			t.Errorf("help %s: exit %d\n%s%s", h, code, out, errs)
		}
	}
}
