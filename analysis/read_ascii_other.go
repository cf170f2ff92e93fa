//go:build !amd64 || purego

package analysis

// asciiSIMD is false: asciiPrefix is Go's alone.
var asciiSIMD = false

// asciiBlocks is 0: asciiPrefix checks the whole of b.
func asciiBlocks([]byte) int { return 0 }
