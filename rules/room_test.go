package rules

import "testing"

// A script that keeps a statement or two gets rooms of its size (most
// scripts of a run: a first room of 32 copies made 20,000 typical files
// allocate 67 MB more), and a large script's rooms double up to ownSlab.
func TestRoomFor(t *testing.T) {
	for _, c := range []struct{ n, last, want int }{
		{1, 0, 1},
		{3, 0, 3},
		{1, 1, 2},
		{1, 2, 4},
		{5, 2, 5},
		{1, 256, ownSlab},
		{1, ownSlab, ownSlab},
		{ownSlab * 3, 0, ownSlab},
	} {
		if got := roomFor(c.n, c.last); got != c.want {
			t.Errorf("roomFor(%d, %d) = %d, want %d", c.n, c.last, got, c.want)
		}
	}
}
