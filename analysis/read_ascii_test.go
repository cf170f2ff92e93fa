package analysis

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

// plainTextRef is what decode asked before plainText.
func plainTextRef(b []byte) bool { return bytes.IndexByte(b, 0) < 0 && utf8.Valid(b) }

func asciiPrefixRef(b []byte) int {
	for k, c := range b {
		if c == 0 || c >= utf8.RuneSelf {
			return k
		}
	}
	return len(b)
}

// withSIMD runs fn with asciiBlocks's assembly on and, where there is
// one, off.
func withSIMD(t *testing.T, fn func(t *testing.T)) {
	t.Helper()
	on := asciiSIMD
	defer func() { asciiSIMD = on }()
	for _, simd := range []bool{on, false} {
		asciiSIMD = simd
		fn(t)
		if !on {
			break
		}
	}
}

func checkASCII(t *testing.T, b []byte) {
	t.Helper()
	if got, want := asciiPrefix(b), asciiPrefixRef(b); got != want {
		t.Fatalf("asciiPrefix(%q) = %d, want %d (simd %v)", b, got, want, asciiSIMD)
	}
	if got, want := plainText(b), plainTextRef(b); got != want {
		t.Fatalf("plainText(%q) = %v, want %v (simd %v)", b, got, want, asciiSIMD)
	}
}

// TestPlainTextEveryPlace puts a NUL, a byte past 0x7f (alone, or as
// part of a character) at every offset of texts of every length up to
// 300 bytes (every length to 64, then fewer), at two alignments: the prefix found and the answer are
// those of the byte-by-byte check.
func TestPlainTextEveryPlace(t *testing.T) {
	withSIMD(t, func(t *testing.T) {
		room := make([]byte, 310)
		for align := 0; align < 2; align++ {
			for n := 0; n <= 300; n += 1 + n/64 {
				b := room[align : align+n]
				for k := range b {
					b[k] = 'a' + byte(k%26)
				}
				checkASCII(t, b)
				for k := 0; k < n; k++ {
					for _, bad := range []string{"\x00", "\x80", "\xff", "\x7f", "\x01", "é", "\xe2\x82\xac", "\xe2\x82"} {
						old := append([]byte(nil), b...)
						copy(b[k:], bad)
						checkASCII(t, b)
						copy(b, old)
					}
				}
			}
		}
	})
}

// TestPlainTextLong checks texts longer than the blocks of 128 bytes
// with the byte that ends the prefix far in (a large script's).
func TestPlainTextLong(t *testing.T) {
	withSIMD(t, func(t *testing.T) {
		b := bytes.Repeat([]byte("SELECT 1\nGO\n"), 1000)
		checkASCII(t, b)
		for _, k := range []int{0, 127, 128, 129, 4095, 4096, 11000, len(b) - 33, len(b) - 32, len(b) - 1} {
			for _, bad := range []byte{0, 0x80, 0xc3} {
				c := b[k]
				b[k] = bad
				checkASCII(t, b)
				b[k] = c
			}
		}
	})
}

func FuzzPlainText(f *testing.F) {
	for _, s := range []string{"", "SELECT 1\nGO\n", "caf\xc3\xa9", "a\x00b", "\xff", string(bytes.Repeat([]byte{'x'}, 200)) + "é"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		withSIMD(t, func(t *testing.T) { checkASCII(t, b) })
	})
}

func BenchmarkPlainText(b *testing.B) {
	text := bytes.Repeat([]byte("SELECT c.Id, c.Name FROM dbo.Customer AS c; -- a comment\n"), 200)
	b.SetBytes(int64(len(text)))
	b.Run("plainText", func(b *testing.B) {
		for b.Loop() {
			plainText(text)
		}
	})
	b.Run("before", func(b *testing.B) {
		for b.Loop() {
			plainTextRef(text)
		}
	})
}
