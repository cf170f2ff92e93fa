package parser

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// File is one decoded source file.
//
// Text is always UTF-8: the byte order mark is removed and every other
// byte is kept (line endings exactly as in the file: CRLF, LF, lone CR or
// a mix; a stray Ctrl-Z byte stays in the text). Offsets used throughout
// the parser (Pos, Span, Segment) are byte offsets into Text.
type File struct {
	Path     string
	Text     string
	Encoding Encoding

	// noBOM is set for UTF-16 text detected without a byte order mark, so
	// that Encode does not add one.
	noBOM bool
	// raw holds the original bytes when decoding was lossy (an unpaired
	// UTF-16 surrogate, an odd trailing byte, invalid UTF-8 after a UTF-8
	// BOM): Encode of the unchanged text then returns them as they were,
	// and edits away from the lossy spots keep them (see EncodeEdits).
	raw []byte
	// rawStart is the length of the byte order mark in raw.
	rawStart int
	// spots are the places where decoding replaced bytes with U+FFFD, in
	// text order.
	spots []lossySpot

	once   sync.Once
	lines  []uint32 // start offset of every lineStride-th line; built on first use
	big    []int    // the same, for a text of 4 GiB or more
	nlines int      // number of lines
	hasCR  bool     // the text holds a CR: a line may end with CR or CRLF

	// built is set once the line index is; until then the first
	// countQueries positions and lines asked of a small text are counted
	// from its start instead (counted).
	built   atomic.Bool
	counted atomic.Int32

	// cur is the last position Position gave while the index was not
	// built, from which a later one is counted (see fromLast).
	cur fileCursor

	// wide indexes the long blocks of lines (see widePoint); built on
	// first use of such a block.
	wideOnce sync.Once
	wide     []widePoint

	// release, when set (SetRelease), is called after every releaseEvery
	// reads of Text counted in reads.
	release func()
	reads   atomic.Uint32
}

// srcUtf8BOM is the UTF-8 encoding of U+FEFF.
const srcUtf8BOM = "\xEF\xBB\xBF"

// NewFile returns a file whose text is already UTF-8 (tests, stdin). A
// leading byte order mark is removed and recorded as Encoding UTF8BOM.
func NewFile(path, text string) *File {
	if strings.HasPrefix(text, srcUtf8BOM) {
		return &File{Path: path, Text: text[len(srcUtf8BOM):], Encoding: UTF8BOM}
	}
	return &File{Path: path, Text: text, Encoding: UTF8}
}

// Decode detects the encoding of data and decodes it:
//
//   - EF BB BF: UTF-8 with BOM (UTF8BOM);
//   - FF FE 00 00 / 00 00 FE FF: UTF-32, an error;
//   - FF FE / FE FF: UTF-16 little / big endian with BOM;
//   - valid UTF-8: UTF8 (the common case: one copy, no other work);
//   - mostly-ASCII text with a zero byte in every other position: UTF-16
//     without BOM;
//   - anything else: Windows-1252 (CP1252), every byte mapped so that
//     Encode gives the same bytes back.
//
// Data that still holds a NUL character after this detection is rejected
// as binary.
func Decode(path string, data []byte) (*File, error) {
	switch {
	case len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF:
		body := data[3:]
		if i := bytes.IndexByte(body, 0); i >= 0 {
			before := string(body[:i])
			if !utf8.ValidString(before) {
				before, _ = srcDecodeLossyUTF8(body[:i])
			}
			return nil, srcBinaryError(before)
		}
		f := &File{Path: path, Encoding: UTF8BOM}
		if utf8.Valid(body) {
			f.Text = string(body)
		} else {
			f.Text, f.spots = srcDecodeLossyUTF8(body)
			f.raw, f.rawStart = bytes.Clone(data), 3
		}
		return f, nil
	case len(data) >= 4 && data[0] == 0xFF && data[1] == 0xFE && data[2] == 0 && data[3] == 0:
		// UTF-32's mark: as UTF-16 it would start with U+0000
		return nil, srcUTF32Error("little endian, byte order mark FF FE 00 00")
	case len(data) >= 4 && data[0] == 0 && data[1] == 0 && data[2] == 0xFE && data[3] == 0xFF:
		return nil, srcUTF32Error("big endian, byte order mark 00 00 FE FF")
	case len(data) >= 2 && data[0] == 0xFF && data[1] == 0xFE:
		return srcDecodeUTF16(path, data, 2, false, false)
	case len(data) >= 2 && data[0] == 0xFE && data[1] == 0xFF:
		return srcDecodeUTF16(path, data, 2, true, false)
	}
	if nul := bytes.IndexByte(data, 0); nul >= 0 {
		switch srcGuessUTF16(data) {
		case 'L':
			return srcDecodeUTF16(path, data, 0, false, true)
		case 'B':
			return srcDecodeUTF16(path, data, 0, true, true)
		}
		before := string(data[:nul]) // as Decode reads text: UTF-8 when it can be
		if !utf8.ValidString(before) {
			before = srcDecodeCP1252(data[:nul])
		}
		return nil, srcBinaryError(before)
	}
	if utf8.Valid(data) {
		return &File{Path: path, Text: string(data), Encoding: UTF8}, nil
	}
	return &File{Path: path, Text: srcDecodeCP1252(data), Encoding: CP1252}, nil
}

// UTF16 reports whether Decode reads data as UTF-16, given head, the
// start of data (its first 8 KB at least, or all of it): its byte order
// and the length of its byte order mark (0 for UTF-16 that Decode
// recognises without one).
func UTF16(head []byte) (ok, bigEndian bool, bom int) {
	switch {
	case len(head) >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF:
		return false, false, 0
	case len(head) >= 2 && head[0] == 0xFF && head[1] == 0xFE:
		return true, false, 2
	case len(head) >= 2 && head[0] == 0xFE && head[1] == 0xFF:
		return true, true, 2
	case bytes.IndexByte(head, 0) < 0:
		return false, false, 0 // no NUL in what srcGuessUTF16 samples: not UTF-16
	}
	switch srcGuessUTF16(head) {
	case 'L':
		return true, false, 0
	case 'B':
		return true, true, 0
	}
	return false, false, 0
}

