package parser

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
)

// naiveLines is the start of every line of s (LF, CRLF or a lone CR end
// a line).
func naiveLines(s string) []int {
	lines := []int{0}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		case '\n':
			lines = append(lines, i+1)
		}
	}
	return lines
}

// The sparse line index gives the same lines, positions and offsets as
// one entry per line, whatever the line breaks, around every stride.
func TestSparseLineIndex(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "é", "SELECT 1", "\n", "\r\n", "\r", "\n\n", "\r\r\n", " "}
	for round := range 600 {
		var sb strings.Builder
		ps := pieces
		if round >= 300 {
			ps = pieces[:5] // LF and CRLF only: indexed eight bytes at a time
		}
		for range rnd.IntN(200) {
			sb.WriteString(ps[rnd.IntN(len(ps))])
		}
		if round%3 == 0 {
			sb.WriteString(strings.Repeat("x\n", lineStride*2+rnd.IntN(lineStride)))
		}
		s := sb.String()
		want := naiveLines(s)
		f := NewFile("a.sql", s)
		if round%2 == 1 {
			smallIndexMax = 0 // the index of a text of 4 GiB or more
		}
		var calls int
		f.IndexLines(func() { calls++ })
		smallIndexMax = math.MaxUint32
		if (f.big != nil) != (round%2 == 1 && len(s) > 0) {
			t.Fatalf("round %d: big index %v", round, f.big != nil)
		}
		if calls == 0 && len(s) > 0 {
			t.Fatalf("%q: progress never called", s)
		}
		if f.Lines() != len(want) {
			t.Fatalf("%q: Lines() = %d, want %d", s, f.Lines(), len(want))
		}
		for off := 0; off <= len(s); off++ {
			n := 0
			for n+1 < len(want) && want[n+1] <= off {
				n++
			}
			p := f.Position(off)
			if col := utf8.RuneCountInString(s[want[n]:off]) + 1; p.Line != n+1 || p.Column != col {
				t.Fatalf("%q: Position(%d) = %d:%d, want %d:%d", s, off, p.Line, p.Column, n+1, col)
			}
		}
		for n := 1; n <= len(want); n++ {
			end := len(s)
			if n < len(want) {
				end = want[n]
				for end > want[n-1] && (s[end-1] == '\n' || s[end-1] == '\r') && end > want[n]-2 {
					end--
				}
			}
			line, ok := f.Line(n)
			if !ok || line != s[want[n-1]:end] {
				t.Fatalf("%q: Line(%d) = %q, %v; want %q", s, n, line, ok, s[want[n-1]:end])
			}
			if off := f.Offset(n, 1); off != want[n-1] {
				t.Fatalf("%q: Offset(%d, 1) = %d, want %d", s, n, off, want[n-1])
			}
		}
	}
}

// A paged text (a mapped script) releases its pages after every
// releaseEvery reads through Position, Line, Offset, Slice or Touched,
// and what Line and Slice return does not point into it.
func TestPagedTextReleases(t *testing.T) {
	text := strings.Repeat("SELECT 1;\r\nGO\n", 100)
	f := NewFile("a.sql", text)
	plain := NewFile("a.sql", text)
	releases := 0
	f.SetRelease(func() { releases++ })
	reads := 0
	for n := 1; n <= f.Lines(); n++ {
		got, ok := f.Line(n)
		want, _ := plain.Line(n)
		if !ok || got != want {
			t.Fatalf("Line(%d) = %q, want %q", n, got, want)
		}
		if p := uintptr(unsafe.Pointer(unsafe.StringData(got))); len(got) > 0 && p >= uintptr(unsafe.Pointer(unsafe.StringData(text))) && p < uintptr(unsafe.Pointer(unsafe.StringData(text)))+uintptr(len(text)) {
			t.Fatalf("Line(%d) points into the paged text", n)
		}
		off := plain.Offset(n, 3)
		if f.Offset(n, 3) != off || f.Position(off) != plain.Position(off) {
			t.Fatalf("line %d: offsets or positions differ", n)
		}
		if s := f.Slice(off, min(off+1, len(text))); s != text[off:min(off+1, len(text))] {
			t.Fatalf("Slice(%d) = %q", off, s)
		}
		f.Touched()
		reads += 5
	}
	if want := reads / releaseEvery; releases != want {
		t.Fatalf("%d releases for %d reads, want %d", releases, reads, want)
	}
	plain.Touched()
	if s := plain.Slice(0, 6); unsafe.StringData(s) != unsafe.StringData(text) {
		t.Fatal("Slice of a text that is not paged copies")
	}
}

