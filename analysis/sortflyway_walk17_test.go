package analysis

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortFlywayByHeads: a Flyway folder sorted by its versions' first
// numbers (sortFlyway's usual way) is in the order of its keys
// (sortFlywayKeys): scripts that share a first number (V1, V1.1, V01,
// B1, V1_2), baseline and versioned ones, numbers near the limit of
// the packing, subfolders after the files; and a folder with a script
// of another kind or a number too large for the packing is sorted by
// its keys.
func TestSortFlywayByHeads(t *testing.T) {
	type ent struct {
		key string
		dir bool
	}
	file := func(e ent) (string, bool) { return e.key, !e.dir }
	rnd := rand.New(rand.NewPCG(7, 17))
	heads := []string{"1", "01", "001", "2", "10", "9", "18014398509481983", "18014398509481984", "36028797018963967",
		"99999999999999999", "999999999999999999", "9999999999999999999", "123456789012345678901"}
	rests := []string{"", ".1", "_1", ".0", ".1.0", "_2_1", ".10", ".9", ".01"}
	for round := range 400 {
		n := 1 + rnd.IntN(40)
		var list []ent
		seen := map[string]bool{}
		for range n {
			var name string
			switch r := rnd.IntN(20); {
			case r == 0:
				name = fmt.Sprintf("dir%d/", rnd.IntN(12))
			case r == 1 && round%3 == 0:
				name = []string{"R__view.sql", "U1__undo.sql", "afterMigrate.sql", "notes.sql"}[rnd.IntN(4)]
			default:
				kind := "V"
				if rnd.IntN(8) == 0 {
					kind = "B"
				}
				h := heads[rnd.IntN(3+round%len(heads))%len(heads)]
				if rnd.IntN(2) == 0 {
					h = fmt.Sprint(rnd.IntN(30))
				}
				name = fmt.Sprintf("%s%s%s__%c.sql", kind, h, rests[rnd.IntN(len(rests))], 'a'+rune(rnd.IntN(3)))
			}
			if !seen[name] {
				seen[name] = true
				list = append(list, ent{name, name[len(name)-1] == '/'})
			}
		}
		got := slices.Clone(list)
		ok := sortFlyway(got, file, func(ent) bool { return true })
		want := slices.Clone(list)
		sortFlywayKeys(want, file)
		if hasVersioned := slices.ContainsFunc(list, func(e ent) bool { return !e.dir && (e.key[0] == 'V' || e.key[0] == 'B') }); ok != hasVersioned {
			t.Fatalf("%v: sortFlyway %v", list, ok)
		}
		if ok && !slices.Equal(got, want) {
			t.Fatalf("%v:\n got %v\nwant %v", list, got, want)
		}
	}
}

// TestPermute: permute puts each entry where the permutation says, for
// every permutation of four entries.
func TestPermute(t *testing.T) {
	var perms [][]uint64
	var gen func(p []uint64, rest []uint64)
	gen = func(p, rest []uint64) {
		if len(rest) == 0 {
			perms = append(perms, p)
			return
		}
		for i := range rest {
			gen(append(slices.Clone(p), rest[i]), slices.Delete(slices.Clone(rest), i, i+1))
		}
	}
	gen(nil, []uint64{0, 1, 2, 3})
	for _, p := range perms {
		list := []string{"a", "b", "c", "d"}
		want := make([]string, 4)
		for i, j := range p {
			want[i] = list[j]
		}
		permute(list, slices.Clone(p))
		if !slices.Equal(list, want) {
			t.Errorf("permute %v: %v, want %v", p, list, want)
		}
	}
}
