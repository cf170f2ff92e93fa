package lsp

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNegotiate(t *testing.T) {
	for _, c := range []struct {
		offered []string
		want    posEncoding
	}{
		{nil, utf16},
		{[]string{"utf-8", "utf-16"}, utf8Enc},
		{[]string{"utf-16", "utf-8"}, utf16},
		{[]string{"utf-32"}, utf32},
		{[]string{"ebcdic", "utf-8"}, utf8Enc},
		{[]string{"ebcdic"}, utf16},
	} {
		if got := negotiate(c.offered); got != c.want {
			t.Errorf("negotiate(%q) = %v, want %v", c.offered, got, c.want)
		}
	}
}

// "a😀b" then CRLF, a lone CR and LF line breaks; 😀 is U+1F600: one code
// point, two UTF-16 code units, four UTF-8 bytes.
const sample = "a\U0001F600b\r\nxé\ry\n"

func TestPositionOffset(t *testing.T) {
	tx := &text{s: sample}
	offB := 1 + 4 // the byte offset of "b"
	for _, c := range []struct {
		enc  posEncoding
		off  int
		want Position
		back int // offset(want); -1 = off
	}{
		{utf16, offB, Position{0, 3}, -1},
		{utf8Enc, offB, Position{0, 5}, -1},
		{utf32, offB, Position{0, 2}, -1},
		{utf16, offB + 1, Position{0, 4}, -1},       // end of line 0
		{utf16, offB + 2, Position{0, 4}, offB + 1}, // between \r and \n: the line's end
		{utf16, offB + 3, Position{1, 0}, -1},       // "x"
		{utf16, offB + 3 + 3, Position{1, 2}, -1},   // after "xé"
		{utf8Enc, offB + 3 + 3, Position{1, 3}, -1}, //
		{utf16, offB + 3 + 4, Position{2, 0}, -1},   // "y" after a lone CR
		{utf16, len(sample), Position{3, 0}, -1},    // the empty last line
	} {
		if got := tx.position(c.off, c.enc); got != c.want {
			t.Errorf("%v position(%d) = %v, want %v", c.enc, c.off, got, c.want)
		}
		back := c.back
		if back < 0 {
			back = c.off
		}
		if got := tx.offset(c.want, c.enc); got != back {
			t.Errorf("%v offset(%v) = %d, want %d", c.enc, c.want, got, back)
		}
	}
	// Out of range positions clamp as the specification says.
	for _, c := range []struct {
		enc  posEncoding
		p    Position
		want int
	}{
		{utf16, Position{0, 2}, 1},         // inside the surrogate pair: before the emoji
		{utf8Enc, Position{0, 3}, 1},       // inside its UTF-8 bytes
		{utf16, Position{0, 99}, offB + 1}, // past the line's end: its end, before CRLF
		{utf16, Position{99, 0}, len(sample)},
	} {
		if got := tx.offset(c.p, c.enc); got != c.want {
			t.Errorf("%v offset(%v) = %d, want %d", c.enc, c.p, got, c.want)
		}
	}
}

func TestLineColOffset(t *testing.T) {
	tx := &text{s: sample}
	// sqllint columns count code points: "b" is column 3 of line 1.
	if got := tx.lineColOffset(1, 3); got != 5 {
		t.Errorf("lineColOffset(1, 3) = %d, want 5", got)
	}
	r := findingRange(tx, utf16, 1, 2, 1, 4)
	if r != (Range{Position{0, 1}, Position{0, 4}}) {
		t.Errorf("range of the emoji and b in UTF-16: %v", r)
	}
	r = findingRange(tx, utf8Enc, 2, 2, 3, 1)
	if r != (Range{Position{1, 1}, Position{2, 0}}) {
		t.Errorf("range of é to the next line in UTF-8: %v", r)
	}
}

func TestApplyChanges(t *testing.T) {
	tx := &text{}
	tx.apply(nil, sample, utf16)
	// Replace "😀b\r\nx" (across a CRLF) by "Z", in UTF-16 positions.
	tx.apply(&Range{Position{0, 1}, Position{1, 1}}, "Z", utf16)
	if want := "aZé\ry\n"; tx.s != want {
		t.Fatalf("got %q, want %q", tx.s, want)
	}
	// Insert at the end, in UTF-8 positions; the line index follows.
	tx.apply(&Range{Position{2, 0}, Position{2, 0}}, "GO\n", utf8Enc)
	if want := "aZé\ry\nGO\n"; tx.s != want || tx.position(len(tx.s), utf16) != (Position{3, 0}) {
		t.Fatalf("got %q", tx.s)
	}
	// A reversed range is read in text order.
	tx.apply(&Range{Position{0, 3}, Position{0, 1}}, "", utf16)
	if want := "a\ry\nGO\n"; tx.s != want {
		t.Fatalf("got %q, want %q", tx.s, want)
	}
}

