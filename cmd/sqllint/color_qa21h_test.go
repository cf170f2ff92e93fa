package main

import (
	"strings"
	"testing"
)

// TestForceColor: --color auto colours through a pipe when FORCE_COLOR
// is set and not empty (force-color.org), over NO_COLOR too; --color
// never still wins, and an empty FORCE_COLOR is not set.
func TestForceColor(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT 5;\n")
	const esc = "\x1b["
	for _, c := range []struct {
		env   map[string]string
		args  []string
		color bool
	}{
		{map[string]string{}, nil, false},
		{map[string]string{"FORCE_COLOR": "1"}, nil, true},
		{map[string]string{"FORCE_COLOR": "1", "NO_COLOR": "1", "TERM": "dumb"}, nil, true},
		{map[string]string{"FORCE_COLOR": ""}, nil, false},
		{map[string]string{"FORCE_COLOR": "1"}, []string{"--color", "never"}, false},
	} {
		args := append([]string{"scan", "--no-config"}, c.args...)
		_, out, _ := runCmd(t, "", c.env, append(args, p)...)
		if got := strings.Contains(out, esc); got != c.color {
			t.Errorf("%v %v: colour %v, want %v:\n%q", c.env, c.args, got, c.color, out)
		}
	}
}
