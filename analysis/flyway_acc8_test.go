package analysis

import (
	"testing"

	"github.com/sqllint/sqllint/config"
)

// Flyway scans a location recursively and runs all its migrations as one
// list: versioned ones by version wherever they sit in the tree, then the
// repeatable ones by description. A database created by V1 in a
// subfolder and given more files by V2 in the top folder: V2 ran first
// by folder, CREATE DATABASE then reset the count, and the 850 files
// were never seen together (no SL101).
func TestFlywayTreeIsOneLocation(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "db/migration/tables/V1__create.sql", "CREATE DATABASE Big;\nGO\n"+bigFiles(0, 700))
	write(t, dir, "db/migration/V2__more_files.sql", bigFiles(700, 850))
	write(t, dir, "db/migration/views/V3__views.sql", "SELECT 1;\n")
	write(t, dir, "db/migration/views/R__all_views.sql", "SELECT 1;\n")
	write(t, dir, "db/migration/V4__last.sql", "SELECT 1;\n")
	write(t, dir, "db/migration/R__procs.sql", "SELECT 1;\n")
	write(t, dir, "db/migration/U2__undo.sql", "SELECT 1;\n")
	want := "db/migration/tables/V1__create.sql db/migration/V2__more_files.sql db/migration/views/V3__views.sql " +
		"db/migration/V4__last.sql db/migration/views/R__all_views.sql db/migration/R__procs.sql db/migration/U2__undo.sql"
	for _, arg := range []string{"db/migration", "db", "."} {
		rs, _ := runAll(t, Options{Paths: []string{arg}})
		if got := paths(rs); got != want {
			t.Errorf("scan %s: order %s\nwant  %s", arg, got, want)
		}
		fs := findings(rs)
		if len(fs) != 1 || fs[0].RuleID != "SL101" || fs[0].Path != "db/migration/V2__more_files.sql" {
			t.Errorf("scan %s: findings %+v, want SL101 in db/migration/V2__more_files.sql (850 files)", arg, fs)
		}
	}
	// A file named with the tree as context: the same order.
	rs, _ := runAll(t, Options{Paths: []string{"db/migration/V2__more_files.sql"}, Context: []string{"db/migration"}})
	if got := paths(rs); got != "db/migration/V2__more_files.sql" {
		t.Errorf("context order %s", got)
	}
	if fs := findings(rs); len(fs) != 1 || fs[0].RuleID != "SL101" || fs[0].Path != "db/migration/V2__more_files.sql" {
		t.Errorf("context findings %+v, want SL101 in db/migration/V2__more_files.sql", fs)
	}
	// The subfolder alone is a location of its own.
	rs, _ = runAll(t, Options{Paths: []string{"db/migration/views"}})
	if got := paths(rs); got != "db/migration/views/V3__views.sql db/migration/views/R__all_views.sql" {
		t.Errorf("subfolder order %s", got)
	}
}

// The tree is one location only when Flyway could take it as one: with a
// script of another name below, or two scripts of one version in two
// folders (Flyway refuses that in one location: they are two locations
// then), each folder keeps its own order, its subfolders after it, in
// a walk and in a merge with context alike.
func TestFlywayTreeOnlyWhenOneLocation(t *testing.T) {
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"other name", []string{"m/V1__a.sql", "m/V3__c.sql", "m/sub/V2__b.sql", "m/sub/setup.sql"},
			"m/V1__a.sql m/V3__c.sql m/sub/setup.sql m/sub/V2__b.sql"},
		{"one version twice", []string{"m/V1__a.sql", "m/V3__c.sql", "m/sub/V2__b.sql", "m/sub/V1.0__again.sql"},
			"m/V1__a.sql m/V3__c.sql m/sub/V1.0__again.sql m/sub/V2__b.sql"},
		{"one repeatable twice", []string{"m/V1__a.sql", "m/V3__c.sql", "m/sub/V2__b.sql", "m/R__v.sql", "m/sub/R__v.sql"},
			"m/V1__a.sql m/V3__c.sql m/R__v.sql m/sub/V2__b.sql m/sub/R__v.sql"},
		{"one tree below another folder", []string{"m/V1__a.sql", "m/V3__c.sql", "m/sub/V2__b.sql", "m/sub/setup.sql",
			"m/t/V9__x.sql", "m/t/u/V5__y.sql"},
			"m/V1__a.sql m/V3__c.sql m/sub/setup.sql m/sub/V2__b.sql m/t/u/V5__y.sql m/t/V9__x.sql"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			chdir(t, dir)
			for _, f := range c.files {
				write(t, dir, f, "SELECT 1;\n")
			}
			rs, _ := runAll(t, Options{Paths: []string{"m"}})
			if got := paths(rs); got != c.want {
				t.Errorf("order %s\nwant  %s", got, c.want)
			}
			rs, _ = runAll(t, Options{Paths: c.files[:1], Context: []string{"m"}})
			if got := paths(rs); got != c.files[0] {
				t.Errorf("context order %s", got)
			}
			rs, _ = runAll(t, Options{Paths: c.files, Context: []string{"m"}})
			if got := paths(rs); got != c.want {
				t.Errorf("merge order %s\nwant  %s", got, c.want)
			}
		})
	}
	// With the other script excluded, the tree is one location again.
	dir := t.TempDir()
	chdir(t, dir)
	for _, f := range []string{"m/V1__a.sql", "m/V3__c.sql", "m/sub/V2__b.sql", "m/sub/setup.sql"} {
		write(t, dir, f, "SELECT 1;\n")
	}
	cfg := config.Default()
	cfg.Exclude = []string{"m/sub/setup.sql"}
	rs, _ := runAll(t, Options{Paths: []string{"m"}, Config: cfg})
	if got := paths(rs); got != "m/V1__a.sql m/sub/V2__b.sql m/V3__c.sql" {
		t.Errorf("order with setup.sql excluded %s", got)
	}
}
