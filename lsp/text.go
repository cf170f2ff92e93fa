package lsp

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// posEncoding is what Position.Character counts (LSP 3.17
// PositionEncodingKind).
type posEncoding int

const (
	utf16 posEncoding = iota // the default every client supports
	utf8Enc
	utf32 // code points, as sqllint's own columns
)

func (e posEncoding) String() string {
	switch e {
	case utf8Enc:
		return "utf-8"
	case utf32:
		return "utf-32"
	}
	return "utf-16"
}

// negotiate picks the client's most preferred encoding the server knows;
// the list is in decreasing preference and UTF-16 is always supported.
func negotiate(offered []string) posEncoding {
	for _, o := range offered {
		switch o {
		case "utf-8":
			return utf8Enc
		case "utf-16":
			return utf16
		case "utf-32":
			return utf32
		}
	}
	return utf16
}

// units is how many code units rune r takes in encoding e.
func (e posEncoding) units(r rune, size int) int {
	switch e {
	case utf8Enc:
		return size
	case utf32:
		return 1
	}
	if r >= 0x10000 && size == 4 {
		return 2 // a surrogate pair
	}
	return 1
}

// text is a document's content with a line index. Lines end at LF, CRLF
// or a lone CR, as both LSP and sqllint's parser count them.
type text struct {
	s     string
	lines []int // start offset of every line; nil until needed
	// scanned counts the bytes read to find line starts, copied those
	// copied to make changes (tests)
	scanned, copied int
}

func (t *text) set(s string) { t.s, t.lines = s, nil }

func (t *text) index() []int {
	if t.lines == nil {
		s := t.s
		lines := make([]int, 1, len(s)/32+1)
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
		t.lines = lines
		t.scanned += len(s)
	}
	return t.lines
}

// lineBounds returns the start of line n (0-based, clamped) and the end
// of its content before the line break.
func (t *text) lineBounds(n int) (start, end int) {
	lines := t.index()
	n = max(0, min(n, len(lines)-1))
	start, end = lines[n], len(t.s)
	if n+1 < len(lines) {
		end = lines[n+1]
		if end > start && t.s[end-1] == '\n' {
			end--
		}
		if end > start && t.s[end-1] == '\r' {
			end--
		}
	}
	return start, end
}

// offset converts an LSP position to a byte offset. A line past the end
// is the end of the text; a character past the line's end is the line's
// end (the specification's rule); a character inside a surrogate pair or
// a multi-byte sequence rounds down to the character's start.
func (t *text) offset(p Position, enc posEncoding) int {
	return t.offsetMemo(p, enc, nil)
}

// lineMemo is the last conversions made on one line of a text, from
// which the next ones on that line go on rather than start again from
// the line's start (a caller's, never shared between goroutines).
type lineMemo struct {
	t    *text
	s    string // t.s when the memo was made
	line int
	// offset off of the line is n units of enc from its start, for
	// offsetMemo (set) and positionMemo (pset)
	enc, penc       posEncoding
	off, n          int
	poff, pn        int
	set, pset, used bool
}

// on reports whether m holds conversions of line of t and resets it
// otherwise.
func (m *lineMemo) on(t *text, line int) bool {
	if m.used && m.t == t && m.s == t.s && m.line == line {
		return true
	}
	*m = lineMemo{t: t, s: t.s, line: line, used: true}
	return false
}

// offsetMemo is offset going on from m (when not nil).
func (t *text) offsetMemo(p Position, enc posEncoding, m *lineMemo) int {
	if p.Line >= len(t.index()) {
		return len(t.s)
	}
	start, end := t.lineBounds(p.Line)
	off, n := start, 0
	if m != nil && m.on(t, p.Line) && m.set && m.enc == enc && m.n <= p.Character {
		off, n = m.off, m.n
	}
	defer func() {
		if m != nil {
			m.enc, m.off, m.n, m.set = enc, off, n, true
		}
	}()
	for off < end && n < p.Character {
		r, size := utf8.DecodeRuneInString(t.s[off:end])
		u := enc.units(r, size)
		if n+u > p.Character {
			break
		}
		n += u
		off += size
	}
	return off
}

// position converts a byte offset to an LSP position.
func (t *text) position(off int, enc posEncoding) Position {
	return t.positionMemo(off, enc, nil)
}

