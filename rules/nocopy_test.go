package rules

import (
	"slices"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// everyCopyToNul walks the targets in place: each copy (the TO devices,
// then each MIRROR TO run of as many) must have a NUL device, a last run
// shorter than the others included.
func TestEveryCopyToNulInPlace(t *testing.T) {
	nul := parser.Target{Type: "DISK", Value: "NUL", Known: true}
	file := parser.Target{Type: "DISK", Value: `D:\a.bak`, Known: true}
	mirror := func(t parser.Target) parser.Target { t.Mirror = true; return t }
	cases := []struct {
		ts   []parser.Target
		want bool
	}{
		{nil, false},
		{[]parser.Target{nul}, true},
		{[]parser.Target{file}, false},
		{[]parser.Target{file, nul}, true},
		{[]parser.Target{nul, mirror(file)}, false},
		{[]parser.Target{nul, mirror(nul)}, true},
		{[]parser.Target{file, nul, mirror(file), mirror(nul), mirror(nul)}, true},
		{[]parser.Target{file, nul, mirror(file), mirror(nul), mirror(file)}, false},
		{[]parser.Target{file, mirror(nul), nul, mirror(file)}, true}, // mirrors in order, wherever listed
		{[]parser.Target{file, mirror(file), nul, mirror(file)}, false},
	}
	for i, c := range cases {
		if got := everyCopyToNul(c.ts); got != c.want {
			t.Errorf("case %d: everyCopyToNul = %v, want %v", i, got, c.want)
		}
	}
	ts := []parser.Target{nul, mirror(nul)}
	if n := testing.AllocsPerRun(10, func() { everyCopyToNul(ts) }); n != 0 {
		t.Errorf("everyCopyToNul allocates %v times", n)
	}
}

// traceOn returns the flags of the statement that are asked about, in
// its order; when all of them are, the statement's own list.
func TestTraceOnFlags(t *testing.T) {
	e := func(flags ...int) *Effect {
		return &Effect{Stmt: &parser.Statement{Node: &parser.TraceFlags{On: true, Flags: flags}}}
	}
	cases := []struct {
		flags, ask, want []int
	}{
		{[]int{3605, 3004}, []int{3004, 3605}, []int{3605, 3004}},
		{[]int{3004, 1806, 3605}, []int{3004, 3605}, []int{3004, 3605}},
		{[]int{1806}, []int{3004, 3605}, nil},
		{[]int{1806}, []int{1806}, []int{1806}},
	}
	for i, c := range cases {
		if got := traceOn(e(c.flags...), c.ask...); !slices.Equal(got, c.want) {
			t.Errorf("case %d: traceOn = %v, want %v", i, got, c.want)
		}
	}
	both := e(3004, 3605)
	if got := traceOn(both, 3004, 3605); &got[0] != &both.Stmt.Node.(*parser.TraceFlags).Flags[0] {
		t.Error("traceOn copied a list whose flags are all asked about")
	}
	off := &Effect{Stmt: &parser.Statement{Node: &parser.TraceFlags{Flags: []int{3004}}}}
	if got := traceOn(off, 3004); got != nil {
		t.Errorf("TRACEOFF: traceOn = %v", got)
	}
}

// oneEdit's fix is one allocation and holds its one edit.
func TestOneEdit(t *testing.T) {
	e := Edit{Start: 3, End: 9, New: "x"}
	f := oneEdit("do it", e)
	if f.Description != "do it" || len(f.Edits) != 1 || f.Edits[0] != e {
		t.Fatalf("oneEdit = %+v", f)
	}
	if n := testing.AllocsPerRun(10, func() { fixSink = oneEdit("do it", e) }); n != 1 {
		t.Errorf("oneEdit allocates %v times, want 1", n)
	}
}

var fixSink *Fix

// SL103's lists of what loops built are emptied, not dropped, from batch
// to batch: text a loop built in one batch is never what an EXEC of the
// next runs, and a later batch's loop is reported as the first was.
func TestSL103ListsPerBatch(t *testing.T) {
	const loop = "DECLARE @i int = 1, @sql nvarchar(max);\n" +
		"WHILE @i <= 3\nBEGIN\n" +
		"    SET @sql = N'ALTER DATABASE S ADD FILEGROUP G' + CAST(@i AS nvarchar(10));\n" +
		"    SET @i += 1;\nEND\n"
	src := loop + "GO\n" +
		"DECLARE @sql nvarchar(max);\nEXEC (@sql);\nGO\n" +
		loop + "EXEC (@sql);\nGO\n" +
		"DECLARE @sql nvarchar(max);\nEXEC (@sql);\nGO\n"
	var lines []int
	for _, f := range auditRun(t, src, nil) {
		if f.Rule.ID == "SL103" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if want := []int{14}; !slices.Equal(lines, want) {
		t.Errorf("SL103 on lines %v, want %v", lines, want)
	}
}