// srcUTF32Error is the error of a UTF-32 file (with its byte order mark,
// described by mark), which sqllint does not decode.
func srcUTF32Error(mark string) error {
	return fmt.Errorf("UTF-32 text (%s) is not read: sqllint reads UTF-8, UTF-16 and Windows-1252 scripts; save it as UTF-8 or UTF-16", mark)
}

// srcBinaryError is the error of a file Decode rejects as binary: its
// first NUL character comes after the text before (decoded), and is
// named by its line and column, as a finding is (a byte offset counts
// two bytes a character in UTF-16, and no editor shows it).
func srcBinaryError(before string) error {
	line, col := srcLineCol(before, len(before))
	return fmt.Errorf("binary file (NUL byte at line %d, column %d)", line, col)
}

// srcGuessUTF16 recognises ASCII text stored as UTF-16 without a byte order
// mark: in the sampled code units most have a zero high byte and a
// printable low byte, and hardly any has a zero low byte. It returns 'L'
// (little endian), 'B' (big endian) or 0.
func srcGuessUTF16(data []byte) byte {
	n := min(len(data), 8192) &^ 1
	pairs := n / 2
	if pairs == 0 {
		return 0
	}
	var le, be, zeroLo, zeroHi int // ASCII units read as LE / BE; zero first / second bytes
	for i := 0; i < n; i += 2 {
		a, b := data[i], data[i+1]
		if a == 0 {
			zeroLo++
		}
		if b == 0 {
			zeroHi++
		}
		if b == 0 && srcIsTextByte(a) {
			le++
		}
		if a == 0 && srcIsTextByte(b) {
			be++
		}
	}
	switch {
	case le*10 >= pairs*6 && zeroLo*20 <= pairs:
		return 'L'
	case be*10 >= pairs*6 && zeroHi*20 <= pairs:
		return 'B'
	}
	return 0
}

func srcIsTextByte(c byte) bool {
	return c >= 0x20 && c < 0x7F || c == '\t' || c == '\n' || c == '\r'
}

// srcDecodeUTF16 decodes data[start:] as UTF-16. Unpaired surrogates and an
// odd trailing byte become U+FFFD; the file then keeps its raw bytes so
// that Encode still round-trips.
func srcDecodeUTF16(path string, data []byte, start int, bigEndian, noBOM bool) (*File, error) {
	enc := UTF16LE
	if bigEndian {
		enc = UTF16BE
	}
	f := &File{Path: path, Encoding: enc, noBOM: noBOM}
	body := data[start:]
	var sb strings.Builder
	sb.Grow(len(body)/2 + len(body)/8 + 4)
	var spots []lossySpot
	bad := func(rawOff, rawLen int) {
		spots = append(spots, lossySpot{text: sb.Len(), raw: start + rawOff, rawLen: rawLen})
		sb.WriteRune(utf8.RuneError)
	}
	unit := func(i int) rune {
		if bigEndian {
			return rune(body[i])<<8 | rune(body[i+1])
		}
		return rune(body[i+1])<<8 | rune(body[i])
	}
	i := 0
	for ; i+1 < len(body); i += 2 {
		u := unit(i)
		switch {
		case u < 0x80:
			if u == 0 {
				return nil, srcBinaryError(sb.String())
			}
			sb.WriteByte(byte(u))
		case u >= 0xD800 && u < 0xDC00:
			if i+3 < len(body) {
				if u2 := unit(i + 2); u2 >= 0xDC00 && u2 < 0xE000 {
					sb.WriteRune(0x10000 + (u-0xD800)<<10 + (u2 - 0xDC00))
					i += 2
					continue
				}
			}
			bad(i, 2)
		case u >= 0xDC00 && u < 0xE000:
			bad(i, 2)
		default:
			sb.WriteRune(u)
		}
	}
	if i < len(body) { // odd trailing byte
		bad(i, 1)
	}
	f.Text = sb.String()
	if spots != nil {
		f.raw, f.rawStart, f.spots = bytes.Clone(data), start, spots
	}
	return f, nil
}

// srcCp1252High maps the bytes 0x80..0x9F of Windows-1252. The five bytes
// the code page leaves undefined (81, 8D, 8F, 90, 9D) map to the C1
// control characters of the same value, as Windows' own conversion does.
// Bytes 0xA0..0xFF are the Latin-1 characters of the same value.
var srcCp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, // 80-87
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F, // 88-8F
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, // 90-97
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178, // 98-9F
}

// srcCp1252Encode is the inverse of srcCp1252High.
var srcCp1252Encode = func() map[rune]byte {
	m := make(map[rune]byte, len(srcCp1252High))
	for i, r := range srcCp1252High {
		m[r] = byte(0x80 + i)
	}
	return m
}()

