//go:build amd64 && !purego

package parser

import "unsafe"

// ppFindAVX2 is the first offset from i, 0 < i <= lim, at which ppRun's
// loop stops with mask, and its entry of ppPairTab, or max(i, lim) and
// 0; t are
// the finder's tables for mask (ppFindFor). It classifies 32 bytes at a
// time, the last 32 before lim for the last few, and looks up the
// candidates in ppPairTab. For lim < 33 it returns i and 0: it has not
// looked.
//
//go:noescape
func ppFindAVX2(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8)

// ppCPUID and ppXGETBV are the instructions of the same names.
func ppCPUID(leaf, sub uint32) (a, b, c, d uint32)
func ppXGETBV() (a, d uint32)

// ppHasAVX2 is whether the processor has AVX2 and the system saves its
// registers.
func ppHasAVX2() bool {
	top, _, _, _ := ppCPUID(0, 0)
	if top < 7 {
		return false
	}
	_, _, c, _ := ppCPUID(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if c&osxsave == 0 || c&avx == 0 {
		return false
	}
	if xcr0, _ := ppXGETBV(); xcr0&6 != 6 { // the XMM and YMM state
		return false
	}
	_, b, _, _ := ppCPUID(7, 0)
	return b&(1<<5) != 0
}

// ppFindOn is whether ppRun uses the finder (the tests turn it off to
// compare).
var ppFindOn = ppHasAVX2()

// ppFind is ppFindAVX2.
func ppFind(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8) {
	return ppFindAVX2(p, i, lim, t, mask)
}
