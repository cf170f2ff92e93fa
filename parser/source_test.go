package parser

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// utf16Bytes encodes s as UTF-16 with or without a BOM.
func utf16Bytes(s string, bigEndian, bom bool) []byte {
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xFEFF}, units...)
	}
	out := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

func TestSourceDecode(t *testing.T) {
	const sample = "SELECT N'café € 😀'\r\nGO\r\n"
	tests := []struct {
		name string
		data []byte
		enc  Encoding
		text string
	}{
		{"ascii", []byte("SELECT 1\nGO\n"), UTF8, "SELECT 1\nGO\n"},
		{"utf8", []byte("SELECT N'café'\n"), UTF8, "SELECT N'café'\n"},
		{"empty", []byte{}, UTF8, ""},
		{"utf8 bom", []byte("\xEF\xBB\xBFSELECT 1\r\n"), UTF8BOM, "SELECT 1\r\n"},
		{"utf8 bom only", []byte("\xEF\xBB\xBF"), UTF8BOM, ""},
		{"utf16le bom crlf", utf16Bytes(sample, false, true), UTF16LE, sample},
		{"utf16be bom crlf", utf16Bytes(sample, true, true), UTF16BE, sample},
		{"utf16le no bom", utf16Bytes("SELECT 1\r\nGO\r\n", false, false), UTF16LE, "SELECT 1\r\nGO\r\n"},
		{"utf16be no bom", utf16Bytes("SELECT 1\nGO\n", true, false), UTF16BE, "SELECT 1\nGO\n"},
		{"utf16le no bom some non-ascii", utf16Bytes("SELECT N'café' -- a comment of some length\n", false, false), UTF16LE, "SELECT N'café' -- a comment of some length\n"},
		{"cp1252", []byte("SELECT 'caf\xE9 \x80 \x93q\x94'\n"), CP1252, "SELECT 'café € “q”'\n"},
		{"cp1252 undefined bytes", []byte("\x81\x8D\x8F\x90\x9D"), CP1252, "\u0081\u008D\u008F\u0090\u009D"},
		{"invalid utf8 is cp1252", []byte("a\xC3(b"), CP1252, "aÃ(b"},
		{"ctrl-z kept", []byte("SELECT 1\n\x1A"), UTF8, "SELECT 1\n\x1A"},
		{"mixed line endings kept", []byte("a\r\nb\rc\nd"), UTF8, "a\r\nb\rc\nd"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("x.sql", tc.data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if f.Encoding != tc.enc {
				t.Errorf("Encoding = %v, want %v", f.Encoding, tc.enc)
			}
			if f.Text != tc.text {
				t.Errorf("Text = %q, want %q", f.Text, tc.text)
			}
			if f.Path != "x.sql" {
				t.Errorf("Path = %q", f.Path)
			}
			out, err := f.Encode(f.Text)
			if err != nil {
				t.Fatalf("Encode: %v", err)
			}
			if !bytes.Equal(out, tc.data) {
				t.Errorf("round trip:\n got %q\nwant %q", out, tc.data)
			}
		})
	}
}

func TestSourceDecodeCP1252AllBytes(t *testing.T) {
	data := make([]byte, 0, 255)
	for c := 1; c < 256; c++ {
		data = append(data, byte(c))
	}
	f, err := Decode("all.sql", data)
	if err != nil {
		t.Fatal(err)
	}
	if f.Encoding != CP1252 {
		t.Fatalf("Encoding = %v", f.Encoding)
	}
	if got := []rune(f.Text); len(got) != 255 || got[0x80-1] != '€' || got[0xE9-1] != 'é' || got[0x9F-1] != 'Ÿ' {
		t.Errorf("unexpected decoding %q", f.Text)
	}
	out, err := f.Encode(f.Text)
	if err != nil || !bytes.Equal(out, data) {
		t.Errorf("round trip failed: %v\n got %q\nwant %q", err, out, data)
	}
}

