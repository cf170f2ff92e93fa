package analysis

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestFilter: Options.Filter leaves out the files a walk finds that it
// refuses (in Paths and Context) and the files Context names; FilterDir's
// folders are not entered (Filter is never asked about their files); a
// folder of Paths FilterDir refuses (git ignores it whole) is read whole,
// one of Context not at all; a file Paths names is always checked. A
// file left out does not change the order of the others: a Flyway
// folder stays one when a scratch script beside its migrations is left
// out.
func TestFilter(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	bad := "SELECT 'unterminated\n" // SL001
	for _, name := range []string{"d/V1.sql", "d/scratch.sql", "d/ign/x.sql", "d/ign/deep/y.sql", "ign2/z.sql",
		"fw/R__view.sql", "fw/V1__create.sql", "fw/scratch.sql"} {
		write(t, dir, name, bad)
	}
	ignoredDirs := []string{"d/ign", "d/ign/deep", "ign2"}
	var mu sync.Mutex
	var asked []string
	opt := func(paths, context []string) Options {
		return Options{Paths: paths, Context: context,
			Filter: func(p string) bool {
				p = filepath.ToSlash(p)
				mu.Lock()
				asked = append(asked, p)
				mu.Unlock()
				return !strings.HasSuffix(p, "scratch.sql") && !strings.HasPrefix(p, "d/ign/") && !strings.HasPrefix(p, "ign2/")
			},
			FilterDir: func(d string) bool { return !slices.Contains(ignoredDirs, filepath.ToSlash(d)) },
		}
	}
	reported := func(rs []*FileResult) []string {
		var out []string
		for _, r := range rs {
			if len(r.Findings) > 0 {
				out = append(out, r.Path)
			}
		}
		return out
	}
	for _, c := range []struct {
		what          string
		paths, ctx    []string
		want          []string
		neverAskedFor string
	}{
		{"folder", []string{"d"}, nil, []string{"d/V1.sql"}, "d/ign/"},
		{"folder ignored whole, named", []string{"ign2"}, nil, []string{"ign2/z.sql"}, "ign2/"},
		{"subfolder ignored whole, named", []string{"d/ign"}, nil, []string{"d/ign/deep/y.sql", "d/ign/x.sql"}, "d/ign/"},
		{"file named", []string{"d/scratch.sql"}, nil, []string{"d/scratch.sql"}, "d/scratch.sql"},
		{"Flyway folder", []string{"fw"}, nil, []string{"fw/V1__create.sql", "fw/R__view.sql"}, ""},
		{"context", []string{"d/V1.sql"}, []string{"d", "ign2", "fw/scratch.sql"}, []string{"d/V1.sql"}, "ign2/"},
	} {
		asked = nil
		rs, _ := runAll(t, opt(c.paths, c.ctx))
		if got := reported(rs); !slices.Equal(got, c.want) {
			t.Errorf("%s: findings in %v, want %v", c.what, got, c.want)
		}
		for _, p := range asked {
			if c.neverAskedFor != "" && strings.HasPrefix(p, c.neverAskedFor) {
				t.Errorf("%s: Filter asked about %s", c.what, p)
			}
		}
		if c.ctx != nil && !slices.Contains(asked, "fw/scratch.sql") {
			t.Errorf("%s: Filter not asked about the context file named (asked %v)", c.what, asked)
		}
	}
}
