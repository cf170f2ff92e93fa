package rules

import (
	"sort"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// The suppressions of a script are matched through indexes rather than
// by a scan per directive and per finding: a script of 20,000
// "-- sqllint:ignore" comments each before a statement with a finding
// took 8 s (a 2 MB one 35 s), quadratic in their number.

// stmtStarts finds the statement a directive applies to: the first of a
// script, in statement order, that starts in the directive's file at or
// after an offset.
type stmtStarts struct {
	byFile map[*parser.File]*fileStarts
}

// fileStarts are the statements of one file in statement order: their
// spans, and maxStart[i] the largest start of the first i+1 (included
// copies of a file may repeat offsets, so starts alone need not grow).
type fileStarts struct {
	start, end, maxStart []int
	// interest[i]: the i-th is a statement of interest (CREATE DATABASE,
	// BACKUP, ...), whose clauses findings may point at
	interest []bool
	// stmts[i] is the i-th statement (bodyEnd reads its keyword and
	// whether it is the body of the one before)
	stmts []*parser.Statement
	// budget is what is left of maxBlockScan for blockEnd in the file,
	// once budgeted
	budget   int
	budgeted bool
	// blocks are the block ends found (or -1), by the end of their
	// BEGIN: a block is read once, also when a directive's statements are
	// carried from a run to the next (openScope)
	blocks map[int]int
	// spine, when not nil, gets the index of each statement extent reads
	spine *[]int
}

func newStmtStarts(stmts []*parser.Statement) *stmtStarts {
	ix := &stmtStarts{byFile: map[*parser.File]*fileStarts{}}
	for _, st := range stmts {
		sp := st.Span()
		ix.add(sp.Start.File, sp.Start.Offset, sp.End.Offset, st.Kind != parser.KindOther)
		fs := ix.byFile[sp.Start.File]
		fs.stmts = append(fs.stmts, st)
	}
	return ix
}

// bodyEnd is end, the end of the statement of file f that starts at
// start, or the end of what that statement holds: T-SQL's IF statement
// holds the statement it runs and its ELSE arm, WHILE its body, a BEGIN
// ... END block the statements to its END, through nested ones (IF ...
// IF ... CHECKPOINT 10), and CREATE PROCEDURE ... AS the rest of the
// batch.
func (ix *stmtStarts) bodyEnd(f *parser.File, start, end int) int {
	fs := ix.byFile[f]
	if fs == nil {
		return end
	}
	i := sort.SearchInts(fs.maxStart, start)
	if i >= len(fs.stmts) || fs.start[i] != start {
		return end
	}
	if moduleHeader(fs.stmts[i]) {
		// CREATE PROCEDURE ... AS: its body is the rest of the batch
		for b := fs.stmts[i].Batch; i+1 < len(fs.stmts) && fs.stmts[i+1].Batch == b && fs.start[i+1] >= start; i++ {
			end = max(end, fs.end[i+1])
		}
		return end
	}
	e, _ := fs.extent(f, i, 0)
	return max(end, e)
}

// maxExtentDepth bounds how deep extent follows nested bodies (a hostile
// IF IF IF ... of a million): past it a statement ends at its own end.
const maxExtentDepth = 1000

// extent is the end of statement i of fs with what it holds (bodyEnd),
// and the index of the last statement it holds.
func (fs *fileStarts) extent(f *parser.File, i, depth int) (end, last int) {
	end, last = fs.end[i], i
	st := fs.stmts[i]
	if depth > maxExtentDepth {
		return end, last
	}
	if fs.spine != nil {
		*fs.spine = append(*fs.spine, i)
	}
	if opener := blockOpener(st); opener != "" {
		e, known := fs.blocks[fs.end[i]]
		if !known {
			if !fs.budgeted {
				fs.budget, fs.budgeted = maxBlockScan, true
			}
			from := fs.end[i]
			if beginsEndConversation(st.Text()) {
				from = fs.start[i] + len("BEGIN") // the block starts with it
			}
			e = blockEnd(f.Text, from, &fs.budget)
			f.Touched()
			if fs.blocks == nil {
				fs.blocks = map[int]int{}
			}
			fs.blocks[fs.end[i]] = e
		}
		if e < 0 {
			return end, last // no END found: the block ends at its BEGIN
		}
		for last+1 < len(fs.stmts) && fs.start[last+1] >= fs.end[i] && fs.start[last+1] < e {
			last++
		}
		end = max(end, e)
		if opener == "TRY" && last+1 < len(fs.stmts) && fs.start[last+1] >= end && blockOpener(fs.stmts[last+1]) == "CATCH" {
			// TRY ... CATCH is one statement: its CATCH block follows
			e, l := fs.extent(f, last+1, depth+1)
			end, last = max(end, e), l
		}
		return end, last
	}
	if !controlHeader(st) || i+1 >= len(fs.stmts) || fs.start[i+1] < fs.end[i] {
		return end, last
	}
	kw := st.Keyword()
	next := fs.stmts[i+1]
	if !next.Body && (kw == "BEGIN" || blockOpener(next) == "") {
		return end, last // a WHILE's BEGIN ... END is no Body the split marks
	}
	e, l := fs.extent(f, i+1, depth+1)
	end, last = max(end, e), l
	if kw == "IF" && last+1 < len(fs.stmts) && fs.start[last+1] >= end && fs.stmts[last+1].Kind == parser.KindOther && fs.stmts[last+1].Keyword() == "ELSE" {
		e, l := fs.extent(f, last+1, depth+1)
		end, last = max(end, e), l
	}
	return end, last
}

// moduleHeader reports whether st starts the module its batch creates
// or alters (CREATE PROCEDURE p AS, ALTER TRIGGER ...): T-SQL's CREATE
// PROCEDURE statement holds the body to the end of the batch.
func moduleHeader(st *parser.Statement) bool {
	if st.Kind != parser.KindOther || !st.InModule {
		return false
	}
	k := st.Keyword()
	return k == "CREATE" || k == "ALTER"
}

// controlHeader reports whether st is the head of a statement that holds
// the next one: IF cond, ELSE, WHILE cond, BEGIN.
func controlHeader(st *parser.Statement) bool {
	if st.Kind != parser.KindOther {
		return false
	}
	switch st.Keyword() {
	case "IF", "ELSE", "WHILE", "BEGIN":
		return true
	}
	return false
}

// add appends a statement of file f spanning [start, end).
func (ix *stmtStarts) add(f *parser.File, start, end int, interest bool) {
	fs := ix.byFile[f]
	if fs == nil {
		fs = &fileStarts{}
		ix.byFile[f] = fs
	}
	m := start
	if n := len(fs.maxStart); n > 0 && fs.maxStart[n-1] > m {
		m = fs.maxStart[n-1]
	}
	fs.start = append(fs.start, start)
	fs.end = append(fs.end, end)
	fs.maxStart = append(fs.maxStart, m)
	fs.interest = append(fs.interest, interest)
}

// inside returns the end of the statement of interest of file f that
// holds off (it starts before off and ends after it), or -1.
func (ix *stmtStarts) inside(f *parser.File, off int) int {
	fs := ix.byFile[f]
	if fs == nil {
		return -1
	}
	i := sort.SearchInts(fs.maxStart, off) - 1
	if i < 0 || fs.start[i] >= off || fs.end[i] <= off || !fs.interest[i] {
		return -1
	}
	return fs.end[i]
}

// after returns the span offsets of the first statement of file f in
// statement order that starts at or after off, or -1, -1.
func (ix *stmtStarts) after(f *parser.File, off int) (start, end int) {
	fs := ix.byFile[f]
	if fs == nil {
		return -1, -1
	}
	// the first whose running maximum reaches off is the first to reach it
	i := sort.SearchInts(fs.maxStart, off)
	if i == len(fs.maxStart) {
		return -1, -1
	}
	return fs.start[i], fs.end[i]
}

// trailed returns the span offsets of the statement a trailing directive
// at off in file f trails: the last statement starting before off, when
// it holds off or ends on off's line; else -1, -1.
func (ix *stmtStarts) trailed(f *parser.File, off int) (start, end int) {
	fs := ix.byFile[f]
	if fs == nil {
		return -1, -1
	}
	// the last whose running maximum is below off starts before it
	i := sort.SearchInts(fs.maxStart, off) - 1
	if i < 0 || fs.start[i] >= off {
		return -1, -1
	}
	start, end = fs.start[i], fs.end[i]
	if end < off {
		if end < 0 || off > len(f.Text) {
			return -1, -1
		}
		if strings.ContainsAny(f.Slice(end, off), "\r\n") {
			return -1, -1 // it ended on an earlier line
		}
	}
	return start, end
}

// dirIndex holds the parsed directives by file and rule, in groups that
// share a scope: a finding looks only at the groups of its file and rule
// that cover it, and a group marks its directives used once.
type dirIndex struct {
	whole map[dirKey]*dirGroup     // ignore-file
	lines map[dirLineKey]*dirGroup // trailing: one line
	spans map[dirKey]*dirSpans     // before a statement: its span
	tmp   map[dirSpanKey]*dirGroup // building spans
	order map[dirKey][]*dirGroup   // building spans
	probe int                      // groups looked at (tests)
}

type dirKey struct {
	file *parser.File
	rule string
}

type dirLineKey struct {
	dirKey
	line int
}

type dirSpanKey struct {
	dirKey
	start, end int
}

// dirGroup is the directives of one file and rule with one scope.
type dirGroup struct {
	dirs       []*directive
	start, end int  // scope of a span group, end included
	used       bool // its directives are marked used for the rule
}

// dirSpans are a file and rule's span groups by start, and maxEnd[i] the
// largest end of the first i+1.
type dirSpans struct {
	groups []*dirGroup
	maxEnd []int
}

func newDirIndex(dirs []*directive) *dirIndex {
	ix := &dirIndex{whole: map[dirKey]*dirGroup{}, lines: map[dirLineKey]*dirGroup{}, spans: map[dirKey]*dirSpans{},
		tmp: map[dirSpanKey]*dirGroup{}, order: map[dirKey][]*dirGroup{}}
	for _, d := range dirs {
		for i, id := range d.rules {
			if contains(d.rules[:i], id) {
				continue // named twice: once in its group
			}
			k := dirKey{d.d.Span.Start.File, id}
			var g *dirGroup
			switch {
			case d.file:
				g = ix.whole[k]
				if g == nil {
					g = &dirGroup{}
					ix.whole[k] = g
				}
			case d.line > 0:
				lk := dirLineKey{k, d.line}
				g = ix.lines[lk]
				if g == nil {
					g = &dirGroup{}
					ix.lines[lk] = g
				}
				if d.start >= 0 {
					// also the statement it trails
					ix.addSpan(k, d)
				}
			case d.start < 0:
				continue // before no statement: silences nothing
			default:
				ix.addSpan(k, d)
				continue
			}
			g.dirs = append(g.dirs, d)
		}
	}
	for k, gs := range ix.order {
		sort.Slice(gs, func(i, j int) bool { return gs[i].start < gs[j].start })
		s := &dirSpans{groups: gs, maxEnd: make([]int, len(gs))}
		for i, g := range gs {
			s.maxEnd[i] = g.end
			if i > 0 && s.maxEnd[i-1] > g.end {
				s.maxEnd[i] = s.maxEnd[i-1]
			}
		}
		ix.spans[k] = s
	}
	ix.tmp, ix.order = nil, nil
	return ix
}

// addSpan adds directive d to the span group of its rule and scope.
func (ix *dirIndex) addSpan(k dirKey, d *directive) {
	sk := dirSpanKey{k, d.start, d.end}
	g := ix.tmp[sk]
	if g == nil {
		g = &dirGroup{start: d.start, end: d.end}
		ix.tmp[sk] = g
		ix.order[k] = append(ix.order[k], g)
	}
	g.dirs = append(g.dirs, d)
}

// suppressed reports whether a directive silences f, and marks each one
// that does used for f's rule.
func (ix *dirIndex) suppressed(f Finding) bool {
	k := dirKey{f.Span.Start.File, f.Rule.ID}
	hit := false
	if g := ix.whole[k]; g != nil {
		hit = ix.use(g, f.Rule.ID) || hit
	}
	if len(ix.lines) > 0 {
		if g := ix.lines[dirLineKey{k, f.Span.Start.Position().Line}]; g != nil {
			hit = ix.use(g, f.Rule.ID) || hit
		}
	}
	if s := ix.spans[k]; s != nil {
		off := f.Span.Start.Offset
		// the groups starting at or before off, nearest first, while one
		// of them may still reach it
		for i := sort.Search(len(s.groups), func(i int) bool { return s.groups[i].start > off }) - 1; i >= 0 && s.maxEnd[i] >= off; i-- {
			ix.probe++
			if s.groups[i].end >= off {
				hit = ix.use(s.groups[i], f.Rule.ID) || hit
			}
		}
	}
	return hit
}

func (ix *dirIndex) use(g *dirGroup, id string) bool {
	ix.probe++
	if !g.used {
		g.used = true
		for _, d := range g.dirs {
			for i, r := range d.rules {
				if r == id {
					d.used[i] = true
				}
			}
		}
	}
	return true
}
