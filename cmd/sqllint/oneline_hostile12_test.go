package main

import (
	"strings"
	"testing"
)

// A note on stderr names files from the pull request: their control
// characters, and Unicode's bidirectional ones (which reorder the line a
// reader sees), are not printed as they are.
func TestOneLineHidesBidiControls(t *testing.T) {
	got := oneLine("cannot read a\u202eloc.sql\u2066\u200f\u061c\x1b[2J\u0085\n")
	if strings.ContainsFunc(got, func(r rune) bool {
		return r < 0x20 || r >= 0x7f && r < 0xa0 || r == 0x061c || r == 0x200e || r == 0x200f ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
	}) {
		t.Errorf("oneLine = %q", got)
	}
	if want := "cannot read a\ufffdloc.sql\ufffd\ufffd\ufffd\u241b[2J\ufffd\u240a"; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}
