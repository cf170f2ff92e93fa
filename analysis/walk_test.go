package analysis

import (
	"math/rand/v2"
	"path/filepath"
	"testing"
)

// joinName is filepath.Join for a cleaned folder and an entry's name.
func TestJoinName(t *testing.T) {
	parts := []string{"a", "b", ".", "..", "", "/", "//", "x y", "é", ".sql", "V1__a.sql", "..."}
	rnd := rand.New(rand.NewPCG(3, 4))
	word := func(n int) string {
		s := ""
		for range rnd.IntN(n) {
			s += parts[rnd.IntN(len(parts))]
		}
		return s
	}
	for range 100000 {
		dir := filepath.Clean(word(6))
		name := word(3)
		if got, want := joinName(dir, name), filepath.Join(dir, name); got != want {
			t.Fatalf("joinName(%q, %q) = %q, want %q", dir, name, got, want)
		}
	}
	for _, c := range [][2]string{{".", "a.sql"}, {"/", "a.sql"}, {"..", "a.sql"}, {"../x", ".."}, {"/", ".."}, {"a", "."}} {
		if got, want := joinName(c[0], c[1]), filepath.Join(c[0], c[1]); got != want {
			t.Errorf("joinName(%q, %q) = %q, want %q", c[0], c[1], got, want)
		}
	}
}
