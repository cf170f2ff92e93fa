package parser

import (
	"math/rand"
	"testing"
)

// ppQuoteEnd finds the first closing quote or '$' as a byte-by-byte scan
// does, wherever it falls in a word of eight bytes (and with bytes that
// differ from the quote or '$' by one bit, or that a borrow would mark).
func TestPPQuoteEndMatchesByteScan(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	const alpha = "'\"]$%&#\x00\x01\xff\x80\x7f(a "
	for iter := 0; iter < 20000; iter++ {
		n := rng.Intn(30)
		b := make([]byte, n)
		for k := range b {
			if rng.Intn(3) == 0 {
				b[k] = alpha[rng.Intn(len(alpha))]
			} else {
				b[k] = byte('a' + rng.Intn(26))
			}
		}
		s := string(b)
		for _, q := range []byte{'\'', '"', ']'} {
			for k := 0; k <= n+1; k++ {
				want := n
				for j := k; j < n; j++ {
					if s[j] == q || s[j] == '$' {
						want = j
						break
					}
				}
				if got := ppQuoteEnd(s, k, q); got != want {
					t.Fatalf("ppQuoteEnd(%q, %d, %q) = %d, want %d", s, k, q, got, want)
				}
			}
		}
	}
}
