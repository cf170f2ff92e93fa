package main

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// What an outputGate holds reaches the writer as it was written, in
// order, only once the gate opens, held as it is up to gateRaw bytes and
// compressed past them; what comes after opening goes straight through.
func TestOutputGateHolds(t *testing.T) {
	for _, size := range []int{0, 1000, gateRaw, gateRaw + 1, 3*gateRaw + 12345} {
		var out bytes.Buffer
		g := &outputGate{w: &out}
		var want bytes.Buffer
		for i := 0; want.Len() < size; i++ {
			line := fmt.Sprintf("app%03d/V%d__x.sql:%d:1: warning SL201 data-file-zeroing: allocates %d GB\n", i%97, i, i%500, i%64)
			if n := size - want.Len(); len(line) > n {
				line = line[:n]
			}
			want.WriteString(line)
			if n, err := g.Write([]byte(line)); n != len(line) || err != nil {
				t.Fatalf("size %d: Write = %d, %v", size, n, err)
			}
		}
		if out.Len() != 0 {
			t.Fatalf("size %d: %d bytes reached the writer before the gate opened", size, out.Len())
		}
		if compressed := g.z != nil; compressed != (size > gateRaw) {
			t.Errorf("size %d: compressed %v, want %v", size, compressed, size > gateRaw)
		}
		if held := len(g.packed) * gateChunk; size > gateRaw && held > (size-gateRaw)/4 {
			t.Errorf("size %d: %d bytes past gateRaw held in %d, want a quarter at most", size, size-gateRaw, held)
		}
		if err := g.open(); err != nil {
			t.Fatalf("size %d: open: %v", size, err)
		}
		g.Write([]byte("after\n"))
		want.WriteString("after\n")
		if !bytes.Equal(out.Bytes(), want.Bytes()) {
			t.Fatalf("size %d: the writer got %d bytes, want the %d written", size, out.Len(), want.Len())
		}
		if err := g.open(); err != nil || !bytes.Equal(out.Bytes(), want.Bytes()) {
			t.Fatalf("size %d: a second open wrote again or failed: %v", size, err)
		}
	}
}

// A withdrawn gate writes nothing of what it held; what comes after goes
// through.
func TestOutputGateWithdraw(t *testing.T) {
	var out bytes.Buffer
	g := &outputGate{w: &out}
	g.Write(bytes.Repeat([]byte("withdrawn\n"), gateRaw/5))
	g.withdraw()
	g.Write([]byte("final\n"))
	if err := g.open(); err != nil || out.String() != "final\n" {
		t.Fatalf("got %q (%v), want only what came after the withdrawal", out.String(), err)
	}
}

type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if w.n += len(p); w.n > gateRaw+gateChunk {
		return 0, errors.New("disk full")
	}
	return len(p), nil
}

// A writer's error while the held output is written is open's error,
// also past the compressed part's start.
func TestOutputGateWriteError(t *testing.T) {
	g := &outputGate{w: &failWriter{}}
	g.Write(bytes.Repeat([]byte("0123456789abcdef"), gateRaw/4))
	if err := g.open(); err == nil || err.Error() != "disk full" {
		t.Fatalf("open = %v, want the writer's error", err)
	}
}
