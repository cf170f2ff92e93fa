package rules

import (
	"fmt"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// An Engine takes a file's findings into the room of findings given back
// (Recycle): the findings are those a fresh engine reports, and the room
// given back holds nothing of the file it held before.
func TestEngineRecycleReusesRoom(t *testing.T) {
	// n databases named after the file: new to the model of every run
	parse := func(name string, n int) *parser.Result {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "CREATE DATABASE [%s%d] ON PRIMARY (NAME = N'd%d', FILENAME = N'D:\\d%d.mdf', SIZE = 32768MB);\nCHECKPOINT;\n", name, i, i, i)
		}
		return parser.ParseFile(parser.NewFile(name, b.String()), nil)
	}
	show := func(fs []Finding) string {
		var b strings.Builder
		for _, f := range fs {
			fmt.Fprintf(&b, "%s %s %d %s\n", f.Span.Start.File.Path, f.Rule.ID, f.Span.Start.Offset, f.Message)
		}
		return b.String()
	}
	want := show(NewEngine(Default, nil).File(parse("b.sql", 3)))
	if want == "" {
		t.Fatal("the script has no findings")
	}

	e := NewEngine(Default, nil)
	first := e.File(parse("a.sql", 5))
	if len(first) < 3 {
		t.Fatalf("%d findings in a.sql, want some", len(first))
	}
	room := unsafe.SliceData(first)
	e.Recycle(first)
	for i, f := range first[:cap(first)] {
		if f.Rule != nil || f.Span.Start.File != nil || f.Message != "" {
			t.Fatalf("room given back still holds finding %d: %+v", i, f)
		}
	}
	// as b.sql alone in a run
	second := e.File(parse("b.sql", 3))
	if got := show(second); got != want {
		t.Errorf("findings in recycled room:\n%s\nwant:\n%s", got, want)
	}
	if unsafe.SliceData(second) != room {
		t.Error("the second file's findings were not taken into the room given back")
	}
	// room too small for the next file's findings is not used
	e.Recycle(second)
	third := e.File(parse("c.sql", 40))
	if len(third) <= cap(second) {
		t.Fatalf("%d findings in c.sql, want more than %d", len(third), cap(second))
	}
	if unsafe.SliceData(third) == room {
		t.Error("findings taken into room too small for them")
	}
}

// Check releases the room of a script's nodes (parser.NodeRoom) once its
// rules have run, as it lets go of the nodes: the next script's nodes are
// made in it, and its findings are those of a script parsed anew.
func TestEngineCheckReleasesNodes(t *testing.T) {
	text := func(name string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "CREATE DATABASE [%s%d] ON PRIMARY (NAME = N'd%d', FILENAME = N'D:\\d%d.mdf', SIZE = 32768MB);\nCHECKPOINT;\nBACKUP DATABASE [%s%d] TO DISK = N'B:\\x.bak';\n", name, i, i, i, name, i)
		}
		return b.String()
	}
	var buf parser.StatementBuffer
	parse := func(name string) *parser.Result {
		r := parser.ParseScriptReuse(parser.Preprocess(parser.NewFile(name, text(name, 40)), nil), &buf)
		var c Compactor
		r.Statements = c.Flush(c.Add(r.Statements, r.Directives))
		r.Nodes = buf.TakeNodes()
		return r
	}
	show := func(fs []Finding) string {
		var b strings.Builder
		for _, f := range fs {
			fmt.Fprintf(&b, "%s %d %s\n", f.Rule.ID, f.Span.Start.Offset, f.Message)
		}
		return b.String()
	}
	e := NewEngine(Default, nil)
	a := parse("a.sql")
	if a.Nodes == nil {
		t.Fatal("no room of nodes taken")
	}
	first := map[parser.Node]bool{}
	for _, st := range a.Statements {
		if st.Node != nil {
			first[st.Node] = true
		}
	}
	e.Settle(a, e.Check(a))
	if a.Nodes != nil {
		t.Error("Check kept the room of the script's nodes")
	}
	b := parse("b.sql")
	reused := 0
	for _, st := range b.Statements {
		if st.Node != nil && first[st.Node] {
			reused++
		}
	}
	if reused == 0 {
		t.Error("no node of the next script is made in the room Check released")
	}
	got := show(e.Settle(b, e.Check(b)))
	want := show(NewEngine(Default, nil).File(parser.ParseFile(parser.NewFile("b.sql", text("b.sql", 40)), nil)))
	if got == "" || got != want {
		t.Errorf("findings in reused room:\n%s\nwant:\n%s", got, want)
	}
}

// The statements a Compactor keeps of a dense script are made in the
// room TakeRoom returns: once released, the next script's are made in
// its memory.
func TestCompactorTakeRoom(t *testing.T) {
	var b strings.Builder
	for i := range 3 * parser.KeptChunk {
		fmt.Fprintf(&b, "CHECKPOINT %d;\n", i+1)
	}
	text := b.String()
	keep := func() ([]*parser.Statement, *parser.KeptRoom) {
		r := parser.ParseFile(parser.NewFile("a.sql", text), nil)
		var c Compactor
		kept := c.Flush(c.Add(r.Statements, r.Directives))
		return kept, c.TakeRoom()
	}
	first, room := keep()
	if room == nil {
		t.Fatal("no room taken")
	}
	at := map[*parser.Statement]bool{}
	for _, st := range first {
		at[st] = true
	}
	room.Release()
	second, room2 := keep()
	reused := 0
	for _, st := range second {
		if at[st] {
			reused++
		}
		if st.Kind != parser.KindCheckpoint || st.Node == nil {
			t.Fatalf("a kept statement of kind %v", st.Kind)
		}
	}
	if reused < parser.KeptChunk {
		t.Errorf("%d of %d statements in the room released", reused, len(second))
	}
	room2.Release()
}

// An Engine keeps several rooms given back (Check runs files ahead of
// the caller that gives them back), at most maxSpares, the largest ones,
// for recycleMax findings in all, and hands out the largest first.
func TestEngineKeepsSpares(t *testing.T) {
	e := NewEngine(Default, nil)
	for i := range maxSpares + 2 {
		e.Recycle(make([]Finding, 3, 10+i))
	}
	var caps []int
	for {
		sp := e.takeSpare()
		if sp == nil {
			break
		}
		if len(sp) != 0 {
			t.Fatalf("a spare of length %d", len(sp))
		}
		caps = append(caps, cap(sp))
	}
	if len(caps) != maxSpares || caps[0] != 10+maxSpares+1 || caps[len(caps)-1] != 12 {
		t.Errorf("spares of %v", caps)
	}
	big := recycleMax/2 + 1
	e.Recycle(make([]Finding, 1, 10))
	e.Recycle(make([]Finding, 1, big))
	e.Recycle(make([]Finding, 1, big))
	// the smallest go first, then one of the big ones
	if a, b := e.takeSpare(), e.takeSpare(); cap(a) != big || b != nil {
		t.Errorf("rooms for more than recycleMax findings kept: %d, %d", cap(a), cap(b))
	}
}
