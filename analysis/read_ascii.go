package analysis

import (
	"bytes"
	"unicode/utf8"
)

// plainText reports whether b is UTF-8 without a NUL byte: the text of
// a script as it is read, used without a copy (decode). Most scripts
// are ASCII throughout: their bytes are checked in one pass (asciiPrefix,
// 32 bytes at a time where the machine can), and only the rest from the
// first byte that is not ASCII or is NUL gets the two passes of before
// (bytes.IndexByte, then utf8.Valid: about 0.6 instructions a byte
// together, against about 0.1).
func plainText(b []byte) bool {
	k := asciiPrefix(b)
	if k == len(b) {
		return true
	}
	// b[:k] is ASCII, so b[k] starts a character
	rest := b[k:]
	return bytes.IndexByte(rest, 0) < 0 && utf8.Valid(rest)
}

// asciiPrefix is the length of the longest prefix of b whose bytes are
// all from 1 to 0x7f.
func asciiPrefix(b []byte) int {
	k := asciiBlocks(b)
	return k + asciiPrefixGo(b[k:])
}

// asciiPrefixGo is asciiPrefix eight bytes at a time.
func asciiPrefixGo(b []byte) int {
	const lo, hi = 0x0101010101010101, 0x8080808080808080
	k := 0
	for ; k+8 <= len(b); k += 8 {
		x := uint64(b[k]) | uint64(b[k+1])<<8 | uint64(b[k+2])<<16 | uint64(b[k+3])<<24 |
			uint64(b[k+4])<<32 | uint64(b[k+5])<<40 | uint64(b[k+6])<<48 | uint64(b[k+7])<<56
		// a byte with its high bit set, or a zero byte (the borrow
		// of x-lo reaches the high bit of the first one)
		if (x|(x-lo)&^x)&hi != 0 {
			break
		}
	}
	for ; k < len(b); k++ {
		if c := b[k]; c == 0 || c >= utf8.RuneSelf {
			break
		}
	}
	return k
}
