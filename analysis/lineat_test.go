package analysis

import (
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// lineAt gives, for every offset of a text, the line File.Line gives for
// the line of that offset: line feeds, CR LF and lone carriage returns
// alike, lines empty or not, the offset at the end of the text.
func TestLineAtIsFileLine(t *testing.T) {
	for _, text := range []string{
		"",
		"one line",
		"a\nbb\n\nccc\n",
		"a\r\nbb\r\n\r\nccc",
		"a\rbb\r\rccc\n",
		"mixed\nlf\r\ncrlf\rcr\n\nlast é line",
		"\n\r\n\r",
	} {
		for off := 0; off <= len(text); off++ {
			f := parser.NewFile("a.sql", text)
			line := f.Position(off).Line
			got, gotOK := lineAt(f, off, line)
			want, wantOK := parser.NewFile("a.sql", text).Line(line)
			if got != want || gotOK != wantOK {
				t.Errorf("%q at %d (line %d): lineAt = %q, %v; File.Line = %q, %v", text, off, line, got, gotOK, want, wantOK)
			}
		}
	}
}
