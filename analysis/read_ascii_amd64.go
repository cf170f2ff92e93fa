//go:build amd64 && !purego

package analysis

import "golang.org/x/sys/cpu"

// asciiAVX2 is the length of b's longest prefix of whole blocks of 128
// bytes, then of 32, whose bytes are all from 1 to 0x7f (none past the
// last whole block of 32 is looked at).
//
//go:noescape
func asciiAVX2(b []byte) int

// asciiSIMD is whether asciiBlocks uses asciiAVX2 (the tests turn it off
// to compare).
var asciiSIMD = cpu.X86.HasAVX2

// asciiBlocks is the length of a prefix of b whose bytes are all from 1
// to 0x7f, a multiple of 32 (asciiPrefix checks the rest).
func asciiBlocks(b []byte) int {
	if !asciiSIMD || len(b) < 32 {
		return 0
	}
	return asciiAVX2(b)
}
