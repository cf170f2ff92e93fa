//go:build !amd64 || purego

package parser

import "unsafe"

// ppFindOn is false: there is no finder but ppRun's own loop.
var ppFindOn = false

// ppFind is never called (ppFindOn).
func ppFind(p unsafe.Pointer, i, lim int, t *ppFindTabs, mask uint8) (int, uint8) {
	return i, 0
}
