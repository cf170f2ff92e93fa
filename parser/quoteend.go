package parser

import (
	"math/bits"
	"strings"
	"unsafe"
)

// The zero-byte test of ppQuoteEnd: a byte equal to q is a zero byte of
// x^q repeated, and the lowest byte whose high bit ((y-lo)&^y)&hi sets
// is the first zero byte of y (a borrow only marks bytes above a zero
// byte).
const ppLo, ppHi = 0x0101010101010101, 0x8080808080808080

// ppQuoteEnd is the offset of the first byte of s at or after k that is q
// or '$' (where a quoted run that q closes may end, or holds a variable),
// or len(s). It looks at eight bytes at a time; most quoted runs are
// short, and end in the first eight, looked at here, where the scanner
// calls it.
func ppQuoteEnd(s string, k int, q byte) int {
	if k+8 <= len(s) {
		x := ppLoad8(unsafe.Pointer(unsafe.StringData(s)), uintptr(k))
		a, b := x^(ppLo*uint64(q)), x^(ppLo*'$')
		if z := ((a-ppLo)&^a | (b-ppLo)&^b) & ppHi; z != 0 {
			return k + bits.TrailingZeros64(z)>>3
		}
		k += 8
	}
	return ppQuoteEndRest(s, k, q)
}

// ppQuoteEndRest is ppQuoteEnd past the first eight bytes.
func ppQuoteEndRest(s string, k int, q byte) int {
	n := len(s)
	if k >= n {
		return n
	}
	p := unsafe.Pointer(unsafe.StringData(s))
	qq, dd := ppLo*uint64(q), ppLo*uint64('$')
	for ; k+8 <= n; k += 8 {
		x := ppLoad8(p, uintptr(k))
		a, b := x^qq, x^dd
		if z := ((a-ppLo)&^a | (b-ppLo)&^b) & ppHi; z != 0 {
			return k + bits.TrailingZeros64(z)>>3
		}
	}
	for ; k < n; k++ {
		if c := s[k]; c == q || c == '$' {
			return k
		}
	}
	return n
}

// ppFind2 is the offset of the first byte of s at or after k that is a or
// b, or len(s). Most runs it is asked about (comments) are short: their
// first 32 bytes are looked at eight at a time here, the rest with
// strings.IndexByte, which is faster on long runs but costs a call.
func ppFind2(s string, k int, a, b byte) int {
	n := len(s)
	p := unsafe.Pointer(unsafe.StringData(s))
	aa, bb := ppLo*uint64(a), ppLo*uint64(b)
	for r := 0; r < 4 && k+8 <= n; r++ {
		x := ppLoad8(p, uintptr(k))
		y, w := x^aa, x^bb
		if z := ((y-ppLo)&^y | (w-ppLo)&^w) & ppHi; z != 0 {
			return k + bits.TrailingZeros64(z)>>3
		}
		k += 8
	}
	if k >= n {
		return n
	}
	e := n
	if j := strings.IndexByte(s[k:], a); j >= 0 {
		e = k + j
	}
	if j := strings.IndexByte(s[k:e], b); j >= 0 {
		e = k + j
	}
	return e
}