// Texts of several chunks of indexLF, LF-only chunks and chunks with
// CRLF or a lone CR near their edges, index as one entry per line does.
func TestLineIndexChunks(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		var b []byte
		for len(b) < 3*lfChunk+rnd.IntN(lfChunk) {
			b = append(b, []string{"SELECT 1 -- é\n", "x\n", "\n", "GO\n"}[rnd.IntN(4)]...)
		}
		for range rnd.IntN(4) {
			// a CR somewhere near a chunk's edge: lone, or before an LF
			at := (1+rnd.IntN(3))*lfChunk + rnd.IntN(17) - 8
			if at <= 0 || at >= len(b) {
				continue
			}
			b[at] = '\r'
			if round%2 == 0 && at+1 < len(b) {
				b[at+1] = '\n'
			}
		}
		s := string(b)
		want := naiveLines(s)
		f := NewFile("a.sql", s)
		if f.Lines() != len(want) {
			t.Fatalf("round %d: Lines() = %d, want %d", round, f.Lines(), len(want))
		}
		for n := 1; n <= len(want); n++ {
			if off := f.Offset(n, 1); off != want[n-1] {
				t.Fatalf("round %d: Offset(%d, 1) = %d, want %d", round, n, off, want[n-1])
			}
			if p := f.Position(want[n-1]); p.Line != n || p.Column != 1 {
				t.Fatalf("round %d: Position(%d) = %d:%d, want %d:1", round, want[n-1], p.Line, p.Column, n)
			}
		}
	}
}

// The first positions and lines asked of a small text, counted without
// the line index, are those the index gives, whatever the line breaks.
func TestCountedPositions(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	pieces := []string{"a", "é", "SELECT 1", "\n", "\r\n", "\r", "\n\n", " ", strings.Repeat("x", 300)}
	counted := 0
	for round := range 300 {
		var sb strings.Builder
		ps := pieces
		if round%2 == 0 {
			ps = []string{"a", "é", "SELECT 1", "\n", "\n\n", " ", strings.Repeat("x", 300)} // LF only
		}
		for range rnd.IntN(60) {
			sb.WriteString(ps[rnd.IntN(len(ps))])
		}
		s := sb.String()
		indexed := NewFile("a.sql", s)
		indexed.IndexLines(nil)
		for off := 0; off <= len(s); off += 1 + rnd.IntN(7) {
			f := NewFile("a.sql", s)
			if got, want := f.Position(off), indexed.Position(off); got != want {
				t.Fatalf("%q: Position(%d) = %+v, want %+v", s, off, got, want)
			}
			if !f.built.Load() {
				counted++
			}
		}
		for n := 0; n <= indexed.Lines()+1; n++ {
			f := NewFile("a.sql", s)
			got, ok := f.Line(n)
			want, wantOK := indexed.Line(n)
			if got != want || ok != wantOK {
				t.Fatalf("%q: Line(%d) = %q, %v; want %q, %v", s, n, got, ok, want, wantOK)
			}
		}
		// past countQueries positions asked out of order (the cursor of
		// fromLast dropped before each), the index answers
		f := NewFile("a.sql", s)
		for range countQueries + 1 {
			f.cur.line = 0
			f.Position(len(s))
		}
		if !f.built.Load() {
			t.Fatalf("%q: no index after %d positions", s, countQueries+1)
		}
	}
	if counted < 1000 {
		t.Errorf("only %d positions counted", counted)
	}
}

// IndexAhead builds the line index of a file read whole that holds a CR,
// whose positions are then the ones counted without it, and leaves a
// mapped file's alone, and a small file's with LFs only, whose positions
// are counted from the last one.
func TestIndexAhead(t *testing.T) {
	lf := strings.Repeat("SELECT 1;\nBACKUP DATABASE d TO DISK = 'x';\n-- é\n", 40)
	small := NewFile("lf.sql", lf)
	if small.IndexAhead(); small.built.Load() {
		t.Error("IndexAhead indexed a small file with LFs only")
	}
	text := strings.ReplaceAll(lf, "\n", "\r\n")
	f := NewFile("a.sql", text)
	f.IndexAhead()
	if !f.built.Load() {
		t.Fatal("IndexAhead built no index")
	}
	for _, off := range []int{0, 5, 11, 60, len(text) / 2, len(text) - 3, len(text)} {
		counted := NewFile("a.sql", text) // a new one each time: counted, not indexed
		if got, want := f.Position(off), counted.Position(off); got != want {
			t.Errorf("offset %d: %+v, counted %+v", off, got, want)
		}
	}
	m := NewFile("m.sql", text)
	m.SetRelease(func() {})
	m.IndexAhead()
	if m.built.Load() {
		t.Error("IndexAhead indexed a mapped file")
	}
}

