//go:build !linux

package memlimit

// mapHuge does nothing: huge pages are advised only on Linux.
func mapHuge(int) {}

// hugeAvailable reports false: huge pages are advised only on Linux.
func hugeAvailable() bool { return false }