func srcDecodeCP1252(data []byte) string {
	var sb strings.Builder
	sb.Grow(len(data) + len(data)/4)
	for len(data) > 0 {
		// Copy the ASCII run in one go.
		j := 0
		for j < len(data) && data[j] < 0x80 {
			j++
		}
		sb.Write(data[:j])
		data = data[j:]
		if len(data) == 0 {
			break
		}
		c := data[0]
		data = data[1:]
		if c < 0xA0 {
			sb.WriteRune(srcCp1252High[c-0x80])
		} else {
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}

// Encode converts text (normally f.Text after edits) back to the file's
// encoding, with the same byte order mark. Encode(f.Text) gives back the
// bytes f was decoded from. For CP1252 a character the code page cannot
// represent is an error naming the character and its line and column.
//
// For a Lossy file, the bytes that could not be decoded are kept: the part
// of text that differs from f.Text (from the first to the last changed
// character) is encoded and the rest is copied from the original bytes.
// When that part touches a lossy spot, Encode returns an error wrapping
// ErrLossy and no bytes: writing it would replace the undecodable bytes
// with U+FFFD. EncodeEdits tells edits apart more finely.
func (f *File) Encode(text string) ([]byte, error) {
	if f.raw != nil {
		if text == f.Text {
			return bytes.Clone(f.raw), nil
		}
		return f.EncodeEdits([]Replacement{f.diff(text)})
	}
	return f.encode(text)
}

// encode converts text to the file's encoding, ignoring raw.
func (f *File) encode(text string) ([]byte, error) {
	switch f.Encoding {
	case UTF8BOM:
		out := make([]byte, 0, len(srcUtf8BOM)+len(text))
		out = append(out, srcUtf8BOM...)
		return append(out, text...), nil
	case UTF16LE, UTF16BE:
		return srcEncodeUTF16(text, f.Encoding == UTF16BE, !f.noBOM), nil
	case CP1252:
		return srcEncodeCP1252(f.Path, text)
	}
	return []byte(text), nil
}

func srcEncodeUTF16(text string, bigEndian, bom bool) []byte {
	out := make([]byte, 0, 2*len(text)+2)
	put := func(u rune) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	if bom {
		put(0xFEFF)
	}
	for _, r := range text { // invalid UTF-8 arrives as U+FFFD
		if r >= 0x10000 {
			r -= 0x10000
			put(0xD800 + r>>10)
			put(0xDC00 + r&0x3FF)
			continue
		}
		put(r)
	}
	return out
}

func srcEncodeCP1252(path, text string) ([]byte, error) {
	out := make([]byte, 0, len(text))
	for i := 0; i < len(text); {
		c := text[i]
		if c < 0x80 {
			out = append(out, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r >= 0xA0 && r <= 0xFF && size > 1:
			out = append(out, byte(r))
		default:
			b, ok := srcCp1252Encode[r]
			if !ok || size == 1 && r == utf8.RuneError {
				line, col := srcLineCol(text, i)
				what := fmt.Sprintf("%q (U+%04X)", r, r)
				if size == 1 && r == utf8.RuneError {
					what = fmt.Sprintf("invalid UTF-8 byte 0x%02X", text[i])
				}
				return nil, fmt.Errorf("%s:%d:%d: character %s cannot be encoded in cp1252", path, line, col, what)
			}
			out = append(out, b)
		}
		i += size
	}
	return out, nil
}

// srcLineCol computes the 1-based line and column of off in text without a
// line index (used for error messages only).
func srcLineCol(text string, off int) (line, col int) {
	line, start := 1, 0
	for i := 0; i < off; i++ {
		switch text[i] {
		case '\n':
			line, start = line+1, i+1
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				continue
			}
			line, start = line+1, i+1
		}
	}
	return line, utf8.RuneCountInString(text[start:off]) + 1
}

// ErrLossy is wrapped by the errors of Encode and EncodeEdits for an edit
// that touches bytes decoding could not read (see File.Lossy).
var ErrLossy = errors.New("the change touches bytes that could not be decoded")

// lossySpot is one U+FFFD (3 bytes of Text at text) that decoding put in
// place of raw[raw:raw+rawLen].
type lossySpot struct {
	text, raw, rawLen int
}

// srcDecodeLossyUTF8 decodes UTF-8 with invalid bytes: each run of invalid
// bytes becomes one U+FFFD, recorded as a lossy spot (raw offsets count
// the 3-byte BOM).
func srcDecodeLossyUTF8(body []byte) (string, []lossySpot) {
	var sb strings.Builder
	sb.Grow(len(body) + 8)
	var spots []lossySpot
	for i := 0; i < len(body); {
		r, size := utf8.DecodeRune(body[i:])
		if r != utf8.RuneError || size > 1 {
			sb.Write(body[i : i+size])
			i += size
			continue
		}
		j := i + 1
		for j < len(body) {
			if r, size := utf8.DecodeRune(body[j:]); r != utf8.RuneError || size > 1 {
				break
			}
			j++
		}
		spots = append(spots, lossySpot{text: sb.Len(), raw: 3 + i, rawLen: j - i})
		sb.WriteRune(utf8.RuneError)
		i = j
	}
	return sb.String(), spots
}

// Lossy reports whether decoding replaced bytes it could not read with
// U+FFFD: invalid UTF-8 after a UTF-8 byte order mark, an unpaired UTF-16
// surrogate, an odd trailing byte of UTF-16. (UTF-8 without a BOM that is
// not valid is read as Windows-1252, which loses nothing.) Such a file can
// be changed only away from those places: see CanEdit.
func (f *File) Lossy() bool { return f.raw != nil }

// Replacement replaces f.Text[Start:End] (byte offsets) with New.
type Replacement struct {
	Start, End int
	New        string
}

// CanEdit reports whether replacing f.Text[start:end] keeps every byte of
// the file outside that range as it was: false when the range overlaps (or
// starts or ends inside) a character that decoding made up for bytes it
// could not read. It is always true for a file that is not Lossy.
//
// An odd trailing byte of UTF-16 ends the file: nothing can be inserted
// after it (the units would no longer pair up).
func (f *File) CanEdit(start, end int) bool {
	for _, sp := range f.spots {
		if start < sp.text+len(srcReplacementChar) && end > sp.text {
			return false
		}
		if sp.rawLen%2 == 1 && f.Encoding != UTF8BOM && end > sp.text {
			return false
		}
	}
	return true
}

const srcReplacementChar = "\uFFFD"

// EncodeEdits applies edits (sorted by Start, not overlapping, at
// character boundaries of f.Text) and returns the file's new bytes: the
// original bytes between the edits, each edit's New encoded. For a file
// that is not Lossy it is Encode of the edited text. An edit that CanEdit
// refuses is an error wrapping ErrLossy naming its line and column; nothing
// is returned then.
func (f *File) EncodeEdits(edits []Replacement) ([]byte, error) {
	prev := 0
	for _, e := range edits {
		if e.Start < prev || e.End < e.Start || e.End > len(f.Text) {
			return nil, fmt.Errorf("%s: edits out of order or out of range (%d-%d after %d)", f.Path, e.Start, e.End, prev)
		}
		if !f.CanEdit(e.Start, e.End) {
			line, col := srcLineCol(f.Text, e.Start)
			return nil, fmt.Errorf("%s:%d:%d: %w (invalid %s in the file); fix the file's encoding first", f.Path, line, col, ErrLossy, f.Encoding)
		}
		prev = e.End
	}
	if f.raw == nil {
		var sb strings.Builder
		prev = 0
		for _, e := range edits {
			sb.WriteString(f.Text[prev:e.Start])
			sb.WriteString(e.New)
			prev = e.End
		}
		sb.WriteString(f.Text[prev:])
		return f.encode(sb.String())
	}
	out := make([]byte, 0, len(f.raw)+64)
	out = append(out, f.raw[:f.rawStart]...)
	c := rawCursor{f: f, raw: f.rawStart}
	for _, e := range edits {
		from := c.raw
		c.advance(e.Start)
		out = append(out, f.raw[from:c.raw]...)
		enc, err := f.encodeBody(e.New)
		if err != nil {
			return nil, err
		}
		out = append(out, enc...)
		c.advance(e.End)
	}
	return append(out, f.raw[c.raw:]...), nil
}

// encodeBody encodes text without a byte order mark.
func (f *File) encodeBody(text string) ([]byte, error) {
	switch f.Encoding {
	case UTF16LE, UTF16BE:
		return srcEncodeUTF16(text, f.Encoding == UTF16BE, false), nil
	case CP1252:
		return srcEncodeCP1252(f.Path, text)
	}
	return []byte(text), nil
}

// rawCursor walks f.Text and f.raw together: between lossy spots the text
// re-encodes to exactly the raw bytes.
type rawCursor struct {
	f    *File
	text int // offset in f.Text
	raw  int // the matching offset in f.raw
	spot int // index of the next lossy spot
}

// advance moves the cursor to text offset to (>= its offset, not inside a
// lossy spot).
func (c *rawCursor) advance(to int) {
	for c.text < to {
		next := to
		if c.spot < len(c.f.spots) && c.f.spots[c.spot].text < next {
			next = c.f.spots[c.spot].text
		}
		c.raw += c.f.encodedLen(c.f.Text[c.text:next])
		c.text = next
		if c.spot < len(c.f.spots) && c.f.spots[c.spot].text == c.text && c.text < to {
			sp := c.f.spots[c.spot]
			c.raw = sp.raw + sp.rawLen
			c.text += len(srcReplacementChar)
			c.spot++
		}
	}
}

// encodedLen is the length of text in the file's encoding (UTF-8 or
// UTF-16; lossy files are one of those).
func (f *File) encodedLen(text string) int {
	if f.Encoding != UTF16LE && f.Encoding != UTF16BE {
		return len(text)
	}
	n := 0
	for _, r := range text {
		if r >= 0x10000 {
			n += 4
		} else {
			n += 2
		}
	}
	return n
}

// diff returns the one replacement that turns f.Text into text: from the
// first to the last differing character.
func (f *File) diff(text string) Replacement {
	old := f.Text
	p := 0
	for p < len(old) && p < len(text) && old[p] == text[p] {
		p++
	}
	for p > 0 && p < len(old) && !utf8.RuneStart(old[p]) {
		p--
	}
	q := 0
	for q < len(old)-p && q < len(text)-p && old[len(old)-1-q] == text[len(text)-1-q] {
		q++
	}
	for q > 0 && !utf8.RuneStart(old[len(old)-q]) {
		q--
	}
	return Replacement{Start: p, End: len(old) - q, New: text[p : len(text)-q]}
}

// lineStride is how many lines apart the line index records a start: a
// position is found from the nearest recorded line by scanning at most
// lineStride-1 line breaks, and the index of a large file stays small
// (4 bytes per 16 lines: about 3.5 MB for 500 MB of 35-byte lines).
const lineStride = 16

// lineIndex builds the index of the start offsets of lines 1,
// 1+lineStride, 1+2*lineStride, ... of f.Text and returns its length.
// LF, CRLF and a lone CR each end a line, so a text ending with a line
// break has a last, empty line.
func (f *File) lineIndex() int {
	f.IndexLines(nil)
	if f.big != nil {
		return len(f.big)
	}
	return len(f.lines)
}

// smallIndexMax is the largest text whose line index holds 32-bit
// offsets (a variable for tests).
var smallIndexMax uint64 = math.MaxUint32

// indexed is the k-th start offset of the line index.
func (f *File) indexed(k int) int {
	if f.big != nil {
		return f.big[k]
	}
	return int(f.lines[k])
}

// lineIndexProgress is how much text IndexLines scans between calls of
// its progress function.
const lineIndexProgress = 4 << 20

// IndexLines builds the line index that Position, Line and Offset use,
// if it is not built yet, calling progress (when not nil) after each
// 4 MB of text scanned: a caller whose text is a mapped file may let the
// pages already read go.
func (f *File) IndexLines(progress func()) {
	defer f.built.Store(true)
	f.once.Do(func() {
		s := f.Text
		var (
			lines []uint32
			big   []int
		)
		if uint64(len(s)) <= smallIndexMax {
			lines = make([]uint32, 1, len(s)/(32*lineStride)+1)
		} else {
			big = make([]int, 1, len(s)/(32*lineStride)+1)
		}
		record := func(j int) {
			if big != nil {
				big = append(big, j)
			} else {
				lines = append(lines, uint32(j))
			}
		}
		// Most texts break lines with LF or CRLF only: each line then
		// ends at an LF, found eight bytes at a time.
		if n, hasCR, ok := indexLF(s, record, progress); ok {
			f.lines, f.big, f.nlines, f.hasCR = lines, big, n, hasCR
			return
		}
		// A lone CR: line by line.
		f.hasCR = true
		if progress != nil {
			progress() // for the text indexLF read
		}
		lines, big = lines[:min(len(lines), 1)], big[:min(len(big), 1)]
		n, next := 1, lineIndexProgress
		for i := 0; ; {
			j := f.nextLine(i)
			if j < 0 {
				break
			}
			if n%lineStride == 0 {
				record(j)
			}
			n++
			if i = j; i >= next && progress != nil {
				progress()
				next = i + lineIndexProgress
			}
		}
		f.lines, f.big, f.nlines = lines, big, n
	})
}

// indexLF calls record with the start of every lineStride-th line of s
// after the first (lines 1+lineStride, 1+2*lineStride, ...) and returns
// the number of lines and whether s holds a CR, when every CR of s is
// followed by an LF (ok); it stops early with ok false at a lone CR.
// progress, when not nil, is called after each lineIndexProgress bytes.
//
// s is read in chunks of lfChunk bytes: most chunks hold no CR (found
// with strings.IndexByte), and their LFs are only counted, eight bytes
// at a time, but in the words holding the end of a stride of lines.
func indexLF(s string, record func(int), progress func()) (n int, hasCR, ok bool) {
	n = 1
	next := lineIndexProgress
	for c := 0; c < len(s); c += lfChunk {
		e := min(c+lfChunk, len(s))
		if strings.IndexByte(s[c:e], '\r') < 0 {
			n = countLF(s, c, e, n, record)
		} else {
			hasCR = true
			if n, ok = indexCRLF(s, c, e, n, record); !ok {
				return 0, true, false
			}
		}
		if e >= next && progress != nil {
			progress()
			next += lineIndexProgress
		}
	}
	if progress != nil && len(s) > 0 && len(s)%lineIndexProgress != 0 {
		progress()
	}
	return n, hasCR, true
}

// lfChunk is how much text indexLF looks for a CR in at a time: a
// multiple of 8 that divides lineIndexProgress.
const lfChunk = 4 << 10

// SWAR constants of indexLF: zeros(x) has 0x80 in each byte of x that
// is 0, and 0 in the others (no carry crosses a byte).
const (
	lfLow7 = 0x7f7f7f7f7f7f7f7f
	lfLFs  = 0x0a0a0a0a0a0a0a0a
	lfCRs  = 0x0d0d0d0d0d0d0d0d
)

func zeros(x uint64) uint64 { return ^(((x & lfLow7) + lfLow7) | x | lfLow7) }

// word8 is s[i:i+8] as a little-endian word.
func word8(s string, i int) uint64 {
	w := s[i : i+8]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}

// countLF is indexLF over s[from:to], which holds no CR, n being the
// line that s[from] is on; it returns the line that s[to] is on.
//
// A chunk whose lines are long enough is read one line at a time with
// strings.IndexByte (vector instructions), the others eight bytes at a
// time (3 instructions a byte), told apart by the lines of its first
// lfSample bytes. On 20 files at 100% statements of interest, whose
// findings make every file index its lines (lines of 53 bytes on
// average), that is 1.5 instructions a byte in all, and the eight-byte
// loop alone was 1.6% of the run's instructions.
func countLF(s string, from, to, n int, record func(int)) int {
	sample := min(to-from, lfSample)
	if k := strings.Count(s[from:from+sample], "\n"); k*lfLineMin > sample {
		return countLFWords(s, from, to, n, record)
	}
	for i := from; ; {
		j := strings.IndexByte(s[i:to], '\n')
		if j < 0 {
			return n
		}
		i += j + 1
		if n%lineStride == 0 {
			record(i)
		}
		n++
	}
}

// lfLineMin is the mean length of line from which countLF reads a chunk
// a line at a time: shorter lines cost IndexByte's call more a byte than
// the eight-byte loop (/tmp/csel's SELECT 1 and GO lines are 6 bytes),
// and lfSample how much of a chunk tells: counting all of it cost
// 0.2 instructions a byte.
const (
	lfLineMin = 16
	lfSample  = 256
)

// countLFWords is countLF eight bytes at a time.
func countLFWords(s string, from, to, n int, record func(int)) int {
	i := from
	for ; i+8 <= to; i += 8 {
		lf := zeros(word8(s, i) ^ lfLFs)
		if lf == 0 {
			continue
		}
		// no line of the stride ends here: count them
		if c := bits.OnesCount64(lf); n%lineStride != 0 && n%lineStride+c <= lineStride {
			n += c
			continue
		}
		for ; lf != 0; lf &= lf - 1 {
			if n%lineStride == 0 {
				record(i + bits.TrailingZeros64(lf)/8 + 1)
			}
			n++
		}
	}
	for ; i < to; i++ {
		if s[i] == '\n' {
			if n%lineStride == 0 {
				record(i + 1)
			}
			n++
		}
	}
	return n
}

// indexCRLF is countLF over s[from:to], which holds a CR: ok is false
// when one is not followed by an LF.
func indexCRLF(s string, from, to, n int, record func(int)) (int, bool) {
	i := from
	for ; i+8 <= to; i += 8 {
		x := word8(s, i)
		lf := zeros(x ^ lfLFs)
		if cr := zeros(x ^ lfCRs); cr != 0 {
			// each CR is followed by an LF: in this word, or the next
			if cr<<8&^lf != 0 || cr>>63 != 0 && (i+8 >= len(s) || s[i+8] != '\n') {
				return 0, false
			}
		}
		for ; lf != 0; lf &= lf - 1 {
			if n%lineStride == 0 {
				record(i + bits.TrailingZeros64(lf)/8 + 1)
			}
			n++
		}
	}
	for ; i < to; i++ {
		switch s[i] {
		case '\r':
			if i+1 >= len(s) || s[i+1] != '\n' {
				return 0, false
			}
		case '\n':
			if n%lineStride == 0 {
				record(i + 1)
			}
			n++
		}
	}
	return n, true
}

// nextLine returns the start of the line after the one holding offset i
// (a line start), or -1 when that line is the last.
func (f *File) nextLine(i int) int {
	s := f.Text
	if !f.hasCR {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			return -1
		}
		return i + j + 1
	}
	j := strings.IndexAny(s[i:], "\r\n")
	if j < 0 {
		return -1
	}
	i += j
	if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
		i++
	}
	return i + 1
}

