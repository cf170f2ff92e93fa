package parser

import (
	"os"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
)

// bare is pos as participle's tokenLexer gives it: an offset alone.
func bare(pos lexer.Position) lexer.Position { return lexer.Position{Offset: pos.Offset} }

// fastParser.span, which reads a span's end from the token before b, is
// the converter's span of the two tokens' positions (endBefore's search)
// for every pair of tokens of every window of the fixtures' batches,
// includes, $(var) values and all, and for the window's end; so are the
// converter's span and tokenSpan of the fast path's positions, which
// tell their token (converter.tokenAt), and of participle's, which do
// not.
func TestFastSpanIsConverterSpan(t *testing.T) {
	pairs := 0
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		s := Preprocess(NewFile(path, string(data)), &PreprocessOptions{Load: func(string) (*File, error) { return NewFile("inc.sql", "CHECKPOINT 1"), nil }})
		var sc Scanner
		for _, b := range s.Batches {
			toks := append([]Token(nil), sc.Scan(b.Text)...)
			for _, w := range interestWindows(b, toks) {
				win := toks[w.i:min(w.end, w.i+48)]
				c := converter{b: b, toks: win}
				p := fastParser{text: b.Text, toks: win}
				for a := 0; a < len(win); a++ {
					if got, want := c.tokenSpan(p.pos(a)), c.tokenSpan(bare(p.pos(a))); got != want {
						t.Fatalf("%s: token %d: tokenSpan %+v from the position's token, want %+v", path, a, got, want)
					}
					for e := a + 1; e <= len(win); e++ {
						want := c.span(bare(p.pos(a)), bare(p.pos(e)))
						if got := p.span(&c, a, e); got != want {
							t.Fatalf("%s: tokens %d to %d of %q: span %+v, want %+v", path, a, e, b.Text[win[0].Start:win[len(win)-1].End], got, want)
						}
						if got := c.span(p.pos(a), p.pos(e)); got != want {
							t.Fatalf("%s: tokens %d to %d: converter span %+v from the positions' token, want %+v", path, a, e, got, want)
						}
						pairs++
					}
				}
			}
		}
	}
	if pairs < 1000 {
		t.Fatalf("only %d pairs compared", pairs)
	}
}
