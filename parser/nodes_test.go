package parser

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// The fast path's nodes come from chunks kept from statement to
// statement and script to script: parsing more must never change a node
// handed out before, and no two statements share one.
func TestNodeArenaKeepsNodes(t *testing.T) {
	gen := func(seed uint64) *File {
		var sb strings.Builder
		if _, err := gencorpus.New(seed, 1, 0).WriteTo(&sb, 64<<10); err != nil {
			t.Fatal(err)
		}
		return NewFile("dense.sql", sb.String())
	}
	first := ParseFile(gen(1), nil)
	seen := map[Node]bool{}
	var before []string
	for _, st := range first.Statements {
		if st.Node == nil {
			continue
		}
		if seen[st.Node] {
			t.Fatalf("two statements share the node of %q", st.Text())
		}
		seen[st.Node] = true
		data, err := json.Marshal(st.Node)
		if err != nil {
			t.Fatal(err)
		}
		before = append(before, string(data))
	}
	if len(before) < 100 {
		t.Fatalf("only %d statements of interest", len(before))
	}
	for seed := uint64(2); seed < 5; seed++ {
		ParseFile(gen(seed), nil)
	}
	i := 0
	for _, st := range first.Statements {
		if st.Node == nil {
			continue
		}
		data, _ := json.Marshal(st.Node)
		if string(data) != before[i] {
			t.Fatalf("the node of %q changed:\nwas %s\nnow %s", st.Text(), before[i], data)
		}
		i++
	}
}

// optionList hands out lists whose capacity is their length: an append
// to one cannot write into the next.
func TestOptionListRoom(t *testing.T) {
	c := converter{nodes: &nodeArena{}}
	a := c.optionList(3)
	b := c.optionList(2)
	if len(a) != 3 || cap(a) != 3 || len(b) != 2 || cap(b) != 2 {
		t.Fatalf("lists of %d/%d and %d/%d", len(a), cap(a), len(b), cap(b))
	}
	a[0].Name = "A"
	_ = append(a, Option{Name: "X"})
	if b[0].Name != "" {
		t.Fatalf("an append to one list wrote %q into the next", b[0].Name)
	}
	if long := c.optionList(optionChunk); len(long) != optionChunk {
		t.Fatalf("a long list has %d options", len(long))
	}
	var plain converter
	if l := plain.optionList(2); len(l) != 2 || cap(l) != 2 {
		t.Fatalf("without an arena: %d/%d", len(l), cap(l))
	}
}

// A chunk holds nodesPerChunk nodes: that many statements cost one
// allocation, where each was one; without an arena each node is its own.
func TestNodeArenaAllocations(t *testing.T) {
	a := &nodeArena{}
	c := converter{nodes: a}
	n := testing.AllocsPerRun(20, func() {
		a.uses.cur = nil
		for range nodesPerChunk[Use]() {
			if u := c.newUse(); *u != (Use{}) {
				t.Fatal("a node not zero")
			}
		}
	})
	if n != 1 {
		t.Errorf("%d nodes: %v allocations, want 1", nodesPerChunk[Use](), n)
	}
	var plain converter
	if u, v := plain.newUse(), plain.newUse(); u == v {
		t.Error("without an arena, two nodes are one")
	}
}

// The nodes of a script parsed through a StatementBuffer are its own
// (TakeNodes): parsing more scripts never changes them, and once they are
// released the next scripts' nodes are made in their memory, zeroed
// first: a next script's nodes are the same as parsed without reuse.
func TestNodeRoomReuse(t *testing.T) {
	gen := func(seed uint64) *File {
		var sb strings.Builder
		if _, err := gencorpus.New(seed, 1, 0).WriteTo(&sb, 32<<10); err != nil {
			t.Fatal(err)
		}
		return NewFile("dense.sql", sb.String())
	}
	var buf StatementBuffer
	type parsed struct {
		res   *Result
		addrs map[uintptr]bool
		json  []string
		dyns  int
	}
	parse := func(seed uint64) parsed {
		res := ParseScriptReuse(Preprocess(gen(seed), nil), &buf)
		// the statements live until the next call on buf
		p := parsed{res: &Result{Statements: append([]*Statement(nil), res.Statements...)}, addrs: map[uintptr]bool{}}
		for i, st := range p.res.Statements {
			cp := *st
			p.res.Statements[i] = &cp
			if st.Dynamic != nil {
				p.addrs[uintptr(unsafe.Pointer(st.Dynamic))] = true
				p.dyns++
			}
			if st.Node == nil && st.Dynamic == nil {
				continue
			}
			if st.Node != nil {
				p.addrs[nodeAddr(st.Node)] = true
			}
			p.json = append(p.json, marshalFacts(t, st))
		}
		p.res.Nodes = buf.TakeNodes()
		if p.res.Nodes == nil || len(p.json) < 50 || p.dyns < 10 {
			t.Fatalf("seed %d: %d nodes, %d with dynamic SQL facts, room %v", seed, len(p.json), p.dyns, p.res.Nodes)
		}
		return p
	}
	same := func(p parsed, what string) {
		t.Helper()
		i := 0
		for _, st := range p.res.Statements {
			if st.Node == nil && st.Dynamic == nil {
				continue
			}
			if data := marshalFacts(t, st); data != p.json[i] {
				t.Fatalf("%s: the node of a statement changed:\nwas %s\nnow %s", what, p.json[i], data)
			}
			i++
		}
	}
	// The answer without reuse, for the script parsed last.
	fastArenaFresh := func(seed uint64) []string {
		var out []string
		var buf StatementBuffer // the same Dynamic facts (AddFileOnly unset)
		for _, st := range ParseScriptReuse(Preprocess(gen(seed), nil), &buf).Statements {
			if st.Node != nil || st.Dynamic != nil {
				out = append(out, marshalFacts(t, st))
			}
		}
		buf.DropNodes()
		return out
	}
	want := fastArenaFresh(3) // before any room is released
	a := parse(1)
	b := parse(2)
	same(a, "after a second script")
	for _, st := range a.res.Statements {
		st.Node, st.Dynamic = nil, nil
	}
	a.res.Nodes.Release()
	c := parse(3)
	same(b, "after a release and a third script")
	reused := 0
	for addr := range c.addrs {
		if a.addrs[addr] {
			reused++
		}
	}
	if reused == 0 {
		t.Error("no node of the third script is in the memory of the first")
	}
	if !slices.Equal(c.json, want) {
		t.Errorf("the third script's nodes differ from a parse without reuse")
	}
	b.res.Nodes.Release()
	c.res.Nodes.Release()
	buf.DropNodes()
}

