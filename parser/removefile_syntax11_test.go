package parser

import "testing"

// ALTER DATABASE d REMOVE FILE name: `sqllint parse --format json` shows
// the file removed. Its key was "file", which the statement's own "file"
// (the script's path) took first, so the name was never shown.
func TestRemoveFileSummary(t *testing.T) {
	cases := []struct{ src, removed string }{
		{"ALTER DATABASE d REMOVE FILE a2", "a2"},
		{"ALTER DATABASE d REMOVE FILE [a]]b];", "a]b"},
		{"alter database CURRENT remove file N_1\nGO\n", "N_1"},
	}
	for _, c := range cases {
		bothParses(t, "s.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) == 0 {
				t.Fatalf("%q (fast path %v): %v", c.src, fast, r.Diags)
			}
			sum := r.Statements[0].Summary()
			if sum["file"] != "s.sql" || sum["removed_file"] != c.removed || sum["action"] != "remove_file" {
				t.Errorf("%q (fast path %v): file %v, removed_file %v, action %v", c.src, fast, sum["file"], sum["removed_file"], sum["action"])
			}
		})
	}
}
