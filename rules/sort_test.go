package rules

import (
	"cmp"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestSortFindingsIsStable: sortFindings orders findings as a stable sort
// of them by file order, offset, rule and message does, then drops the
// duplicates after the first; ties keep their order (the severities and
// fixes of duplicates tell them apart here).
func TestSortFindingsIsStable(t *testing.T) {
	a := &parser.File{Path: "a.sql"}
	b := &parser.File{Path: "b.sql"}
	c := &parser.File{Path: "c.sql"} // in no script: ordered by path
	script := &parser.Result{Script: &parser.Script{File: b, Files: []*parser.File{b, a}}}
	rs := []*Rule{{ID: "SL101"}, {ID: "SL201"}, {ID: "SL302"}}
	files := []*parser.File{a, b, c, nil}
	r := rand.New(rand.NewSource(3))
	for round := 0; round < 600; round++ {
		var fs []Finding
		for n := r.Intn(60); n > 0; n-- {
			fs = append(fs, Finding{
				Rule:     rs[r.Intn(len(rs))],
				Severity: parser.Severity(r.Intn(3)),
				Span:     parser.Span{Start: parser.Pos{File: files[r.Intn(len(files))], Offset: r.Intn(4)}},
				Message:  []string{"x", "y"}[r.Intn(2)],
			})
		}
		if round%2 == 1 {
			// as the rules report: a few runs, each in the order of the
			// statements (sortFindings merges them)
			fs = fs[:0]
			for runs := 1 + r.Intn(7); runs > 0; runs-- {
				rule, off := rs[r.Intn(len(rs))], 0
				for n := r.Intn(12); n > 0; n-- {
					off += r.Intn(3)
					fs = append(fs, Finding{Rule: rule, Severity: parser.Severity(r.Intn(3)),
						Span:    parser.Span{Start: parser.Pos{File: b, Offset: off}},
						Message: []string{"x", "y"}[r.Intn(2)]})
				}
			}
		}
		want := slices.Clone(fs)
		order := map[*parser.File]int{b: 0, a: 1}
		slices.SortStableFunc(want, func(x, y Finding) int {
			px, py := x.Span.Start, y.Span.Start
			if px.File != py.File {
				if px.File == nil || py.File == nil {
					if px.File == nil {
						return -1
					}
					return 1
				}
				ox, okx := order[px.File]
				oy, oky := order[py.File]
				if okx && oky && ox != oy {
					return cmp.Compare(ox, oy)
				}
				return strings.Compare(px.File.Path, py.File.Path)
			}
			if px.Offset != py.Offset {
				return cmp.Compare(px.Offset, py.Offset)
			}
			if x.Rule.ID != y.Rule.ID {
				return strings.Compare(x.Rule.ID, y.Rule.ID)
			}
			return strings.Compare(x.Message, y.Message)
		})
		w := 0
		for i, f := range want {
			if i > 0 && want[w-1].Rule == f.Rule && want[w-1].Span.Start == f.Span.Start && want[w-1].Message == f.Message {
				continue
			}
			want[w] = f
			w++
		}
		want = want[:w]
		got := sortFindings([]*parser.Result{script}, slices.Clone(fs))
		if !slices.EqualFunc(got, want, func(x, y Finding) bool { return x == y }) {
			t.Fatalf("round %d: got %v\nwant %v", round, got, want)
		}
	}
}
