package analysis

import (
	"fmt"
	"slices"
	"testing"
)

func TestIDSet(t *testing.T) {
	var s idSet
	ids := []fileID{
		{dev: 1, ino: 7}, {dev: 1, ino: 8}, {dev: 2, ino: 7}, {dev: 0, ino: 7},
		{path: "/a/b.sql"}, {path: "/a/c.sql"},
	}
	for _, id := range ids {
		if s.has(id) {
			t.Fatalf("%+v in the empty set", id)
		}
	}
	for i, id := range ids {
		if !s.add(id) {
			t.Fatalf("add(%+v) reports it was in the set", id)
		}
		for j, other := range ids {
			if got := s.has(other); got != (j <= i) {
				t.Fatalf("after adding %d identities, has(%+v) = %v", i+1, other, got)
			}
		}
	}
	for _, id := range ids {
		if s.add(id) {
			t.Fatalf("add(%+v) again reports it was new", id)
		}
	}
	if s.has(fileID{dev: 3, ino: 7}) || s.has(fileID{dev: 1, ino: 9}) || s.has(fileID{path: "/a/d.sql"}) {
		t.Fatal("an identity never added is in the set")
	}
}

// A sortedSet holds what was added, whatever the order, across merges of
// its pending values into the sorted ones.
func TestSortedSet(t *testing.T) {
	var s sortedSet[uint64]
	in := map[uint64]bool{}
	x := uint64(12345)
	for i := 0; i < 5*sortedPending+17; i++ {
		var ino uint64
		switch i % 3 {
		case 0:
			ino = uint64(i) // ascending
		default:
			x = x*6364136223846793005 + 1442695040888963407
			ino = x >> (i % 50) // anywhere, repeats included
		}
		if got := s.add(ino); got != !in[ino] {
			t.Fatalf("add(%d) = %v with %d added", ino, got, len(in))
		}
		in[ino] = true
	}
	for ino := range in {
		if !s.has(ino) {
			t.Fatalf("%d lost", ino)
		}
	}
	if !slices.IsSorted(s.sorted) || len(s.sorted)+len(s.pending) != len(in) {
		t.Fatalf("%d sorted (sorted: %v), %d pending, %d added", len(s.sorted), slices.IsSorted(s.sorted), len(s.pending), len(in))
	}
	for _, ino := range []uint64{1 << 63, 1<<62 + 5, 999_999_999} {
		if !in[ino] && s.has(ino) {
			t.Fatalf("%d never added", ino)
		}
	}
}

// A sortedSet of paths, added in a walk's natural order (not the sorted
// order), holds each once.
func TestSortedSetOfPaths(t *testing.T) {
	var s sortedSet[string]
	var paths []string
	for i := 1; i <= 3*sortedPending; i++ {
		paths = append(paths, fmt.Sprintf("d%d/f%d.sql", i%7, i))
	}
	for _, p := range paths {
		if !s.add(p) {
			t.Fatalf("%s: not new", p)
		}
	}
	for _, p := range paths {
		if s.add(p) || !s.has(p) {
			t.Fatalf("%s lost or added twice", p)
		}
	}
	if s.has("d1/f0.sql") || s.has("") || !slices.IsSorted(s.sorted) {
		t.Fatal("a path never added is in the set, or the set is out of order")
	}
}

// Values put (put, putValue) unchecked, some twice, are in the set once
// it is asked, each once, and nothing else is.
func TestSortedSetPut(t *testing.T) {
	var s sortedSet[string]
	want := map[string]bool{}
	for i := 1; i <= 3*sortedPending; i++ {
		p := fmt.Sprintf("d%d/f%d.sql", i%7, i%(2*sortedPending))
		s.putValue(p)
		want[p] = true
	}
	if len(s.sorted)+len(s.pending) != 0 {
		t.Fatal("put values sorted in before the set is asked")
	}
	if s.has("d1/f0.sql") || len(s.put) != 0 {
		t.Fatal("a path never put is in the set, or the put ones were not settled")
	}
	got := map[string]int{}
	s.values(func(p string) { got[p]++ })
	if len(got) != len(want) {
		t.Fatalf("%d values, want %d", len(got), len(want))
	}
	for p, n := range got {
		if !want[p] || n != 1 || !s.has(p) {
			t.Fatalf("%s: %d times, want once", p, n)
		}
	}
	var ids idSet
	for ino := range uint64(3 * sortedPending) {
		ids.put(fileID{dev: 1 + ino%2, ino: ino})
	}
	ids.put(fileID{path: "/x.sql"})
	for ino := range uint64(3 * sortedPending) {
		if !ids.has(fileID{dev: 1 + ino%2, ino: ino}) || ids.has(fileID{dev: 2 - ino%2, ino: ino}) {
			t.Fatalf("inode %d put on the wrong device or lost", ino)
		}
	}
	if !ids.has(fileID{path: "/x.sql"}) || ids.has(fileID{path: "/y.sql"}) {
		t.Fatal("identity by path lost or made up")
	}
}

// Values put in bulk (more than sortedPending at once, in no order) that
// are already in the set, sorted or pending, are in it once afterwards.
func TestSortedSetPutOverlap(t *testing.T) {
	var s sortedSet[uint64]
	want := map[uint64]bool{}
	for v := range uint64(2*sortedPending + 10) { // sorted, and 10 pending
		s.add(v * 3)
		want[v*3] = true
	}
	if len(s.pending) == 0 || len(s.sorted) == 0 {
		t.Fatal("the set has no sorted or no pending values: the test tests nothing")
	}
	for v := range uint64(3 * sortedPending) { // in no order, overlapping both
		x := (v * 7919) % uint64(9*sortedPending)
		s.putValue(x)
		s.putValue(x)
		want[x] = true
	}
	got := map[uint64]int{}
	s.values(func(v uint64) { got[v]++ })
	if len(got) != len(want) {
		t.Fatalf("%d values, want %d", len(got), len(want))
	}
	for v, n := range got {
		if !want[v] || n != 1 {
			t.Fatalf("%d: %d times, want once", v, n)
		}
	}
	if !slices.IsSorted(s.sorted) {
		t.Fatal("the sorted values are not sorted")
	}
	for v := range want {
		if !s.has(v) {
			t.Fatalf("%d not in the set", v)
		}
	}
	if s.has(9*sortedPending + 1) {
		t.Fatal("a value never put is in the set")
	}
}
