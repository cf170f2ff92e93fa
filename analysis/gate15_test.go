package analysis

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestRuneCount: runeCount is utf8.RuneCountInString, for ASCII of every
// length around its sixteen- and eight-byte steps, with a character of
// another script or an invalid byte at every place.
func TestRuneCount(t *testing.T) {
	for n := 0; n <= 40; n++ {
		ascii := strings.Repeat("x", n)
		if got := runeCount(ascii); got != n {
			t.Fatalf("runeCount(%q) = %d, want %d", ascii, got, n)
		}
		for _, c := range []string{"é", "日本", "\xff", "\xe6", "\x80", "😀"} {
			for at := 0; at <= n; at++ {
				s := ascii[:at] + c + ascii[at:]
				if got, want := runeCount(s), utf8.RuneCountInString(s); got != want {
					t.Fatalf("runeCount(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}