// lineStart returns the start offset of line n (1-based, at most Lines()).
func (f *File) lineStart(n int) int {
	f.lineIndex()
	k := (n - 1) / lineStride
	start := f.indexed(k)
	if k*lineStride+1 == n {
		return start
	}
	if f.longBlock(k) {
		return f.wideLineStart(k, n)
	}
	for m := k*lineStride + 1; m < n; m++ {
		start = f.nextLine(start)
	}
	return start
}

// Lines returns the number of lines: one more than the number of line
// breaks (an empty text has one empty line).
func (f *File) Lines() int {
	f.lineIndex()
	return f.nlines
}

// A text of at most countMax bytes is not indexed for its first
// countQueries positions and lines asked (Position, Line): each is
// counted from the start of the text, with the vectorized
// strings.Count and IndexByte, which costs less than building the index
// for the one or two findings most files have. The answers are the
// same: counting is used only where every line break before the answer
// is an LF.
const (
	countMax     = 256 << 10
	countQueries = 8
)

// IndexAhead builds f's line index now, when f is read whole rather than
// mapped (a mapped file's index is built on a goroutine of its own, and
// its pages are released as it goes) and the index is not built yet: a
// caller that knows that f will be asked for many positions has it built
// on its own goroutine rather than on the one that asks first.
//
// A text of at most countMax bytes with no CR is not indexed: its
// positions, asked in order of their offsets (a file's statements, then
// its findings), are each counted from the last (fromLast), and the few
// asked out of order from its start (mayCount), which costs less than
// the index (at 100% statements of interest the index was 1.3% of a
// run's instructions, and nothing but those positions read it).
func (f *File) IndexAhead() {
	if len(f.Text) < indexAheadMax && f.release == nil && !f.built.Load() {
		if len(f.Text) <= countMax && strings.IndexByte(f.Text, '\r') < 0 {
			return
		}
		f.IndexLines(nil)
	}
}

