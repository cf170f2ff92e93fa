// Package memlimit keeps a short-lived process's heap small without
// paying for many collections: the collector runs when the heap reaches
// max(floor, about 2 × the heap that survived the last collection), as
// with GOGC=100 above the floor and a fixed soft limit below it.
//
// A streaming run's live heap is a few MB, so below the floor the
// collector runs rarely (GOGC off under debug.SetMemoryLimit); a run that
// legitimately holds more (one huge script, a huge number of findings)
// raises the limit instead of collecting continuously.
package memlimit

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

var (
	floor   atomic.Int64
	started atomic.Bool
)

// Start turns the policy on. It does nothing when the user set GOGC or
// GOMEMLIMIT (getenv returns ""): their settings win.
func Start(getenv func(string) string, floorBytes int64) bool {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return false
	}
	floor.Store(floorBytes)
	started.Store(true)
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(floorBytes)
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

var sample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}

// adjust sets the limit from the heap the last collection kept.
func adjust() {
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return
	}
	live := int64(sample[0].Value.Uint64())
	debug.SetMemoryLimit(Limit(floor.Load(), live))
}

// Limit is the heap limit for a live heap: the floor, or the live heap
// plus as much again (half the floor at least, 256 MB at most) when that
// is more. Large pointer-free texts cost a collection little, so a huge
// script's heap need not double.
func Limit(floor, live int64) int64 {
	return max(floor, live+max(floor/2, min(live, 256<<20)))
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
