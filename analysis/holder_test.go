package analysis

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestHolder: held results reach the sink only when settled as final,
// in order; withdrawn ones never do; later results pass straight
// through; a cancel while the held ones are given stops them, and
// nothing after them is given out of order.
func TestHolder(t *testing.T) {
	defer func(n int) { heldChunk = n }(heldChunk)
	heldChunk = 2 // several chunks
	res := func(p string, findings int) *FileResult {
		return &FileResult{Path: p, Findings: make([]report.Finding, findings)}
	}
	run := func(ctx context.Context, final bool, cancelAfter int) (string, error) {
		var got []string
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		h := &holder{ctx: ctx, sink: func(r *FileResult) {
			got = append(got, r.Path)
			if len(got) == cancelAfter {
				cancel()
			}
		}}
		for _, p := range []string{"a", "b", "c", "d", "e"} {
			h.add(res(p, len(p)%2))
		}
		if len(got) != 0 {
			t.Fatalf("given before settled: %v", got)
		}
		h.settle(final)
		h.add(res("f", 0))
		return strings.Join(got, ""), h.err
	}
	if got, err := run(context.Background(), true, 0); got != "abcdef" || err != nil {
		t.Errorf("final: %q, %v; want abcdef", got, err)
	}
	if got, err := run(context.Background(), false, 0); got != "f" || err != nil {
		t.Errorf("withdrawn: %q, %v; want f", got, err)
	}
	if got, err := run(context.Background(), true, 3); got != "abc" || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %q, %v; want abc and context.Canceled", got, err)
	}
}