// fileCursor is a position of a file (see File.fromLast), line 0 when
// none; mu guards it. (No Position: 16 bytes less for each file of a run,
// every one of which may be kept.)
type fileCursor struct {
	mu             sync.Mutex
	off, line, col int
}

// set makes p the cursor's position, unless another goroutine holds it.
func (c *fileCursor) set(p Position) {
	if c.mu.TryLock() {
		c.off, c.line, c.col = p.Offset, p.Line, p.Column
		c.mu.Unlock()
	}
}

// fromLast is Position(off) counted from the last position f gave,
// when that is at or before off with only LFs between the two (ok): a
// file's positions are mostly asked in order of their offsets, and the
// LFs between two of them, and the characters from the last to off on
// one line, cost a fraction of a look-up in the line index, which then
// need not be built. A paged text, or one whose index is built, or
// whose cursor another goroutine holds, is not counted so.
func (f *File) fromLast(off int) (Position, bool) {
	if f.release != nil || f.built.Load() || !f.cur.mu.TryLock() {
		return Position{}, false
	}
	defer f.cur.mu.Unlock()
	c := &f.cur
	if c.line == 0 || off < c.off {
		return Position{}, false
	}
	t := f.Text
	from := c.off
	seg := t[from:off]
	if strings.IndexByte(seg, '\r') >= 0 {
		return Position{}, false
	}
	if n := strings.Count(seg, "\n"); n > 0 {
		start := from + strings.LastIndexByte(seg, '\n') + 1
		c.line += n
		c.col = utf8.RuneCountInString(t[start:off]) + 1
	} else if from == len(t) || utf8.RuneStart(t[from]) {
		// on the same line: its characters from the last position on,
		// which starts one (a character is not counted apart)
		c.col += utf8.RuneCountInString(seg)
	} else {
		return Position{}, false
	}
	c.off = off
	return Position{Path: f.Path, Line: c.line, Column: c.col, Offset: off}, true
}