func TestSourceDecodeLossyUTF16RoundTrip(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		text string
	}{
		{"unpaired high surrogate", []byte{0xFF, 0xFE, 'a', 0, 0x00, 0xD8, 'b', 0}, "a\uFFFDb"},
		{"unpaired low surrogate", []byte{0xFE, 0xFF, 0, 'a', 0xDC, 0x00}, "a\uFFFD"},
		{"odd trailing byte", []byte{0xFF, 0xFE, 'a', 0, 'b'}, "a\uFFFD"},
		{"utf8 bom then invalid", []byte("\xEF\xBB\xBFa\xFFb"), "a\uFFFDb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("x.sql", tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if f.Text != tc.text {
				t.Errorf("Text = %q, want %q", f.Text, tc.text)
			}
			out, err := f.Encode(f.Text)
			if err != nil || !bytes.Equal(out, tc.data) {
				t.Errorf("round trip: %v\n got %q\nwant %q", err, out, tc.data)
			}
		})
	}
}

func TestSourceDecodeBinary(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"nul in ascii", []byte("SELECT\x00\x01\x02\x03 1"), "binary file (NUL byte at line 1, column 7)"},
		{"png header", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00"), "binary file (NUL byte at line 3, column 1)"},
		{"nul after utf8 bom", []byte("\xEF\xBB\xBFab\x00"), "binary file (NUL byte at line 1, column 3)"},
		{"nul char in utf16", append(utf16Bytes("ab", false, true), 0, 0, 'c', 0), "binary file (NUL byte at line 1, column 3)"},
		{"mostly zeros", make([]byte, 64), "binary file (NUL byte at line 1, column 1)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("bin.dat", tc.data)
			if err == nil {
				t.Fatalf("Decode accepted binary data as %v: %q", f.Encoding, f.Text)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err, tc.want)
			}
		})
	}
}

func TestSourceEncode(t *testing.T) {
	t.Run("cp1252 edited text", func(t *testing.T) {
		f, err := Decode("x.sql", []byte("SELECT 'caf\xE9'\n"))
		if err != nil {
			t.Fatal(err)
		}
		out, err := f.Encode("SELECT '€ café'\n")
		if err != nil || string(out) != "SELECT '\x80 caf\xE9'\n" {
			t.Errorf("Encode = %q, %v", out, err)
		}
		_, err = f.Encode("SELECT 1\nSELECT N'ok ā'\n")
		if err == nil {
			t.Fatal("Encode accepted a character cp1252 cannot represent")
		}
		for _, want := range []string{"x.sql:2:13", "'ā'", "U+0101", "cp1252"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("error %q does not mention %q", err, want)
			}
		}
		// U+0080 is not the euro sign: 0x80 is taken by €.
		if _, err := f.Encode("\u0080"); err == nil {
			t.Error("U+0080 encoded in cp1252")
		}
	})
	t.Run("utf16 edited text", func(t *testing.T) {
		for _, be := range []bool{false, true} {
			for _, bom := range []bool{false, true} {
				f, err := Decode("x.sql", utf16Bytes("SELECT 1\r\nGO\r\n", be, bom))
				if err != nil {
					t.Fatal(err)
				}
				edited := "SELECT N'😀 é'\r\nGO\r\n"
				out, err := f.Encode(edited)
				if err != nil || !bytes.Equal(out, utf16Bytes(edited, be, bom)) {
					t.Errorf("be=%v bom=%v: Encode = %q, %v", be, bom, out, err)
				}
			}
		}
	})
	t.Run("lossy file edited", func(t *testing.T) {
		f, err := Decode("x.sql", []byte{0xFF, 0xFE, 'a', 0, 0x00, 0xD8})
		if err != nil {
			t.Fatal(err)
		}
		// Replacing the lone surrogate would write U+FFFD in its place.
		out, err := f.Encode("b")
		if !errors.Is(err, ErrLossy) || out != nil {
			t.Errorf("Encode = %q, %v; want ErrLossy", out, err)
		}
		// An edit away from it keeps its bytes.
		out, err = f.Encode("b\uFFFD")
		if err != nil || !bytes.Equal(out, []byte{0xFF, 0xFE, 'b', 0, 0x00, 0xD8}) {
			t.Errorf("Encode = %q, %v", out, err)
		}
	})
	t.Run("utf8 bom kept", func(t *testing.T) {
		f := NewFile("x.sql", "\uFEFFSELECT 1")
		if f.Encoding != UTF8BOM || f.Text != "SELECT 1" {
			t.Fatalf("NewFile: %v %q", f.Encoding, f.Text)
		}
		out, _ := f.Encode("SELECT 2")
		if string(out) != "\xEF\xBB\xBFSELECT 2" {
			t.Errorf("Encode = %q", out)
		}
	})
}

