package rules

import (
	"encoding/binary"
	"unsafe"
)

// The model lowers names for every statement it replays (a database's
// key, a file's, a filegroup's, a backup device's): byte by byte, each
// byte tested for ASCII, for A-Z and stored, this was about 15
// instructions a byte, 4% of a dense run's replay and rules. lowerASCII
// takes 8 bytes at a time.

const (
	lo7s  = 0x7f7f7f7f7f7f7f7f
	his   = 0x8080808080808080
	geA   = 0x3f3f3f3f3f3f3f3f // 0x80 - 'A': a byte's high bit set from 'A' up
	gtZ   = 0x2525252525252525 // 0x80 - ('Z'+1): set from just past 'Z' up
	caseX = 0x20               // 'a' - 'A'
)

// upperBits has 0x80 in each byte of x that is an ASCII upper-case
// letter, 0 elsewhere (a byte of 0x80 or more is none).
func upperBits(x uint64) uint64 {
	h := x & lo7s // no byte over 0x7f: the additions carry out of none
	return (h + geA) &^ (h + gtZ) &^ x & his
}

// lowerASCII writes strings.ToLower(s) into dst (at least len(s) long)
// when s is ASCII (ascii), and reports whether s has an upper-case
// letter; when s is not ASCII, what dst holds is not to be used.
func lowerASCII(dst []byte, s string) (ascii, upper bool) {
	n := len(s)
	dst = dst[:n]
	src := unsafe.Slice(unsafe.StringData(s), n) // read only
	le := binary.LittleEndian
	var all, up uint64
	// Most names are shorter than 8 bytes or not a multiple of 8: their
	// last bytes are read as a word that overlaps the bytes before (or, for
	// fewer than 8, as two halves that may overlap), written twice alike.
	switch {
	case n >= 8:
		// (each word as [i:i+8], i <= n-8: the compiler tests no index
		// of dst in the loop, and one slice of src)
		for i := 0; i <= n-8; i += 8 {
			x := le.Uint64(src[i : i+8])
			u := upperBits(x)
			all, up = all|x, up|u
			le.PutUint64(dst[i:i+8], x|u>>2)
		}
		if n%8 != 0 {
			x := le.Uint64(src[n-8:])
			u := upperBits(x)
			all, up = all|x, up|u
			le.PutUint64(dst[n-8:], x|u>>2)
		}
	case n >= 4:
		x := uint64(le.Uint32(src)) | uint64(le.Uint32(src[n-4:]))<<32
		u := upperBits(x)
		all, up = x, u
		y := x | u>>2
		le.PutUint32(dst, uint32(y))
		le.PutUint32(dst[n-4:], uint32(y>>32))
	case n >= 2:
		x := uint64(le.Uint16(src)) | uint64(le.Uint16(src[n-2:]))<<16
		u := upperBits(x)
		all, up = x, u
		y := x | u>>2
		le.PutUint16(dst, uint16(y))
		le.PutUint16(dst[n-2:], uint16(y>>16))
	case n == 1:
		x := uint64(src[0])
		u := upperBits(x)
		all, up = x, u
		dst[0] = byte(x | u>>2)
	}
	return all&his == 0, up != 0
}
