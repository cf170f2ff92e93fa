package parser

import (
	"reflect"
	"strings"
	"testing"
)

// keywordFold answers as strings.EqualFold for the fast parser's
// keywords, also for characters that fold to ASCII letters (the Kelvin
// sign, the long s), other letters, controls and invalid UTF-8.
func TestKeywordFold(t *testing.T) {
	words := []string{"USE", "CHECKPOINT", "DBCC", "TRACEON", "KB", "SIZE", "FILEGROWTH", "MAXSIZE", "UNLIMITED", "NAME", "ADD", "FILE_SNAPSHOT", "X", "T1"}
	others := []string{"", "K", "\u212a", "\u017f", "é", "\x7f", "\xff", "@", "[", "`", "{", "_", "0", "1", "\x00", " ", "i", "İ", "ı"}
	var inputs []string
	for _, w := range words {
		inputs = append(inputs, w, strings.ToLower(w), strings.ToTitle(w), w+"S", w[:len(w)-1])
		for i := 0; i < len(w); i++ {
			for _, o := range others {
				inputs = append(inputs, w[:i]+o+w[i+1:], strings.ToLower(w[:i])+o+w[i+1:])
			}
			for c := 0; c < 128; c++ {
				inputs = append(inputs, w[:i]+string(rune(c))+w[i+1:])
			}
		}
	}
	for _, w := range words {
		for _, s := range inputs {
			if got, want := keywordFold(s, w), strings.EqualFold(s, w); got != want {
				t.Fatalf("keywordFold(%q, %q) = %v, want %v", s, w, got, want)
			}
		}
	}
	// the Kelvin sign and the long s fold to k and s
	if !keywordFold("\u212aB", "KB") || !keywordFold("\u017fIZE", "SIZE") {
		t.Fatal("a character folding to an ASCII letter does not match")
	}
}

// upperKey picks the file property strings.ToUpper names, for keys of
// any case, with characters that upper-case to ASCII letters (the
// dotless i, the long s) and for keys that are none of them.
func TestUpperKey(t *testing.T) {
	var keys []string
	for _, w := range filePropNames {
		keys = append(keys, w, strings.ToLower(w), strings.ToTitle(strings.ToLower(w)), w+"X", w[1:],
			strings.Replace(strings.ToLower(w), "i", "ı", 1), strings.Replace(strings.ToLower(w), "s", "ſ", 1),
			strings.Replace(w, "E", "\u212a", 1))
	}
	keys = append(keys, "", "X", "SIZE1", "size_", "ÉNAME")
	for _, k := range keys {
		want := strings.ToUpper(k)
		known := false
		for _, w := range filePropNames {
			known = known || want == w
		}
		if got := upperKey(k); known && got != want {
			t.Fatalf("upperKey(%q) = %q, strings.ToUpper %q", k, got, want)
		}
		if !known {
			for _, w := range filePropNames {
				if upperKey(k) == w {
					t.Fatalf("upperKey(%q) = %q, strings.ToUpper %q", k, w, want)
				}
			}
		}
	}
}

// unit answers as the four words do, for two-letter words of every pair
// of bytes, longer words and other tokens.
func TestFastUnit(t *testing.T) {
	var texts []string
	for a := 0; a < 256; a++ {
		for _, b := range []byte{'b', 'B', 'x', 0x42 | 0x80, 0x02} {
			texts = append(texts, string([]byte{byte(a), b}))
		}
	}
	texts = append(texts, "\u212aB", "\u212ab", "KBS", "K", "MB ", "gb", "Tb")
	for _, s := range texts {
		p := &fastParser{text: s, toks: []Token{{Start: 0, End: int32(len(s)), Kind: TokIdent}}}
		want := strings.EqualFold(s, "KB") || strings.EqualFold(s, "MB") || strings.EqualFold(s, "GB") || strings.EqualFold(s, "TB")
		if got := p.unit(0); got != want {
			t.Fatalf("unit(%q) = %v, want %v", s, got, want)
		}
		p.toks[0].Kind = TokNumber
		if p.unit(0) || p.unit(1) {
			t.Fatalf("unit(%q) of a number or past the tokens", s)
		}
	}
}

// FuzzKeywordFold: keywordFold answers as strings.EqualFold for any text
// against the fast parser's keywords (and the file properties upperKey
// compares with), longer, shorter and of the same length.
func FuzzKeywordFold(f *testing.F) {
	for _, s := range []string{"FILE", "filename", "\u212aB", "\u017fIZE", "FILE\u212a", "Fil\xffe", "TO", "t\u212a", `\\.\nul`, "nul:", "Sp_ExecuteSQL", "\u017fp_execute\u017fql"} {
		f.Add(s)
	}
	words := []string{"FILE", "FILENAME", "FILEGROWTH", "TO", "KB", "SIZE", "MAXSIZE", "WITH", "ON", "OFF", "NAME", "LOG", "TARGET_RECOVERY_TIME", "T1", "X",
		// the other ASCII words the parser compares with keywordFold
		"sp_executesql", "DatabaseBackup", "NUL", "NUL:", `\\.\NUL`, `\\?\NUL`, "varchar", "char", "text", "EXECUTE", "TRACEON", "UNLIMITED"}
	f.Fuzz(func(t *testing.T, s string) {
		for _, w := range words {
			if got, want := keywordFold(s, w), strings.EqualFold(s, w); got != want {
				t.Fatalf("keywordFold(%q, %q) = %v, want %v", s, w, got, want)
			}
		}
	})
}

