package natsort

import "testing"

// Flyway refuses one location holding two scripts of one kind and one
// version (1 and 1.0 are one), or two repeatables of one description.
func TestFlywayKeyClash(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"V1__a.sql", "V1__b.sql", true},
		{"V1__a.sql", "V1.0__b.sql", true},
		{"V1_1__a.sql", "V1.1__a.sql", true},
		{"B2__a.sql", "B2__b.sql", true},
		{"U3__a.sql", "U3.0__b.sql", true},
		{"R__views.sql", "R__views.sql", true},
		{"R__all_views.sql", "R__all views.sql", true},
		{"V1__a.sql", "V1.1__a.sql", false},
		{"V1__a.sql", "B1__a.sql", false},
		{"V1__a.sql", "U1__a.sql", false},
		{"R__views.sql", "R__procs.sql", false},
		{"R__views.sql", "V1__views.sql", false},
		{"V01.0.0__a.sql", "V1__b.sql", true},
		{"V0__a.sql", "V0.0__b.sql", true},
		{"V10__a.sql", "V1__b.sql", false},
		{"V1.0.1__a.sql", "V1.1__b.sql", false},
		{"setup.sql", "setup.sql", false},
	} {
		ka, kb := FlywayKey(c.a), FlywayKey(c.b)
		if got := ka != "" && ka == kb; got != c.want {
			t.Errorf("FlywayKey(%q) = %q, FlywayKey(%q) = %q: clash %v, want %v", c.a, ka, c.b, kb, got, c.want)
		}
	}
}
