package natsort

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// flywayCompareRef is FlywayCompare as it was before names were read
// once for a sort (FlywaySortKey): each comparison parses both names.
func flywayCompareRef(a, b string) int {
	fa, oka := parseFlyway(a)
	fb, okb := parseFlyway(b)
	if oka != okb {
		if oka {
			return -1
		}
		return 1
	}
	if oka {
		if ra, rb := flywayRank(fa), flywayRank(fb); ra != rb {
			return ra - rb
		}
		if fa.kind == 'C' {
			return compareCallbacks(a, b, fa, fb)
		}
		c := compareVersions(fa.version, fb.version)
		if fa.kind == 'U' {
			c = -c
		}
		if c != 0 {
			return c
		}
		if fa.kind != fb.kind {
			if fa.kind == 'V' {
				return -1
			}
			return 1
		}
	}
	switch {
	case a == b:
		return 0
	case Less(a, b):
		return -1
	}
	return 1
}

func sign(c int) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

// randomFlywayName is a name of a Flyway folder or not: versioned,
// baseline, undo and repeatable scripts, callbacks, versions with leading
// zeros, parts of more than 19 digits, '.' and '_', case and non-ASCII
// descriptions, suffixes in any case, and names that only look like them.
func randomFlywayName(rnd *rand.Rand) string {
	num := func() string {
		switch rnd.IntN(6) {
		case 0:
			return strings.Repeat("0", rnd.IntN(3)) + "1"
		case 1:
			return "18446744073709551615" + string(rune('0'+rnd.IntN(10))) // past 64 bits
		case 2:
			return "9999999999999999999" // 19 digits
		case 3:
			return "0" + strings.Repeat("1", 19) // 19 digits after a zero
		}
		return strings.Repeat("0", rnd.IntN(2)) + string(rune('0'+rnd.IntN(10))) + strings.Repeat(string(rune('0'+rnd.IntN(10))), rnd.IntN(3))
	}
	version := func() string {
		v := num()
		for range rnd.IntN(3) {
			v += []string{".", "_"}[rnd.IntN(2)] + num()
		}
		return v
	}
	desc := []string{"init", "Init", "a_b", "é", "É", "x1", "x01", "b", ""}[rnd.IntN(9)]
	suffix := []string{".sql", ".SQL", ".Sql", ".txt", ""}[rnd.IntN(5)]
	if rnd.IntN(4) > 0 {
		suffix = ".sql"
	}
	switch rnd.IntN(9) {
	case 0, 1, 2:
		return "V" + version() + "__" + desc + suffix
	case 3:
		return "B" + version() + "__" + desc + suffix
	case 4:
		return "U" + version() + "__" + desc + suffix
	case 5:
		return "R__" + desc + suffix
	case 6:
		e := flywayEvents[rnd.IntN(len(flywayEvents))].id
		if rnd.IntN(2) == 0 {
			return e + suffix
		}
		return e + "__" + desc + suffix
	case 7:
		return []string{"v", "V", "R_", "V1_", "Vx", "ü"}[rnd.IntN(6)] + version() + "__" + desc + suffix
	}
	return desc + version() + suffix
}

