// Package memlimit keeps a short-lived process's heap small without
// paying for many collections: GOGC is off and a soft memory limit
// (debug.SetMemoryLimit), set again after each collection, says when the
// next one runs.
//
// A collection's cost is marking what the heap holds of pointers (the
// scannable heap), and the write barriers that run while it marks; its
// count is what the run allocates over the headroom the limit leaves
// above the live heap. A headroom of ScanHeadroom times the scannable
// heap bounds the collector's work at about 1/ScanHeadroom of what is
// allocated, whatever the heap's shape: a heap of pointer-free text
// (file names, printed findings, a script's bytes) costs a collection
// little and gets little headroom for itself, a model of many small
// records gets more. That headroom lifts the limit up to a ceiling only;
// past it the headroom is the live heap (as with GOGC=100), and below
// the floor the collector does not run at all.
//
// A streaming run's live heap is a few MB, so below the floor the
// collector runs rarely; a run that legitimately holds more (one huge
// script, a huge number of findings) raises the limit instead of
// collecting continuously.
//
// A run whose heap reaches HugeAt has it mapped up to the ceiling at
// once, in huge pages where the kernel gives them: a fresh process
// otherwise pays a page fault for every 4 KB of heap it touches.
package memlimit

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync/atomic"
)

var (
	floor, ceiling atomic.Int64
	started        atomic.Bool
	hugeOK         atomic.Bool // Start found huge pages and no GODEBUG=disablethp=1
	huge           atomic.Bool // the first collection asked for huge pages
)

// Start turns the policy on: the limit is floorBytes until a collection
// finds more live, and the scannable heap's headroom lifts it up to
// ceilingBytes at most (Limit). It does nothing when the user set GOGC or
// GOMEMLIMIT (getenv returns ""): their settings win.
func Start(getenv func(string) string, floorBytes, ceilingBytes int64) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	floor.Store(floorBytes)
	ceiling.Store(ceilingBytes)
	hugeOK.Store(!strings.Contains(","+getenv("GODEBUG")+",", ",disablethp=1,") && hugeAvailable())
	started.Store(true)
	debug.SetGCPercent(-1)
	if hugeOK.Load() {
		debug.SetMemoryLimit(min(floorBytes, HugeAt))
	} else {
		debug.SetMemoryLimit(floorBytes)
	}
	arm()
	return true
}

type sentinel struct{ _ [16]byte }

// arm sets a finalizer that runs after the next collection.
func arm() {
	runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
		adjust()
		arm()
	})
}

// sample is what adjust reads: the heap the last collection kept, and
// what of it (and of the stacks and globals) a collection scans. Only
// adjust uses it, on the finalizer goroutine.
var sample = []metrics.Sample{
	{Name: "/gc/heap/live:bytes"},
	{Name: "/gc/scan/heap:bytes"},
	{Name: "/gc/scan/stack:bytes"},
	{Name: "/gc/scan/globals:bytes"},
}

// adjust sets the limit from the heap the last collection kept.
func adjust() {
	if hugeOK.Load() && !huge.Swap(true) {
		mapHuge(int(ceiling.Load())) // collects: what is read below is after it
	}
	metrics.Read(sample)
	var v [4]int64
	for i, s := range sample {
		if s.Value.Kind() != metrics.KindUint64 {
			return
		}
		v[i] = int64(s.Value.Uint64())
	}
	debug.SetMemoryLimit(Limit(floor.Load(), ceiling.Load(), v[0], v[1]+v[2]+v[3]))
}

// HugeAt is the memory at which a run's heap is mapped in huge pages:
// until the first collection, the limit is HugeAt rather than the floor,
// and that collection has the heap mapped up to the ceiling at once, in
// huge pages where the kernel gives them (mapHuge). A run that grows its
// heap page by page pays a page fault for every 4 KB it touches (21,000
// faults, about a tenth of the CPU, on 50 MB of scripts dense with
// statements of interest); in 2 MB pages it pays a few hundred. The
// mapping costs that collection, done early, and a few hundred faults of
// the runtime's own: a run that stays below HugeAt (a pre-commit run of
// a few scripts, a folder of 10 MB of typical migrations) never pays
// them. GODEBUG=disablethp=1, the Go runtime's own switch for huge
// pages, turns this off, and so does a system without them (another
// than Linux, or transparent huge pages set to never): the first
// collection then comes at the floor, as it would without this.
const HugeAt = 24 << 20

// ScanHeadroom is how many times the scannable heap Limit leaves for
// allocation before the next collection (up to the ceiling). On 500
// files dense with statements of interest (a model of many small
// records, 40-65% of the live heap scannable) the collector ran 8 times
// and took 15% of the run's instructions with the headroom of the live
// heap; with 4 times the scannable heap it runs 4 or 5 times and takes
// 6% (callgrind, against a run without collections), for about 10 MB
// more at the peak. Typical runs stay at the floor: their live heap is
// mostly file names and printed text, and a collection of a typical
// run of 100,000 files kept 19 MB live, 7 MB of it scannable.
const ScanHeadroom = 4

// Limit is the soft memory limit after a collection that kept live bytes,
// scan of them (with stacks and globals) scannable: the live heap plus
// ScanHeadroom times scan while that stays under the ceiling, else plus
// as much again as is live (half the floor at least, 256 MB at most);
// never under the floor. A huge script's pointer-free text costs a
// collection little, so its heap need not double.
func Limit(floor, ceiling, live, scan int64) int64 {
	h := max(floor/2, min(live, 256<<20))
	h = max(h, min(ScanHeadroom*scan, ceiling-live))
	return max(floor, live+h)
}

// Collect runs a collection when the policy is on, and returns once it
// is done: a caller that just let go of much of the heap (a huge script
// checked) lowers the limit now, where the next collection would come
// only once the heap reached the limit set while it held all that; one
// about to allocate much that stays live (a huge script's findings) does
// so from the live heap rather than from what garbage the limit allowed.
// Run in the background, the collection let the heap grow by what was
// allocated meanwhile. The memory the collection frees is returned to
// the system at once: the runtime otherwise keeps it while the heap is
// below the limit, and what the caller allocates next comes from spans
// of other sizes than the ones let go (one 477 MB script at 5% of
// interest held 30 MB so freed at its peak: 156 MB of RSS, 142 MB so).
func Collect() {
	if started.Load() {
		debug.FreeOSMemory()
	}
}

var cycles = []metrics.Sample{{Name: "/gc/cycles/total:gc-cycles"}}

// Cycles is the number of collections completed so far: a caller that
// would Collect need not when one completed since it last looked.
func Cycles() uint64 {
	s := []metrics.Sample{cycles[0]} // callers may run at once
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
