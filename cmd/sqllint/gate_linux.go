//go:build linux

package main

import "syscall"

// newGateChunk is an empty chunk of gateChunk bytes' room for an
// outputGate, mapped off the Go heap: what a guessing run holds back
// (32,768 findings' printed text at most, 14 MB of text on 200 dense
// files) then neither raises the collector's limit nor brings its next
// collection forward, and is gone as soon as it is written. Only the
// pages written count in the process's memory. Where the mapping fails
// the chunk is made on the heap.
func newGateChunk() []byte {
	b, err := syscall.Mmap(-1, 0, gateChunk, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANONYMOUS)
	if err != nil {
		return make([]byte, 0, gateChunk)
	}
	return b[:0]
}

// freeGateChunk ends the mapping of a chunk of newGateChunk: nothing may
// read it after (an io.Writer keeps nothing of what it was given). A
// chunk made on the heap is not a mapping syscall knows, and is left to
// the collector.
func freeGateChunk(b []byte) {
	if cap(b) > 0 {
		_ = syscall.Munmap(b[:cap(b)])
	}
}
