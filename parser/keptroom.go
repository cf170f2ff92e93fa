package parser

import (
	"sync"
	"unsafe"
)

// KeptRoom is the memory of the copies of statements a caller keeps of a
// script (rules.Compactor): chunks of KeptChunk statements, given back by
// Release once nothing reads the statements, for the next scripts'. At
// 100% statements of interest a script keeps most of its statements, 64
// bytes each: a fifth of the bytes a run allocated.
type KeptRoom struct {
	// the chunks handed out, at most keptTrack, each as long as what may
	// be used of it: the whole chunk until Used tells less of the last
	stmts [][]Statement
}

// KeptChunk is the size of the chunks of statements a KeptRoom reuses.
const KeptChunk = 512

// keptTrack bounds the chunks a KeptRoom tracks (the statements of a huge
// script live until it is done anyway); keptFree the chunks kept for
// reuse.
const (
	keptTrack = 64
	keptFree  = 32
)

var freeStmts struct {
	mu    sync.Mutex
	stmts [][]Statement
}

// Statements returns an empty slice of capacity n for statements: from
// room given back by a Release when n is KeptChunk, and tracked by r then
// (r may be nil: a new slice).
func (r *KeptRoom) Statements(n int) []Statement {
	if r == nil || n != KeptChunk || len(r.stmts) >= keptTrack {
		return make([]Statement, 0, n)
	}
	var c []Statement
	freeStmts.mu.Lock()
	if k := len(freeStmts.stmts); k > 0 {
		c, freeStmts.stmts[k-1] = freeStmts.stmts[k-1], nil
		freeStmts.stmts = freeStmts.stmts[:k-1]
	}
	freeStmts.mu.Unlock()
	if c == nil {
		c = make([]Statement, 0, n)
	}
	r.stmts = append(r.stmts, c[:cap(c)])
	return c
}

// Used tells r that no more of its last chunk is used than the
// statements of s, the slice Statements returned it as, appended to:
// Release then clears only those. The last chunk of a script is mostly
// partly used, and clearing memory that holds pointers while the
// collector marks costs a write barrier for each pointer cleared. A
// slice in another chunk (or none) changes nothing.
func (r *KeptRoom) Used(s []Statement) {
	if r == nil || len(r.stmts) == 0 || cap(s) == 0 {
		return
	}
	k := len(r.stmts) - 1
	if c := r.stmts[k]; unsafe.SliceData(c) == unsafe.SliceData(s) && cap(s) == cap(c) {
		r.stmts[k] = c[:len(s)]
	}
}

// Release gives the room's chunks back, cleared, for the statements of
// later scripts. Call it once no statement in them is read: a statement
// still read would be another's.
func (r *KeptRoom) Release() {
	if r == nil {
		return
	}
	// only the chunks the free list has room for are cleared: the rest
	// go to the collector as they are
	freeStmts.mu.Lock()
	room := keptFree - len(freeStmts.stmts)
	freeStmts.mu.Unlock()
	for _, c := range r.stmts[:max(0, min(room, len(r.stmts)))] {
		clear(c) // what may have been used (see Used)
	}
	freeStmts.mu.Lock()
	for _, c := range r.stmts[:max(0, min(room, len(r.stmts)))] {
		if len(freeStmts.stmts) >= keptFree {
			break // another Release filled it meanwhile
		}
		freeStmts.stmts = append(freeStmts.stmts, c[:0])
	}
	freeStmts.mu.Unlock()
	clear(r.stmts)
	r.stmts = r.stmts[:0]
}
