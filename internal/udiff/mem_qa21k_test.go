package udiff

import (
	"io"
	"runtime"
	"strings"
	"testing"
)

// TestWriteMemory: the diff of a large script with a fix on every other
// line is written a hunk at a time, its lines read in place, and
// resynchronized after each change without a map of the lines ahead.
// Each line was copied (twice the script's size again), the diff held
// whole, and a map of 512 lines made for each change: a --diff of 40 MB
// with 210,000 fixes peaked at 587 MB, 4 MB with 20,000 allocated 636 MB.
// What is allocated beyond the bounded start (Myers' trace) grows by a
// few times the text (the edit script, a small diff for each change),
// not 160 times.
func TestWriteMemory(t *testing.T) {
	pad := "-- " + strings.Repeat("p", 180) + "\n"
	alloc := func(rows int) (uint64, int) {
		old := []byte(strings.Repeat("CHECKPOINT 5;\n"+pad, rows))
		updated := []byte(strings.Repeat("CHECKPOINT;\n"+pad, rows))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := Write(io.Discard, "a.sql", old, updated); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		var got strings.Builder
		if err := Write(&got, "a.sql", old, updated); err != nil || got.String() != File("a.sql", old, updated) {
			t.Errorf("Write is not File (%v)", err)
		}
		return after.TotalAlloc - before.TotalAlloc, len(old)
	}
	small, n1 := alloc(20_000)
	large, n2 := alloc(100_000)
	t.Logf("%d bytes: %d; %d bytes: %d", n1, small, n2, large)
	if large-small > 8*uint64(n2-n1) {
		t.Errorf("%d more bytes of text allocated %d more", n2-n1, large-small)
	}
}
