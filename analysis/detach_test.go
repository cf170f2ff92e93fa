package analysis

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/internal/gencorpus"
	"github.com/sqllint/sqllint/parser"
)

// detachScripts are the fixtures and a generated script at every density
// of statements the rules read.
func detachScripts(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	paths, _ := filepath.Glob("../testdata/rules/*.sql")
	dir := t.TempDir()
	gen, err := gencorpus.Write(dir, gencorpus.Options{Files: 2, Bytes: 3e5, Density: 0.3, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(paths, gen...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	if len(out) < 10 {
		t.Fatalf("only %d scripts", len(out))
	}
	return out
}

// After detachMapped, nothing the kept statements hold points into the
// file's bytes, and every statement says what it said before: its text,
// span, keyword, tokens and parsed form.
func TestDetachMappedCopiesWhatStatementsRead(t *testing.T) {
	defer func(n, m int) { parseChunk, parseBatches = n, m }(parseChunk, parseBatches)
	parseChunk, parseBatches = 2000, 7 // kept statements of one batch across runs
	cfg := config.Default()
	cfg.Variables["DB"] = "Sales"
	pre := cfg.PreprocessOptions([]string{"../testdata/rules"}, nil)
	defer func(n int) { detachSplit = n }(detachSplit)
	scripts := detachScripts(t)
	kept, moved := 0, 0
	// on one goroutine, then on two whatever the number of batches
	for _, split := range []int{1 << 30, 2} {
		detachSplit = split
		detachEach(t, scripts, pre, &kept, &moved)
	}
	if kept == 0 || moved == 0 {
		t.Fatalf("%d statements kept, %d with a smaller batch copy: the test proves nothing", kept, moved)
	}
}

func detachEach(t *testing.T, scripts map[string]string, pre *parser.PreprocessOptions, kept, moved *int) {
	t.Helper()
	for path, text := range scripts {
		want := parseCompact(parser.NewFile(path, strings.Clone(text)), pre, nil, nil)
		data := []byte(text)
		f := parser.NewFile(path, unsafe.String(unsafe.SliceData(data), len(data)))
		got := parseCompact(f, pre, nil, nil)
		var releases atomic.Int64
		detachMapped(got, data, func() { releases.Add(1) })
		if releases.Load() == 0 {
			t.Errorf("%s: never released", path)
		}
		if len(got.Statements) != len(want.Statements) {
			t.Fatalf("%s: %d statements, want %d", path, len(got.Statements), len(want.Statements))
		}
		lo, hi := uintptr(unsafe.Pointer(unsafe.SliceData(data))), uintptr(unsafe.Pointer(unsafe.SliceData(data)))+uintptr(len(data))
		inside := func(s string) bool {
			p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
			return len(s) > 0 && p >= lo && p < hi
		}
		for i, st := range got.Statements {
			w := want.Statements[i]
			*kept++
			if inside(st.Batch.Text) {
				t.Errorf("%s: statement %d: batch text still in the file", path, i)
			} else if len(st.Batch.Text) != len(w.Batch.Text) {
				(*moved)++
			}
			if st.Text() != w.Text() || st.Keyword() != w.Keyword() {
				t.Errorf("%s: statement %d: text %q, want %q", path, i, st.Text(), w.Text())
			}
			if g, w := spanOf(st.Span()), spanOf(w.Span()); g != w {
				t.Errorf("%s: statement %d %q: span %v, want %v", path, i, st.Text(), g, w)
			}
			gt, wt := st.Tokens(), w.Tokens()
			if len(gt) != len(wt) {
				t.Errorf("%s: statement %d: %d tokens, want %d", path, i, len(gt), len(wt))
			} else {
				for k := range gt {
					if st.TokenText(gt[k]) != w.TokenText(wt[k]) || spanOf(st.Batch.Span(int(gt[k].Start), int(gt[k].End))) != spanOf(w.Batch.Span(int(wt[k].Start), int(wt[k].End))) {
						t.Errorf("%s: statement %d: token %d %q differs", path, i, k, st.TokenText(gt[k]))
					}
				}
			}
			gj, _ := json.Marshal([]any{st.Node, st.Dynamic})
			wj, _ := json.Marshal([]any{w.Node, w.Dynamic})
			if string(gj) != string(wj) {
				t.Errorf("%s: statement %d: parsed %s, want %s", path, i, gj, wj)
			}
			for _, v := range []any{st.Node, st.Dynamic} {
				if s, ok := stringInside(reflect.ValueOf(v), inside); ok {
					t.Errorf("%s: statement %d: %q still points into the file", path, i, s)
				}
			}
		}
		for _, d := range got.Directives {
			if inside(d.Text) {
				t.Errorf("%s: directive %q still points into the file", path, d.Text)
			}
		}
		for _, d := range got.Diags {
			if inside(d.Message) {
				t.Errorf("%s: message %q still points into the file", path, d.Message)
			}
		}
		// the copies are what they were
		runtimeKeepAlive(data)
	}
}

func runtimeKeepAlive(b []byte) { _ = b[len(b)-1] }

type span struct {
	file       string
	start, end int
}

func spanOf(s parser.Span) span {
	var p string
	if s.Start.File != nil {
		p = s.Start.File.Path
	}
	return span{p, s.Start.Offset, s.End.Offset}
}

// stringInside finds a string reachable from v for which inside is true
// (not through a *parser.File).
func stringInside(v reflect.Value, inside func(string) bool) (string, bool) {
	switch v.Kind() {
	case reflect.String:
		return v.String(), inside(v.String())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() || v.Type() == fileType {
			return "", false
		}
		return stringInside(v.Elem(), inside)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if s, ok := stringInside(v.Field(i), inside); ok {
				return s, true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if s, ok := stringInside(v.Index(i), inside); ok {
				return s, true
			}
		}
	}
	return "", false
}

// groupByBatch groups as a gathering by batch does: runs of one batch in
// order of their Index, and anything else (a batch seen again after
// another, batches out of order, statements without a batch).
func TestGroupByBatch(t *testing.T) {
	b := []*parser.Batch{{Index: 0}, {Index: 1}, {Index: 2}}
	st := func(k int) *parser.Statement {
		if k < 0 {
			return &parser.Statement{}
		}
		return &parser.Statement{Batch: b[k]}
	}
	for _, tc := range [][]int{
		{}, {0}, {0, 0, 1, 2, 2}, {0, 1, 0}, {1, 0}, {0, -1, 1}, {-1, -1}, {2, 2, 1, 1, 0},
	} {
		var stmts []*parser.Statement
		for _, k := range tc {
			stmts = append(stmts, st(k))
		}
		got, want := groupByBatch(stmts), gatherByBatch(stmts)
		if len(got) != len(want) {
			t.Fatalf("%v: %d groups, want %d", tc, len(got), len(want))
		}
		for i := range got {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("%v: group %d is %v, want %v", tc, i, got[i], want[i])
			}
		}
	}
}

// A batch copy's segments after detachMapped are written into the room
// of the copy rules.Compactor made when they fit (they do for most
// batches): no new room for each batch of a huge script.
func TestDetachMappedReusesSegmentRoom(t *testing.T) {
	cfg := config.Default()
	cfg.Variables["DB"] = "Sales"
	pre := cfg.PreprocessOptions([]string{"../testdata/rules"}, nil)
	reused := 0
	for path, text := range detachScripts(t) {
		data := []byte(text)
		f := parser.NewFile(path, unsafe.String(unsafe.SliceData(data), len(data)))
		got := parseCompact(f, pre, nil, nil)
		type room struct {
			first *parser.Segment
			n     int
		}
		before := map[*parser.Batch]room{}
		for _, st := range got.Statements {
			if b := st.Batch; b != nil && b.Dyn == nil && len(b.Segs) > 0 {
				before[b] = room{&b.Segs[0], len(b.Segs)}
			}
		}
		detachMapped(got, data, func() {})
		for b, r := range before {
			if len(b.Segs) <= r.n && len(b.Segs) > 0 {
				if &b.Segs[0] != r.first {
					t.Errorf("%s: batch %d: %d segments in new room, %d fitted in its own", path, b.Index, len(b.Segs), r.n)
				}
				reused++
			}
		}
		runtimeKeepAlive(data)
	}
	if reused == 0 {
		t.Fatal("no batch's segments fitted its room: the test proves nothing")
	}
}

// groupByBatch makes the list of groups of statements in order at once.
func TestGroupByBatchAllocatesOnce(t *testing.T) {
	var stmts []*parser.Statement
	for i := range 1000 {
		b := &parser.Batch{Index: i}
		stmts = append(stmts, &parser.Statement{Batch: b}, &parser.Statement{Batch: b})
	}
	var groups [][]*parser.Statement
	if n := testing.AllocsPerRun(5, func() { groups = groupByBatch(stmts) }); n != 1 {
		t.Errorf("%v allocations, want 1", n)
	}
	if len(groups) != 1000 {
		t.Errorf("%d groups, want 1000", len(groups))
	}
}
