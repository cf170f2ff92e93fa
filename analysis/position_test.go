package analysis

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestPositionAfter: the end of a finding counted from its start is the
// position the file gives, across LF, CRLF and lone CR line breaks,
// multi-byte characters and offsets past the end.
func TestPositionAfter(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	pieces := []string{"a", "bc", " ", "\n", "\r\n", "\r", "é", "日本", "\t", "CHECKPOINT 10;", "\xff", "\xe6", "\x80"}
	for round := 0; round < 1000; round++ {
		var sb strings.Builder
		for n := r.Intn(80); n > 0; n-- {
			sb.WriteString(pieces[r.Intn(len(pieces))])
		}
		f := parser.NewFile("x.sql", sb.String())
		for k := 0; k < 50; k++ {
			so := r.Intn(len(f.Text) + 1)
			eo := so + r.Intn(12) - 2
			start := f.Position(so)
			if got, want := positionAfter(f, start, eo), f.Position(eo); got != want {
				t.Fatalf("%q: from %d to %d: got %+v, want %+v", f.Text, so, eo, got, want)
			}
		}
	}
}
