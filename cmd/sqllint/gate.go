package main

// newGateChunk is an empty chunk of gateChunk bytes' room for an
// outputGate. (Chunks mapped off the Go heap saved a collection on
// dense corpora in instruction counts, but not in real-time rounds,
// where their page faults cost as much, and they raised peak RSS: the
// heap it is.)
func newGateChunk() []byte { return make([]byte, 0, gateChunk) }

// freeGateChunk lets a chunk go: the collector's.
func freeGateChunk([]byte) {}