// indexAheadMax is the length of text from which IndexAhead leaves the
// index to be built when first asked for (the size from which a file is
// mapped).
const indexAheadMax = 16 << 20

// mayCount reports whether the next query on f may be counted rather
// than looked up in the line index, and counts it.
func (f *File) mayCount() bool {
	return len(f.Text) <= countMax && f.release == nil && !f.built.Load() && f.counted.Add(1) <= countQueries
}

// nthLineStart is the start of line n (1-based) of s, counting LFs only
// as line breaks, or -1 when s has fewer than n lines so counted.
func nthLineStart(s string, n int) int {
	i, left := 0, n-1
	for left > 0 {
		if len(s)-i >= lfCountStep {
			if c := strings.Count(s[i:i+lfCountStep], "\n"); c < left {
				left -= c
				i += lfCountStep
				continue
			}
		}
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			return -1
		}
		i += j + 1
		left--
	}
	return i
}

// lfCountStep is how many bytes nthLineStart counts the LFs of at once.
const lfCountStep = 256

// Position resolves a byte offset in f.Text to a 1-based line and column;
// the column counts code points from the start of the line. off is
// clamped to [0, len(f.Text)].
func (f *File) Position(off int) Position {
	off = max(0, min(off, len(f.Text)))
	if p, ok := f.fromLast(off); ok {
		return p
	}
	if f.mayCount() && strings.IndexByte(f.Text[:off], '\r') < 0 {
		// LFs only up to off: its line is one more than their number
		s := f.Text[:off]
		start := strings.LastIndexByte(s, '\n') + 1
		f.Touched()
		p := Position{Path: f.Path, Line: strings.Count(s, "\n") + 1, Column: utf8.RuneCountInString(s[start:]) + 1, Offset: off}
		f.cur.set(p)
		return p
	}
	k := sort.Search(f.lineIndex(), func(i int) bool { return f.indexed(i) > off }) - 1
	if f.longBlock(k) {
		n, col := f.widePosition(off)
		f.Touched()
		return Position{Path: f.Path, Line: n, Column: col, Offset: off}
	}
	n, start := k*lineStride+1, f.indexed(k)
	if !f.hasCR {
		// the line breaks before off, at most lineStride-1, counted at
		// once rather than found one by one: a position is asked for
		// each finding
		if s := f.Text[start:off]; len(s) > 0 {
			if c := strings.Count(s, "\n"); c > 0 {
				n, start = n+c, start+strings.LastIndexByte(s, '\n')+1
			}
		}
	} else {
		for {
			j := f.nextLine(start)
			if j < 0 || j > off {
				break
			}
			n, start = n+1, j
		}
	}
	col := utf8.RuneCountInString(f.Text[start:off]) + 1
	f.Touched()
	return Position{Path: f.Path, Line: n, Column: col, Offset: off}
}

