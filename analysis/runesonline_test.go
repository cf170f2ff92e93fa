package analysis

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// runesOnLine answers as strings.ContainsAny and utf8.RuneCountInString
// do, whatever byte sits at whatever place of a text of any length:
// line breaks, other characters, invalid and cut UTF-8.
func TestRunesOnLine(t *testing.T) {
	check := func(s string) {
		t.Helper()
		n, ok := runesOnLine(s)
		wantOK := !strings.ContainsAny(s, "\r\n")
		want := 0
		if wantOK {
			want = utf8.RuneCountInString(s)
		}
		if n != want || ok != wantOK {
			t.Fatalf("runesOnLine(%q) = %d %v, want %d %v", s, n, ok, want, wantOK)
		}
	}
	for n := 0; n <= 19; n++ {
		base := []byte(strings.Repeat("ab Z", 5)[:n])
		check(string(base))
		for i := 0; i < n; i++ {
			for c := 0; c < 256; c++ {
				s := append([]byte(nil), base...)
				s[i] = byte(c)
				check(string(s))
			}
		}
	}
	for _, s := range []string{"é", "aaaaaaaaé\n", "aaaaaaaa\xe2\x82", "日本語日本語日本語", "aaaaaaaaaaaaaaa\r", "\xff\xfe aaaaaaaa"} {
		check(s)
	}
}
