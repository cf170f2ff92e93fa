//go:build !(amd64 || arm64 || 386 || ppc64le)

package parser

import "unsafe"

// ppPairLoad reads the two bytes at p+k as one little-endian number
// (ppPairTab's index), a byte at a time.
func ppPairLoad(p unsafe.Pointer, k uintptr) uint16 {
	b := (*[2]byte)(unsafe.Add(p, k))
	return uint16(b[0]) | uint16(b[1])<<8
}

// ppLoad8 reads the eight bytes at p+k as one little-endian number (the
// byte at p+k in the low bits), a byte at a time.
func ppLoad8(p unsafe.Pointer, k uintptr) uint64 {
	b := (*[8]byte)(unsafe.Add(p, k))
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}