// Every code names its keyword, upper case, once.
func TestFastWordNames(t *testing.T) {
	seen := map[string]bool{}
	for w, s := range fwNames {
		if s == "" || s != strings.ToUpper(s) || strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != "" || seen[s] {
			t.Fatalf("fwNames[%d] = %q", w, s)
		}
		seen[s] = true
	}
}

// fastWordInputs are words near the fast parser's keywords: each in
// other cases, one byte longer or shorter, and with each byte replaced
// by characters that fold to ASCII letters (the Kelvin sign, the long s),
// other letters, DEL, controls and invalid UTF-8.
func fastWordInputs() []string {
	others := []string{"", "K", "\u212a", "\u017f", "é", "\x7f", "\xff", "@", "_", "0", "\x00", "ı", "İ", "\u212a\u212a"}
	var inputs []string
	for _, w := range fwNames {
		inputs = append(inputs, w, strings.ToLower(w), w+"S", w[:len(w)-1], w+"\u212a", "\u017f"+w)
		for i := 0; i < len(w); i++ {
			for _, o := range others {
				inputs = append(inputs, w[:i]+o+w[i+1:], strings.ToLower(w[:i])+o+w[i+1:], w[:i]+o+w[i:])
			}
			inputs = append(inputs, w[:i]+string(rune(w[i]^0x20))+w[i+1:])
		}
	}
	return inputs
}

// checkFastWord checks word against strings.EqualFold for the token s
// with every code, s placed at the end of the text (read a byte at a
// time) and followed by bytes (read 8 at a time), ASCII or not.
func checkFastWord(t *testing.T, s string) {
	for _, after := range []string{"", " = 1;  ", "\xff\xff\xff\xff\xff\xff\xff\xff"} {
		for _, before := range []string{"", "\xff\xff\xff\xff\xff\xff\xff\xff "} {
			text := before + s + after
			p := &fastParser{text: text, toks: []Token{{Start: int32(len(before)), End: int32(len(before) + len(s)), Kind: TokIdent}}}
			for w := fword(0); w < fwCount; w++ {
				if got, want := p.word(0, w), strings.EqualFold(s, fwNames[w]); got != want {
					t.Fatalf("word(%q, %s) in %q = %v, want %v", s, fwNames[w], text, got, want)
				}
			}
		}
	}
}

// word answers as strings.EqualFold, for the keywords and the words near
// them, wherever they stand in the text.
func TestFastWord(t *testing.T) {
	for _, s := range fastWordInputs() {
		checkFastWord(t, s)
	}
	p := &fastParser{text: "FILE", toks: []Token{{Start: 0, End: 4, Kind: TokQuoted}}}
	if p.word(0, fwFILE) || p.word(1, fwFILE) || p.word(-1, fwFILE) {
		t.Fatal("word of a token that is no word, or past the window")
	}
}

// FuzzFastWord: word answers as strings.EqualFold for any token.
func FuzzFastWord(f *testing.F) {
	for _, s := range []string{"FILE", "file_name", "\u212aB", "\u017fIZE", "read_write_filegroup\u017f", "NO\x7fWAIT", "target_recovery_time"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return
		}
		checkFastWord(t, s)
	})
}

// The fast path's fileProp sets what the converter's does, for keys of
// any case, with characters that fold or upper-case to ASCII letters and
// for keys that name no property.
func TestFastFileProp(t *testing.T) {
	var keys []string
	for _, w := range filePropNames {
		keys = append(keys, w, strings.ToLower(w), w+"X", w[1:], w+"\u212a",
			strings.Replace(strings.ToLower(w), "i", "ı", 1), strings.Replace(strings.ToLower(w), "s", "ſ", 1),
			strings.Replace(w, "E", "\u212a", 1), strings.Replace(w, "E", "\xff", 1), strings.Replace(w, "A", "\x7f", 1))
	}
	keys = append(keys, "X", "SIZE1", "size_", "ÉNAME", "NAMEÉ", "NAMË")
	for _, k := range keys {
		// fileSpecIn takes a property fileProp names without asking
		// whether it is a reserved word (kind): none is
		p := &fastParser{text: k, toks: []Token{{Start: 0, End: int32(len(k)), Kind: TokIdent}}}
		if p.filePropOf(0) != fpNone && reserved(k) {
			t.Fatalf("%q names a file property and is a reserved word", k)
		}
	}
	num, unit := "64", "MB"
	v := &gValue{Num: &num, Unit: &unit}
	for _, k := range keys {
		for _, after := range []string{"", " = 64MB, SIZE = 1MB)"} {
			text := k + after
			p := &fastParser{text: text, toks: []Token{{Start: 0, End: int32(len(k)), Kind: TokIdent}}}
			var c converter
			var got, want FileSpec
			p.fileProp(&c, &got, 0, p.filePropOf(0), v)
			c.fileProp(&want, k, v)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("fileProp(%q) = %+v, want %+v", k, got, want)
			}
		}
	}
}
