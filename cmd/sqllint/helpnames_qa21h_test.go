package main

import (
	"regexp"
	"testing"
)

// TestHelpNamesFlagValues: every flag's value in a command's -h is named
// for what it takes (-color when, -fail-on severity), not by the flag
// package's Go type ("-color string").
func TestHelpNamesFlagValues(t *testing.T) {
	generic := regexp.MustCompile(`(?m)^  -\S+ (string|value|int|float|uint)$`)
	for _, cmd := range []string{"scan", "parse", "rules", "init", "lsp"} {
		code, out, _ := runCmd(t, "", nil, cmd, "-h")
		if code != exitOK || out == "" {
			t.Fatalf("%s -h: exit %d", cmd, code)
		}
		if m := generic.FindAllString(out, -1); m != nil {
			t.Errorf("%s -h: %q", cmd, m)
		}
	}
}
