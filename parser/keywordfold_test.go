package parser

import (
	"strings"
	"testing"
)

// keywordFold answers as strings.EqualFold for the fast parser's
// keywords, also for characters that fold to ASCII letters (the Kelvin
// sign, the long s), other letters, controls and invalid UTF-8.
func TestKeywordFold(t *testing.T) {
	words := []string{"USE", "CHECKPOINT", "DBCC", "TRACEON", "KB", "SIZE", "FILEGROWTH", "MAXSIZE", "UNLIMITED", "NAME", "ADD", "FILE_SNAPSHOT", "X", "T1"}
	others := []string{"", "K", "\u212a", "\u017f", "é", "\x7f", "\xff", "@", "[", "`", "{", "_", "0", "1", "\x00", " ", "i", "İ", "ı"}
	var inputs []string
	for _, w := range words {
		inputs = append(inputs, w, strings.ToLower(w), strings.ToTitle(w), w+"S", w[:len(w)-1])
		for i := 0; i < len(w); i++ {
			for _, o := range others {
				inputs = append(inputs, w[:i]+o+w[i+1:], strings.ToLower(w[:i])+o+w[i+1:])
			}
			for c := 0; c < 128; c++ {
				inputs = append(inputs, w[:i]+string(rune(c))+w[i+1:])
			}
		}
	}
	for _, w := range words {
		for _, s := range inputs {
			if got, want := keywordFold(s, w), strings.EqualFold(s, w); got != want {
				t.Fatalf("keywordFold(%q, %q) = %v, want %v", s, w, got, want)
			}
		}
	}
	// the Kelvin sign and the long s fold to k and s
	if !keywordFold("\u212aB", "KB") || !keywordFold("\u017fIZE", "SIZE") {
		t.Fatal("a character folding to an ASCII letter does not match")
	}
}
