package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// spoolText writes about size bytes of findings' lines to w, and returns
// them.
func spoolText(t *testing.T, w io.Writer, size int) []byte {
	t.Helper()
	var want bytes.Buffer
	for i := 0; want.Len() < size; i++ {
		line := fmt.Sprintf("app%03d/V%d__x.sql:%d:1: warning SL201 data-file-zeroing: allocates %d GB\n", i%97, i, i%500, i%64)
		if n := size - want.Len(); len(line) > n {
			line = line[:n]
		}
		want.WriteString(line)
		if n, err := w.Write([]byte(line)); n != len(line) || err != nil {
			t.Fatalf("size %d: Write = %d, %v", size, n, err)
		}
	}
	return want.Bytes()
}

// memory is how many bytes s holds in memory.
func (s *spool) memory() int {
	n := 0
	for _, c := range append(s.held[:len(s.held):len(s.held)], s.tail...) {
		n += cap(c)
	}
	return n
}

// What a spool holds comes out as it was written, in order: up to max
// bytes held in memory, past them in a temporary file (a chunk at most
// in memory); once written out the spool is empty and its file gone.
func TestSpoolHolds(t *testing.T) {
	const most = 256 << 10
	for _, size := range []int{0, 1000, most, most + 1, 3*most + 12345} {
		s := &spool{max: most}
		want := spoolText(t, s, size)
		if spilled := s.spill != nil; spilled != (size > most) {
			t.Errorf("size %d: a temporary file %v, want %v", size, spilled, size > most)
		}
		if n := s.memory(); n > most+2*spillChunk {
			t.Errorf("size %d: %d bytes held in memory, want max and a chunk at most", size, n)
		}
		f := s.spill
		var out bytes.Buffer
		if err := s.writeTo(&out); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: got %d bytes (%v), want the %d written", size, out.Len(), err, len(want))
		}
		if f != nil {
			if _, err := f.Seek(0, 0); err == nil {
				t.Errorf("size %d: the temporary file is still open", size)
			}
		}
		out.Reset()
		if err := s.writeTo(&out); err != nil || out.Len() != 0 || s.memory() != 0 {
			t.Errorf("size %d: the spool was not emptied (%d bytes again, %v)", size, out.Len(), err)
		}
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
// spool holds the rest in memory: nothing is lost and the order stays.
func TestSpoolNoRoomForTheFile(t *testing.T) {
	defer func(f func() (spillFile, error)) { newSpill = f }(newSpill)
	for _, room := range []int{-1, 0, 3*spillChunk + 1000} {
		newSpill = func() (spillFile, error) {
			if room < 0 {
				return nil, errors.New("read-only file system")
			}
			f, err := os.CreateTemp(t.TempDir(), "held")
			return &fullFile{File: f, room: room}, err
		}
		s := &spool{max: 1 << 20}
		want := spoolText(t, s, 2<<20+777)
		if !s.stuck {
			t.Errorf("room %d: the spool did not notice the file failing", room)
		}
		var out bytes.Buffer
		if err := s.writeTo(&out); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Errorf("room %d: got %d bytes (%v), want the %d written in order", room, out.Len(), err, len(want))
		}
	}
}

// A report spooled past memory is written to its file whole, through a
// temporary file beside it; none is left behind.
func TestReportFromSpool(t *testing.T) {
	dir := t.TempDir()
	s := &spool{max: 64 << 10}
	want := spoolText(t, s, 1<<20)
	if s.spill == nil {
		t.Fatal("nothing went to a temporary file: the test tests nothing")
	}
	path := filepath.Join(dir, "reports", "out.sarif")
	if err := writeOutputFrom(path, s.writeTo); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the report holds %d bytes (%v), want the %d written", len(got), err, len(want))
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "reports", ".*")); len(left) != 0 {
		t.Errorf("left behind: %v", left)
	}
}

// What an outputGate holds reaches the writer only once it opens, in
// order, and what comes after goes straight through; past gateRaw bytes
// it is held in a temporary file.
func TestOutputGateHolds(t *testing.T) {
	for _, size := range []int{1000, 2*gateRaw + 12345} {
		var out bytes.Buffer
		g := &outputGate{w: &out}
		want := spoolText(t, g, size)
		if out.Len() != 0 {
			t.Fatalf("size %d: %d bytes reached the writer before the gate opened", size, out.Len())
		}
		if spilled := g.held.spill != nil; spilled != (size > gateRaw) {
			t.Errorf("size %d: a temporary file %v, want %v", size, spilled, size > gateRaw)
		}
		if err := g.open(); err != nil {
			t.Fatalf("size %d: open: %v", size, err)
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
	spoolText(t, g, 2*gateRaw)
	f := g.held.spill
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
	if w.n += len(p); w.n > gateRaw+spillChunk {
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
