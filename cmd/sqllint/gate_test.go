package main

import (
	"bytes"
	"testing"
)

// A withdrawn gate and a gate never opened let their chunks go; a
// withdrawn gate writes what comes after.
func TestOutputGateWithdrawAndClose(t *testing.T) {
	var out bytes.Buffer
	g := &outputGate{w: &out}
	_, _ = g.Write(bytes.Repeat([]byte("a"), 3*gateChunk+5))
	g.withdraw()
	if len(g.held) != 0 {
		t.Fatalf("withdrawn gate still holds %d chunks", len(g.held))
	}
	_, _ = g.Write([]byte("final\n"))
	if out.String() != "final\n" {
		t.Fatalf("withdrawn gate wrote %q", out.String())
	}
	h := &outputGate{w: &out}
	_, _ = h.Write(bytes.Repeat([]byte("b"), gateChunk+1))
	h.close()
	if len(h.held) != 0 {
		t.Fatalf("closed gate still holds %d chunks", len(h.held))
	}
}
