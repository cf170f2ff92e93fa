package analysis

import "testing"

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
