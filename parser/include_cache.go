package parser

import (
	"errors"
	"sync"
	"sync/atomic"
)

// DefaultIncludeCacheSize bounds the decoded text an IncludeCache keeps.
const DefaultIncludeCacheSize int64 = 256 << 20

// IncludeCache is shared by the Preprocess calls of one run (through
// PreprocessOptions.Includes): each file included by :r is read and
// decoded once, and the bytes that includes and variables add to all root
// files together are bounded. It is safe for concurrent use.
type IncludeCache struct {
	maxTotal int64
	used     atomic.Int64

	mu      sync.Mutex
	entries map[string]*icEntry // by real path
	held    int64               // bytes of the files kept
	maxHeld int64

	folds FoldCache // the folders listed to match the letter case of :r names

	resolvedMu sync.Mutex
	resolved   map[string][2]string // :r names resolved (ppPreprocessor.resolve): clean and real path
}

// icResolvedMax bounds the :r names an IncludeCache keeps resolved; past
// it a name is resolved each time.
const icResolvedMax = 1 << 15

// resolve returns the clean and real paths kept under key, or computes
// them with res and keeps them.
func (c *IncludeCache) resolve(key string, res func() (string, string)) (string, string) {
	c.resolvedMu.Lock()
	r, ok := c.resolved[key]
	c.resolvedMu.Unlock()
	if ok {
		return r[0], r[1]
	}
	r[0], r[1] = res()
	c.resolvedMu.Lock()
	if len(c.resolved) < icResolvedMax {
		if c.resolved == nil {
			c.resolved = make(map[string][2]string)
		}
		c.resolved[key] = r
	}
	c.resolvedMu.Unlock()
	return r[0], r[1]
}

type icEntry struct {
	done chan struct{}
	f    *File
	err  error
}

// NewIncludeCache returns an empty cache whose run may expand at most
// maxTotal bytes (0 = DefaultMaxTotalExpanded). It keeps up to
// DefaultIncludeCacheSize bytes of files; a file that does not fit is read
// again when next included.
func NewIncludeCache(maxTotal int64) *IncludeCache {
	if maxTotal <= 0 {
		maxTotal = DefaultMaxTotalExpanded
	}
	return &IncludeCache{maxTotal: maxTotal, entries: map[string]*icEntry{}, maxHeld: DefaultIncludeCacheSize}
}

// Expanded returns the bytes expanded in the run so far.
func (c *IncludeCache) Expanded() int64 { return c.used.Load() }

// charge reserves n bytes of the run's budget; false when they do not fit.
func (c *IncludeCache) charge(n int64) bool {
	if c.used.Add(n) > c.maxTotal {
		c.used.Add(-n)
		return false
	}
	return true
}

// get returns the file at key, loading it with load once however many
// callers ask at the same time. Errors are kept too: a file that cannot be
// read is not tried again in the run.
func (c *IncludeCache) get(key string, load func() (*File, error)) (*File, error) {
	c.mu.Lock()
	if e, ok := c.entries[key]; ok {
		c.mu.Unlock()
		<-e.done
		return e.f, e.err
	}
	e := &icEntry{done: make(chan struct{})}
	c.entries[key] = e
	c.mu.Unlock()
	defer func() {
		if e.f == nil && e.err == nil {
			e.err = errors.New("internal error while reading the file")
		}
		var size int64
		if e.f != nil {
			size = int64(len(e.f.Text) + len(e.f.raw))
		}
		c.mu.Lock()
		if c.held+size > c.maxHeld {
			delete(c.entries, key) // too big to keep: read again next time
		} else {
			c.held += size
		}
		c.mu.Unlock()
		close(e.done)
	}()
	e.f, e.err = load()
	return e.f, e.err
}
