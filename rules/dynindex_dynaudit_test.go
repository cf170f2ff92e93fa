package rules

import (
	"math/rand"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// dynAtSlow is the definition dynIndex.at answers: the innermost
// dynamic SQL of dyns whose literals hold p, by looking at every one.
func dynAtSlow(dyns []*parser.DynSource, p parser.Pos) *parser.DynSource {
	var in *parser.DynSource
	for _, d := range dyns {
		for _, s := range d.Lits {
			if s.Start.File == p.File && s.Start.Offset <= p.Offset && p.Offset < s.End.Offset && (in == nil || within(d, in)) {
				in = d
			}
		}
	}
	return in
}

// TestDynIndexMatchesDefinition builds dynamic SQL as the parser does
// (EXECs of several literals, dynamic SQL in their literals up to four
// levels, two files, the same literals read twice as an included file
// is) and checks every position against the definition.
func TestDynIndexMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 200; round++ {
		files := []*parser.File{{Path: "a.sql"}, {Path: "b.sql"}}
		var dyns []*parser.DynSource
		// gen adds the dynamic SQL of the EXECs in [s, e) of file f
		var gen func(f *parser.File, s, e int, parent *parser.DynSource, depth int)
		gen = func(f *parser.File, s, e int, parent *parser.DynSource, depth int) {
			for s < e && depth < 5 {
				n := rng.Intn(4) + 1 // literals of one EXEC
				d := &parser.DynSource{Via: parser.DynVia(rng.Intn(3) + 1), Step: []string{"", "s"}[rng.Intn(2)], Parent: parent}
				for k := 0; k < n && s+2 < e; k++ {
					ls := s + rng.Intn(3)
					le := min(e, ls+2+rng.Intn(40))
					if ls+2 > le {
						break
					}
					d.Lits = append(d.Lits, parser.Span{Start: parser.Pos{File: f, Offset: ls}, End: parser.Pos{File: f, Offset: le}})
					if rng.Intn(3) == 0 {
						gen(f, ls+1, le-1, d, depth+1)
					}
					s = le + rng.Intn(3)
				}
				if len(d.Lits) > 0 {
					dyns = append(dyns, d)
				}
				s += rng.Intn(5)
			}
		}
		for _, f := range files {
			gen(f, 0, 300, nil, 0)
		}
		// an included file read twice: the same literals again
		for _, d := range append([]*parser.DynSource(nil), dyns...) {
			if d.Parent == nil && rng.Intn(4) == 0 {
				c := *d
				dyns = append(dyns, &c)
			}
		}
		ix := newDynIndex(dyns)
		for _, f := range append(files, &parser.File{Path: "c.sql"}) {
			for off := 0; off < 310; off++ {
				p := parser.Pos{File: f, Offset: off}
				if got, want := ix.at(p), dynAtSlow(dyns, p); got != want {
					t.Fatalf("round %d, %s:%d: got %p, want %p", round, f.Path, off, got, want)
				}
			}
		}
	}
}

// BenchmarkDynFindingsMany is a batch of many EXEC ('CHECKPOINT 1'),
// each with a finding: linear in their number (it was quadratic).
func BenchmarkDynFindingsMany(b *testing.B) {
	f := &parser.File{Path: "x.sql"}
	const n = 20000
	dyns := make([]*parser.DynSource, n)
	fs := make([]Finding, n)
	r := &Rule{ID: "SL302"}
	for i := range dyns {
		sp := parser.Span{Start: parser.Pos{File: f, Offset: 22*i + 5}, End: parser.Pos{File: f, Offset: 22*i + 19}}
		dyns[i] = &parser.DynSource{Via: parser.DynExec, Lits: []parser.Span{sp}}
		fs[i] = Finding{Rule: r, Span: parser.Span{Start: parser.Pos{File: f, Offset: 22*i + 6}}}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := range fs {
			fs[k].Message = ""
		}
		dynFindings(&findingList{cur: fs}, dyns)
	}
}
