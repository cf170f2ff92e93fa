package analysis

import (
	"math/bits"
	"sync"
	"unsafe"

	"github.com/sqllint/sqllint/report"
)

// The read buffers of a static run's files are reused: a file's text is
// its buffer (decode makes a string of it without a copy), and a buffer
// goes back to the pool only once its file is finished (run.static, after
// finish), when nothing of the run reads it any more: the parsed
// statements and the file die with the file, the model keeps copies of
// the names it keeps (rules.Model.own), and finish copies any string of a
// finding that points into the buffer (ownStringsIn). Without the reuse, a
// run allocates the size of its files again in read buffers, which is
// most of what the collector of a typical run has to do.

// poolClasses are the size classes of the pool: a buffer of class c holds
// 4 KB << c bytes, up to mapMin (larger files are mapped in a static
// run).
const (
	poolMinShift = 12
	poolClasses  = 13 // 4 KB … 16 MB
	// poolIdle is how many bytes of idle buffers the pool keeps at most:
	// the files in flight (a few per worker) reuse them; more would only
	// be memory.
	poolIdle = 16 << 20
)

// bufferPool holds idle read buffers by size class.
type bufferPool struct {
	mu   sync.Mutex
	free [poolClasses][][]byte
	idle int // bytes in free
}

var readBuffers bufferPool

// poisonBuffers makes a buffer given back be filled with garbage and never
// reused (tests): any string still pointing into it then reads garbage,
// and the output shows it.
var poisonBuffers = false

// poolClass is the class of a buffer of at least n bytes, or -1 when n is
// too large to pool.
func poolClass(n int64) int {
	if n <= 1<<poolMinShift {
		return 0
	}
	c := bits.Len64(uint64(n-1)) - poolMinShift
	if c >= poolClasses {
		return -1
	}
	return c
}

// get returns an empty buffer with room for n bytes: from the pool when
// it has one of n's class, else a new one of the class's size (or of n
// bytes when n is too large to pool).
func (p *bufferPool) get(n int64) []byte {
	c := poolClass(n)
	if c < 0 {
		return make([]byte, 0, n)
	}
	p.mu.Lock()
	if k := len(p.free[c]); k > 0 {
		b := p.free[c][k-1]
		p.free[c][k-1] = nil
		p.free[c] = p.free[c][:k-1]
		p.idle -= cap(b)
		p.mu.Unlock()
		return b[:0]
	}
	p.mu.Unlock()
	return make([]byte, 0, 1<<(poolMinShift+c))
}

// buffer is an empty buffer with room for n bytes: the pool's when lend
// is set (the caller gives it back), else its own.
func buffer(n int64, lend bool) []byte {
	if lend {
		return readBuffers.get(n)
	}
	return make([]byte, 0, n)
}

// put gives back a buffer nothing reads any more.
func (p *bufferPool) put(b []byte) {
	b = b[:cap(b)]
	if poisonBuffers {
		for i := range b {
			b[i] = '#'
		}
		return
	}
	c := poolClass(int64(len(b)))
	if c < 0 || len(b) != 1<<(poolMinShift+c) {
		return // not of a class: a file that grew while it was read
	}
	p.mu.Lock()
	if p.idle+len(b) <= poolIdle {
		p.free[c] = append(p.free[c], b)
		p.idle += len(b)
	}
	p.mu.Unlock()
}

// ownStringsIn copies the strings of a finding that point into buf, its
// file's read buffer (reused once the file is finished) or mapping (which
// ends with the run). Most point elsewhere (messages the rules formatted,
// the copied source line), and are kept as they are.
func ownStringsIn(rf *report.Finding, buf []byte) {
	if len(buf) == 0 {
		return
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	hi := lo + uintptr(len(buf))
	own := func(s *string) {
		if p := uintptr(unsafe.Pointer(unsafe.StringData(*s))); len(*s) > 0 && p >= lo && p < hi {
			*s = string([]byte(*s))
		}
	}
	own(&rf.RuleID)
	own(&rf.RuleName)
	own(&rf.Severity)
	own(&rf.Message)
	own(&rf.Path)
	own(&rf.SourceText)
	own(&rf.Fingerprint)
	own(&rf.Confirmed)
	if rf.Fix != nil {
		fix := rf.Fix
		own(&fix.Description)
		for i := range fix.Edits {
			own(&fix.Edits[i].NewText)
		}
	}
}
