package parser

import (
	"strings"
	"testing"
)

// isWord tells a word by its bytes with the lower-case bit cleared: a
// word is w, in any case, and no other byte in any place makes it so
// (digits, "_", "#", "@", "$", "`", "[" and bytes of UTF-8 sequences
// among them, which the bit's clearing could mix up with letters).
func TestIsWordFold(t *testing.T) {
	for _, w := range []string{"OR", "ALTER", "PROC", "DATABASE", "TRACEON", "EXISTS", "CONVERSATION", "COUNTERSIGNATURE"} {
		for j := 0; j < len(w); j++ {
			for b := 1; b < 256; b++ {
				word := w[:j] + string(rune(b)) + w[j+1:]
				if b >= 0x80 {
					word = w[:j] + string([]byte{byte(b)}) + w[j+1:]
				}
				text := "x " + word + " y"
				var sc Scanner
				sp := splitter{text: text, toks: sc.Scan(text)}
				want := len(sp.toks) == 3 && sp.toks[1].Kind == TokIdent && strings.ToUpper(text[sp.toks[1].Start:sp.toks[1].End]) == w
				if got := sp.isWord(1, w); got != want {
					t.Fatalf("isWord(%q, %q) = %v, want %v", word, w, got, want)
				}
			}
		}
	}
}
