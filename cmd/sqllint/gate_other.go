//go:build !linux

package main

// newGateChunk is an empty chunk of gateChunk bytes' room for an
// outputGate, on the heap here (off it on Linux).
func newGateChunk() []byte { return make([]byte, 0, gateChunk) }

// freeGateChunk lets a chunk go: the collector's.
func freeGateChunk([]byte) {}
