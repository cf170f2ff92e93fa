package parser

import (
	"math"
	"testing"
	"unsafe"
)

// TestBatchSize: a Batch is kept for each statement of interest of a
// huge script, and 64 bytes is a size class: one field more (AtGO, as a
// field of its own) took 2 MB of a 477 MB script's peak.
func TestBatchSize(t *testing.T) {
	if n := unsafe.Sizeof(Batch{}); n > 64 {
		t.Errorf("a Batch is %d bytes, want at most 64", n)
	}
}

// TestGoCountPastInt32: a count too large for Batch.Count is its largest,
// still a batch run more than once, and the batch still ends at a GO.
func TestGoCountPastInt32(t *testing.T) {
	sc := Preprocess(NewFile("t.sql", "SELECT 1\nGO 3000000000\nSELECT 2\n"), nil)
	if len(sc.Batches) != 2 || sc.Batches[0].Count != math.MaxInt32 || !sc.Batches[0].AtGO || sc.Batches[1].AtGO {
		t.Fatalf("batches %+v", sc.Batches)
	}
}
