package rules

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// lowerASCII gives strings.ToLower's bytes for ASCII text of every
// length around its 8-byte steps, and tells non-ASCII text and upper
// case wherever they are.
func TestLowerASCII(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("AZaz@[`{09_-/\\:. \x7f\x80\xc3\xff")
	for n := 0; n <= 40; n++ {
		for k := 0; k < 300; k++ {
			b := make([]byte, n)
			for i := range b {
				if k%3 == 0 {
					b[i] = byte(r.IntN(256))
				} else {
					b[i] = alphabet[r.IntN(len(alphabet))]
				}
			}
			s := string(b)
			dst := make([]byte, n)
			ascii, upper := lowerASCII(dst, s)
			if ascii != isASCII(s) {
				t.Fatalf("lowerASCII(%q): ascii %v", s, ascii)
			}
			if !ascii {
				continue
			}
			if string(dst) != strings.ToLower(s) {
				t.Fatalf("lowerASCII(%q) = %q, want %q", s, dst, strings.ToLower(s))
			}
			if upper != (strings.ToLower(s) != s) {
				t.Fatalf("lowerASCII(%q): upper %v", s, upper)
			}
		}
	}
}
