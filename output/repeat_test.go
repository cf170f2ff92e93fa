package output

import (
	"strings"
	"testing"
)

// appendRepeat appends exactly n copies of c, whatever n and c, after
// what the buffer holds.
func TestAppendRepeat(t *testing.T) {
	for _, c := range []byte{'~', ' ', 'x'} {
		for _, n := range []int{0, 1, 7, len(tildes) - 1, len(tildes), len(tildes) + 1, 3*len(tildes) + 5} {
			got := string(appendRepeat([]byte("ab"), c, n))
			if want := "ab" + strings.Repeat(string(c), n); got != want {
				t.Errorf("appendRepeat(%q, %d): %d bytes %q..., want %d", c, n, len(got), got[:min(len(got), 8)], len(want))
			}
		}
	}
	if got := appendRepeat(nil, '~', -1); len(got) != 0 {
		t.Errorf("a negative count appended %q", got)
	}
}
