package parser

import (
	"math/bits"
	"unsafe"
)

// foldIndex is the index of the first byte of s at or after i that is c
// in either case (b|0x20 == c, c a lower-case letter), or len(s). It
// looks at 8 bytes at a time: the string tests of the dynamic-SQL
// followers (hasBackup, hasTempdb, hasWord) read every string literal
// of a statement that builds text, most of which hold none of their
// words. The lowest byte the zero-byte test marks is a match (a borrow
// only marks bytes above one: quoteend.go).
func foldIndex(s string, i int, c byte) int {
	p := unsafe.Pointer(unsafe.StringData(s))
	cc := ppLo * uint64(c)
	for ; i+8 <= len(s); i += 8 {
		y := ppLoad8(p, uintptr(i)) | 0x2020202020202020 ^ cc
		if z := (y - ppLo) &^ y & ppHi; z != 0 {
			return i + bits.TrailingZeros64(z)>>3
		}
	}
	for ; i < len(s); i++ {
		if s[i]|0x20 == c {
			return i
		}
	}
	return len(s)
}

// runWordIndex is the index of the first byte of s at or after i that
// may start a word of hasWord: t, c, s or f in either case; or len(s).
func runWordIndex(s string, i int) int {
	p := unsafe.Pointer(unsafe.StringData(s))
	const t, c, e, f = ppLo * 't', ppLo * 'c', ppLo * 's', ppLo * 'f'
	for ; i+8 <= len(s); i += 8 {
		x := ppLoad8(p, uintptr(i)) | 0x2020202020202020
		a, b, d, g := x^t, x^c, x^e, x^f
		if z := ((a-ppLo)&^a | (b-ppLo)&^b | (d-ppLo)&^d | (g-ppLo)&^g) & ppHi; z != 0 {
			return i + bits.TrailingZeros64(z)>>3
		}
	}
	for ; i < len(s); i++ {
		switch s[i] | 0x20 {
		case 't', 'c', 's', 'f':
			return i
		}
	}
	return len(s)
}

// byteString is b as a string, without a copy: for reading while b is
// not changed.
func byteString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
