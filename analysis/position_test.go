package analysis

import (
	"context"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
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

// TestLongLineLinear: many findings on one long line cost memory linear
// in their number (each finding does not carry its own copy of the
// line), and each has the column it has when the statements are one per
// line.
func TestLongLineLinear(t *testing.T) {
	const stmt = "BACKUP DATABASE x TO DISK='NUL'; "
	alloc := func(n int) uint64 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var findings []report.Finding
		_, err := Run(context.Background(), Options{Paths: []string{"-"}, Stdin: strings.NewReader(strings.Repeat(stmt, n))}, func(r *FileResult) {
			findings = append(findings, r.Findings...)
		})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if len(findings) != n {
			t.Fatalf("%d statements: %d findings", n, len(findings))
		}
		for i, f := range findings {
			if f.Line != 1 || f.Column != 1+i*len(stmt) || f.EndLine != 1 || f.EndColumn != f.Column+len(stmt)-2 || len(f.SourceText) != n*len(stmt) {
				t.Fatalf("finding %d: %d:%d-%d:%d, line of %d bytes", i, f.Line, f.Column, f.EndLine, f.EndColumn, len(f.SourceText))
			}
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	small, large := alloc(1000), alloc(4000)
	// linear: about 4 times as much; quadratic: 16 times
	if large > 8*small {
		t.Errorf("4,000 findings on one line allocate %d bytes, 1,000 %d: %.1f times as much", large, small, float64(large)/float64(small))
	}
}
