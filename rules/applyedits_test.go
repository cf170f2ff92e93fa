package rules

import (
	"math/rand"
	"strings"
	"testing"
)

// applyEditsRef is the former ApplyEdits, one concatenation per edit:
// the reference the linear version must match.
func applyEditsRef(text string, edits []Edit) (string, []int) {
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	// stable insertion sort by Start, descending
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && edits[order[j]].Start > edits[order[j-1]].Start; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	last := len(text)
	var skipped []int
	for _, i := range order {
		ed := edits[i]
		if ed.Start < 0 || ed.Start > ed.End || ed.End > last {
			skipped = append(skipped, i)
			continue
		}
		text = text[:ed.Start] + ed.New + text[ed.End:]
		last = ed.Start
	}
	return text, skipped
}

func TestApplyEditsMatchesTheReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 2000; n++ {
		text := strings.Repeat("abcdefghij", 1+rng.Intn(5))
		edits := make([]Edit, rng.Intn(6))
		for i := range edits {
			s := rng.Intn(len(text)+3) - 1
			e := s + rng.Intn(4) - 1
			edits[i] = Edit{Start: s, End: e, New: strings.Repeat("X", rng.Intn(3))}
		}
		got, gs := ApplyEdits(text, edits)
		want, ws := applyEditsRef(text, edits)
		if got != want || len(gs) != len(ws) {
			t.Fatalf("ApplyEdits(%q, %+v) = %q %v, want %q %v", text, edits, got, gs, want, ws)
		}
		for i := range gs {
			if gs[i] != ws[i] {
				t.Fatalf("skipped %v, want %v", gs, ws)
			}
		}
	}
}

// TestApplyEditsIsLinear: --fix of a file with 700,000 findings copied the
// whole text once per edit (10 MB × 700,000) and never ended. The edits
// are now applied in one pass: a fixed number of allocations, whatever
// their count.
func TestApplyEditsIsLinear(t *testing.T) {
	text := strings.Repeat("CHECKPOINT 10;\n", 1000)
	edits := make([]Edit, 1000)
	for i := range edits {
		edits[i] = Edit{Start: i*15 + 10, End: i*15 + 13}
	}
	allocs := testing.AllocsPerRun(5, func() { ApplyEdits(text, edits) })
	if allocs > 10 {
		t.Errorf("%v allocations for 1,000 edits, want a few", allocs)
	}
	if got, _ := ApplyEdits(text, edits); got != strings.Repeat("CHECKPOINT;\n", 1000) {
		t.Errorf("got %q...", got[:40])
	}
}
