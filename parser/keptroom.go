package parser

import "sync"

// KeptRoom is the memory of the copies of statements a caller keeps of a
// script (rules.Compactor): chunks of KeptChunk statements, given back by
// Release once nothing reads the statements, for the next scripts'. At
// 100% statements of interest a script keeps most of its statements, 64
// bytes each: a fifth of the bytes a run allocated.
type KeptRoom struct {
	stmts [][]Statement // the chunks handed out, at most keptTrack
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
	r.stmts = append(r.stmts, c)
	return c
}

// Release gives the room's chunks back, cleared, for the statements of
// later scripts. Call it once no statement in them is read: a statement
// still read would be another's.
func (r *KeptRoom) Release() {
	if r == nil {
		return
	}
	for _, c := range r.stmts {
		clear(c[:cap(c)])
	}
	freeStmts.mu.Lock()
	for _, c := range r.stmts {
		if len(freeStmts.stmts) >= keptFree {
			break
		}
		freeStmts.stmts = append(freeStmts.stmts, c[:0])
	}
	freeStmts.mu.Unlock()
	clear(r.stmts)
	r.stmts = r.stmts[:0]
}
