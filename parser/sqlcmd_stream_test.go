package parser

import (
	"fmt"
	"strings"
	"testing"
)

// checkStreamed runs the preprocessor again through run with a batch
// callback and checks that it hands out the batches of want, in order,
// with the same text, positions and counts, and keeps none itself.
func checkStreamed(t *testing.T, want *Script, run func(fn func(*Batch)) *Script) {
	t.Helper()
	var got []*Batch
	s := run(func(b *Batch) { got = append(got, b) })
	if len(s.Batches) != 0 {
		t.Fatalf("streamed script keeps %d batches", len(s.Batches))
	}
	if len(got) != len(want.Batches) {
		t.Fatalf("streamed %d batches, want %d", len(got), len(want.Batches))
	}
	for i, b := range got {
		w := want.Batches[i]
		if b.Text != w.Text || b.Index != w.Index || b.Count != w.Count || len(b.Segs) != len(w.Segs) {
			t.Fatalf("batch %d: streamed %q (index %d, count %d), want %q (index %d, count %d)", i, b.Text, b.Index, b.Count, w.Text, w.Index, w.Count)
		}
		for k := range b.Segs {
			x, y := b.Segs[k], w.Segs[k]
			if x.Out != y.Out || x.In != y.In || x.Subst != y.Subst || x.File.Path != y.File.Path {
				t.Fatalf("batch %d segment %d: %+v, want %+v", i, k, x, y)
			}
		}
	}
	if len(s.Diags) != len(want.Diags) || len(s.Files) != len(want.Files) || s.Expanded != want.Expanded {
		t.Fatalf("streamed: %d diags, %d files, %d expanded; want %d, %d, %d", len(s.Diags), len(s.Files), s.Expanded, len(want.Diags), len(want.Files), want.Expanded)
	}
	for i := range s.Diags {
		if s.Diags[i].Message != want.Diags[i].Message || s.Diags[i].Span.Start.Offset != want.Diags[i].Span.Start.Offset {
			t.Fatalf("diag %d: %q, want %q", i, s.Diags[i].Message, want.Diags[i].Message)
		}
	}
}

func TestPreprocessFuncStreamsBatches(t *testing.T) {
	files := map[string]string{"inc.sql": "SELECT 2\nGO\nSELECT $(A)\n"}
	load := func(path string) (*File, error) {
		for name, text := range files {
			if strings.HasSuffix(path, name) {
				return NewFile(path, text), nil
			}
		}
		return nil, fmt.Errorf("no file")
	}
	var sb strings.Builder
	for i := range 50 {
		fmt.Fprintf(&sb, "SELECT %d\nGO\n", i)
	}
	for _, src := range []string{
		sb.String(),
		":setvar A 1\nSELECT $(A)\nGO 3\n:r inc.sql\nSELECT 3\n:r missing.sql\nGO\n$(B)\n:reset\nSELECT 4",
		"SELECT 1\nGO\nSELECT 2\n:exit(SELECT 3)\nSELECT 4\nGO\n",
		"SELECT 1\nGO\nSELECT 2\n:quit\nSELECT 4\n",
		"", "GO\nGO\n",
	} {
		opt := func() *PreprocessOptions { return &PreprocessOptions{Load: load, Vars: map[string]string{"A": "x"}} }
		want := Preprocess(NewFile("root.sql", src), opt())
		if src == sb.String() && len(want.Batches) != 50 {
			t.Fatalf("%d batches, want 50", len(want.Batches))
		}
		var calls int
		checkStreamed(t, want, func(fn func(*Batch)) *Script {
			return PreprocessFunc(NewFile("root.sql", src), opt(), func(b *Batch) {
				// each batch is handed out before the next is read
				if b.Index != calls {
					t.Fatalf("batch %d handed out as call %d", b.Index, calls)
				}
				calls++
				fn(b)
			})
		})
	}
}
