package rules

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// suppressedScan is the scan the directive index replaced: every
// directive for every finding.
func suppressedScan(dirs []*directive, f Finding) bool {
	hit := false
	for _, d := range dirs {
		if d.d.Span.Start.File != f.Span.Start.File || !contains(d.rules, f.Rule.ID) {
			continue
		}
		switch {
		case d.file:
		case d.line > 0:
			// a trailing one: its line, and the statement it trails
			off := f.Span.Start.Offset
			if f.Span.Start.Position().Line != d.line && (d.start < 0 || off < d.start || off > d.end) {
				continue
			}
		default:
			if d.start < 0 || f.Span.Start.Offset < d.start || f.Span.Start.Offset > d.end {
				continue
			}
		}
		for i, id := range d.rules {
			if id == f.Rule.ID {
				d.used[i] = true
			}
		}
		hit = true
	}
	return hit
}

// The index silences the findings the scan silences and marks the same
// directives used, with directives of every kind: several on one scope,
// nested and overlapping scopes, a rule named twice, two files.
func TestDirIndexMatchesScan(t *testing.T) {
	text := strings.Repeat("CHECKPOINT 5\n", 40)
	files := []*parser.File{parser.NewFile("a.sql", text), parser.NewFile("b.sql", text)}
	ids := []string{"SL302", "SL303", "SL201"}
	rules := map[string]*Rule{}
	for _, id := range ids {
		rules[id] = &Rule{ID: id}
	}
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 300; round++ {
		var a, b []*directive
		for n := rng.Intn(12); n > 0; n-- {
			f := files[rng.Intn(2)]
			d := &directive{d: parser.Directive{Span: parser.Span{Start: parser.Pos{File: f, Offset: rng.Intn(len(text))}}}}
			for k := 1 + rng.Intn(3); k > 0; k-- {
				d.rules = append(d.rules, ids[rng.Intn(len(ids))])
			}
			switch rng.Intn(4) {
			case 0:
				d.file = true
			case 1:
				d.line = 1 + rng.Intn(40)
				d.start, d.end = -1, -1
				if rng.Intn(2) == 0 {
					d.start = rng.Intn(len(text))
					d.end = d.start + rng.Intn(60)
				}
			case 2:
				d.start, d.end = -1, -1
			default:
				d.start = rng.Intn(len(text))
				d.end = d.start + rng.Intn(60)
			}
			d.used = make([]bool, len(d.rules))
			c := *d
			c.used = make([]bool, len(d.rules))
			a, b = append(a, d), append(b, &c)
		}
		ix := newDirIndex(b)
		for n := rng.Intn(20); n > 0; n-- {
			f := Finding{Rule: rules[ids[rng.Intn(len(ids))]], Span: parser.Span{Start: parser.Pos{File: files[rng.Intn(2)], Offset: rng.Intn(len(text))}}}
			if got, want := ix.suppressed(f), suppressedScan(a, f); got != want {
				t.Fatalf("round %d: %s at %d: suppressed %v, the scan says %v", round, f.Rule.ID, f.Span.Start.Offset, got, want)
			}
		}
		for i := range a {
			if fmt.Sprint(a[i].used) != fmt.Sprint(b[i].used) {
				t.Fatalf("round %d: directive %d used %v, the scan says %v", round, i, b[i].used, a[i].used)
			}
		}
	}
}

// A script of many suppressions, each before a statement with the finding
// it silences: each finding looks at the directives of its own statement,
// not at all of them (the scan was quadratic: 20,000 took 8 s).
func TestDirIndexLooksOnlyNearby(t *testing.T) {
	const n = 20000
	f := parser.NewFile("a.sql", strings.Repeat("-- sqllint:ignore SL302 r\nCHECKPOINT 5\n", n))
	r := &Rule{ID: "SL302"}
	dirs := make([]*directive, n)
	for i := range dirs {
		dirs[i] = &directive{d: parser.Directive{Span: parser.Span{Start: parser.Pos{File: f, Offset: 39 * i}}},
			rules: []string{"SL302"}, start: 39*i + 26, end: 39*i + 38, used: make([]bool, 1)}
	}
	ix := newDirIndex(dirs)
	for i := 0; i < n; i++ {
		if !ix.suppressed(Finding{Rule: r, Span: parser.Span{Start: parser.Pos{File: f, Offset: 39*i + 26}}}) {
			t.Fatalf("finding %d not suppressed", i)
		}
	}
	for i, d := range dirs {
		if !d.used[0] {
			t.Fatalf("directive %d not used", i)
		}
	}
	if ix.probe > 3*n {
		t.Errorf("%d findings looked at %d directive groups: more than 3 each", n, ix.probe)
	}
}

// stmtStarts finds the statement the scan found: the first in statement
// order of the file starting at or after the offset, also when included
// copies of a file repeat its offsets.
func TestStmtStartsMatchesScan(t *testing.T) {
	files := []*parser.File{{Path: "a.sql"}, {Path: "b.sql"}}
	type st struct {
		f          *parser.File
		start, end int
	}
	rng := rand.New(rand.NewSource(2))
	for round := 0; round < 300; round++ {
		var sts []st
		ix := &stmtStarts{byFile: map[*parser.File]*fileStarts{}}
		off := 0
		for n := rng.Intn(15); n > 0; n-- {
			if rng.Intn(5) == 0 {
				off = rng.Intn(50) // a copy included again
			}
			s := st{files[rng.Intn(2)], off, off + rng.Intn(10)}
			off = s.end + rng.Intn(5)
			sts = append(sts, s)
			ix.add(s.f, s.start, s.end, false)
		}
		for _, f := range files {
			for x := 0; x < 120; x++ {
				ws, we := -1, -1
				for _, s := range sts {
					if s.f == f && s.start >= x {
						ws, we = s.start, s.end
						break
					}
				}
				if gs, ge := ix.after(f, x); gs != ws || ge != we {
					t.Fatalf("round %d: %s after %d: got [%d,%d), the scan says [%d,%d)", round, f.Path, x, gs, ge, ws, we)
				}
			}
		}
	}
}

// The whole path: every finding of a script of many suppressed statements
// is silenced and no suppression is stale.
func TestManySuppressionsAllApply(t *testing.T) {
	const n = 5000
	src := strings.Repeat("-- sqllint:ignore SL302 measured\nCHECKPOINT 5\n", n) + "CHECKPOINT 7 -- sqllint:ignore SL302 again\nCHECKPOINT 9\n"
	res := parser.ParseFile(parser.NewFile("s.sql", src), &parser.PreprocessOptions{})
	got := map[string]int{}
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		got[f.Rule.ID]++
	}
	if got["SL302"] != 1 || got["SL003"] != 0 {
		t.Errorf("findings by rule %v, want one SL302 (the CHECKPOINT 9) and no SL003", got)
	}
}

// BenchmarkManySuppressions is 20,000 suppressed CHECKPOINTs in one script.
func BenchmarkManySuppressions(b *testing.B) {
	src := strings.Repeat("-- sqllint:ignore SL302 measured\nCHECKPOINT 5\n", 20000)
	res := parser.ParseFile(parser.NewFile("s.sql", src), &parser.PreprocessOptions{})
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		Analyze(Default, []*parser.Result{res}, nil)
	}
}