// lineBounds returns the start of line n (1-based, clamped) and the end
// of its content, before the line break.
func (f *File) lineBounds(n int) (start, end int) {
	n = max(1, min(n, f.Lines()))
	start = f.lineStart(n)
	end = len(f.Text)
	if n < f.nlines {
		if f.longBlock((n - 1) / lineStride) {
			end = f.lineStart(n + 1) // not the whole long line scanned
		} else {
			end = f.nextLine(start)
		}
		if end > start && f.Text[end-1] == '\n' {
			end--
		}
		if end > start && f.Text[end-1] == '\r' {
			end--
		}
	}
	return start, end
}

// A block of lineStride lines longer than wideBlock bytes (a long line:
// thousands of statements on one line) is indexed further, so that a
// position in it is found by scanning at most about wideStep bytes
// rather than the block from its start: thousands of findings on one
// long line then cost time linear in their number and the line's length.
const (
	wideBlock = 16 << 10
	wideStep  = 1 << 10
)

// widePoint is a place in a long block: its offset (a character start,
// never between the CR and the LF of a CRLF), the line it is on, the
// start of that line and its column there (0-based: the characters from
// the line start).
type widePoint struct {
	off, line, lineStart, col int
}

// blockEnd is the end of block k of the line index.
func (f *File) blockEnd(k int) int {
	if k+1 < f.lineIndex() {
		return f.indexed(k + 1)
	}
	return len(f.Text)
}

// longBlock reports whether block k of the line index is indexed by wide.
func (f *File) longBlock(k int) bool {
	return f.blockEnd(k)-f.indexed(k) > wideBlock
}

// lineBreaks counts the line breaks in f.Text[from:to] (an LF, or a CR
// not followed by an LF, which may lie at to) and returns the offset after
// the last one (-1 when there is none).
func (f *File) lineBreaks(from, to int) (n, after int) {
	s := f.Text
	after = -1
	if !f.hasCR {
		for i := from; i < to; {
			j := strings.IndexByte(s[i:to], '\n')
			if j < 0 {
				break
			}
			n++
			i += j + 1
			after = i
		}
		return n, after
	}
	for i := from; i < to; {
		j := strings.IndexAny(s[i:to], "\r\n")
		if j < 0 {
			break
		}
		i += j + 1
		if s[i-1] == '\r' && i < len(s) && s[i] == '\n' {
			continue // the LF ends the line
		}
		n++
		after = i
	}
	return n, after
}

// buildWide indexes every long block of the text, wideStep bytes apart.
func (f *File) buildWide() {
	f.wideOnce.Do(func() {
		var wide []widePoint
		scanned := 0
		for k := range f.lineIndex() {
			from, end := f.indexed(k), f.blockEnd(k)
			if end-from <= wideBlock {
				continue
			}
			p := widePoint{off: from, line: k*lineStride + 1, lineStart: from}
			wide = append(wide, p)
			for p.off < end {
				q := min(p.off+wideStep, end)
				for q < end && (!utf8.RuneStart(f.Text[q]) || f.Text[q-1] == '\r' && f.Text[q] == '\n') {
					q++
				}
				if n, after := f.lineBreaks(p.off, q); n > 0 {
					p.line += n
					p.lineStart = after
					p.col = utf8.RuneCountInString(f.Text[after:q])
				} else {
					p.col += utf8.RuneCountInString(f.Text[p.off:q])
				}
				scanned += q - p.off
				p.off = q
				wide = append(wide, p)
				if scanned >= lineIndexProgress && f.release != nil {
					f.release() // a paged text: let the pages read go
					scanned = 0
				}
			}
		}
		f.wide = wide
	})
}

// wideAt is the last point of the wide index at or before off, which lies
// in a long block.
func (f *File) wideAt(off int) widePoint {
	f.buildWide()
	i := sort.Search(len(f.wide), func(i int) bool { return f.wide[i].off > off }) - 1
	return f.wide[i]
}

// widePosition is the line and column (1-based) of off in a long block.
func (f *File) widePosition(off int) (line, col int) {
	p := f.wideAt(off)
	if n, after := f.lineBreaks(p.off, off); n > 0 {
		return p.line + n, utf8.RuneCountInString(f.Text[after:off]) + 1
	}
	return p.line, p.col + utf8.RuneCountInString(f.Text[p.off:off]) + 1
}

// wideLineStart is the start of line n, which begins in long block k (and
// is not its first line).
func (f *File) wideLineStart(k, n int) int {
	f.buildWide()
	from := sort.Search(len(f.wide), func(i int) bool { return f.wide[i].off >= f.indexed(k) })
	// the last point of the block on a line before n or on n
	i := from + sort.Search(len(f.wide)-from, func(i int) bool { return f.wide[from+i].line > n }) - 1
	p := f.wide[i]
	if p.line == n {
		return p.lineStart
	}
	start := p.off
	for m := p.line; m < n; m++ {
		start = f.nextLine(start)
	}
	return start
}

// Offset is the inverse of Position: the byte offset of the given line
// and column. The line is clamped to [1, Lines()] and the column to the
// line's content (a column past the end gives the offset of the line
// break).
func (f *File) Offset(line, col int) int {
	start, end := f.lineBounds(line)
	off := start
	for k := 1; k < col && off < end; k++ {
		_, size := utf8.DecodeRuneInString(f.Text[off:end])
		off += size
	}
	f.Touched()
	return off
}

// Line returns the text of line n (1-based) without its line break, and
// false when the file has no such line.
func (f *File) Line(n int) (string, bool) {
	if n >= 1 && f.mayCount() {
		// LFs only up to the end of line n: counted
		if start := nthLineStart(f.Text, n); start >= 0 {
			end := len(f.Text)
			if j := strings.IndexByte(f.Text[start:], '\n'); j >= 0 {
				end = start + j
			}
			if strings.IndexByte(f.Text[:end], '\r') < 0 {
				return f.Slice(start, end), true
			}
		}
	}
	if n < 1 || n > f.Lines() {
		return "", false
	}
	start, end := f.lineBounds(n)
	return f.Slice(start, end), true
}

// releaseEvery is how many reads of a paged text (SetRelease) are made
// between two calls of its release function. On Linux a read of a mapped
// file maps the 64 KB around it (fault-around), so at most about
// releaseEvery × 128 KB of it stay resident.
const releaseEvery = 32

