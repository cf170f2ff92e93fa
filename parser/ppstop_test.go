package parser

import (
	"math/rand"
	"testing"
	"unsafe"
)

// ppStop finds the first stop of the table of pairs, and its entry, as a
// byte-by-byte scan does, for every start and every mask the scanner
// uses, on texts dense in the bytes it stops at (so that stops fall at
// every place in a round of eight, and in the tail).
func TestPPStopMatchesByteScan(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const alpha = "ab kpuRrGgEe:!x0\t\n\r'\"[]-/$<>()*;,.#@_\x80"
	masks := []uint8{
		ppMask(false, -1, 0), ppMask(true, -1, 0), ppMask(false, 3, 0), ppMask(true, 3, 0),
		ppMask(false, -1, ppPNL), ppMask(true, -1, ppPNL), ppPLines, ppPIndent, ppPLess, 0xff,
	}
	for range 3000 {
		n := 1 + rng.Intn(40)
		b := make([]byte, n)
		for k := range b {
			if rng.Intn(4) == 0 {
				b[k] = alpha[rng.Intn(len(alpha))]
			} else {
				b[k] = "SELECT dbo.tbl"[rng.Intn(14)]
			}
		}
		s := string(b)
		base := unsafe.Pointer(unsafe.StringData(s))
		for _, m := range masks {
			for i := 1; i <= n; i++ {
				want, wantE := n, uint8(0)
				for j := i; j < n; j++ {
					if e := ppPairTab[uint16(s[j-1])|uint16(s[j])<<8]; e&m != 0 {
						want, wantE = j, e
						break
					}
				}
				if got, e := ppStop(base, i, n, m); got != want || e != wantE {
					t.Fatalf("ppStop(%q, %d, mask %08b) = %d, %08b, want %d, %08b", s, i, m, got, e, want, wantE)
				}
			}
		}
	}
}
