package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"testing"
)

// gateText writes about size bytes of findings' lines to g, and returns
// them.
func gateText(t *testing.T, g *outputGate, size int) []byte {
	t.Helper()
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
	return want.Bytes()
}

// held is how many bytes g holds in memory.
func (g *outputGate) heldBytes() int {
	n := 0
	for _, c := range append(g.held[:len(g.held):len(g.held)], g.tail...) {
		n += cap(c)
	}
	return n
}

// What an outputGate holds reaches the writer as it was written, in
// order, only once the gate opens: up to gateRaw bytes in memory, past
// them in a temporary file (a chunk at most in memory); what comes after
// opening goes straight through, and the file is gone.
func TestOutputGateHolds(t *testing.T) {
	for _, size := range []int{0, 1000, gateRaw, gateRaw + 1, 3*gateRaw + 12345} {
		var out bytes.Buffer
		g := &outputGate{w: &out}
		want := gateText(t, g, size)
		if out.Len() != 0 {
			t.Fatalf("size %d: %d bytes reached the writer before the gate opened", size, out.Len())
		}
		if spilled := g.spill != nil; spilled != (size > gateRaw) {
			t.Errorf("size %d: a temporary file %v, want %v", size, spilled, size > gateRaw)
		}
		if n := g.heldBytes(); n > gateRaw+2*gateChunk {
			t.Errorf("size %d: %d bytes held in memory, want gateRaw and a chunk at most", size, n)
		}
		f := g.spill
		if err := g.open(); err != nil {
			t.Fatalf("size %d: open: %v", size, err)
		}
		if f != nil {
			if _, err := f.Seek(0, 0); err == nil || g.spill != nil {
				t.Errorf("size %d: the temporary file is still open after the gate opened", size)
			}
		}
		g.Write([]byte("after\n"))
		want = append(want, "after\n"...)
		if !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: the writer got %d bytes, want the %d written", size, out.Len(), len(want))
		}
		if err := g.open(); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: a second open wrote again or failed: %v", size, err)
		}
	}
}

// A withdrawn gate writes nothing of what it held, and its temporary
// file is closed; what comes after goes through.
func TestOutputGateWithdraw(t *testing.T) {
	var out bytes.Buffer
	g := &outputGate{w: &out}
	gateText(t, g, 2*gateRaw)
	f := g.spill
	g.withdraw()
	if f == nil {
		t.Fatal("no temporary file: the test tests nothing")
	}
	if _, err := f.Seek(0, 0); err == nil {
		t.Error("the temporary file is still open after the withdrawal")
	}
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
// also past the temporary file's start.
func TestOutputGateWriteError(t *testing.T) {
	g := &outputGate{w: &failWriter{}}
	g.Write(bytes.Repeat([]byte("0123456789abcdef"), gateRaw/4))
	if err := g.open(); err == nil || err.Error() != "disk full" {
		t.Fatalf("open = %v, want the writer's error", err)
	}
}

// fullFile is a temporary file whose disk fills after room bytes: the
// write that passes them writes what fits and fails.
type fullFile struct {
	*os.File
	room int
}

func (f *fullFile) Write(p []byte) (int, error) {
	n := min(len(p), f.room)
	f.room -= n
	if _, err := f.File.Write(p[:n]); err != nil {
		return 0, err
	}
	if n < len(p) {
		return n, errors.New("no space left on device")
	}
	return n, nil
}

// When no temporary file can be made, or its disk fills part-way, the
// gate holds the rest in memory: nothing is lost and the order stays.
func TestOutputGateNoRoomForTheFile(t *testing.T) {
	defer func(f func() (spillFile, error)) { newSpill = f }(newSpill)
	for _, room := range []int{-1, 0, 3*gateChunk + 1000} {
		newSpill = func() (spillFile, error) {
			if room < 0 {
				return nil, errors.New("read-only file system")
			}
			f, err := os.CreateTemp(t.TempDir(), "held")
			return &fullFile{File: f, room: room}, err
		}
		var out bytes.Buffer
		g := &outputGate{w: &out}
		want := gateText(t, g, 2*gateRaw+777)
		if !g.stuck {
			t.Errorf("room %d: the gate did not notice the file failing", room)
		}
		if err := g.open(); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Errorf("room %d: the writer got %d bytes (%v), want the %d written in order", room, out.Len(), err, len(want))
		}
	}
}
