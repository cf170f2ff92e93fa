//go:build !(amd64 || arm64 || 386 || ppc64le)

package parser

import "unsafe"

// ppPairLoad reads the two bytes at p+k as one little-endian number
// (ppPairTab's index), a byte at a time.
func ppPairLoad(p unsafe.Pointer, k uintptr) uint16 {
	b := (*[2]byte)(unsafe.Add(p, k))
	return uint16(b[0]) | uint16(b[1])<<8
}
