//go:build linux

package main

import (
	"bytes"
	"runtime"
	"testing"
)

// What an outputGate holds back is off the Go heap on Linux: it neither
// raises the collector's limit nor brings a collection forward, and it
// reaches the writer unchanged.
func TestOutputGateHoldsOffHeap(t *testing.T) {
	var out bytes.Buffer
	g := &outputGate{w: &out}
	defer g.close()
	line := bytes.Repeat([]byte("x.sql:1:1: error SL101 held back\n"), 64)
	var want bytes.Buffer
	want.Grow(9 << 20)
	out.Grow(9 << 20)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for want.Len() < 8<<20 {
		if _, err := g.Write(line); err != nil {
			t.Fatal(err)
		}
		want.Write(line)
	}
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Fatalf("holding %d bytes allocated %d bytes on the heap", want.Len(), grew)
	}
	if out.Len() != 0 {
		t.Fatalf("%d bytes written before the gate opened", out.Len())
	}
	if err := g.open(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write(line); err != nil {
		t.Fatal(err)
	}
	want.Write(line)
	if !bytes.Equal(out.Bytes(), want.Bytes()) {
		t.Fatalf("the gate wrote %d bytes, want the %d held and written", out.Len(), want.Len())
	}
}

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
