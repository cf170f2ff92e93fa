package rules

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"
)

// asMap is what t holds, as a map.
func (t *varTexts) asMap() map[string]string {
	if t.m != nil {
		return maps.Clone(t.m)
	}
	out := map[string]string{}
	for i, n := range t.names {
		out[n] = t.texts[i]
	}
	return out
}

// A varTexts holds what a map would, in its lists and past them, and is
// empty once cleared.
func TestVarTexts(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, spread := range []int{3, varTextsList, 4 * varTextsList} {
		var vt varTexts
		want := map[string]string{}
		for step := range 3000 {
			v := fmt.Sprintf("@v%d", r.IntN(spread))
			switch r.IntN(5) {
			case 0, 1:
				w := fmt.Sprintf("ADD FILE %d", step)
				vt.set(v, w)
				want[v] = w
			case 2:
				vt.del(v)
				delete(want, v)
			case 3:
				if vt.get(v) != want[v] {
					t.Fatalf("%d: %s is %q, want %q", step, v, vt.get(v), want[v])
				}
			case 4:
				if r.IntN(50) == 0 {
					vt.clear()
					clear(want)
				}
			}
			if vt.len() != len(want) {
				t.Fatalf("%d: %d variables, want %d", step, vt.len(), len(want))
			}
		}
		if !maps.Equal(vt.asMap(), want) {
			t.Errorf("spread %d: %v, want %v", spread, vt.asMap(), want)
		}
	}
}
