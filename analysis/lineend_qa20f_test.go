package analysis

import (
	"context"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// lineEnd answers for every offset of the line it last read, with
// whether a carriage return lies between the offset and the line's end:
// each finding on a long line read on to the line's end again (80,000
// findings on one line took 3.6 s of CPU, in a 1.2 MB file whose line
// breaks are all CR 28 s). The answers must be those of a fresh read.
func TestLineEndAnswersForTheWholeLine(t *testing.T) {
	for _, text := range []string{
		strings.Repeat("CHECKPOINT 10; ", 200) + "\nSELECT 1",
		strings.Repeat("CHECKPOINT 10;\r", 200) + "\nSELECT 1",
		"a\rb\r\nc\r\r\n" + strings.Repeat("x", 100),
	} {
		f := parser.NewFile("t.sql", text)
		var cached lineCache
		for off := 0; off <= len(text); off++ {
			if off < len(text) && text[off] == '\n' {
				continue // a line's end is the next line's business
			}
			var fresh lineCache
			wantEnd, wantOK := fresh.lineEnd(f, off)
			end, ok := cached.lineEnd(f, off)
			if end != wantEnd || ok != wantOK {
				t.Fatalf("%q at %d: %d, %v; a fresh read gives %d, %v", text[:min(len(text), 20)], off, end, ok, wantEnd, wantOK)
			}
		}
		// the first line is read once, at its first offset: the later
		// offsets of the line are answered from it
		var once lineCache
		nl := strings.IndexByte(text, '\n')
		for off := 0; off <= nl; off++ {
			once.lineEnd(f, off)
		}
		if once.endFile != f || once.endFrom != 0 || once.end != nl {
			t.Errorf("%q: the line was read again for a later offset (from %d)", text[:20], once.endFrom)
		}
	}
}

// BenchmarkFindingLines resolves 16,000 findings one a line, on one line,
// and in a file whose line breaks are lone carriage returns (the last two
// were quadratic in the findings: compare -benchtime runs at two sizes).
func BenchmarkFindingLines(b *testing.B) {
	const n = 16000
	for _, c := range []struct{ name, text string }{
		{"one-a-line", strings.Repeat("CHECKPOINT 10;\n", n)},
		{"one-line", strings.Repeat("CHECKPOINT 10; ", n)},
		{"cr-lines", strings.Repeat("CHECKPOINT 10;\r", n)},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for range b.N {
				findings := 0
				_, err := Run(context.Background(), Options{Paths: []string{"-"}, Stdin: strings.NewReader(c.text), SkipFingerprints: true}, func(r *FileResult) {
					findings += len(r.Findings)
				})
				if err != nil || findings != n {
					b.Fatalf("%v, %d findings", err, findings)
				}
			}
		})
	}
}