// positionMemo is position going on from m (when not nil).
func (t *text) positionMemo(off int, enc posEncoding, m *lineMemo) Position {
	off = max(0, min(off, len(t.s)))
	lines := t.index()
	n := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	start, end := t.lineBounds(n)
	off = min(off, end) // never between \r and \n
	if m == nil {
		return Position{Line: n, Character: enc.count(t.s[start:off])}
	}
	from, c := start, 0
	if m.on(t, n) && m.pset && m.penc == enc && m.poff <= off {
		from, c = m.poff, m.pn
	}
	c += enc.count(t.s[from:off])
	// the next count goes on from off when it starts a character (a
	// count from inside one would not be the count from the start)
	if off == end || utf8.RuneStart(t.s[off]) {
		m.penc, m.poff, m.pn, m.pset = enc, off, c, true
	}
	return Position{Line: n, Character: c}
}

// count is the length of s in code units.
func (e posEncoding) count(s string) int {
	switch e {
	case utf8Enc:
		return len(s)
	case utf32:
		return utf8.RuneCountInString(s)
	}
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// lineColOffset converts sqllint's 1-based line and code-point column to
// a byte offset (clamped like text.offset). sqllint reads a script
// without its byte order mark, so a buffer that holds one (a client that
// does not strip it) has its first line one code point longer.
func (t *text) lineColOffset(line, col int) int {
	return t.lineColOffsetMemo(line, col, nil)
}

// lineColOffsetMemo is lineColOffset going on from m (when not nil).
func (t *text) lineColOffsetMemo(line, col int, m *lineMemo) int {
	if line < 1 {
		return 0
	}
	if line == 1 && strings.HasPrefix(t.s, "\ufeff") {
		col = max(col, 1) + 1 // never before the mark, even at column 0
	}
	return t.offsetMemo(Position{Line: line - 1, Character: max(col-1, 0)}, utf32, m)
}

// apply replaces r with s (or the whole text when r is nil).
func (t *text) apply(r *Range, s string, enc posEncoding) {
	if r == nil {
		t.set(s)
		return
	}
	a, b := t.offset(r.Start, enc), t.offset(r.End, enc)
	if b < a {
		a, b = b, a
	}
	t.replace(edit{a, b, s})
}

// replace makes e, t's line index built.
func (t *text) replace(e edit) {
	a, b, s := e.a, e.b, e.s
	var sb strings.Builder
	sb.Grow(len(t.s) - (b - a) + len(s))
	sb.WriteString(t.s[:a])
	sb.WriteString(s)
	sb.WriteString(t.s[b:])
	old := t.lines
	t.s = sb.String()
	t.copied += len(t.s)
	t.lines = t.reindex(old, a, b, len(s))
}

// reindex returns the line starts of t.s, where [a, a+n) replaced
// [a, b) of a text whose line starts were old: those before the change
// stay, those after it move, and only the new text (and the character
// after it, a LF that may now follow a CR) is read. A didChange of many
// changes (one per cursor) scanned the whole document for each: 10,000
// on a 1 MB document took 15 s.
func (t *text) reindex(old []int, a, b, n int) []int {
	s := t.s
	k := sort.SearchInts(old, a)   // old[:k] are before a
	j := sort.SearchInts(old, b+1) // old[j:] are after b
	lines := make([]int, k, k+n/32+1+len(old)-j)
	copy(lines, old[:k])
	for p := a; p <= a+n; p++ {
		if p == 0 || s[p-1] == '\n' || s[p-1] == '\r' && (p == len(s) || s[p] != '\n') {
			lines = append(lines, p)
		}
	}
	t.scanned += n + 1
	delta := n - (b - a)
	for _, p := range old[j:] {
		lines = append(lines, p+delta)
	}
	return lines
}

// minRun is the shortest run of changes applyAll makes in one pass:
// shorter ones are made one by one, which reads only the changes to
// keep the line index (a pass builds it again).
const minRun = 8

// edit is a change resolved to byte offsets: [a, b) becomes s.
type edit struct {
	a, b int
	s    string
}

// applyAll applies the changes of one didChange in order, each against
// the text the previous one left. The edit of many cursors comes as a
// run of changes in the order of the text, either last first (each
// ending before the previous one starts) or first to last (each
// starting at or after the end of the text the previous one inserted,
// as VS Code sends it). Such a run touches, each time, text the earlier
// changes left as it was: its ranges are resolved on the text as it is
// and the run is made in one pass, not by copying the document once for
// each (10,000 cursors in a 1 MB document took 15 s).
func (t *text) applyAll(cs []contentChange, enc posEncoding) {
	for i := 0; i < len(cs); {
		c := cs[i]
		if c.Range == nil {
			t.set(c.Text)
			i++
			continue
		}
		if len(cs)-i >= minRun {
			if run := t.lastFirst(cs[i:], enc); len(run) >= minRun {
				slices.Reverse(run)
				t.build(run)
				i += len(run)
				continue
			}
			if run := t.firstToLast(cs[i:], enc); len(run) >= minRun {
				t.build(run)
				i += len(run)
				continue
			}
		}
		t.apply(c.Range, c.Text, enc)
		i++
	}
}

// lastFirst resolves the changes at the start of cs that each end
// before the previous one starts.
func (t *text) lastFirst(cs []contentChange, enc posEncoding) []edit {
	var run []edit
	for _, c := range cs {
		if c.Range == nil {
			break
		}
		a, b := t.offset(c.Range.Start, enc), t.offset(c.Range.End, enc)
		if b < a {
			a, b = b, a
		}
		if len(run) > 0 && b >= run[len(run)-1].a {
			break
		}
		run = append(run, edit{a, b, c.Text})
	}
	return run
}

// firstToLast resolves the changes at the start of cs that each start
// at or after the end of the text the previous one inserted, to offsets
// in t as it is. After the changes before, the text is what they left
// up to a boundary, where that inserted last ends, then t from lastB on:
// line endLine of it, from character endChar, is t's line L from
// lastB, and line endLine+k is t's line L+k. A change that joins a CR
// and a LF at one of its edges into a line break (which changes how the
// lines after it count) ends the run.
func (t *text) firstToLast(cs []contentChange, enc posEncoding) []edit {
	lines := t.index()
	lineOf := func(off int) int { return sort.SearchInts(lines, off+1) - 1 }
	var run []edit
	lastB, L, endLine, endChar := 0, 0, 0, 0
	var prev byte // the last byte before the boundary, 0 at the text's start
	// offset is t.offset of a position at or after the boundary
	offset := func(p Position) (int, bool) {
		if p.Line < endLine || p.Line == endLine && p.Character < endChar {
			return 0, false
		}
		line, off, n := L+p.Line-endLine, lastB, endChar
		if line >= len(lines) {
			return len(t.s), true
		}
		start, end := t.lineBounds(line)
		if p.Line != endLine {
			off, n = start, 0
		}
		for off < end && n < p.Character {
			r, size := utf8.DecodeRuneInString(t.s[off:end])
			u := enc.units(r, size)
			if n+u > p.Character {
				break
			}
			n += u
			off += size
		}
		return off, true
	}
	for _, c := range cs {
		if c.Range == nil {
			break
		}
		a, aok := offset(c.Range.Start)
		b, bok := offset(c.Range.End)
		if !aok || !bok {
			break
		}
		if b < a {
			a, b = b, a
		}
		run = append(run, edit{a, b, c.Text})
		// where a is, after the changes before
		line, char := endLine, endChar+enc.count(t.s[lastB:a])
		if la := lineOf(a); la != L {
			line, char = endLine+la-L, enc.count(t.s[lines[la]:a])
		}
		before := prev
		if a > lastB {
			before = t.s[a-1]
		}
		after := c.Text + t.s[b:min(b+1, len(t.s))]
		if before == '\r' && strings.HasPrefix(after, "\n") || strings.HasSuffix(c.Text, "\r") && strings.HasPrefix(t.s[b:], "\n") {
			break // joins a CRLF: the lines after it count one fewer
		}
		breaks, last := 0, 0
		for i := 0; i < len(c.Text); i++ {
			switch c.Text[i] {
			case '\r':
				if i+1 < len(c.Text) && c.Text[i+1] == '\n' {
					i++
				}
				breaks, last = breaks+1, i+1
			case '\n':
				breaks, last = breaks+1, i+1
			}
		}
		if breaks == 0 {
			endLine, endChar = line, char+enc.count(c.Text)
		} else {
			endLine, endChar = line+breaks, enc.count(c.Text[last:])
		}
		if c.Text != "" {
			prev = c.Text[len(c.Text)-1]
		} else {
			prev = before
		}
		lastB, L = b, lineOf(b)
	}
	return run
}

// build makes the edits of run, in the order of the text and not
// overlapping, in one pass.
func (t *text) build(run []edit) {
	n := len(t.s)
	for _, e := range run {
		n += len(e.s) - (e.b - e.a)
	}
	var sb strings.Builder
	sb.Grow(n)
	at := 0
	for _, e := range run {
		sb.WriteString(t.s[at:e.a])
		sb.WriteString(e.s)
		at = e.b
	}
	sb.WriteString(t.s[at:])
	t.copied += sb.Len()
	t.set(sb.String())
}
