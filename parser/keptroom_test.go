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
