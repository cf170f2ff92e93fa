//go:build amd64 && !purego

package parser

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

// ppFindAVX2 is the first offset from i, 0 < i <= lim, at which ppRun's
// loop stops with mask, and its entry of ppPairTab, or max(i, lim) and
// 0; t are
// the finder's tables for mask (ppFindFor). It classifies 32 bytes at a
// time, the last 32 before lim for the last few, and looks up the
// candidates in ppPairTab. For lim < 33 it returns i and 0: it has not
// looked. It passes over the quoted runs and bracketed names that ppRun
// would pass over at once and that end in the 32 bytes after their
// first (a single-quoted string, while the batch may be plain, only when
// it holds no two letters with which a word ppStringMatters looks for
// starts, and is not NUL by its length and last letter; a bracketed or
// double-quoted name then, only when it is not as long as DatabaseBackup,
// ppNameMatters): ppRun then
// goes on from the stop after them without a call each (about 56,000
// calls fewer on 1,000 typical files). The tests' ppFindSkip says which.
//
//go:noescape
func ppFindAVX2(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8)

// ppFindOn is whether ppRun uses the finder (the tests turn it off to
// compare).
var ppFindOn = cpu.X86.HasAVX2

// ppFind is ppFindAVX2.
func ppFind(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8) {
	return ppFindAVX2(p, i, lim, t, mask)
}
