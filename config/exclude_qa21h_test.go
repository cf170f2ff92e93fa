package config

import (
	"slices"
	"testing"
)

// TestExcluders: every exclude glob that matches a path or a parent of it
// (in the config's order, case ignored), where Match stops at the first.
func TestExcluders(t *testing.T) {
	cfg := &Config{Exclude: []string{"legacy/**", "zzz/**", "**/*.tmp.sql", "Legacy/old/"}}
	for _, c := range []struct {
		path string
		want []string
	}{
		{"legacy/old/a.tmp.sql", []string{"legacy/**", "**/*.tmp.sql", "Legacy/old/"}},
		{"legacy", []string{"legacy/**"}},
		{"db/a.sql", nil},
		{"", nil},
	} {
		if got := Excluders(cfg, c.path); !slices.Equal(got, c.want) {
			t.Errorf("%q: %q, want %q", c.path, got, c.want)
		}
		if got := Match(cfg, c.path, false); got != (c.want == nil) {
			t.Errorf("%q: Match %v, Excluders %q", c.path, got, c.want)
		}
	}
}
