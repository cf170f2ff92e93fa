//go:build linux && (amd64 || arm64)

package analysis

import (
	"os"
	"syscall"
	"unsafe"
)

// canMap: large files of a static run are mapped, not read.
const canMap = true

// mapFile maps the size bytes of f read-only.
func mapFile(f *os.File, size int64) ([]byte, error) {
	if int64(int(size)) != size {
		return nil, syscall.EFBIG
	}
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_SHARED)
}

// releasePages drops the resident pages of a mapping: they stop counting
// in the process's memory, and reading them again faults them back in
// from the page cache.
func releasePages(data []byte) { _ = syscall.Madvise(data, syscall.MADV_DONTNEED) }

// releaseText drops the resident pages of text[lo:hi] that lie whole in
// it, text being (part of) a mapping.
func releaseText(text string, lo, hi int) {
	if lo < 0 || hi > len(text) || hi <= lo {
		return
	}
	ps := os.Getpagesize()
	p := unsafe.Pointer(unsafe.StringData(text))
	addr := int(uintptr(p))
	start := (addr + lo + ps - 1) &^ (ps - 1)
	end := (addr + hi) &^ (ps - 1)
	if end > start {
		_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(p, start-addr)), end-start), syscall.MADV_DONTNEED)
	}
}

// unmapFile ends a mapping: the file and its pages go, but the addresses
// stay reserved (no access, no memory), so that they are never reused for
// the Go heap while a string may still point into them.
func unmapFile(data []byte) {
	if len(data) == 0 {
		return
	}
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(data)))
	_, _, errno := syscall.Syscall6(syscall.SYS_MMAP, addr, uintptr(len(data)), syscall.PROT_NONE,
		syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS|syscall.MAP_FIXED|syscall.MAP_NORESERVE, ^uintptr(0), 0)
	if errno != 0 {
		releasePages(data) // keep the mapping, without its pages
	}
}