// SetRelease pages f's text: f counts the reads of its text that come
// after it was parsed (Position, Line, Offset, Slice and the callers'
// own, told through Touched) and calls release after every releaseEvery
// of them. A text that is a mapped file (a large script) thus never
// becomes resident whole while thousands of findings all over it are
// checked and resolved: release drops the pages read (madvise
// MADV_DONTNEED), and the next read maps them again from the page cache.
// Set it before the file is shared between goroutines.
func (f *File) SetRelease(release func()) { f.release = release }

// Touched tells f that its caller read some of f.Text directly: for a
// paged text (SetRelease), the pages read may be released from time to
// time. It does nothing for other files.
func (f *File) Touched() {
	if f.release != nil && f.reads.Add(1)%releaseEvery == 0 {
		f.release()
	}
}

// Slice is f.Text[start:end], which must be in range. For a paged text
// (SetRelease) it is a copy, so that the caller may keep it once the
// pages it came from are released, and the read counts (Touched).
func (f *File) Slice(start, end int) string {
	if f.release == nil {
		return f.Text[start:end]
	}
	s := strings.Clone(f.Text[start:end])
	f.Touched()
	return s
}

// transcodeWindow is how many bytes Transcode decodes at a time (a
// variable for tests; even).
var transcodeWindow = 1 << 20

// Transcode writes to w the text Decode would give data when data is
// UTF-16 (with or without a byte order mark) or Windows-1252, a window
// at a time, calling progress (when not nil) after each 4 MB of data
// read, so that a large file is never decoded whole in memory (the
// caller writes to a temporary file it then maps; see NewTranscoded). It
// returns the encoding, and ok false, having written an arbitrary part,
// for anything else: UTF-8, data Decode rejects as binary, and text that
// does not decode without loss (an unpaired surrogate, an odd trailing
// byte, invalid UTF-8 after a UTF-8 byte order mark). Decode those whole.
func Transcode(w io.Writer, data []byte, progress func()) (enc Encoding, noBOM bool, ok bool, err error) {
	start, big := 0, false
	switch {
	case len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF:
		return 0, false, false, nil
	case len(data) >= 2 && data[0] == 0xFF && data[1] == 0xFE:
		start = 2
	case len(data) >= 2 && data[0] == 0xFE && data[1] == 0xFF:
		start, big = 2, true
	case bytes.IndexByte(data, 0) >= 0:
		switch srcGuessUTF16(data) {
		case 'L':
			noBOM = true
		case 'B':
			noBOM, big = true, true
		default:
			return 0, false, false, nil // binary
		}
	default:
		if utf8.Valid(data) {
			return 0, false, false, nil
		}
		ok, err := transcodeCP1252(w, data, progress)
		return CP1252, false, ok, err
	}
	enc = UTF16LE
	if big {
		enc = UTF16BE
	}
	ok, err = transcodeUTF16(w, data[start:], big, progress)
	return enc, noBOM, ok, err
}

func transcodeCP1252(w io.Writer, data []byte, progress func()) (bool, error) {
	next := lineIndexProgress
	for off := 0; off < len(data); off += transcodeWindow {
		part := data[off:min(off+transcodeWindow, len(data))]
		if _, err := io.WriteString(w, srcDecodeCP1252(part)); err != nil {
			return false, err
		}
		if off+len(part) >= next && progress != nil {
			progress()
			next += lineIndexProgress
		}
	}
	return true, nil
}

// transcodeUTF16 is srcDecodeUTF16 a window at a time; false at the first
// unit it would make lossy or reject.
func transcodeUTF16(w io.Writer, body []byte, bigEndian bool, progress func()) (bool, error) {
	unit := func(i int) rune {
		if bigEndian {
			return rune(body[i])<<8 | rune(body[i+1])
		}
		return rune(body[i+1])<<8 | rune(body[i])
	}
	if len(body)%2 == 1 {
		return false, nil // an odd trailing byte
	}
	buf := make([]byte, 0, transcodeWindow/2*3+8)
	next := lineIndexProgress
	for i := 0; i < len(body); {
		end := min(i+transcodeWindow, len(body))
		buf = buf[:0]
		for ; i < end; i += 2 {
			// four ASCII units (none NUL) at a time: most of a script
			for i+8 <= end {
				var x uint64
				if bigEndian {
					x = binary.BigEndian.Uint64(body[i:])
				} else {
					x = binary.LittleEndian.Uint64(body[i:])
				}
				// every unit below 0x80, and none 0 (adding 0x7fff to a
				// unit below 0x80 sets its top bit only if it is not 0)
				if x&0xff80ff80ff80ff80 != 0 || (x+0x7fff7fff7fff7fff)&0x8000800080008000 != 0x8000800080008000 {
					break
				}
				if bigEndian {
					buf = append(buf, byte(x>>48), byte(x>>32), byte(x>>16), byte(x))
				} else {
					buf = append(buf, byte(x), byte(x>>16), byte(x>>32), byte(x>>48))
				}
				i += 8
			}
			if i >= end {
				break
			}
			u := unit(i)
			switch {
			case u < 0x80:
				if u == 0 {
					return false, nil // binary
				}
				buf = append(buf, byte(u))
			case u >= 0xD800 && u < 0xDC00:
				if i+3 >= len(body) {
					return false, nil
				}
				u2 := unit(i + 2)
				if u2 < 0xDC00 || u2 >= 0xE000 {
					return false, nil
				}
				buf = utf8.AppendRune(buf, 0x10000+(u-0xD800)<<10+(u2-0xDC00))
				i += 2 // the pair may end past end: the next window starts after it
			case u >= 0xDC00 && u < 0xE000:
				return false, nil
			default:
				buf = utf8.AppendRune(buf, u)
			}
		}
		if _, err := w.Write(buf); err != nil {
			return false, err
		}
		if i >= next && progress != nil {
			progress()
			next = i + lineIndexProgress
		}
	}
	return true, nil
}

// NewTranscoded returns the file Decode would return for bytes that
// Transcode turned into text with the encoding enc.
func NewTranscoded(path, text string, enc Encoding, noBOM bool) *File {
	return &File{Path: path, Text: text, Encoding: enc, noBOM: noBOM}
}