// A file's positions asked in order of their offsets are counted each
// from the last, with no line index built, and equal the indexed ones,
// whatever the line breaks (CR, CRLF: those go through the index), the
// characters (an offset inside one) and the order (an offset before the
// last is counted from the start, or looked up).
func TestPositionsFromLast(t *testing.T) {
	rnd := rand.New(rand.NewPCG(15, 2))
	ps := []string{"SELECT 1", "\n", "\n", "é", "x", "  ", "\r\n", "\r", "€;", "GO\n"}
	for range 3000 {
		var sb strings.Builder
		crs := rnd.IntN(4) == 0
		for range rnd.IntN(80) {
			p := ps[rnd.IntN(len(ps))]
			if !crs && strings.Contains(p, "\r") {
				continue
			}
			sb.WriteString(p)
		}
		s := sb.String()
		indexed := NewFile("a.sql", s)
		indexed.IndexLines(nil)
		f := NewFile("a.sql", s)
		f.IndexAhead()
		off := 0
		for k := 0; k < 40 && off <= len(s); k++ {
			if got, want := f.Position(off), indexed.Position(off); got != want {
				t.Fatalf("%q: Position(%d) = %+v, want %+v", s, off, got, want)
			}
			if rnd.IntN(8) == 0 {
				off = rnd.IntN(len(s) + 1) // out of order
			} else {
				off += rnd.IntN(9)
			}
		}
		if !crs && f.built.Load() && f.counted.Load() <= countQueries {
			t.Fatalf("%q: an index built for positions counted", s)
		}
	}
	// many positions in order: none looked up
	text := strings.Repeat("BACKUP DATABASE d TO DISK = 'x'; -- é\n", 2000)
	f := NewFile("a.sql", text)
	f.IndexAhead()
	for off := 0; off <= len(text); off += 37 {
		f.Position(off)
	}
	if f.built.Load() {
		t.Error("positions in order built the line index")
	}
}

// FuzzPositionsFromLast: positions asked in any order (steps from the
// last offset, a step of 255 going back to the start) equal the indexed
// ones.
func FuzzPositionsFromLast(f *testing.F) {
	for _, s := range []string{"", "\n", "a\r\nb\rc\n", "é€\nx", strings.Repeat("BACKUP DATABASE d TO DISK = 'x'; -- é\n", 30)} {
		f.Add(s, []byte{0, 3, 1, 255, 7, 40})
	}
	f.Fuzz(func(t *testing.T, s string, steps []byte) {
		indexed := NewFile("a.sql", s)
		indexed.IndexLines(nil)
		g := NewFile("a.sql", s)
		g.IndexAhead()
		off := 0
		for _, st := range steps {
			if st == 255 {
				off = 0
			} else {
				off += int(st)
			}
			if got, want := g.Position(off), indexed.Position(off); got != want {
				t.Fatalf("%q: Position(%d) = %+v, want %+v", s, off, got, want)
			}
		}
	})
}

// Positions asked of one file by several goroutines at once are right:
// the cursor is taken by one at a time, the others look theirs up.
func TestPositionsFromLastConcurrent(t *testing.T) {
	text := strings.Repeat("BACKUP DATABASE d TO DISK = 'x'; -- é\n", 500)
	indexed := NewFile("a.sql", text)
	indexed.IndexLines(nil)
	f := NewFile("a.sql", text)
	done := make(chan bool)
	for g := range 4 {
		go func() {
			ok := true
			for off := g; off <= len(text); off += 13 {
				if f.Position(off) != indexed.Position(off) {
					ok = false
				}
			}
			done <- ok
		}()
	}
	for range 4 {
		if !<-done {
			t.Error("a position differs from the indexed one")
		}
	}
}