func TestURIs(t *testing.T) {
	path := filepath.Join(t.TempDir(), "My Scripts", "V1 #1.sql")
	uri := pathURI(path)
	got, err := uriToPath(uri)
	if err != nil || got != path {
		t.Errorf("round trip of %q via %q: %q, %v", path, uri, got, err)
	}
	if _, err := uriToPath("untitled:Untitled-1"); err == nil {
		t.Error("an untitled: document has no path")
	}
}

// TestEncodingsEndToEnd: the same finding after an astral character is
// at UTF-16 column 14 for a default client and UTF-8 column 16 for one
// that negotiated UTF-8.
func TestEncodingsEndToEnd(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	text := "SELECT N'\U0001F600'; CHECKPOINT 10;\n"
	for _, c := range []struct {
		caps string
		enc  string
		col  int
	}{
		{`{}`, "utf-16", 14},
		{`{"general":{"positionEncodings":["utf-8","utf-16"]}}`, "utf-8", 16},
		{`{"general":{"positionEncodings":["utf-32"]}}`, "utf-32", 13},
	} {
		cl := newClient(t, Options{})
		res := cl.initialize(c.caps, `null`)
		if res.Capabilities.PositionEncoding != c.enc {
			t.Errorf("negotiated %q, want %q", res.Capabilities.PositionEncoding, c.enc)
		}
		cl.open(uri, text)
		d := find(cl.diagnostics(uri, 1), "SL302")
		if d == nil || d.Range.Start != (Position{0, c.col}) {
			t.Errorf("%s: SL302 at %+v, want column %d", c.enc, d, c.col)
		}
		cl.shutdown()
	}
}

// FuzzPositions: for every character boundary that is not inside a CRLF,
// offset(position(off)) == off in every encoding; edits at any position,
// however out of range, never panic and keep the text valid UTF-8.
func FuzzPositions(f *testing.F) {
	f.Add(sample, 3, 0, 1, "x")
	f.Add("\r\n\r\r\n\U0001F600", 2, 1, 7, "\U0001F600")
	f.Fuzz(func(t *testing.T, s string, off, line, char int, ins string) {
		if !utf8.ValidString(s) || !utf8.ValidString(ins) {
			return
		}
		tx := &text{s: s}
		for _, enc := range []posEncoding{utf16, utf8Enc, utf32} {
			for o := 0; o <= len(s); o++ {
				if o < len(s) && !utf8.RuneStart(s[o]) || o > 0 && o < len(s) && s[o-1] == '\r' && s[o] == '\n' {
					continue
				}
				if got := tx.offset(tx.position(o, enc), enc); got != o {
					t.Fatalf("%v: offset(position(%d)) = %d in %q", enc, o, got, s)
				}
			}
			r := &Range{Position{line, char}, Position{line + off%3, char + off}}
			cp := &text{s: s}
			cp.apply(r, ins, enc)
			if !utf8.ValidString(cp.s) {
				t.Fatalf("%v: apply %v %q to %q gave invalid UTF-8 %q", enc, r, ins, s, cp.s)
			}
		}
	})
}

// TestFindingRangeMemo: the ranges of findings in line order, converted
// going on from the last conversion on the line, are those converted from
// the line's start, in every position encoding.
func TestFindingRangeMemo(t *testing.T) {
	line := strings.Repeat("BACKUP é 日本 😀; ", 300)
	tx := &text{}
	tx.set("\ufeffGO\r\n" + line + "\n" + line + "\rEND")
	for _, enc := range []posEncoding{utf16, utf8Enc, utf32} {
		var m lineMemo
		for _, ln := range []int{1, 2, 2, 3, 2} {
			for col := 1; col < 6000; col += 1 + col%17 {
				endLine, endCol := ln, col+5
				if col%7 == 0 {
					endLine, endCol = ln+1, 3
				}
				want := findingRange(tx, enc, ln, col, endLine, endCol)
				if got := findingRangeMemo(tx, enc, ln, col, endLine, endCol, &m); got != want {
					t.Fatalf("enc %d, %d:%d-%d:%d: %+v, want %+v", enc, ln, col, endLine, endCol, got, want)
				}
			}
		}
	}
}
