package analysis

import (
	"slices"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// A folder scan leaves out every hidden name below the folder, file or
// folder alike (.git, .vscode, a .scratch.sql, an editor's .#V1.sql lock
// or .V1.sql.swp): the same rule as :r's. A hidden script does not break
// a Flyway location either (tables/V1__a.sql still runs before
// V2__b.sql), nor does it feed a named script's context. A hidden file
// named on the command line is read.
func TestWalkSkipsHiddenFiles(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	for _, name := range []string{"db/V2__b.sql", "db/tables/V1__a.sql", "db/.scratch.sql", "db/.#V3__c.sql",
		"db/.vscode/x.sql", "db/tables/.V0__old.sql", "db/~$V4__d.sql~"} {
		write(t, dir, name, checkpoint10)
	}
	paths := func(rs []*FileResult) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Path)
		}
		return out
	}
	want := []string{"db/tables/V1__a.sql", "db/V2__b.sql"}
	rs, sum := runAll(t, Options{Paths: []string{"db"}})
	if got := paths(rs); !slices.Equal(got, want) || len(sum.Errors) != 0 {
		t.Errorf("scan db: files %q errors %+v, want %q", got, sum.Errors, want)
	}
	// an include glob of its own reads no hidden file either
	cfg := config.Default()
	cfg.Include = []string{"**/*.sql"}
	rs, _ = runAll(t, Options{Paths: []string{"db"}, Config: cfg})
	if got := paths(rs); !slices.Equal(got, want) {
		t.Errorf("include **/*.sql: files %q, want %q", got, want)
	}
	// named, it is read
	rs, _ = runAll(t, Options{Paths: []string{"db/.scratch.sql"}})
	if got := paths(rs); !slices.Equal(got, []string{"db/.scratch.sql"}) || len(findings(rs)) != 1 {
		t.Errorf("named .scratch.sql: files %q", got)
	}
	// the scripts beside a named one that feed it, in a folder of no project
	write(t, dir, "flat/a.sql", checkpoint10)
	write(t, dir, "flat/.b.sql", checkpoint10)
	if got := FlatContext("flat", "flat/a.sql"); len(got) != 0 {
		t.Errorf("FlatContext: %q, want no hidden script", got)
	}
}