func TestSourcePosition(t *testing.T) {
	type lc struct{ line, col int }
	tests := []struct {
		name string
		text string
		offs map[int]lc
	}{
		{"lf", "ab\ncd\n", map[int]lc{0: {1, 1}, 1: {1, 2}, 2: {1, 3}, 3: {2, 1}, 4: {2, 2}, 6: {3, 1}}},
		{"crlf", "ab\r\ncd", map[int]lc{2: {1, 3}, 3: {1, 4}, 4: {2, 1}, 6: {2, 3}}},
		{"lone cr", "ab\rcd\r\rx", map[int]lc{3: {2, 1}, 6: {3, 1}, 7: {4, 1}, 8: {4, 2}}},
		{"lf cr is two breaks", "a\n\rb", map[int]lc{2: {2, 1}, 3: {3, 1}}},
		{"multibyte", "é€😀x\nñ", map[int]lc{2: {1, 2}, 5: {1, 3}, 9: {1, 4}, 10: {1, 5}, 11: {2, 1}, 13: {2, 2}}},
		{"clamped", "ab\ncd", map[int]lc{-5: {1, 1}, 99: {2, 3}}},
		{"empty", "", map[int]lc{0: {1, 1}, 3: {1, 1}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := NewFile("p.sql", tc.text)
			for off, want := range tc.offs {
				got := f.Position(off)
				if got.Line != want.line || got.Column != want.col || got.Path != "p.sql" {
					t.Errorf("Position(%d) = %d:%d, want %d:%d", off, got.Line, got.Column, want.line, want.col)
				}
				if wantOff := max(0, min(off, len(tc.text))); got.Offset != wantOff {
					t.Errorf("Position(%d).Offset = %d, want %d", off, got.Offset, wantOff)
				}
			}
		})
	}
}

func TestSourceOffsetInverse(t *testing.T) {
	for _, text := range []string{"", "a", "ab\r\ncd\ref\n\ngh", "é€😀x\r\nñ\n", "\n\n\r\r\n"} {
		f := NewFile("x.sql", text)
		for off := 0; off <= len(text); off++ {
			if off > 0 && off < len(text) && (text[off-1] == '\r' && text[off] == '\n' || text[off]&0xC0 == 0x80) {
				continue // inside a CRLF or a character: no position of its own
			}
			p := f.Position(off)
			if got := f.Offset(p.Line, p.Column); got != off {
				t.Errorf("%q: Offset(Position(%d) = %d:%d) = %d", text, off, p.Line, p.Column, got)
			}
		}
	}
	f := NewFile("x.sql", "abc\r\néé\nx")
	for _, tc := range []struct{ line, col, want int }{
		{0, 1, 0}, {-3, -3, 0}, {1, 99, 3}, {2, 2, 7}, {2, 99, 9}, {3, 1, 10}, {9, 1, 10}, {9, 9, 11},
	} {
		if got := f.Offset(tc.line, tc.col); got != tc.want {
			t.Errorf("Offset(%d, %d) = %d, want %d", tc.line, tc.col, got, tc.want)
		}
	}
}

func TestSourceLines(t *testing.T) {
	tests := []struct {
		text  string
		lines []string
	}{
		{"", []string{""}},
		{"a", []string{"a"}},
		{"a\n", []string{"a", ""}},
		{"a\r\nb\rc\nd", []string{"a", "b", "c", "d"}},
		{"\r\n\r\n", []string{"", "", ""}},
		{"x\n\ry", []string{"x", "", "y"}},
	}
	for _, tc := range tests {
		f := NewFile("x.sql", tc.text)
		if f.Lines() != len(tc.lines) {
			t.Errorf("%q: Lines() = %d, want %d", tc.text, f.Lines(), len(tc.lines))
		}
		for i, want := range tc.lines {
			if got, ok := f.Line(i + 1); !ok || got != want {
				t.Errorf("%q: Line(%d) = %q, %v; want %q", tc.text, i+1, got, ok, want)
			}
		}
		for _, n := range []int{0, -1, len(tc.lines) + 1} {
			if got, ok := f.Line(n); ok || got != "" {
				t.Errorf("%q: Line(%d) = %q, %v; want none", tc.text, n, got, ok)
			}
		}
	}
}

