package memlimit

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimit(t *testing.T) {
	const MB = 1 << 20
	for _, c := range []struct{ live, scan, want int64 }{
		{0, 0, 48 * MB},
		{10 * MB, 4 * MB, 48 * MB},   // a typical run stays at the floor
		{20 * MB, 0, 48 * MB},        // pointer-free text: no headroom of its own
		{24 * MB, 12 * MB, 72 * MB},  // 4 times what a collection scans (GOGC=100: 48 MB)
		{30 * MB, 20 * MB, 96 * MB},  // up to the ceiling
		{60 * MB, 10 * MB, 120 * MB}, // the live heap again past it
		{100 * MB, 90 * MB, 200 * MB},
		{1 << 30, 1 << 30, 1<<30 + 256*MB},
	} {
		if got := Limit(48*MB, 96*MB, c.live, c.scan); got != c.want {
			t.Errorf("Limit(48 MB, 96 MB, %d MB, %d MB) = %d MB, want %d MB", c.live/MB, c.scan/MB, got/MB, c.want/MB)
		}
	}
}

func TestStartRespectsTheUser(t *testing.T) {
	if Start(func(k string) string { return map[string]string{"GOGC": "100"}[k] }, 1<<20, 1<<20) {
		t.Error("started though GOGC is set")
	}
}

// limitAfterCollections is the limit once the policy has seen the heap
// keep holds (the finalizer runs after a collection, not during it).
func limitAfterCollections(keep any) int64 {
	for i := 0; i < 4; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond) // the finalizer runs
	}
	runtime.KeepAlive(keep)
	return debug.SetMemoryLimit(-1)
}

// A live heap of pointers gets ScanHeadroom times itself before the next
// collection; one as large of pointer-free bytes gets only as much again
// (a collection does not look into it).
func TestLimitFollowsTheScannableHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20, 1<<30) {
		t.Fatal("not started")
	}
	const n = 16 << 20 // bytes of each heap
	bytesLimit := limitAfterCollections(make([]byte, n))
	ptrs := make([]*int, n/8)
	one := new(int)
	for i := range ptrs {
		ptrs[i] = one
	}
	ptrsLimit := limitAfterCollections(ptrs)
	if ptrsLimit < (1+ScanHeadroom)*n {
		t.Errorf("limit %d MB with %d MB of pointers live", ptrsLimit>>20, n>>20)
	}
	if bytesLimit >= (1+ScanHeadroom)*n/2 {
		t.Errorf("limit %d MB with %d MB of bytes live", bytesLimit>>20, n>>20)
	}
}

// A live heap above the floor raises the limit after a collection rather
// than leaving the collector to run continuously.
func TestLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20, 8<<20) {
		t.Fatal("not started")
	}
	big := make([]byte, 64<<20)
	for i := 0; i < 4; i++ {
		runtime.GC()
	}
	runtime.Gosched()
	for i := 0; i < 100 && debug.SetMemoryLimit(-1) < 64<<20; i++ {
		runtime.GC()
		runtime.Gosched()
	}
	if l := debug.SetMemoryLimit(-1); l < 127<<20 {
		t.Errorf("limit %d MB with a 64 MB live heap", l>>20)
	}
	runtime.KeepAlive(big)
}

// Collect lowers the limit once a large live heap has gone, without
// waiting for the heap to reach the limit it set.
func TestCollectLowersTheLimit(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20, 8<<20) {
		t.Fatal("not started")
	}
	func() {
		big := make([]byte, 64<<20)
		for i := 0; i < 100 && debug.SetMemoryLimit(-1) < 127<<20; i++ {
			runtime.GC()
			time.Sleep(time.Millisecond) // the finalizer runs
		}
		if l := debug.SetMemoryLimit(-1); l < 127<<20 {
			t.Fatalf("limit %d MB with a 64 MB live heap", l>>20)
		}
		runtime.KeepAlive(big)
	}()
	Collect()
	for i := 0; i < 1000 && debug.SetMemoryLimit(-1) >= 64<<20; i++ {
		time.Sleep(time.Millisecond)
	}
	if l := debug.SetMemoryLimit(-1); l >= 64<<20 {
		t.Errorf("limit %d MB once the 64 MB are gone", l>>20)
	}
}

// Collect returns once its collection is done: what its caller
// allocates next starts from the live heap.
func TestCollectWaits(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20, 8<<20) {
		t.Fatal("not started")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	Collect()
	runtime.ReadMemStats(&after)
	if after.NumGC <= before.NumGC {
		t.Errorf("%d collections done when Collect returned, %d before", after.NumGC, before.NumGC)
	}
}

// Collect returns the memory it frees to the system, and Cycles counts
// its collection.
func TestCollectReleases(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20, 8<<20) {
		t.Fatal("not started")
	}
	func() {
		big := make([][]byte, 1<<10)
		for i := range big {
			big[i] = make([]byte, 32<<10) // 32 MB in spans of their own
		}
		runtime.KeepAlive(big)
	}()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	n := Cycles()
	Collect()
	runtime.ReadMemStats(&after)
	if after.HeapReleased < before.HeapReleased+16<<20 {
		t.Errorf("released %d MB before, %d MB after the 32 MB were let go", before.HeapReleased>>20, after.HeapReleased>>20)
	}
	if Cycles() <= n {
		t.Errorf("%d collections after Collect, %d before", Cycles(), n)
	}
}
