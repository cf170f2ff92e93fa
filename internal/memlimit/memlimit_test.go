package memlimit

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestLimit(t *testing.T) {
	for _, c := range []struct{ live, want int64 }{
		{0, 48 << 20}, {10 << 20, 48 << 20}, {100 << 20, 200 << 20}, {1 << 30, 1<<30 + 256<<20},
	} {
		if got := Limit(48<<20, c.live); got != c.want {
			t.Errorf("Limit(48 MB, %d) = %d, want %d", c.live, got, c.want)
		}
	}
}

func TestStartRespectsTheUser(t *testing.T) {
	if Start(func(k string) string { return map[string]string{"GOGC": "100"}[k] }, 1<<20) {
		t.Error("started though GOGC is set")
	}
}

// A live heap above the floor raises the limit after a collection rather
// than leaving the collector to run continuously.
func TestLimitFollowsTheLiveHeap(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	if !Start(func(string) string { return "" }, 8<<20) {
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
	if !Start(func(string) string { return "" }, 8<<20) {
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
	if !Start(func(string) string { return "" }, 8<<20) {
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
	if !Start(func(string) string { return "" }, 8<<20) {
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
