package analysis

import (
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

// An inoSet holds what was added, whatever the order, across merges of
// its pending numbers into the sorted ones.
func TestInoSet(t *testing.T) {
	var s inoSet
	in := map[uint64]bool{}
	x := uint64(12345)
	for i := 0; i < 5*inoPending+17; i++ {
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
