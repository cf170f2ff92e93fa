package natsort

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// A Flyway folder often holds SQL callbacks beside its migrations
// (beforeMigrate.sql, afterMigrate__Tidy.sql, ...). They are Flyway's
// names: a migrate runs the before ones first, afterVersioned after the
// versioned scripts, afterMigrate after the repeatable ones; the other
// commands' callbacks it never runs, so they go last with the undo
// scripts. Several of one event: without a description first, then by
// description, as Flyway sorts them.
func TestFlywayCallbackOrder(t *testing.T) {
	want := []string{
		"beforeMigrate.sql", "beforeMigrate__AddAnyNecessaryStubs.sql", "beforeMigrate__b.sql",
		"beforeEachMigrate.sql",
		"V1__init.sql", "V2__more.sql",
		"afterEachMigrate.sql", "afterVersioned.sql",
		"R__views.sql",
		"afterMigrate.sql", "afterMigrate__TidyUpTemporaryObjects.sql",
		"U2__more.sql", "U1__init.sql",
		"afterClean__RemoveAllObjects_MSSQL.sql", "afterMigrateError.sql", "beforeInfo.sql",
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		in := slices.Clone(want)
		rnd.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		slices.SortFunc(in, FlywayCompare)
		if !slices.Equal(in, want) {
			t.Fatalf("order = %v\nwant    %v", in, want)
		}
	}
}

func TestFlywayCallbackNames(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"V1__a.sql", "beforeMigrate.sql", "afterMigrate__Report.sql"}, true},
		{[]string{"V1__a.sql", "afterEachMigrate__x_y.sql"}, true},
		{[]string{"beforeMigrate.sql"}, false},              // nothing versioned
		{[]string{"V1__a.sql", "BeforeMigrate.sql"}, false}, // event ids match exactly
		{[]string{"V1__a.sql", "beforemigrate.sql"}, false},
		{[]string{"V1__a.sql", "beforeMigrate_x.sql"}, false}, // "__" separates the description
		{[]string{"V1__a.sql", "afterMigrate.txt"}, false},
		{[]string{"V1__a.sql", "afterSomething.sql"}, false}, // no such event
	} {
		if got := IsFlywayFolder(c.names); got != c.want {
			t.Errorf("IsFlywayFolder(%v) = %v, want %v", c.names, got, c.want)
		}
	}
	// Flyway refuses two callback scripts of one name in a location, and
	// only those.
	if k := FlywayKey("beforeMigrate.sql"); k == "" || k != FlywayKey("beforeMigrate.sql") {
		t.Errorf("key %q", k)
	}
	for _, p := range [][2]string{
		{"beforeMigrate.sql", "beforeMigrate__x.sql"},
		{"afterMigrate__a.sql", "afterMigrate__b.sql"},
		{"beforeMigrate.sql", "R__beforeMigrate.sql"},
	} {
		if FlywayKey(p[0]) == FlywayKey(p[1]) {
			t.Errorf("%s and %s share key %q", p[0], p[1], FlywayKey(p[0]))
		}
	}
}