// nodeAddr is the address of the value a node points to.
func nodeAddr(n Node) uintptr {
	return reflect.ValueOf(n).Pointer()
}

// marshalFacts is the JSON of a statement's node and Dynamic facts.
func marshalFacts(t *testing.T, st *Statement) string {
	t.Helper()
	data, err := json.Marshal(struct {
		Node    Node
		Dynamic *Dynamic
	}{st.Node, st.Dynamic})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// Past nodeTrackBytes an arena tracks no chunk, not even those it
// tracked before: a huge script's nodes die as they are replayed, and
// chunks held for reuse would keep them until its rules have run.
func TestNodeArenaTrackBound(t *testing.T) {
	a := &nodeArena{track: true}
	c := converter{nodes: a}
	c.newUse()
	if len(a.uses.kept) != 1 {
		t.Fatalf("%d chunks tracked", len(a.uses.kept))
	}
	for range nodeTrackBytes / int(unsafe.Sizeof(createBox{})) {
		c.newCreate()
	}
	if len(a.uses.kept) != 0 || len(a.creates.kept) != 0 || a.tracked <= nodeTrackBytes {
		t.Fatalf("past the bound: %d and %d chunks tracked, %d bytes", len(a.uses.kept), len(a.creates.kept), a.tracked)
	}
	if u := c.newUse(); *u != (Use{}) {
		t.Fatal("a node not zero")
	}
	if len(a.uses.kept) != 0 {
		t.Fatal("a chunk tracked past the bound")
	}
	dropNodes(a)
	if a.tracked != 0 {
		t.Fatalf("%d bytes tracked after DropNodes", a.tracked)
	}
}

// A script's first nodeTrackAfter nodes go on in the chunks the scripts
// before it left untracked: one with few statements of interest costs no
// chunk of its own, and TakeNodes has no room to give.
func TestNodeArenaTrackAfter(t *testing.T) {
	var buf StatementBuffer
	few := NewFile("few.sql", "USE [a];\nCHECKPOINT;\nSELECT 1;\nBACKUP DATABASE [a] TO DISK = N'x.bak';\n")
	first := ParseScriptReuse(Preprocess(few, nil), &buf).Statements[0].Node
	if buf.TakeNodes() != nil {
		t.Fatal("a room taken for four statements")
	}
	second := ParseScriptReuse(Preprocess(few, nil), &buf).Statements[0].Node
	if reflect.ValueOf(second).Pointer() != reflect.ValueOf(first).Pointer()+unsafe.Sizeof(Use{}) {
		t.Error("the next script's USE is not in the chunk the first left")
	}
	if buf.TakeNodes() != nil {
		t.Fatal("a room taken for four statements")
	}
	buf.DropNodes()
}

// Option lists are made in chunks that a released room gives back,
// cleared, to the next script's lists, as its nodes are.
func TestOptionListReuse(t *testing.T) {
	if n := nodesPerChunk[Option](); n != optionChunk {
		t.Fatalf("%d options a chunk, want %d (4 KB)", n, optionChunk)
	}
	freeNodes.mu.Lock()
	saved, savedBytes := freeNodes.a, freeNodes.bytes
	freeNodes.a, freeNodes.bytes = nodeArena{}, 0
	freeNodes.mu.Unlock()
	defer func() {
		freeNodes.mu.Lock()
		freeNodes.a, freeNodes.bytes = saved, savedBytes
		freeNodes.mu.Unlock()
	}()
	a := &nodeArena{track: true}
	c := converter{nodes: a}
	first := c.optionList(3)
	first[0] = Option{Name: "COMPRESSION", Value: "x"}
	// lists past a chunk's room go on in another
	for range nodesPerChunk[Option]() {
		l := c.optionList(2)
		l[1].Name = "CHECKSUM"
	}
	if len(a.options.kept) < 2 {
		t.Fatalf("%d chunks of options tracked", len(a.options.kept))
	}
	bases := map[*Option]bool{}
	for _, ch := range a.options.kept {
		bases[&ch[:1][0]] = true
	}
	r := &NodeRoom{}
	eachSlab(&r.a, a, moveKept)
	r.Release()
	if first[0] != (Option{}) {
		t.Fatalf("a released list is not cleared: %+v", first[0])
	}
	if n := len(freeNodes.a.options.kept); n != len(bases) {
		t.Fatalf("%d chunks of options given back, %d tracked", n, len(bases))
	}
	next := (&converter{nodes: &nodeArena{track: true}}).optionList(3)
	if !bases[&next[0]] {
		t.Error("the next list is not made in a chunk given back")
	}
	for i, o := range next {
		if o != (Option{}) {
			t.Fatalf("option %d of a reused chunk is not zero: %+v", i, o)
		}
	}
	if cap(next) != 3 {
		t.Fatalf("capacity %d", cap(next))
	}
}