func TestSourceConcurrentPositions(t *testing.T) {
	f := NewFile("c.sql", strings.Repeat("SELECT 1\r\nGO\n", 1000))
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for off := g; off < len(f.Text); off += 97 {
				_ = f.Position(off)
			}
		}()
	}
	wg.Wait()
	if p := f.Position(len(f.Text)); p.Line != 2001 || p.Column != 1 {
		t.Errorf("end position %d:%d", p.Line, p.Column)
	}
}

func TestSourceDecodeAllocs(t *testing.T) {
	data := []byte(strings.Repeat("SELECT N'x' FROM t;\r\nGO\n", 4000))
	allocs := testing.AllocsPerRun(20, func() {
		if _, err := Decode("a.sql", data); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 2 { // the *File and the one copy of the text
		t.Errorf("Decode of ASCII text made %v allocations, want <= 2", allocs)
	}
}

func BenchmarkDecode(b *testing.B) {
	data := []byte(sqlcmdBenchText(1<<20, false))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode("bench.sql", data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSourceLossyEdits: the three malformed encodings of issue 10 item 12
// (invalid UTF-8 bytes, a lone UTF-16 surrogate, an odd trailing UTF-16
// byte). Lossy says so; an edit away from the bad bytes keeps them and
// changes only its own bytes; an edit over them is refused.
func TestSourceLossyEdits(t *testing.T) {
	le := func(s string) []byte { return utf16Bytes(s, false, false) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	tests := []struct {
		name     string
		data     []byte
		edit     Replacement // away from the bad bytes
		want     []byte      // data with only the edit applied
		bad      string      // the text just before the bad spot
		badBytes int
	}{
		{
			name: "utf-8 with two invalid bytes",
			data: []byte("\xEF\xBB\xBFCHECKPOINT 30;\nSELECT 'caf\xE9 \xFF';\nCHECKPOINT 10;\n"),
			edit: Replacement{Start: 10, End: 13, New: ""}, // " 30"
			want: []byte("\xEF\xBB\xBFCHECKPOINT;\nSELECT 'caf\xE9 \xFF';\nCHECKPOINT 10;\n"),
			bad:  "CHECKPOINT 30;\nSELECT 'caf", badBytes: 1,
		},
		{
			name: "utf-16 lone surrogate",
			data: cat([]byte{0xFF, 0xFE}, le("CHECKPOINT 30;\nSELECT N'"), []byte{0x3D, 0xD8}, le("';\n")),
			edit: Replacement{Start: 10, End: 13, New: ""},
			want: cat([]byte{0xFF, 0xFE}, le("CHECKPOINT;\nSELECT N'"), []byte{0x3D, 0xD8}, le("';\n")),
			bad:  "CHECKPOINT 30;\nSELECT N'", badBytes: 2,
		},
		{
			name: "utf-16 odd trailing byte",
			data: cat([]byte{0xFF, 0xFE}, le("SELECT N'€𝄞';\nCHECKPOINT 30;\n"), []byte{0x0A}),
			edit: Replacement{Start: len("SELECT N'€𝄞';\nCHECKPOINT"), End: len("SELECT N'€𝄞';\nCHECKPOINT 30"), New: ""},
			want: cat([]byte{0xFF, 0xFE}, le("SELECT N'€𝄞';\nCHECKPOINT;\n"), []byte{0x0A}),
			bad:  "SELECT N'€𝄞';\nCHECKPOINT 30;\n", badBytes: 1,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Decode("x.sql", tc.data)
			if err != nil {
				t.Fatal(err)
			}
			if !f.Lossy() {
				t.Fatal("Lossy() = false")
			}
			if !strings.HasPrefix(f.Text, tc.bad+"\uFFFD") {
				t.Fatalf("Text = %q, want the bad bytes after %q", f.Text, tc.bad)
			}
			spot := len(tc.bad)

			// Away from the bad bytes: they are kept.
			if !f.CanEdit(tc.edit.Start, tc.edit.End) {
				t.Errorf("CanEdit(%d, %d) = false", tc.edit.Start, tc.edit.End)
			}
			out, err := f.EncodeEdits([]Replacement{tc.edit})
			if err != nil || !bytes.Equal(out, tc.want) {
				t.Errorf("EncodeEdits = %v\n got %q\nwant %q", err, out, tc.want)
			}
			edited := f.Text[:tc.edit.Start] + tc.edit.New + f.Text[tc.edit.End:]
			out, err = f.Encode(edited)
			if err != nil || !bytes.Equal(out, tc.want) {
				t.Errorf("Encode = %v\n got %q\nwant %q", err, out, tc.want)
			}
			// Insertions right before and after the bad character are fine,
			// except after an odd trailing byte, which must stay last.
			ins := []Replacement{{Start: spot, End: spot, New: "x"}}
			wantText := f.Text[:spot] + "x\uFFFD" + f.Text[spot+3:]
			if tc.name != "utf-16 odd trailing byte" {
				ins = append(ins, Replacement{Start: spot + 3, End: spot + 3, New: "y"})
				wantText = f.Text[:spot] + "x\uFFFDy" + f.Text[spot+3:]
			} else if f.CanEdit(spot+3, spot+3) {
				t.Error("CanEdit allows an insertion after an odd trailing byte")
			}
			for _, e := range ins {
				if !f.CanEdit(e.Start, e.End) {
					t.Errorf("CanEdit(%d, %d) = false: an insertion next to the bad bytes", e.Start, e.End)
				}
			}
			out, err = f.EncodeEdits(ins)
			if err != nil {
				t.Fatalf("insertions: %v", err)
			}
			back, err := Decode("x.sql", out)
			if err != nil || back.Text != wantText {
				t.Errorf("insertions decode to %q (%v), want %q", back.Text, err, wantText)
			}

			// Over the bad bytes: refused, nothing returned.
			for _, e := range []Replacement{
				{Start: spot, End: spot + 3, New: "?"},
				{Start: 0, End: len(f.Text), New: "SELECT 1;"},
				{Start: spot + 1, End: spot + 1, New: "x"}, // inside the character
				{Start: spot - 1, End: spot + 1},
			} {
				if f.CanEdit(e.Start, e.End) {
					t.Errorf("CanEdit(%d, %d) = true over the bad bytes", e.Start, e.End)
				}
				if out, err := f.EncodeEdits([]Replacement{tc.edit, e}); !errors.Is(err, ErrLossy) || out != nil {
					if e.Start >= tc.edit.End { // ordered: the second edit must be the refused one
						t.Errorf("EncodeEdits over the bad bytes = %q, %v", out, err)
					}
				}
			}
			if out, err := f.Encode(strings.Replace(f.Text, "\uFFFD", "?", 1)); !errors.Is(err, ErrLossy) || out != nil {
				t.Errorf("Encode over the bad bytes = %q, %v", out, err)
			}
			if out, err := f.Encode(f.Text); err != nil || !bytes.Equal(out, tc.data) {
				t.Errorf("unchanged text: %q, %v", out, err)
			}
		})
	}
}

// TestSourceNotLossy: valid files, and UTF-8 without BOM with invalid bytes
// (read as Windows-1252, byte for byte), are not lossy: every edit is fine.
func TestSourceNotLossy(t *testing.T) {
	for _, data := range [][]byte{
		[]byte("CHECKPOINT 30;\n"),
		[]byte("SELECT 'caf\xE9 \xFF';\nCHECKPOINT 30;\n"),
		utf16Bytes("CHECKPOINT 30;\n", false, true),
	} {
		f, err := Decode("x.sql", data)
		if err != nil {
			t.Fatal(err)
		}
		if f.Lossy() || !f.CanEdit(0, len(f.Text)) {
			t.Errorf("%q: Lossy %v, CanEdit %v", data, f.Lossy(), f.CanEdit(0, len(f.Text)))
		}
		i := strings.Index(f.Text, " 30")
		out, err := f.EncodeEdits([]Replacement{{Start: i, End: i + 3}})
		want, _ := f.Encode(strings.Replace(f.Text, " 30", "", 1))
		if err != nil || !bytes.Equal(out, want) {
			t.Errorf("%q: EncodeEdits = %q, %v; want %q", data, out, err, want)
		}
	}
	f := NewFile("x.sql", "a")
	if _, err := f.EncodeEdits([]Replacement{{Start: 1, End: 0}}); err == nil {
		t.Error("EncodeEdits accepted a backwards edit")
	}
}

// FuzzSourceEdits: decoding round-trips, and an edit that CanEdit allows
// keeps every other byte: a deletion removes exactly the deleted text's
// bytes from one place, an insertion adds exactly the new text's bytes at
// one place.
func FuzzSourceEdits(f *testing.F) {
	f.Add([]byte("\xEF\xBB\xBFSELECT 'caf\xE9 \xFF';\nCHECKPOINT 30;\n"), 3, 9, "x")
	f.Add([]byte{0xFF, 0xFE, 'a', 0, 0x00, 0xD8, 'b', 0, 'c', 0}, 0, 1, "")
	f.Add([]byte{0xFE, 0xFF, 0, 'a', 0xDC, 0x00, 0, 'b', 0x41}, 1, 4, "é")
	f.Add([]byte("CHECKPOINT 30;\r\n"), 10, 13, "")
	f.Fuzz(func(t *testing.T, data []byte, a, b int, ins string) {
		file, err := Decode("x.sql", data)
		if err != nil {
			return
		}
		out, err := file.Encode(file.Text)
		if err != nil || !bytes.Equal(out, data) {
			t.Fatalf("round trip: %v\n got %q\nwant %q", err, out, data)
		}
		if file.Encoding == CP1252 || strings.ContainsRune(ins, 0) || !utf8.ValidString(ins) {
			return // CP1252 edits can fail on the new text; NUL makes binary
		}
		n := len(file.Text)
		if n == 0 {
			return
		}
		start, end := abs(a)%(n+1), abs(b)%(n+1)
		if start > end {
			start, end = end, start
		}
		for start > 0 && start < n && !utf8.RuneStart(file.Text[start]) {
			start--
		}
		for end < n && !utf8.RuneStart(file.Text[end]) {
			end++
		}
		if !file.CanEdit(start, end) {
			if !file.Lossy() {
				t.Fatalf("CanEdit(%d, %d) = false on a file that is not lossy", start, end)
			}
			if _, err := file.EncodeEdits([]Replacement{{start, end, ins}}); !errors.Is(err, ErrLossy) {
				t.Fatalf("EncodeEdits of a refused edit: %v", err)
			}
			return
		}
		check := func(e Replacement, removed, added []byte) {
			t.Helper()
			got, err := file.EncodeEdits([]Replacement{e})
			if err != nil {
				t.Fatalf("EncodeEdits(%+v): %v", e, err)
			}
			if len(got) != len(data)-len(removed)+len(added) {
				t.Fatalf("EncodeEdits(%+v): %d bytes, want %d", e, len(got), len(data)-len(removed)+len(added))
			}
			for k := 0; k+len(removed) <= len(data); k++ {
				if bytes.Equal(got[:k], data[:k]) && bytes.Equal(data[k:k+len(removed)], removed) &&
					bytes.Equal(got[k:k+len(added)], added) && bytes.Equal(got[k+len(added):], data[k+len(removed):]) {
					return
				}
			}
			t.Fatalf("EncodeEdits(%+v) changed other bytes:\n got %q\nfrom %q", e, got, data)
		}
		body := func(s string) []byte {
			b, err := file.encodeBody(s)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		check(Replacement{start, end, ""}, body(file.Text[start:end]), nil)
		if !file.CanEdit(start, start) {
			return
		}
		check(Replacement{start, start, ins}, nil, body(ins))
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Transcode writes, a window at a time, exactly the text Decode gives for
// UTF-16 (either order, with or without a byte order mark) and
// Windows-1252, surrogate pairs across windows included, and declines
// what Decode would make lossy or reject.
func TestTranscodeAsDecode(t *testing.T) {
	defer func(n int) { transcodeWindow = n }(transcodeWindow)
	text := strings.Repeat("SELECT N'é😀€';\r\nGO\n-- ü\n", 40)
	le := srcEncodeUTF16(text, false, true)
	be := srcEncodeUTF16(text, true, true)
	cases := map[string][]byte{
		"utf-16le":       le,
		"utf-16be":       be,
		"utf-16le-nobom": srcEncodeUTF16(text, false, false),
		"utf-16be-nobom": srcEncodeUTF16(text, true, false),
		"cp1252":         []byte("SELECT 'caf\xe9 \x80 \x81 \xff';\n" + strings.Repeat("x\x9f\n", 50)),
	}
	declined := map[string][]byte{
		"utf-8":          []byte(text),
		"utf-8-bom-bad":  append([]byte("\xEF\xBB\xBFSELECT 1 "), 0xff),
		"odd":            append(slices.Clone(le), 'x'),
		"lone-surrogate": append(slices.Clone(le[:len(le)-2]), 0x00, 0xD8),
		"low-surrogate":  append(slices.Clone(le), 0x00, 0xDC, 'a', 0),
		"binary":         []byte("SELECT\x00\x01\x02\x03 1"),
		"nul-unit":       append(slices.Clone(le), 0, 0, 'a', 0),
	}
	for _, win := range []int{2, 4, 6, 64, 1 << 20} {
		transcodeWindow = win
		for name, data := range cases {
			want, err := Decode("a.sql", data)
			if err != nil {
				t.Fatal(name, err)
			}
			var sb strings.Builder
			enc, noBOM, ok, err := Transcode(&sb, data, nil)
			if !ok || err != nil {
				t.Fatalf("%s, window %d: declined (%v)", name, win, err)
			}
			got := NewTranscoded("a.sql", sb.String(), enc, noBOM)
			if got.Text != want.Text || got.Encoding != want.Encoding || got.noBOM != want.noBOM {
				t.Fatalf("%s, window %d: %s %v %q, want %s %v %q", name, win, got.Encoding, got.noBOM, got.Text[:min(40, len(got.Text))], want.Encoding, want.noBOM, want.Text[:min(40, len(want.Text))])
			}
			if b, err := got.Encode(got.Text); err != nil || !bytes.Equal(b, data) {
				t.Fatalf("%s: Encode does not give the bytes back (%v)", name, err)
			}
		}
		for name, data := range declined {
			if _, _, ok, _ := Transcode(io.Discard, data, nil); ok {
				t.Errorf("%s, window %d: transcoded, want declined", name, win)
			}
		}
	}
}

// TestPositionLongLines: in a text whose lines are long enough for the
// wide index (thousands of statements on one line, mixed line breaks and
// characters of several bytes), Position, Line and Offset agree with a
// plain count from the start of the text.
func TestPositionLongLines(t *testing.T) {
	var sb strings.Builder
	breaks := []string{"\n", "\r\n", "\r", "\n\n", "\r\r\n"}
	for i := range 40 {
		// lines of every length: short ones, and some of many steps
		n := (i * 7919) % 97
		if i%5 == 0 {
			n = wideBlock/8 + i*131
		}
		for j := range n {
			switch (i + j) % 7 {
			case 0:
				sb.WriteString("é ")
			case 3:
				sb.WriteString("日本")
			default:
				sb.WriteString("BACKUP; ")
			}
		}
		sb.WriteString(breaks[i%len(breaks)])
	}
	sb.WriteString("tail 日本")
	for _, text := range []string{sb.String(), strings.ReplaceAll(strings.ReplaceAll(sb.String(), "\r\n", "\n"), "\r", "\n")} {
		f := NewFile("a.sql", text)
		// the line starts, counted plainly
		starts := []int{0}
		for i := 0; i < len(text); i++ {
			if text[i] == '\n' || text[i] == '\r' && (i+1 == len(text) || text[i+1] != '\n') {
				starts = append(starts, i+1)
			}
		}
		if f.Lines() != len(starts) {
			t.Fatalf("Lines() = %d, want %d", f.Lines(), len(starts))
		}
		if len(f.wide) == 0 {
			f.buildWide()
		}
		if len(f.wide) == 0 {
			t.Fatal("no long block indexed: the test reads no wide index")
		}
		for off := 0; off <= len(text); off += 1 + off*31%997 {
			line := sort.SearchInts(starts, off+1)
			col := utf8.RuneCountInString(text[starts[line-1]:off]) + 1
			if p := f.Position(off); p.Line != line || p.Column != col {
				t.Fatalf("Position(%d) = %d:%d, want %d:%d", off, p.Line, p.Column, line, col)
			}
			if utf8.RuneStart(text[min(off, len(text)-1)]) || off == len(text) {
				if got := f.Offset(line, col); got != off && !(off > 0 && off < len(text) && text[off-1] == '\r' && text[off] == '\n') {
					t.Fatalf("Offset(%d, %d) = %d, want %d", line, col, got, off)
				}
			}
		}
		for n := 1; n <= len(starts); n++ {
			end := len(text)
			if n < len(starts) {
				end = starts[n]
			}
			want := strings.TrimRight(text[starts[n-1]:end], "\r\n")
			if n < len(starts) {
				want = strings.TrimSuffix(strings.TrimSuffix(text[starts[n-1]:end], "\n"), "\r")
			}
			if got, ok := f.Line(n); !ok || got != want {
				t.Fatalf("Line(%d) = %q (%d bytes), want %d bytes", n, got[:min(len(got), 40)], len(got), len(want))
			}
		}
	}
}
