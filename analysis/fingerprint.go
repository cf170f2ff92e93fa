package analysis

import (
	"sort"

	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/parser"
)

// stmtIndex finds the statement a finding is on, for its fingerprint.
type stmtIndex struct {
	byFile map[*parser.File][]stmtSpan // sorted by start
}

type stmtSpan struct{ start, end int }

func newStmtIndex(res *parser.Result) *stmtIndex {
	x := &stmtIndex{byFile: map[*parser.File][]stmtSpan{}}
	for _, st := range res.Statements {
		sp := st.Span()
		if sp.Start.File == nil || sp.End.File != sp.Start.File {
			continue
		}
		x.byFile[sp.Start.File] = append(x.byFile[sp.Start.File], stmtSpan{sp.Start.Offset, sp.End.Offset})
	}
	for _, spans := range x.byFile {
		sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	}
	return x
}

// fingerprint is baseline.Fingerprint of the source text (as in the file:
// $(var) references not expanded) of the statement at pos, or "" when pos
// is on no statement.
func (x *stmtIndex) fingerprint(pos parser.Pos) string {
	spans := x.byFile[pos.File]
	i := sort.Search(len(spans), func(i int) bool { return spans[i].start > pos.Offset }) - 1
	if i < 0 || pos.Offset >= spans[i].end || spans[i].end > len(pos.File.Text) {
		return ""
	}
	return baseline.Fingerprint(pos.File.Slice(spans[i].start, spans[i].end))
}
