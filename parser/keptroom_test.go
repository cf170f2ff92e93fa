package parser

import (
	"testing"
	"unsafe"
)

// A KeptRoom's chunks of KeptChunk statements, once released, are the
// next room's, cleared; other sizes, and a nil room, are new slices.
func TestKeptRoomReuse(t *testing.T) {
	var r KeptRoom
	c := r.Statements(KeptChunk)
	if len(c) != 0 || cap(c) != KeptChunk {
		t.Fatalf("a chunk of %d/%d", len(c), cap(c))
	}
	c = append(c, Statement{Start: 7, Kind: KindBackupDatabase})
	at := unsafe.SliceData(c)
	if small := r.Statements(8); cap(small) != 8 || len(r.stmts) != 1 {
		t.Fatalf("a chunk of 8: %d, %d tracked", cap(small), len(r.stmts))
	}
	r.Release()
	if len(r.stmts) != 0 {
		t.Fatalf("%d chunks tracked after Release", len(r.stmts))
	}
	var next KeptRoom
	found := false
	for range keptFree + 1 {
		d := next.Statements(KeptChunk)
		if unsafe.SliceData(d) == at {
			found = true
			if d[:1][0] != (Statement{}) {
				t.Fatalf("a reused chunk holds %+v", d[:1][0])
			}
		}
	}
	if !found {
		t.Error("the chunk released is not reused")
	}
	next.Release()
	var none *KeptRoom
	if s := none.Statements(KeptChunk); cap(s) != KeptChunk {
		t.Fatalf("a nil room's chunk of %d", cap(s))
	}
	none.Release()
}

// Release clears a last chunk only as far as Used says it was used:
// the rest, never written, is left as it is; a full chunk before it is
// cleared whole, and a slice of another chunk changes nothing.
func TestKeptRoomClearsWhatWasUsed(t *testing.T) {
	var r KeptRoom
	full := r.Statements(KeptChunk)
	full = full[:cap(full)]
	for i := range full {
		full[i].Start = i + 1
	}
	last := r.Statements(KeptChunk)
	last = append(last, Statement{Start: 1}, Statement{Start: 2})
	// a mark past what was used: Release must not reach it
	last[:cap(last)][KeptChunk-1].Start = -1
	r.Used(r.Statements(8)) // another chunk: ignored
	r.Used(last)
	if got := len(r.stmts[1]); got != 2 {
		t.Fatalf("last chunk tracked as %d statements used, want 2", got)
	}
	r.Release()
	for i, st := range full {
		if st != (Statement{}) {
			t.Fatalf("full chunk's statement %d not cleared: %+v", i, st)
		}
	}
	tail := last[:cap(last)]
	if tail[0] != (Statement{}) || tail[1] != (Statement{}) {
		t.Fatalf("used statements not cleared: %+v %+v", tail[0], tail[1])
	}
	if tail[KeptChunk-1].Start != -1 {
		t.Fatalf("the unused rest was cleared too")
	}
	tail[KeptChunk-1].Start = 0 // the chunk is reused: clear as it was
}

// Release clears only the chunks the free list takes: the others go to
// the collector as they are.
func TestKeptRoomClearsOnlyWhatIsReused(t *testing.T) {
	var drain KeptRoom
	for range keptFree {
		drain.Statements(KeptChunk) // the free list is empty after
	}
	var r KeptRoom
	var chunks [][]Statement
	for range keptFree + 1 {
		c := append(r.Statements(KeptChunk), Statement{Start: 9})
		chunks = append(chunks, c)
	}
	r.Used(chunks[len(chunks)-1])
	r.Release()
	for i, c := range chunks[:keptFree] {
		if c[0] != (Statement{}) {
			t.Fatalf("chunk %d, reused, not cleared: %+v", i, c[0])
		}
	}
	if got := chunks[keptFree][0].Start; got != 9 {
		t.Fatalf("the chunk left to the collector was cleared (start %d)", got)
	}
}
