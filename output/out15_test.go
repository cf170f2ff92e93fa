package output

import (
	"strings"
	"testing"
)

// TestIsPlain: jw's table answers jsonPlain for every string, also for
// strings that share their bytes' address (prefixes of one another),
// equal texts in other strings and texts that differ by one byte.
func TestIsPlain(t *testing.T) {
	var w jw
	base := strings.Repeat("allocates 16 GB of data file ", 8) + "\"quoted\" " + strings.Repeat("é ", 10) + "\\ end"
	var all []string
	for n := 0; n <= len(base); n++ {
		all = append(all, base[:n], base[n:], strings.Clone(base[:n]))
	}
	for round := 0; round < 3; round++ {
		for _, s := range all {
			if got, want := w.isPlain(s), jsonPlain(s); got != want {
				t.Fatalf("isPlain(%q) = %v, want %v", s, got, want)
			}
		}
	}
	// the same length, one byte other
	if !w.isPlain(strings.Repeat("a", 40)) {
		t.Fatal("plain text not plain")
	}
	other := strings.Repeat("a", 39) + "\""
	if w.isPlain(other) {
		t.Fatal("text with a quote taken as plain")
	}
}
