// Package spool holds bytes in order until they are written out: the
// first Max bytes in memory, the rest in a temporary file. sqllint uses
// it where a streaming run must hold what it printed (the output of a
// run whose results may still be withdrawn, a report written to its file
// whole at the end, sarif's results until the run's errors are known):
// the memory does not grow with the findings.
package spool

import (
	"errors"
	"io"
	"os"
)

// Spool holds bytes written to it, in order, until they are written
// out: the first Max in memory, in chunks (no copies and no slack of a
// doubling buffer), the rest in a temporary file, a chunk at a time (in
// memory again when no file can be made or its disk fills).
type Spool struct {
	Max  int    // bytes held in memory before the file
	held chunks // the first Max bytes
	size int    // bytes written
	// spill holds what came past Max bytes (removed at once where the
	// system allows), and tail what is not in it yet: the chunk being
	// filled, or everything since the file could not be made or written
	// (stuck).
	spill  spillFile
	inFile int // bytes the file took
	tail   chunks
	stuck  bool
}

// spillChunk is the size of a chunk of what a spool holds.
const spillChunk = 64 << 10

// spillFile is what a Spool needs of its temporary file.
type spillFile interface {
	io.ReadWriteSeeker
	io.ReaderAt
	Close() error
	Name() string
}

// newSpill makes a Spool's temporary file (a variable for tests).
var newSpill = func() (spillFile, error) {
	f, err := os.CreateTemp("", "sqllint-held-*")
	if err != nil {
		return nil, err
	}
	os.Remove(f.Name()) // gone when closed where the system allows
	return f, nil
}

// spillOrNil is a new temporary file, or nil when none can be made.
func spillOrNil() spillFile {
	if f, err := newSpill(); err == nil {
		return f
	}
	return nil
}

// Write is Add; it never fails.
func (s *Spool) Write(p []byte) (int, error) {
	s.Add(p)
	return len(p), nil
}

// Add appends p to what the spool holds.
func (s *Spool) Add(p []byte) {
	if s.size += len(p); s.size <= s.Max || s.spill == nil && s.stuck {
		s.held.add(p)
		return
	}
	if s.spill == nil {
		if s.spill = spillOrNil(); s.spill == nil {
			s.stuck = true // held in memory, as it would be without a file
			s.held.add(p)
			return
		}
	}
	if s.stuck {
		s.tail.add(p)
		return
	}
	// one chunk of room, written to the file each time it is full and
	// then filled again: what passes through the file allocates nothing
	// (a new chunk for each one written was 8 MB of a dense run's 116)
	for len(p) > 0 {
		if len(s.tail) == 0 {
			s.tail = append(s.tail, make([]byte, 0, spillChunk))
		}
		last := &s.tail[0]
		m := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:m]...)
		p = p[m:]
		if len(*last) == cap(*last) {
			if s.toFile(); s.stuck {
				s.tail.add(p)
				return
			}
		}
	}
}

// toFile moves tail to the temporary file. When the file cannot take it
// (the disk is full), what it did not take stays in tail, and the rest
// is held there too.
func (s *Spool) toFile() {
	for i, b := range s.tail {
		n, err := s.spill.Write(b)
		s.inFile += n
		if err != nil {
			s.stuck = true
			s.tail[i] = b[n:]
			s.tail = s.tail[i:]
			return
		}
	}
	// the first chunk's room serves the next
	first := s.tail[0][:0]
	clear(s.tail)
	s.tail = append(s.tail[:0], first)
}

// WriteOut writes what the spool holds to w, in order, and empties it
// (its file is removed, even when w fails).
func (s *Spool) WriteOut(w io.Writer) error {
	held, tail, f := s.held, s.tail, s.spill
	s.held, s.tail, s.spill, s.inFile, s.size, s.stuck = nil, nil, nil, 0, 0, false
	defer dropSpill(f)
	if err := held.writeTo(w); err != nil {
		return err
	}
	if f != nil {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if _, err := io.Copy(w, f); err != nil {
			return err
		}
	}
	return tail.writeTo(w)
}

// Len is how many bytes the spool holds: the offset at which the next
// ones written start.
func (s *Spool) Len() int { return s.size }

// errRange is WriteRange's error for bytes the spool does not hold.
var errRange = errors.New("spool: range out of bounds")

// WriteRange writes to w the n bytes the spool holds from offset off (as
// Len gave it before they were written), and keeps holding them: a
// caller that groups what it wrote in another order writes it out a
// range at a time. What the spool holds is in its memory chunks, then
// in its file, then in the chunks not in the file yet, in that order.
func (s *Spool) WriteRange(w io.Writer, off, n int) error {
	if off < 0 || n < 0 || off > s.size-n {
		return errRange
	}
	var err error
	if off, n, err = s.held.writeRange(w, off, n); err != nil || n == 0 {
		return err
	}
	if off < s.inFile {
		m := min(n, s.inFile-off)
		if _, err := io.Copy(w, io.NewSectionReader(s.spill, int64(off), int64(m))); err != nil {
			return err
		}
		off, n = s.inFile, n-m
	}
	if _, n, err = s.tail.writeRange(w, off-s.inFile, n); err == nil && n > 0 {
		err = errRange
	}
	return err
}

// InFile reports whether part of what the spool holds is in its
// temporary file.
func (s *Spool) InFile() bool { return s.spill != nil }

// Drop forgets what the spool holds and removes its file.
func (s *Spool) Drop() {
	f := s.spill
	s.held, s.tail, s.spill, s.inFile, s.size, s.stuck = nil, nil, nil, 0, 0, false
	dropSpill(f)
}

// dropSpill closes and removes a Spool's temporary file, if any.
func dropSpill(f spillFile) {
	if f != nil {
		f.Close()
		os.Remove(f.Name()) // where a file open cannot be removed
	}
}

// chunks is bytes held in chunks of spillChunk.
type chunks [][]byte

// add appends p.
func (c *chunks) add(p []byte) {
	for len(p) > 0 {
		k := len(*c) - 1
		if k < 0 || len((*c)[k]) == cap((*c)[k]) {
			*c = append(*c, make([]byte, 0, spillChunk))
			k++
		}
		last := &(*c)[k]
		m := min(len(p), cap(*last)-len(*last))
		*last = append(*last, p[:m]...)
		p = p[m:]
	}
}

// writeRange writes to w the bytes of c from offset off, n of them at
// most, and returns the offset and count left past c's end.
func (c chunks) writeRange(w io.Writer, off, n int) (int, int, error) {
	for _, b := range c {
		if n == 0 {
			break
		}
		if off >= len(b) {
			off -= len(b)
			continue
		}
		m := min(n, len(b)-off)
		if _, err := w.Write(b[off : off+m]); err != nil {
			return 0, 0, err
		}
		off, n = 0, n-m
	}
	return off, n, nil
}

// writeTo writes the chunks to w, letting each go once written.
func (c chunks) writeTo(w io.Writer) error {
	for i, b := range c {
		if _, err := w.Write(b); err != nil {
			return err
		}
		c[i] = nil // written: may go
	}
	return nil
}