// Keys read once order names exactly as FlywayCompare read them at each
// comparison did: every pair, and whole sorts.
func TestFlywaySortKeySameOrder(t *testing.T) {
	rnd := rand.New(rand.NewPCG(10, 11))
	for range 200000 {
		a, b := randomFlywayName(rnd), randomFlywayName(rnd)
		if rnd.IntN(10) == 0 {
			b = a
		}
		want := sign(flywayCompareRef(a, b))
		if got := sign(FlywayCompare(a, b)); got != want {
			t.Fatalf("FlywayCompare(%q, %q) = %d, want %d", a, b, got, want)
		}
		ka, kb := NewFlywaySortKey(a), NewFlywaySortKey(b)
		if got := sign(ka.Compare(&kb)); got != want {
			t.Fatalf("key compare of %q, %q = %d, want %d", a, b, got, want)
		}
		ok, v := ka.Flyway()
		if wok, wv := FlywayName(a); ok != wok || v != wv {
			t.Fatalf("key of %q: Flyway() = %v, %v; FlywayName %v, %v", a, ok, v, wok, wv)
		}
	}
	for range 300 {
		names := make([]string, 1+rnd.IntN(200))
		for i := range names {
			names[i] = randomFlywayName(rnd)
		}
		want := slices.Clone(names)
		slices.SortFunc(want, flywayCompareRef)
		keys := make([]FlywaySortKey, len(names))
		for i, n := range names {
			keys[i] = NewFlywaySortKey(n)
		}
		slices.SortFunc(keys, func(a, b FlywaySortKey) int { return a.Compare(&b) })
		for i := range keys {
			if keys[i].Name != want[i] {
				t.Fatalf("sorted by keys: %q at %d, want %q", keys[i].Name, i, want[i])
			}
		}
	}
}

// The first number of a version compares by value whether or not it fits
// in 64 bits, and with leading zeros.
func TestFlywaySortKeyLongNumbers(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"V9999999999999999999__a.sql", "V10000000000000000000__a.sql", -1},
		{"V18446744073709551615__a.sql", "V18446744073709551616__a.sql", -1},
		{"V0018446744073709551616__a.sql", "V18446744073709551616.1__a.sql", -1},
		{"V010__a.sql", "V9__a.sql", 1},
		{"V2.10__a.sql", "V2.9__a.sql", 1},
		{"U2__a.sql", "U10__a.sql", 1},
		{"V1__a.sql", "V1.0__a.sql", -1}, // one version: the names decide
	} {
		ka, kb := NewFlywaySortKey(c.a), NewFlywaySortKey(c.b)
		if got := sign(ka.Compare(&kb)); got != c.want {
			t.Errorf("%q vs %q = %d, want %d", c.a, c.b, got, c.want)
		}
		if got := sign(flywayCompareRef(c.a, c.b)); got != c.want {
			t.Errorf("reference: %q vs %q = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestFlywaySortKeyHead: two keys whose Head is known and differs
// compare as their heads; a key of another kind, or whose first number
// does not fit in 64 bits, has none.
func TestFlywaySortKeyHead(t *testing.T) {
	names := []string{"V1__a.sql", "V1.1__a.sql", "V01__b.sql", "B2__base.sql", "V2_5__x.sql", "V10__x.sql", "V9__x.SQL",
		"V18446744073709551615__max.sql", "V18446744073709551616__over.sql", "V99999999999999999999__big.sql",
		"U3__undo.sql", "U12__undo.sql", "R__view.sql", "afterMigrate.sql", "beforeMigrate__x.sql", "README.sql", "V1_2_3__y.sql"}
	for _, n := range []string{"U3__undo.sql", "R__view.sql", "afterMigrate.sql", "README.sql", "V18446744073709551616__over.sql"} {
		if k := NewFlywaySortKey(n); func() bool { _, ok := k.Head(); return ok }() {
			t.Errorf("%s: Head known", n)
		}
	}
	for _, a := range names {
		for _, b := range names {
			ka, kb := NewFlywaySortKey(a), NewFlywaySortKey(b)
			ha, oka := ka.Head()
			hb, okb := kb.Head()
			if !oka || !okb || ha == hb {
				continue
			}
			if want, got := sign(flywayCompareRef(a, b)), order(ha < hb); want != got {
				t.Errorf("%s, %s: heads %d, %d order %d, want %d", a, b, ha, hb, got, want)
			}
		}
	}
	if k := NewFlywaySortKey("V2_5__x.sql"); func() bool { h, ok := k.Head(); return !ok || h != 2 }() {
		t.Error("V2_5: Head not 2")
	}
}
