package analysis

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkSortFlyway sorts a Flyway folder of 1,000 versioned scripts.
func BenchmarkSortFlyway(b *testing.B) {
	type ent struct {
		name, key string
		dir, link bool
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	var names []ent
	for i := range 1000 {
		n := fmt.Sprintf("V%d__change_%d.sql", 1+20*rnd.IntN(1000)+i%20, rnd.IntN(100))
		names = append(names, ent{n, n, false, false})
	}
	list := make([]ent, len(names))
	b.ReportAllocs()
	for b.Loop() {
		copy(list, names)
		sortFlyway(list, func(e ent) (string, bool) { return e.key, !e.dir }, func(ent) bool { return false })
	}
}
