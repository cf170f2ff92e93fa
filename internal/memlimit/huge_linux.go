package memlimit

import (
	"bytes"
	"math"
	"os"
	"runtime/debug"
	"syscall"
)

// mapHuge has the runtime map n bytes of heap in one piece, as a slice
// it lets go at once, and advises the kernel to back that range with
// huge pages, then collects: the runtime hands the freed range out again
// for the heap's next spans (it allocates from the lowest free address),
// so what the run allocates from then on lands in huge pages. Advice
// given ahead to memory the runtime has only reserved is lost when it
// maps it, hence the slice. The slice is never written: its pages cost
// nothing until used. While it lives, the limit is lifted: at the limit,
// allocating it would start a collection and have this goroutine mark
// the heap on the collector's behalf (4 ms at 24 MB), and the collection
// after it would run as if the heap were over the limit. The collection
// returns the freed range to the system (it was never touched, so this
// costs little): kept, it counted against the limit and brought a
// collection the run did not need (100 MB of SELECT 1 / GO: a third one,
// at 10 MB of heap). The caller sets the limit again.
func mapHuge(n int) {
	debug.SetMemoryLimit(math.MaxInt64)
	if advised(n) {
		debug.FreeOSMemory() // frees the slice: its range goes back to the heap, advised, released
	}
}

// hugeAvailable reports whether the kernel backs advised memory with
// transparent huge pages (their mode is not "never").
func hugeAvailable() bool {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	return err == nil && !bytes.Contains(mode, []byte("[never]"))
}

// advised allocates n bytes and advises huge pages for them.
func advised(n int) bool {
	return syscall.Madvise(make([]byte, n), syscall.MADV_HUGEPAGE) == nil
}
