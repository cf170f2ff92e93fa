//go:build amd64 || arm64 || 386 || ppc64le

package parser

import "unsafe"

// ppPairLoad reads the two bytes at p+k as one little-endian number
// (ppPairTab's index): one load where the machine reads a two-byte
// number at any address.
func ppPairLoad(p unsafe.Pointer, k uintptr) uint16 {
	return *(*uint16)(unsafe.Add(p, k))
}

// ppLoad8 reads the eight bytes at p+k as one little-endian number (the
// byte at p+k in the low bits): one load.
func ppLoad8(p unsafe.Pointer, k uintptr) uint64 {
	return *(*uint64)(unsafe.Add(p, k))
}
