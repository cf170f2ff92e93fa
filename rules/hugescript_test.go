package rules

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// hugeScript has more than n statements, with findings.
func hugeScript(n int) string {
	var b strings.Builder
	b.WriteString(slimScript)
	b.WriteString("GO\n")
	for i := 0; i < n; i++ {
		b.WriteString("SELECT 1;\n")
		if i%100 == 99 {
			b.WriteString("GO\n")
		}
	}
	b.WriteString("USE Sales;\nCHECKPOINT;\nBACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\n")
	return b.String()
}

// The replay of a huge script collects at even intervals (halfway, at
// each third, at each quarter as it grows), and Check once before it
// (the garbage of the parse, for the largest) and twice after (that of
// the replay, then the effects and parsed statements).
func TestHugeScriptCollections(t *testing.T) {
	defer func(c func(), g func() uint64) { collect, gcCycles = c, g }(collect, gcCycles)
	n := 0
	collect, gcCycles = func() { n++ }, func() uint64 { return 0 }
	for _, c := range []struct{ stmts, want int }{
		{collectAfter / 2, 0}, {collectAfter, 1 + 2}, {9 * collectAfter / 2, 1 + 2 + 2}, {13 * collectAfter / 2, 1 + 3 + 2},
	} {
		r := parser.ParseFile(parser.NewFile("a.sql", hugeScript(c.stmts)), nil)
		n = 0
		NewEngine(Default, nil).Check(r)
		if n != c.want {
			t.Errorf("%d statements: %d collections, want %d", len(r.Statements), n, c.want)
		}
	}
}

// Once checked, a huge script's statements keep no text (their spans
// read their batches' segments), and its findings are Analyze's.
func TestHugeScriptLetsGoOfText(t *testing.T) {
	src := hugeScript(collectAfter)
	want := findingsOf(parser.ParseFile(parser.NewFile("a.sql", src), nil))
	r := parser.ParseFile(parser.NewFile("a.sql", src), nil)
	e := NewEngine(Default, nil)
	var got []string
	for _, f := range e.Settle(r, e.Check(r)) {
		p := f.Span.Start.Position()
		got = append(got, fmt.Sprintf("%s %d:%d %s", f.Rule.ID, p.Line, p.Column, f.Message))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("engine:\n%s\nanalyze:\n%s", got, want)
	}
	if !strings.Contains(fmt.Sprint(want), "SL303 ") {
		t.Errorf("no SL303 finding at the end of the script: %s", want)
	}
	for _, st := range r.Statements {
		if st.Batch != nil && st.Batch.Text != "" {
			t.Fatalf("batch %d keeps its text", st.Batch.Index)
		}
	}
}

// An Effect, one for each kept statement of a huge script, takes 56
// bytes: 239,000 of them live through a 477 MB script's replay and rules.
func TestEffectSize(t *testing.T) {
	if n := unsafe.Sizeof(Effect{}); n != 56 {
		t.Errorf("an Effect takes %d bytes, want 56", n)
	}
	if count32(math.MaxInt) != math.MaxInt32 || count32(7) != 7 {
		t.Error("count32 does not clamp")
	}
}
