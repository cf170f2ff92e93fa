package natsort

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Flyway's migrate runs versioned and baseline scripts by version, then
// the repeatable ones by description; undo scripts are not part of it:
// they come last, newest version first, as `flyway undo` runs them.
func TestFlywayCompareOrder(t *testing.T) {
	want := []string{
		"V1__init.sql", "V1.1__fix.sql", "B2__baseline.sql", "V2_1__b.sql", "V2.1.1__c.sql",
		"V10__late.sql", "B10__baseline.sql",
		"R__a_views.sql", "R__b_procs.sql", "R__B_Procs2.sql",
		"U10__late.sql", "U2_1__b.sql", "U1__init.sql",
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		in := slices.Clone(want)
		rnd.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		slices.SortFunc(in, FlywayCompare)
		if !slices.Equal(in, want) {
			t.Fatalf("order = %v\nwant    %v", in, want)
		}
	}
	// 1 and 1.0 are one version to Flyway: the names decide, and the
	// order stays total
	if c := FlywayCompare("V1__a.sql", "V1.0__a.sql"); c == 0 || c != -FlywayCompare("V1.0__a.sql", "V1__a.sql") {
		t.Errorf("V1 vs V1.0 = %d", c)
	}
}

func TestIsFlywayFolder(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  bool
	}{
		{[]string{"V1__a.sql", "R__v.sql", "U1__a.SQL"}, true},
		{[]string{"B3__base.sql", "V4__x.sql"}, true},
		{[]string{"R__only.sql"}, false},                   // nothing versioned
		{[]string{"V1__a.sql", "setup.sql"}, false},        // a script of another name
		{[]string{"v1__a.sql"}, false},                     // Flyway's prefixes are upper-case
		{[]string{"V1_a.sql"}, false},                      // no "__"
		{[]string{"V1.__a.sql", "V2__b.sql"}, false},       // a version ends with a digit
		{[]string{"V__a.sql"}, false},                      // no version
		{[]string{"V1__a.txt"}, false},                     // not a script
		{[]string{"Vx1__a.sql"}, false},                    // not a version
		{[]string{"V1.2.3_4__a.sql", "U1.2__a.sql"}, true}, // dots and underscores
	} {
		if got := IsFlywayFolder(c.names); got != c.want {
			t.Errorf("IsFlywayFolder(%v) = %v, want %v", c.names, got, c.want)
		}
	}
}

// The order is total and transitive over Flyway names and others mixed.
func TestFlywayCompareTotal(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	parts := []string{"V", "B", "U", "R", "__", "1", "01", "10", ".", "_", "a", "A", ".sql",
		"beforeMigrate", "afterMigrate", "afterClean", ".SQL"} // callbacks too
	word := func() string {
		s := ""
		for range rnd.IntN(7) {
			s += parts[rnd.IntN(len(parts))]
		}
		return s
	}
	for range 100000 {
		a, b, c := word(), word(), word()
		ab, ba := FlywayCompare(a, b), FlywayCompare(b, a)
		if (a == b) != (ab == 0) || ab > 0 != (ba < 0) || ab < 0 != (ba > 0) {
			t.Fatalf("FlywayCompare(%q, %q) = %d, reversed %d", a, b, ab, ba)
		}
		if ab < 0 && FlywayCompare(b, c) < 0 && FlywayCompare(a, c) >= 0 {
			t.Fatalf("%q < %q < %q but not %q < %q", a, b, c, a, c)
		}
	}
}
