package spool

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"testing"
)

// writeLines writes about size bytes of findings' lines to w, and returns
// them.
func writeLines(t *testing.T, w io.Writer, size int) []byte {
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
func (s *Spool) memory() int {
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
		s := &Spool{Max: most}
		want := writeLines(t, s, size)
		if spilled := s.spill != nil; spilled != (size > most) {
			t.Errorf("size %d: a temporary file %v, want %v", size, spilled, size > most)
		}
		if n := s.memory(); n > most+2*spillChunk {
			t.Errorf("size %d: %d bytes held in memory, want max and a chunk at most", size, n)
		}
		f := s.spill
		var out bytes.Buffer
		if err := s.WriteOut(&out); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Fatalf("size %d: got %d bytes (%v), want the %d written", size, out.Len(), err, len(want))
		}
		if f != nil {
			if _, err := f.Seek(0, 0); err == nil {
				t.Errorf("size %d: the temporary file is still open", size)
			}
		}
		out.Reset()
		if err := s.WriteOut(&out); err != nil || out.Len() != 0 || s.memory() != 0 {
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
		s := &Spool{Max: 1 << 20}
		want := writeLines(t, s, 2<<20+777)
		if !s.stuck {
			t.Errorf("room %d: the spool did not notice the file failing", room)
		}
		var out bytes.Buffer
		if err := s.WriteOut(&out); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Errorf("room %d: got %d bytes (%v), want the %d written in order", room, out.Len(), err, len(want))
		}
	}
}

// A dropped spool holds nothing and its temporary file is closed.
func TestSpoolDrop(t *testing.T) {
	s := &Spool{Max: 64 << 10}
	writeLines(t, s, 1<<20)
	f := s.spill
	if f == nil || !s.InFile() {
		t.Fatal("no temporary file: the test tests nothing")
	}
	s.Drop()
	if _, err := f.Seek(0, 0); err == nil {
		t.Error("the temporary file is still open after Drop")
	}
	var out bytes.Buffer
	if err := s.WriteOut(&out); err != nil || out.Len() != 0 || s.InFile() {
		t.Errorf("a dropped spool wrote %d bytes (%v)", out.Len(), err)
	}
}

// WriteRange gives back any range of what the spool holds, as it was
// written, whether it is in memory, in the file or not in the file yet,
// and whether the file took everything, part of it (a full disk) or
// could not be made; the spool keeps holding it all.
func TestSpoolWriteRange(t *testing.T) {
	defer func(f func() (spillFile, error)) { newSpill = f }(newSpill)
	for _, room := range []int{-2, -1, 0, spillChunk + 999} {
		newSpill = func() (spillFile, error) {
			f, err := os.CreateTemp(t.TempDir(), "held")
			switch room {
			case -2:
				return f, err // no limit
			case -1:
				f.Close()
				return nil, errors.New("read-only file system")
			}
			return &fullFile{File: f, room: room}, err
		}
		const most = 100 << 10
		s := &Spool{Max: most}
		want := writeLines(t, s, 5*spillChunk+4321)
		if room == -2 && (!s.InFile() || len(s.tail) == 0 || len(s.tail[0]) == 0) {
			t.Fatalf("the spool holds nothing past its file: the test tests less than it says")
		}
		if s.Len() != len(want) {
			t.Fatalf("room %d: Len %d, want %d", room, s.Len(), len(want))
		}
		edges := []int{0, 1, most - 1, most, most + 1, spillChunk, 2*spillChunk + 7, len(want) - 1, len(want)}
		for _, off := range edges {
			for _, end := range edges {
				if end < off {
					continue
				}
				var out bytes.Buffer
				if err := s.WriteRange(&out, off, end-off); err != nil || !bytes.Equal(out.Bytes(), want[off:end]) {
					t.Fatalf("room %d: WriteRange(%d, %d) = %d bytes, %v; want the %d written there", room, off, end-off, out.Len(), err, end-off)
				}
			}
		}
		for _, r := range [][2]int{{-1, 1}, {0, len(want) + 1}, {len(want), 1}, {3, -1}} {
			if err := s.WriteRange(io.Discard, r[0], r[1]); err == nil {
				t.Errorf("room %d: WriteRange(%d, %d) out of bounds did not fail", room, r[0], r[1])
			}
		}
		var out bytes.Buffer
		if err := s.WriteOut(&out); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Errorf("room %d: after the ranges, WriteOut gave %d bytes (%v), want the %d written", room, out.Len(), err, len(want))
		}
	}
}

// What passes through the temporary file reuses one chunk of room: a
// spool that holds more than Max allocates nothing more per chunk it
// writes to the file (a dense run wrote 8 MB of chunks through it).
func TestSpoolFileReusesItsChunk(t *testing.T) {
	s := &Spool{Max: 1 << 10}
	defer s.Drop()
	line := bytes.Repeat([]byte("x.sql:1:1: warning SL201 data-file-zeroing: allocates 64 GB\n"), 17)
	for s.Len() < 2*spillChunk { // the file is made
		s.Add(line)
	}
	if !s.InFile() {
		t.Skip("no temporary file can be made here")
	}
	const chunks = 8
	allocs := testing.AllocsPerRun(3, func() {
		for n := 0; n < chunks*spillChunk; n += len(line) {
			s.Add(line)
		}
	})
	if allocs != 0 {
		t.Errorf("%d chunks through the file allocated %v times, want none", chunks, allocs)
	}
	if m := s.memory(); m > s.Max+2*spillChunk {
		t.Errorf("the spool holds %d bytes in memory, want at most %d", m, s.Max+2*spillChunk)
	}
	var out bytes.Buffer
	want := s.Len()
	if err := s.WriteOut(&out); err != nil || out.Len() != want {
		t.Fatalf("WriteOut wrote %d bytes (%v), want %d", out.Len(), err, want)
	}
	if !bytes.Equal(out.Bytes()[:len(line)], line) || !bytes.HasSuffix(out.Bytes(), line) {
		t.Error("what came out is not what went in")
	}
}
