package main

import (
	"strings"
	"testing"
)

// A bad --connect-timeout, --query-timeout or --encrypt is a usage error
// whether or not a server is given: they were checked only once live mode
// connected, so without --server (a typo in a CI job before the server is
// wired in) they were accepted without a word, and with it --encrypt's
// error named no flag ("live: connect: invalid connection settings").
func TestLiveFlagValuesAreCheckedUpFront(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--connect-timeout", "0"}, "--connect-timeout 0s: must be more than 0"},
		{[]string{"--query-timeout", "-5"}, "--query-timeout -5s: must be more than 0"},
		{[]string{"--encrypt", "strcit"}, `--encrypt "strcit": use strict, mandatory or optional`},
		{[]string{"--encrypt", "strcit", "-S", "127.0.0.1,1"}, `--encrypt "strcit": use strict, mandatory or optional`},
	} {
		args := append(append([]string{"scan", "--no-config"}, tc.args...), script)
		code, out, errs := runCmd(t, "", nil, args...)
		if code != exitError || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errs, tc.want)
		}
	}
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--encrypt", "Mandatory", "--connect-timeout", "20", script); code != exitOK {
		t.Errorf("good values: exit %d, %q", code, errs)
	}
}
