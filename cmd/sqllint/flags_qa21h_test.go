package main

import (
	"strings"
	"testing"
)

// TestFlagValueErrors: the flag package's messages about a value spoke
// its words and its single dash ("invalid boolean value "maybe" for
// -no-config: parse error", "flag needs an argument: -fail-on"); they
// name the flag as typed and say what it takes, on one line.
func TestFlagValueErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"scan", "--no-config=maybe", "a.sql"}, `sqllint: --no-config="maybe": a switch is true or false (or given alone) (run sqllint scan -h for the flags)`},
		{[]string{"scan", "--fail-on"}, "sqllint: --fail-on needs a value (run sqllint scan -h for the flags)"},
		{[]string{"scan", "a.sql", "-exclude"}, "sqllint: -exclude needs a value (run sqllint scan -h for the flags)"},
		{[]string{"scan", "--connect-timeout=soon", "a.sql"}, `sqllint: --connect-timeout "soon": give a duration such as 15s, 2m or 1m30s, or a number of seconds (run sqllint scan -h for the flags)`},
		{[]string{"rules", "--json=2"}, `sqllint: --json="2": a switch is true or false (or given alone) (run sqllint rules -h for the flags)`},
	} {
		code, out, errs := runCmd(t, "", nil, c.args...)
		if code != exitError || out != "" || strings.TrimSuffix(errs, "\n") != c.want {
			t.Errorf("%v: exit %d\n got %q\nwant %q", c.args, code, errs, c.want)
		}
	}
}
