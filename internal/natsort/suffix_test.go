package natsort

import (
	"strings"
	"testing"
)

// hasSQLSuffix agrees with strings.EqualFold on the last four bytes, for
// every name of up to five runes of an alphabet that folds in and out of
// ASCII (ſ folds to s, K, the Kelvin sign, to k).
func TestHasSQLSuffix(t *testing.T) {
	alphabet := []string{".", "s", "S", "q", "Q", "l", "L", "ſ", "\u212a", "\xff", "_", "1"}
	var grow func(s string, n int)
	checked, found := 0, 0
	grow = func(s string, n int) {
		want := len(s) >= 4 && strings.EqualFold(s[len(s)-4:], ".sql")
		if got := hasSQLSuffix(s); got != want {
			t.Fatalf("hasSQLSuffix(%q) = %v, want %v", s, got, want)
		}
		checked++
		if want {
			found++
		}
		if n == 0 {
			return
		}
		for _, r := range alphabet {
			grow(s+r, n-1)
		}
	}
	grow("", 5)
	if found < 16 {
		t.Fatalf("%d names of %d end with .sql", found, checked)
	}
}
