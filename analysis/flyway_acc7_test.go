package analysis

import (
	"strconv"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
)

func paths(rs []*FileResult) string {
	var ps []string
	for _, r := range rs {
		ps = append(ps, r.Path)
	}
	return strings.Join(ps, " ")
}

// bigFiles is ALTER DATABASE Big ADD FILE for files from to to-1.
func bigFiles(from, to int) string {
	var b strings.Builder
	for i := from; i < to; i++ {
		b.WriteString("ALTER DATABASE Big ADD FILE (NAME = f" + strconv.Itoa(i) + ", FILENAME = 'x" + strconv.Itoa(i) + ".ndf');\n")
	}
	return b.String()
}

// A folder of Flyway-named scripts runs as Flyway runs it: versioned and
// baseline scripts by version, repeatable ones after them, undo scripts
// last (newest first), the scripts of subfolders among them (one
// Flyway location: TestFlywayTreeIsOneLocation). Named
// by name, R__ and U scripts came first, so a repeatable script saw none
// of the versioned ones and an undo that drops a database hid it from
// every versioned script.
func TestFlywayFolderOrder(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/B5__baseline.sql", "CREATE DATABASE Big;\nGO\n"+bigFiles(0, 700))
	write(t, dir, "m/U1__undo_create.sql", "DROP DATABASE Big;\n")
	write(t, dir, "m/V6__more_files.sql", bigFiles(700, 850))
	write(t, dir, "m/R__files.sql", bigFiles(850, 900))
	write(t, dir, "m/U6__undo_more.sql", "SELECT 1;\n")
	write(t, dir, "m/a/V1__sub.sql", "SELECT 1;\n")
	want := "m/a/V1__sub.sql m/B5__baseline.sql m/V6__more_files.sql m/R__files.sql m/U6__undo_more.sql m/U1__undo_create.sql"
	rs, _ := runAll(t, Options{Paths: []string{"m"}})
	if got := paths(rs); got != want {
		t.Errorf("order %s\nwant  %s", got, want)
	}
	fs := findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL101" || fs[0].Path != "m/V6__more_files.sql" {
		t.Errorf("findings %+v, want SL101 in m/V6__more_files.sql (850 files)", fs)
	}
	// Named files with their folder as context: the same order.
	rs, _ = runAll(t, Options{Paths: []string{"m/V6__more_files.sql", "m/U1__undo_create.sql"}, Context: []string{"m"}})
	if got := paths(rs); got != "m/V6__more_files.sql m/U1__undo_create.sql" {
		t.Errorf("context order %s", got)
	}
	if fs := findings(rs); len(fs) != 1 || fs[0].RuleID != "SL101" || fs[0].Path != "m/V6__more_files.sql" {
		t.Errorf("context findings %+v, want SL101 in m/V6__more_files.sql", fs)
	}
}

// A folder with one script of another name keeps natural order, in a
// walk and in a merge with context; with that script excluded, the
// folder is Flyway's.
func TestFlywayFolderOnlyWhenAllNamesAre(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	for _, n := range []string{"V1__a.sql", "R__b.sql", "setup.sql"} {
		write(t, dir, "m/"+n, "SELECT 1;\n")
	}
	rs, _ := runAll(t, Options{Paths: []string{"m"}})
	if got := paths(rs); got != "m/R__b.sql m/setup.sql m/V1__a.sql" {
		t.Errorf("order %s", got)
	}
	rs, _ = runAll(t, Options{Paths: []string{"m/V1__a.sql"}, Context: []string{"m"}})
	if got := paths(rs); got != "m/V1__a.sql" {
		t.Errorf("context order %s", got)
	}
	cfg := config.Default()
	cfg.Exclude = []string{"m/setup.sql"}
	rs, _ = runAll(t, Options{Paths: []string{"m"}, Config: cfg})
	if got := paths(rs); got != "m/V1__a.sql m/R__b.sql" {
		t.Errorf("order with setup.sql excluded %s", got)
	}
}
