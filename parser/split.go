package parser

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Result is a parsed script: every statement of every batch, in order, with
// the problems found while reading it.
type Result struct {
	Script     *Script
	Statements []*Statement
	Diags      []Diag // SL002 from the preprocessor, then SL001 parse errors
	Directives []Directive
	// Nodes is the room of the statements' nodes when the caller took it
	// (StatementBuffer.TakeNodes), to Release once no node is read.
	Nodes *NodeRoom
	// Kept is the room of the copies of Statements when the caller made
	// them there (rules.Compactor.TakeRoom), to Release once none is read.
	Kept *KeptRoom
	// Branches are the IF ... ELSE statements of the script's text whose
	// two arms were both split, in no particular order: only one arm
	// runs (see Branch).
	Branches []Branch
}

// Branch is an IF statement with an ELSE, in the batch of Index Batch:
// its THEN arm holds the statements that start in [Then, Else), its
// ELSE arm those that start in [Else, End), offsets in the batch's text
// (a statement of constant dynamic SQL is at the offset of the EXEC that
// runs it, DynSource.At). A branch never spans batches; an arm may hold
// IF ... ELSE statements of its own.
type Branch struct {
	Batch           int
	Then, Else, End int32
	// Dyn is set on an IF ... ELSE of constant dynamic SQL: the text it
	// is in. Then, Else and End are then offsets in the file that holds
	// the text's string (Batch.Pos), where the statements of that text,
	// and of dynamic SQL it runs, start (DynPos).
	Dyn *DynSource
}

// DynPos is where st, a statement of constant dynamic SQL, starts in
// the file that holds its text (Branch.Dyn).
func DynPos(st *Statement) int32 { return dynFileOffset(st.Batch, st.Start) }

// dynFileOffset is offset off of b's text in the file that holds it:
// the end of its last character for the end of the text.
func dynFileOffset(b *Batch, off int) int32 {
	if off < len(b.Text) || off == 0 {
		return int32(b.Pos(off).Offset)
	}
	return int32(b.Pos(len(b.Text)-1).Offset + 1)
}

// ParseFile preprocesses f in sqlcmd mode and parses it.
func ParseFile(f *File, opt *PreprocessOptions) *Result {
	return ParseScript(Preprocess(f, opt))
}

// ParseScript scans and splits every batch of s. Batches are independent
// for the splitter, so a large script is cut into runs of batches parsed
// on several cores; the result is the same as in one run.
func ParseScript(s *Script) *Result {
	return ParseScriptReuse(s, nil)
}

// StatementBuffer is the memory of the statements of one ParseScriptReuse
// call, handed to the next call on the same buffer. A caller that parses a
// script a run of batches at a time and copies out the few statements it
// keeps (the analysis pipeline drops nearly all of them) then allocates
// statements once per worker, not once per statement. The zero value is
// ready to use; it is not safe for concurrent use.
type StatementBuffer struct {
	parts []stmtArena // one per run of batches parsed on its own core
	ptrs  []*Statement
	// AddFileOnly, when set, leaves Statement.Dynamic nil in a batch
	// none of whose string literals holds "add" (in any case) as a word
	// ADD FILE text may start with (stringHasAdd): there no
	// statement holds ADD FILE text, and what the others do with dynamic
	// SQL matters only in a batch with such text (SL103 follows it
	// through the variables of one batch). A caller that keeps only what
	// the rules read (rules.Compactor) sets it: most batches then cost no
	// Dynamic facts.
	AddFileOnly bool
	// Stops, when set with AddFileOnly, is the caller's test of an
	// ordinary statement after which the ordinary statements of a batch
	// no longer matter to it (rules.Compactor.Stops): a batch that is not
	// plain is then parsed only as far as the first complete statement
	// Stops reports true of among those after its last token that may
	// matter (tailFrom), and the rest of its statements are left out
	// (splitTail); so are the statements after its first that Stops
	// reports true of and before the place its split can start afresh
	// ahead of anything that matters (headCut). They would be ordinary
	// statements (KindOther) with no Node, Dynamic facts or Diag. It is
	// asked of complete statements only, and must be safe to call from
	// several goroutines.
	Stops func(*Statement) bool
	// res is the Result ParsePlainUntil splits into, reused, and plain
	// the Scanner it scans with (rather than one from the pool for each
	// batch)
	res   Result
	plain Scanner
}

// stmtArena hands out Statements from chunks that are reused after reset.
type stmtArena struct {
	chunks [][]Statement
	chunk  int // index of the chunk in use
	used   int // statements used in it
	ptrs   []*Statement
	nodes  nodeArena // the fast path's nodes (StatementBuffer.TakeNodes)
	// tail is splitTail's state, here rather than in the splitter (a
	// splitter that points into itself would be allocated each time)
	tail tailRoom
}

const (
	arenaChunk = 256
	arenaKeep  = 256 // chunks kept for the next call: 64k statements, 4 MB
)

func (a *stmtArena) alloc() *Statement {
	if a.chunk < len(a.chunks) && a.used == len(a.chunks[a.chunk]) {
		a.chunk++
		a.used = 0
	}
	if a.chunk == len(a.chunks) {
		a.chunks = append(a.chunks, make([]Statement, arenaChunk))
	}
	st := &a.chunks[a.chunk][a.used]
	a.used++
	return st
}

// reset makes every statement handed out free again; they are cleared
// so that they keep no batch, node or file alive.
func (a *stmtArena) reset() {
	for i := 0; i <= a.chunk && i < len(a.chunks); i++ {
		if i == a.chunk {
			clear(a.chunks[i][:a.used])
		} else {
			clear(a.chunks[i])
		}
	}
	a.chunk, a.used = 0, 0
	if len(a.chunks) > arenaKeep {
		clear(a.chunks[arenaKeep:])
		a.chunks = a.chunks[:arenaKeep]
	}
	clear(a.ptrs)
	a.ptrs = a.ptrs[:0]
	if cap(a.ptrs) > arenaKeep*arenaChunk {
		a.ptrs = nil
	}
}

// Reset frees the statements of the last call: they must no longer be
// used. It drops every reference they held.
func (b *StatementBuffer) Reset() {
	for i := range b.parts {
		b.parts[i].reset()
	}
	clear(b.ptrs)
	b.ptrs = b.ptrs[:0]
	if cap(b.ptrs) > arenaKeep*arenaChunk {
		b.ptrs = nil
	}
}

// ParseScriptReuse is ParseScript taking its statements (and the
// Result.Statements slice) from buf, when buf is not nil: the statements
// of the previous call on buf die. The result is otherwise the same.
func ParseScriptReuse(s *Script, buf *StatementBuffer) *Result {
	r := &Result{Script: s}
	r.Diags = append(r.Diags, s.Diags...)
	nchunks := 1 // few or small batches: nothing to share out (nor to allocate)
	var chunks [][]*Batch
	if !small(s.Batches) {
		chunks = chunkBatches(s.Batches, runtime.GOMAXPROCS(0))
		nchunks = len(chunks)
	}
	if buf != nil {
		buf.Reset()
		for len(buf.parts) < nchunks {
			buf.parts = append(buf.parts, stmtArena{})
		}
	}
	if nchunks <= 1 {
		a := buf.arena(0)
		if a != nil {
			r.Statements = a.ptrs[:0]
		}
		parseBatches(r, s.Batches, a, buf.addFileOnly(), buf.stops())
		if a != nil {
			a.ptrs = r.Statements
		}
		return r
	}
	parts := make([]Result, len(chunks))
	panics := make([]any, len(chunks))
	var wg sync.WaitGroup
	for i, c := range chunks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			a := buf.arena(i)
			if a != nil {
				parts[i].Statements = a.ptrs[:0]
			}
			parseBatches(&parts[i], c, a, buf.addFileOnly(), buf.stops())
			if a != nil {
				a.ptrs = parts[i].Statements
			}
		}()
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p) // in the caller's goroutine, where it can be recovered
		}
	}
	if buf != nil {
		r.Statements = buf.ptrs[:0]
	}
	for i := range parts {
		r.Statements = append(r.Statements, parts[i].Statements...)
		r.Diags = append(r.Diags, parts[i].Diags...)
		r.Directives = append(r.Directives, parts[i].Directives...)
		r.Branches = append(r.Branches, parts[i].Branches...)
	}
	if buf != nil {
		buf.ptrs = r.Statements
	}
	return r
}

// ParsePlainUntil parses the statements of b, a plain batch
// (PreprocessPlain), in order until one for which stop reports true is
// complete, and returns them, that one last: the statements
// ParseScriptReuse gives for b, up to that one, without scanning much of
// the rest of b. It returns all of b's statements when none stops. Like
// ParseScriptReuse it takes its statements from buf when buf is not nil.
//
// It is splitTail from b's start on a batch known clean: its tokens are
// scanned a few at a time as the splitter reaches them, and the split
// stops once a statement that stops is complete and none before it may
// still change (tailDone). Each token is scanned and split once (split
// again from the first in rounds of three times as many tokens before:
// on 1,000 files of the generated scripts at 2%, 2.6 M more
// instructions).
func ParsePlainUntil(b *Batch, buf *StatementBuffer, stop func(*Statement) bool) []*Statement {
	if buf == nil {
		sc := scannerPool.Get().(*Scanner)
		defer scannerPool.Put(sc)
		return parsePlainUntil(b, nil, sc, stop)
	}
	sts := parsePlainUntil(b, buf, &buf.plain, stop)
	if cap(buf.plain.Tokens) > plainKeep {
		buf.plain.Tokens = nil // (a long batch without a statement that stops)
	}
	return sts
}

// parsePlainUntil is ParsePlainUntil scanning with sc.
func parsePlainUntil(b *Batch, buf *StatementBuffer, sc *Scanner, stop func(*Statement) bool) []*Statement {
	var a *stmtArena
	if buf != nil {
		if len(buf.parts) == 0 {
			buf.parts = append(buf.parts, stmtArena{})
		}
		a = &buf.parts[0]
		buf.Reset()
	}
	// room for the tokens of a batch of typical size at once, not for
	// those of a huge one (which may stop after a few: they grow then)
	if need := min(len(b.Text)/4+16, plainRoom); cap(sc.Tokens) < need {
		sc.Tokens = make([]Token, 0, need)
	}
	toks := sc.scan(b.Text, plainFirst)
	r := buf.result()
	if a != nil {
		r.Statements = a.ptrs[:0]
	}
	sp := splitter{arena: a}
	sp.reset(r, b, toks)
	// a plain batch holds no string with "add" (PreprocessPlain)
	sp.noDynamic = buf.addFileOnly()
	sp.noBranches = true
	var room *tailRoom
	if a != nil {
		room = &a.tail
	} else {
		room = new(tailRoom)
	}
	// (a plain batch holds no directive and leaves nothing unterminated)
	room.cut = tailCut{stop: stop, clean: true}
	room.stream = tokStream{sc: sc, step: plainStep}
	sp.tail, sp.stream = &room.cut, &room.stream
	if len(toks) < plainFirst {
		sp.atEOF()
	}
	sp.run()
	cut, caught := room.cut.cut, room.cut.caught
	*room = tailRoom{}
	if a != nil {
		a.ptrs = r.Statements
	}
	if cut {
		return r.Statements
	}
	// split whole (tailDone found no place to stop): up to the first
	// that stops, whichever it is, after the last CATCH block (as
	// tailDone)
	for k, st := range r.Statements {
		if st.Start >= caught && stop(st) {
			return r.Statements[:k+1]
		}
	}
	return r.Statements
}

// plainFirst is how many tokens ParsePlainUntil scans first (the
// statement that stops is most often the batch's first, and short),
// plainStep how many at a time after that, plainRoom the most tokens it
// makes room for at once. On 1,000 files of the generated scripts at 2%,
// 16 and 8 cost 1.2 M fewer instructions in the parser than 32 and 16,
// 0.2 M fewer than 8 and 8 or 16 and 16.
const (
	plainFirst = 16
	plainStep  = 8
	plainRoom  = 4096
	// plainKeep is the most tokens StatementBuffer keeps room for
	// between calls
	plainKeep = 64 << 10
)

// parallelMin is the script size below which one core parses it all:
// starting goroutines costs more than it saves on small files.
const parallelMin = 256 << 10

// small reports whether batches are too few or too small to be parsed on
// several cores (chunkBatches).
func small(batches []*Batch) bool {
	if len(batches) < 2 {
		return true
	}
	total := 0
	for _, b := range batches {
		if total += len(b.Text); total >= parallelMin {
			return false
		}
	}
	return true
}

// chunkBatches cuts batches into at most n runs of about the same size.
func chunkBatches(batches []*Batch, n int) [][]*Batch {
	total := 0
	for _, b := range batches {
		total += len(b.Text)
	}
	if n < 2 || total < parallelMin || len(batches) < 2 {
		return [][]*Batch{batches}
	}
	n = min(n, 8, len(batches))
	var chunks [][]*Batch
	start, size := 0, 0
	for i, b := range batches {
		size += len(b.Text)
		if size >= total*(len(chunks)+1)/n && len(chunks) < n-1 {
			chunks = append(chunks, batches[start:i+1])
			start = i + 1
		}
	}
	if start < len(batches) {
		chunks = append(chunks, batches[start:])
	}
	return chunks
}

// arena is the i-th arena of b, or nil when b is nil.
func (b *StatementBuffer) arena(i int) *stmtArena {
	if b == nil {
		return nil
	}
	return &b.parts[i]
}

// result is a cleared Result to split into that lives until the next
// call on b: b's own when b is not nil.
func (b *StatementBuffer) result() *Result {
	if b == nil {
		return &Result{}
	}
	b.res = Result{}
	return &b.res
}

// addFileOnly reports whether b is set and b.AddFileOnly.
func (b *StatementBuffer) addFileOnly() bool { return b != nil && b.AddFileOnly }

// stops is b.Stops when b is set and AddFileOnly, else nil.
func (b *StatementBuffer) stops() func(*Statement) bool {
	if !b.addFileOnly() {
		return nil
	}
	return b.Stops
}

// parseBatches scans and splits batches into r. With addFileOnly, a
// batch without "add" in a string literal (stringHasAdd) gets no Dynamic facts
// (StatementBuffer.AddFileOnly). With stops (StatementBuffer.Stops), a
// batch whose tail after its last token that may matter is long enough
// is split only as far as stops needs (splitTail).
func parseBatches(r *Result, batches []*Batch, arena *stmtArena, addFileOnly bool, stops func(*Statement) bool) {
	sc := scannerPool.Get().(*Scanner)
	defer scannerPool.Put(sc)
	// one fast-path arena for the run rather than one from the pool for
	// each statement of interest: on 20 files at 100% of interest the
	// pool's Get and Put per statement were 0.6% of the instructions of
	// the whole run (2.4 M of 391 M)
	fast := fastArenas.Get().(*fastArena)
	defer fastArenas.Put(fast)
	sp := splitter{arena: arena, fast: fast}
	sp.ifs = fast.ifs // (not in the literal: built aside, then copied)
	for _, b := range batches {
		if stops != nil && len(b.Text) >= tailMin && len(b.Segs) == 1 {
			if at := tailFrom(b.Text); len(b.Text)-at >= tailMin {
				sp.splitTail(r, b, sc, at, stops)
				continue
			}
		}
		if need := len(b.Text)/4 + 16; cap(sc.Tokens) < need {
			sc.Tokens = make([]Token, 0, need)
		}
		sp.split(r, b, sc, sc.Scan(b.Text), addFileOnly, false)
	}
	fast.ifs = sp.ifs[:0] // (cleared as each IF ended)
}

// split splits b, whose tokens are toks, scanned by sc (its directives
// and unterminated token are b's), into r. noAdd tells that no string
// of b holds "add" (a plain batch), which is otherwise looked for
// (stringHasAdd) when
// addFileOnly is set.
func (sp *splitter) split(r *Result, b *Batch, sc *Scanner, toks []Token, addFileOnly, noAdd bool) {
	for _, d := range sc.Directives {
		r.Directives = append(r.Directives, Directive{Span: b.Span(d.Start, d.End), Text: d.Body, Trailing: d.Trailing})
	}
	open := sc.Open
	cutTok := false
	if open.What != "" && len(toks) > 0 && int(toks[len(toks)-1].Start) == open.Start {
		// The unterminated string or identifier runs to the end:
		// nothing from it on is checked, nor the statement it is in.
		toks = toks[:len(toks)-1]
		cutTok = true
	}
	sp.reset(r, b, toks)
	sp.cut, sp.cutTok = open.What != "", cutTok
	// sc.addStr is stringHasAdd(b.Text, toks): toks are the tokens sc
	// scanned, but for an unterminated string, which it does not count
	sp.noDynamic = addFileOnly && (noAdd || !sc.addStr)
	sp.run()
	if open.What != "" {
		r.Diags = append(r.Diags, unterminatedDiag(b, open))
	}
}

// scannerPool keeps token buffers between files.
var scannerPool = sync.Pool{New: func() any { return new(Scanner) }}

// keyword codes of the words the splitter cares about
type kw uint8

const (
	kwNone kw = iota
	// kwWith is WITH: to the splitter a word like any other (run,
	// window), next to kwNone so that one comparison tells both
	kwWith
	kwStmt // starts an ordinary statement
	kwSet  // SET: a statement, or ALTER DATABASE's action
	kwCreate
	kwAlter
	kwDrop
	kwBackup
	kwRestore
	kwCheckpoint
	kwDBCC
	kwUse
	kwBegin
	kwEnd
	kwCase
	kwWhile
	kwElse
	kwIf
	kwGrant // GRANT, DENY, REVOKE: a permission list follows
	kwTo    // TO, FROM, ON: end a permission list
	kwRollback

	// marks of the punctuation the splitter looks at (Token.kw of a
	// TokPunct): "(", ")" and ";"
	kwOpen
	kwClose
	kwSemi
)

// punctMark is the Token.kw of a punctuation token by its byte.
var punctMark = func() (t [256]kw) {
	t['('], t[')'], t[';'] = kwOpen, kwClose, kwSemi
	return t
}()

var keywords = map[string]kw{
	"SELECT": kwStmt, "INSERT": kwStmt, "UPDATE": kwStmt, "DELETE": kwStmt, "MERGE": kwStmt,
	"PRINT": kwStmt, "DECLARE": kwStmt, "EXEC": kwStmt, "EXECUTE": kwStmt, "RETURN": kwStmt,
	"GOTO": kwStmt, "BREAK": kwStmt, "CONTINUE": kwStmt, "WAITFOR": kwStmt, "RAISERROR": kwStmt,
	"THROW": kwStmt, "TRUNCATE": kwStmt, "COMMIT": kwStmt, "SAVE": kwStmt, "OPEN": kwStmt,
	"CLOSE": kwStmt, "FETCH": kwStmt, "DEALLOCATE": kwStmt, "RECONFIGURE": kwStmt, "KILL": kwStmt,
	"SHUTDOWN": kwStmt, "BULK": kwStmt, "ENABLE": kwStmt, "DISABLE": kwStmt, "REVERT": kwStmt,
	"SETUSER": kwStmt, "READTEXT": kwStmt, "WRITETEXT": kwStmt, "UPDATETEXT": kwStmt,
	"SET": kwSet, "CREATE": kwCreate, "ALTER": kwAlter, "DROP": kwDrop, "BACKUP": kwBackup,
	"RESTORE": kwRestore, "CHECKPOINT": kwCheckpoint, "DBCC": kwDBCC, "USE": kwUse,
	"BEGIN": kwBegin, "END": kwEnd, "CASE": kwCase, "WHILE": kwWhile, "ELSE": kwElse, "IF": kwIf,
	"GRANT": kwGrant, "DENY": kwGrant, "REVOKE": kwGrant, "TO": kwTo, "FROM": kwTo, "ON": kwTo,
	"ROLLBACK": kwRollback, "WITH": kwWith,
	// SQL Server 2000's BACKUP, removed in 2008: DUMP DATABASE is a
	// statement of interest that fails (removedDump). (Not LOAD: no other
	// keyword of four letters starts with L, so the scanner's first test,
	// kwFirst, would send LEFT and LIKE to the table too.)
	"DUMP": kwBackup,
}

// The keyword table is collision-free, built once: a word is looked up
// for every word of every script (by the scanner, Token.kw), so it is
// read as one or two 8-byte numbers, folded to upper case, hashed with one
// multiplication and compared whole, rather than a byte at a time or
// through a map. Its slots are small (the codes and words apart), so that
// what a word that is no keyword reads stays in the cache beside the
// scanner's and splitter's own data.
var (
	kwLo    [kwTableSize]uint64 // the first 8 bytes (fewer for a short one), 0 for an empty slot
	kwHi    [kwTableSize]uint64 // the last 8 bytes of a keyword of more than 8
	kwLens  [kwTableSize]uint8
	kwCodes [kwTableSize]kw
	kwWords [kwTableSize]string
	kwMul   uint64
)

const (
	kwTableBits = 8
	kwTableSize = 1 << kwTableBits
	// kwFold clears the bit that makes an ASCII letter lower case. Every
	// keyword is made of letters A-Z only, and a byte folds to a letter
	// only when it is that letter in either case, so a word folded equals
	// a keyword exactly when it is the keyword in any case.
	kwFold = 0xDFDFDFDFDFDFDFDF
)

// kwMask keeps the bytes of a word of n bytes (n <= 8) in its first 8,
// folded (kwFold).
var kwMask = func() (m [9]uint64) {
	for n := 1; n <= 8; n++ {
		m[n] = kwFold >> (64 - 8*n)
	}
	return m
}()

// kwSlot is the slot of a keyword whose first 8 bytes, folded, are lo:
// a multiplicative hash.
func kwSlot(mul, lo uint64) uint { return uint(lo * mul >> (64 - kwTableBits)) }

// load8 reads the 8 bytes of s at i as a little-endian number (one load
// where the machine allows it).
func load8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// loadShort reads the n < 8 bytes of s at i as a little-endian number,
// a byte at a time (near the end of s).
func loadShort(s string, i, n int) (v uint64) {
	for k := n - 1; k >= 0; k-- {
		v = v<<8 | uint64(s[i+k])
	}
	return v
}

func init() {
	// the first odd multiplier from here that puts every keyword in a
	// slot of its own: the start is one that does (found from
	// 0x9E3779B97F4A7C15 after 6.8 million tries), so the search ends at
	// once unless the keywords change
	for mul := uint64(kwMulStart); ; mul += 2 {
		ok := true
		var seen [kwTableSize]bool
		for w := range keywords {
			h := kwSlot(mul, loadShort(w, 0, min(len(w), 8)))
			if seen[h] {
				ok = false
				break
			}
			seen[h] = true
		}
		if ok {
			kwMul = mul
			break
		}
	}
	for w, code := range keywords {
		lo := loadShort(w, 0, min(len(w), 8))
		h := kwSlot(kwMul, lo)
		kwLo[h], kwLens[h], kwCodes[h], kwWords[h] = lo, uint8(len(w)), code, w
		if len(w) > 8 {
			kwHi[h] = load8(w, len(w)-8)
		}
		kwFirst[len(w)] |= 1 << (w[0] & 0x1f)
	}
}

// kwMulStart is where init's search for a multiplier starts.
const kwMulStart = 0x9E3779B98018B4F7

// kwFirst has, for each length of keyword, a bit for each first letter
// of a keyword of that length (bit c&0x1f, either case): most words,
// names of tables and columns, are told apart from the keywords by it
// alone. A byte that is not a letter may share a bit with one: the table
// then decides.
var kwFirst [16]uint32

// upper is c in upper case when it is an ASCII letter, and c otherwise:
// a table, without the branch of a comparison.
func upper(c byte) byte { return upperTab[c] }

var upperTab = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
		if c >= 'a' && c <= 'z' {
			t[c] = byte(c) - ('a' - 'A')
		}
	}
	return t
}()

// lookupKeyword classifies a word without allocating.
func lookupKeyword(w string) kw { return keywordAt(w, 0, len(w)) }

// keywordAt classifies the word text[a:b], reading up to 8 bytes past
// its start (within text).
func keywordAt(text string, a, b int) kw {
	n := b - a
	if n < 2 || n > 11 || kwFirst[n]>>(text[a]&0x1f)&1 == 0 {
		return kwNone
	}
	var lo uint64
	if a+8 <= len(text) {
		lo = load8(text, a) & kwMask[min(n, 8)]
	} else {
		lo = loadShort(text, a, n) & kwMask[n] // n < 8 here
	}
	h := kwSlot(kwMul, lo)
	if kwLo[h] != lo || int(kwLens[h]) != n || n > 8 && load8(text, b-8)&kwFold != kwHi[h] {
		return kwNone
	}
	return kwCodes[h]
}

// keywordName returns the canonical upper-case spelling of a keyword,
// without allocating for the keywords the splitter knows.
func keywordName(w string) string {
	if k := lookupKeyword(w); k != kwNone {
		return kwWords[kwSlot(kwMul, loadShort(w, 0, min(len(w), 8))&kwMask[min(len(w), 8)])]
	}
	return strings.ToUpper(w)
}

// frame is an open BEGIN..END block or CASE..END expression.
type frame struct {
	isCase bool
	loop   bool // the body of a WHILE
	// n counts the statements started directly in the block, up to 2;
	// first is the first of them
	n     uint8
	first *Statement
	// catch is the BEGIN CATCH statement that opened the block, nil for
	// any other block: its CatchEnd is set when the block ends
	catch *Statement
}

type splitter struct {
	r    *Result
	b    *Batch
	text string
	toks []Token

	stack     []frame
	loopDepth int
	// whilePending is set after WHILE until its body's first statement.
	whilePending bool
	// singleLoop is set while the current statement is a WHILE body
	// without BEGIN..END.
	singleLoop bool
	perm       bool // inside a GRANT/DENY/REVOKE permission list
	module     bool // the batch creates a procedure, function or trigger
	// body is set after IF and ELSE: the next statement is their body
	body bool
	// ifs are the IF statements whose arms are open, innermost last (see
	// branchAt)
	ifs []ifArm
	// noBranches is set on a plain batch (ParsePlainUntil): no statement
	// in it is of interest, nor follows a variable one reads, and its IF
	// statements are not followed
	noBranches bool
	// dynamic is set once the batch had a loop or ADD FILE text: from then
	// on every statement's Dynamic facts are recorded.
	dynamic bool
	// noDynamic is set when no statement's Dynamic facts are recorded
	// (StatementBuffer.AddFileOnly).
	noDynamic bool
	// inRunText is set when the batch is text built in variables that an
	// EXEC runs (parseRunText): a variable there stands for the text it
	// holds, a database name among it (varNamed does not apply).
	inRunText bool
	depth     int // parenthesis depth
	// deep is 1 + the offset of the first parenthesis nested deeper
	// than maxGrammarDepth in the last window, or 0
	deep int
	// with is the index of the first WITH after the keyword in the last
	// window, or -1 (window)
	with int

	// cut is set when the batch's tokens stop at an unterminated string,
	// identifier or comment: a statement that ends there is reported by
	// that, not as a statement cut short.
	cut bool
	// cutTok is set when that is a string or identifier, dropped from the
	// tokens: the statement it is in is not checked.
	cutTok bool
	// conflictEnd is the end of the last merge conflict block an SL001
	// reported (conflictError), 0 when none
	conflictEnd int

	cur      *Statement // the ordinary statement being extended
	curIdx   int        // index of cur's first token
	last     int        // index of the last token seen
	slab     []Statement
	slabSize int
	arena    *stmtArena // when set, statements come from it instead of slab
	// fast, when set, is the fast path's arena for every statement of
	// interest the splitter parses (converter.fast)
	fast   *fastArena
	stream *tokStream // when set, toks is a window of the batch's tokens
	// tail is set when the batch is split only as far as its tail needs
	// (splitTail)
	tail *tailCut
	// dynDepth is how deep in constant dynamic SQL the batch is (dynExec)
	dynDepth int
	// dynIfs is set on constant dynamic SQL's batch (dynParse): its IF
	// ... ELSE statements are recorded (Branch.Dyn)
	dynIfs bool
	// nulVars are the variables of the batch assigned text that holds
	// BACKUP, and that text (dynVars)
	nulVars map[string]string
	// nulBufs hold the text of nulVars, which += appends to in place
	nulBufs map[string]*strings.Builder
	// lastVar is the text varBackup read last, and what it found
	lastVar varParse
	// ansiVars are the variables of the batch declared varchar, char or
	// text, which sp_executesql refuses to run (dynVars)
	ansiVars map[string]bool
	// nulDevs are the variables of the batch last assigned the name of
	// the null device, and that name (dynVars)
	nulDevs map[string]string
	// tdbVars are the variables of the batch assigned text that holds
	// tempdb, and that text (tempdbVars)
	tdbVars map[string]tdbText
	// runs is what runText follows (dynrun.go), nil until it follows
	// something
	runs *runVars
	// blank are the variables of the batch that hold blanks alone, and
	// those blanks (blankvars.go)
	blank map[string]string
}

func (s *splitter) reset(r *Result, b *Batch, toks []Token) {
	slab, size, arena, fast := s.slab, s.slabSize, s.arena, s.fast
	*s = splitter{r: r, b: b, text: b.Text, toks: toks, slab: slab, slabSize: size, arena: arena, fast: fast, stack: s.stack[:0], ifs: s.ifs[:0]}
	s.module = s.moduleHeader()
}

// moduleHeader reports whether the batch starts with CREATE [OR ALTER]
// or ALTER of a PROC, PROCEDURE, FUNCTION or TRIGGER (which must be the
// only statement of its batch).
func (s *splitter) moduleHeader() bool {
	// the first token's keyword code first (the scanner's, as isWord
	// compares: ASCII letters in either case): most batches start with
	// neither word
	i := 1
	switch s.kwAt(0) {
	case kwCreate:
		if s.isWord(1, "OR") && s.isWord(2, "ALTER") {
			i = 3
		}
	case kwAlter:
	default:
		return false
	}
	return s.isWord(i, "PROC") || s.isWord(i, "PROCEDURE") || s.isWord(i, "FUNCTION") || s.isWord(i, "TRIGGER")
}

// isWord reports whether token i is the word w, which is upper-case ASCII
// letters: a byte of the word with its lower-case bit cleared (kwFold)
// is a letter of w only when it is that letter in either case.
func (s *splitter) isWord(i int, w string) bool {
	if i >= len(s.toks) || s.toks[i].Kind != TokIdent || int(s.toks[i].End-s.toks[i].Start) != len(w) {
		return false
	}
	// (t cut to len(w), its length already: the compiler then knows
	// every index of the loop in range)
	t := s.text[s.toks[i].Start:s.toks[i].End][:len(w)]
	for j := 0; j < len(w); j++ {
		if t[j]&0xDF != w[j] {
			return false
		}
	}
	return true
}

func (s *splitter) kwAt(i int) kw {
	if i >= len(s.toks) || s.toks[i].Kind != TokIdent {
		return kwNone
	}
	return s.toks[i].kw
}

func (s *splitter) run() {
	toks := s.toks
	for i := 0; ; {
		if i+streamAhead >= len(toks) && s.stream != nil {
			if s.tail != nil {
				if s.tailDone() {
					if len(s.ifs) > 0 {
						s.closeIfs(len(s.text))
					}
					return // the statements after the cut are dropped
				}
				s.need(i + streamAhead)
			} else {
				i = s.refill(i)
			}
			toks = s.toks
		}
		if i >= len(toks) {
			break
		}
		// The tokens before lim need no refill (a streamed batch's window
		// has streamAhead more): they are taken in the inner loop without
		// going back to the checks above; the first is taken in any case.
		lim := len(toks)
		if s.stream != nil {
			lim -= streamAhead
		}
		for first := true; first || i < lim; first = false {
			// Most tokens only extend the statement: a word that is no
			// keyword (or WITH), a literal, punctuation other than "(",
			// ")" and ";". They are passed over here.
			if j := i; j < lim && toks[j].kw <= kwWith {
				for j++; j < lim && toks[j].kw <= kwWith; j++ {
				}
				s.extend(j - 1)
				if i = j; i >= lim {
					break
				}
			}
			// the scanner's code tells the token: a keyword of a word
			// (TokIdent), the mark of a "(", ")" or ";" (TokPunct,
			// punctMark), or kwNone for any other token
			k := toks[i].kw
			if k >= kwOpen {
				switch k {
				case kwOpen:
					s.depth++
				case kwClose:
					if s.depth > 0 {
						s.depth--
					}
				case kwSemi:
					if s.depth == 0 {
						s.extend(i)
						s.endStatement()
						s.perm = false
						i++
						if t := s.tail; t != nil && t.head > i {
							i = s.headJump(i)
						}
						continue
					}
				}
				s.extend(i)
				i++
				continue
			}
			switch k {
			case kwNone, kwWith:
				s.extend(i)
				i++
				continue
			case kwCase:
				s.stack = append(s.stack, frame{isCase: true})
				s.extend(i)
				i++
				continue
			case kwTo:
				s.perm = false
				s.extend(i)
				i++
				continue
			case kwEnd:
				if n := len(s.stack); n > 0 && s.stack[n-1].catch != nil {
					s.endCatch(i)
				}
				s.popFrame()
				if len(s.ifs) > 0 {
					s.endBlock(i) // (popFrame stays inlined)
				}
				s.extend(i)
				i++
				continue
			}
			if s.depth > 0 && s.recovers(i, false) {
				s.depth = 0 // an unclosed parenthesis: resynchronize
			}
			if !s.canStart(i) {
				s.extend(i)
				i++
				continue
			}
			i = s.startStatement(i, k)
			if t := s.tail; t != nil && t.head > i {
				i = s.headJump(i)
			}
			// a window of tokens may have grown (streaming), or lost the
			// unterminated token at its end (atEOF): lim stays if it can,
			// which at worst sends the loop to the checks above sooner
			toks = s.toks
			lim = min(lim, len(toks))
		}
	}
	s.endStatement()
	if s.singleLoop {
		s.singleLoop = false
		s.loopDepth--
	}
	if len(s.ifs) > 0 {
		s.closeIfs(len(s.text))
	}
}

// canStart reports whether the keyword at i can start a statement.
func (s *splitter) canStart(i int) bool {
	if s.depth > 0 || s.perm {
		return false
	}
	if len(s.stack) > 0 && s.stack[len(s.stack)-1].isCase {
		return false // CASE ... ELSE ... END
	}
	if i == 0 {
		return true
	}
	p := s.toks[i-1]
	if p.Kind == TokPunct {
		switch s.text[p.Start] {
		case ',', '.', '=':
			// a value or a list goes on, unless the statement was cut
			// short before a statement of interest (BACKUP ... DISK =
			// then CHECKPOINT 10 on the next line)
			return s.recovers(i, true)
		}
	}
	return true
}

// recovers reports whether token i, seen inside parentheses or (strict)
// after a ',', '.' or '=', is a statement keyword at the start of its
// line that valid T-SQL never puts there, so the statement before was cut
// short. Inside parentheses that is any statement-of-interest keyword but
// USE HINT and USE PLAN (query hints in an OPTION clause); after a comma
// or '=' it must start a statement of interest (a DROP in an audit
// specification's action list does not).
func (s *splitter) recovers(i int, strict bool) bool {
	k := s.kwAt(i)
	switch k {
	case kwCreate, kwAlter, kwDrop, kwBackup, kwRestore, kwCheckpoint, kwDBCC, kwUse:
	default:
		return false
	}
	if k == kwUse && (s.isWord(i+1, "HINT") && s.isPunct(i+2, '(') ||
		s.isWord(i+1, "PLAN") && i+2 < len(s.toks) && (s.toks[i+2].Kind == TokString || s.toks[i+2].Kind == TokNString)) {
		return false // OPTION (USE HINT ('...')), OPTION (USE PLAN N'...')
	}
	if strict {
		switch k {
		case kwCreate, kwAlter, kwDrop:
			if !s.isWord(i+1, "DATABASE") || s.lookAlike(i+2) {
				return false
			}
		case kwBackup, kwRestore:
			if !s.isWord(i+1, "DATABASE") && !s.isWord(i+1, "LOG") && !(k == kwRestore && restoreOnly(s, i+1)) {
				return false
			}
		case kwDBCC:
			if !s.isWord(i+1, "TRACEON") && !s.isWord(i+1, "TRACEOFF") {
				return false
			}
		}
	}
	if i == 0 {
		return true
	}
	return strings.IndexByte(s.text[s.toks[i-1].End:s.toks[i].Start], '\n') >= 0
}

// alterExpected says what ALTER DATABASE expects at offset off, a token
// of toks where its action does not parse: after ADD, REMOVE or MODIFY,
// what may follow it, elsewhere an action.
func (s *splitter) alterExpected(toks []Token, off int) string {
	for k := 1; k < len(toks); k++ {
		if int(toks[k].Start) != off {
			continue
		}
		switch p := toks[k-1]; {
		case p.Kind != TokIdent:
		case strings.EqualFold(s.text[p.Start:p.End], "ADD"):
			return "FILE, LOG FILE, FILEGROUP or SECONDARY ON SERVER after ADD"
		case strings.EqualFold(s.text[p.Start:p.End], "REMOVE"):
			return "FILE, FILEGROUP or SECONDARY ON SERVER after REMOVE"
		case strings.EqualFold(s.text[p.Start:p.End], "MODIFY"):
			return "FILE, FILEGROUP, NAME, BACKUP_STORAGE_REDUNDANCY or ( after MODIFY"
		}
		break
	}
	return "an action: SET, ADD, MODIFY, REMOVE, ..."
}

// isPunct reports whether token i is the punctuation c.
func (s *splitter) isPunct(i int, c byte) bool {
	return i < len(s.toks) && s.toks[i].Kind == TokPunct && s.text[s.toks[i].Start] == c
}

func (s *splitter) popFrame() {
	if n := len(s.stack); n > 0 {
		f := s.stack[n-1]
		s.stack[n-1].first = nil
		s.stack = s.stack[:n-1]
		if f.n == 1 && f.first != nil {
			f.first.Body = true // the only statement of the block
		}
		if f.loop {
			s.loopDepth--
		}
	}
}

// endCatch is called at an END (token i) that ends the block a BEGIN
// CATCH opened, the last of the stack: it records on that statement
// where its block ends, after this END when CATCH follows it (an END
// alone ends no CATCH block). A split cut short (splitTail,
// ParsePlainUntil) then stops at no statement before that END: SL303
// walks past the block, to the statement after it.
func (s *splitter) endCatch(i int) {
	f := &s.stack[len(s.stack)-1]
	st := f.catch
	f.catch = nil
	if !s.isWord(i+1, "CATCH") {
		return
	}
	end := s.toks[i].End
	st.CatchEnd = end
	if s.tail != nil {
		s.tail.caught = int(end)
	}
}

// extend makes token i the last one of the current statement.
func (s *splitter) extend(i int) { s.last = i }

func (s *splitter) endStatement() {
	if s.cur != nil {
		if s.last > s.curIdx {
			s.cur.End = int(s.toks[s.last].End)
		}
		if s.cur.Kind == KindOther && !s.noDynamic {
			s.cur.Dynamic = dynamicFactsIn(s.nodeRoom(), s.text, s.toks[s.curIdx:s.last+1], s.cur.InLoop || s.dynamic)
			s.dynamic = s.dynamic || s.cur.InLoop || s.cur.Dynamic != nil
		}
		st := s.cur
		s.r.Statements = append(s.r.Statements, st)
		s.cur = nil
		if st.Kind == KindOther {
			s.dynHook(st)
		}
	}
}

// alloc returns a new Statement from a slab: scripts have many.
func (s *splitter) alloc() *Statement {
	if s.arena != nil {
		return s.arena.alloc()
	}
	if len(s.slab) == 0 {
		s.slabSize = min(max(2*s.slabSize, 4), 256)
		s.slab = make([]Statement, s.slabSize)
	}
	st := &s.slab[0]
	s.slab = s.slab[1:]
	return st
}

// newStatement opens a statement starting at token i and returns it.
func (s *splitter) newStatement(i int, kind Kind) *Statement {
	s.endStatement()
	// A single-statement WHILE body ends where the next statement starts.
	if s.singleLoop {
		s.singleLoop = false
		s.loopDepth--
	}
	inLoop := s.loopDepth > 0
	body := s.body // the whole body of an IF or ELSE
	if len(s.ifs) > 0 {
		s.branchAt(i, body)
	}
	s.body = false
	if s.whilePending {
		s.whilePending = false
		if s.kwAt(i) == kwBegin {
			// the BEGIN of the body: mark its frame when pushed
			inLoop = true
		} else {
			s.singleLoop = true
			s.loopDepth++
			inLoop = true
			body = true
		}
	}
	s.curIdx, s.last = i, i
	t := s.toks[i]
	st := s.alloc()
	*st = Statement{Kind: kind, Batch: s.b, Start: int(t.Start), End: int(t.End), InLoop: inLoop, InModule: s.module, Body: body}
	if n := len(s.stack); n > 0 && !s.stack[n-1].isCase {
		if f := &s.stack[n-1]; f.n < 2 {
			if f.n++; f.n == 1 {
				f.first = st
			}
		}
	}
	return st
}

// startStatement handles a statement keyword at token i and returns the
// index of the next token to look at.
func (s *splitter) startStatement(i int, k kw) int {
	switch k {
	case kwBegin:
		pendingLoop := s.whilePending
		st := s.newStatement(i, KindOther)
		s.cur = st
		switch {
		case s.isWord(i+1, "TRAN"), s.isWord(i+1, "TRANSACTION"), s.isWord(i+1, "DISTRIBUTED"),
			s.isWord(i+1, "DIALOG"), s.isWord(i+1, "CONVERSATION"):
			if pendingLoop { // WHILE ... BEGIN TRAN: a single-statement body
				s.singleLoop = true
				s.loopDepth++
			}
		default:
			s.stack = append(s.stack, frame{loop: pendingLoop})
			if s.isWord(i+1, "CATCH") {
				s.stack[len(s.stack)-1].catch = st
			}
			if pendingLoop {
				s.loopDepth++
			}
		}
		return i + 1
	case kwWhile:
		s.cur = s.newStatement(i, KindOther)
		s.whilePending = true
		return i + 1
	case kwGrant:
		s.cur = s.newStatement(i, KindOther)
		s.perm = true
		return i + 1
	case kwRollback:
		if i > 0 && s.isWord(i-1, "WITH") {
			s.extend(i)
			return i + 1
		}
	case kwCreate, kwAlter, kwDrop:
		if s.isWord(i+1, "DATABASE") && !s.lookAlike(i+2) {
			kind := KindCreateDatabase
			if k == kwAlter {
				kind = KindAlterDatabase
			} else if k == kwDrop {
				kind = KindDropDatabase
			}
			return s.interest(i, kind)
		}
	case kwBackup, kwRestore:
		kind := KindOther
		switch {
		case k == kwBackup && s.isWord(i, "DUMP"):
			// DUMP DATABASE, SQL Server 2000's BACKUP DATABASE: the
			// grammar stops at its first word (removedDump says why).
			// DUMP TRAN stays an ordinary statement, as a batch of it
			// alone is never split.
			if s.isWord(i+1, "DATABASE") {
				kind = KindBackupDatabase
			}
		case s.isWord(i+1, "DATABASE"):
			kind = KindBackupDatabase
			if k == kwRestore {
				kind = KindRestoreDatabase
			}
		case s.isWord(i+1, "LOG"):
			kind = KindBackupLog
			if k == kwRestore {
				kind = KindRestoreLog
			}
		case k == kwRestore && restoreOnly(s, i+1):
			kind = KindRestoreOnly
		case k == kwBackup && (s.isWord(i+1, "TRANSACTION") || s.isWord(i+1, "TRAN")):
			// SQL Server 2000's name for BACKUP LOG, removed in 2008: the
			// grammar stops at it (removedLogOption says why)
			kind = KindBackupLog
		}
		if kind != KindOther {
			return s.interest(i, kind)
		}
	case kwDBCC:
		switch {
		case s.isWord(i+1, "TRACEON"):
			return s.interest(i, KindDBCCTraceOn)
		case s.isWord(i+1, "TRACEOFF"):
			return s.interest(i, KindDBCCTraceOff)
		}
	case kwCheckpoint:
		return s.interest(i, KindCheckpoint)
	case kwUse:
		if !s.useFederation(i) {
			return s.interest(i, KindUse)
		}
	}
	s.cur = s.newStatement(i, KindOther)
	// (DROP TABLE IF EXISTS t is no IF statement: IF EXISTS ( is)
	switch {
	case k == kwElse:
		s.body = true
		if n := len(s.ifs); n > 0 && s.ifs[n-1].els == int32(s.cur.Start) && s.dynDepth == 0 {
			s.ifs[n-1].elseSt = s.cur // its CatchEnd is set when the IF ends
		}
	case k == kwIf && !(s.isWord(i+1, "EXISTS") && !s.isPunct(i+2, '(')):
		s.body = true
		if (s.dynDepth == 0 || s.dynIfs) && !s.noBranches {
			s.ifs = append(s.ifs, ifArm{depth: int32(len(s.stack)), thenAt: -1, els: -1})
			if s.following() {
				s.ifs[len(s.ifs)-1].pre = s.followedNow(true)
			}
		}
	}
	return i + 1
}

// useFederation reports whether the USE at token i is USE FEDERATION ROOT
// WITH RESET or USE FEDERATION name (key = value) WITH ..., which Azure SQL
// Database's federations ran (retired in 2015; SQL Server's own T-SQL
// parser, ScriptDom, still reads it): a connection's move to a federation
// member, no database's USE, and left alone like any other statement. USE
// Federation alone, or before another statement, uses a database of that
// name.
func (s *splitter) useFederation(i int) bool {
	if !s.isWord(i+1, "FEDERATION") {
		return false
	}
	if s.isWord(i+2, "ROOT") && s.isWord(i+3, "WITH") {
		return true
	}
	k := s.kindAt(i + 2)
	return (k == TokIdent || k == TokQuoted) && s.isPunct(i+3, '(')
}

// restoreOnly reports whether token i is one of the words of the RESTORE
// forms that only read a backup.
func restoreOnly(s *splitter, i int) bool {
	return s.isWord(i, "FILELISTONLY") || s.isWord(i, "HEADERONLY") || s.isWord(i, "VERIFYONLY") ||
		s.isWord(i, "LABELONLY") || s.isWord(i, "REWINDONLY")
}

// lookAlike reports whether the words at i make CREATE/ALTER/DROP DATABASE
// one of the statements that only look like it.
func (s *splitter) lookAlike(i int) bool {
	switch {
	case s.isWord(i, "SCOPED"):
		return s.isWord(i+1, "CREDENTIAL") || s.isWord(i+1, "CONFIGURATION")
	case s.isWord(i, "AUDIT"):
		return s.isWord(i+1, "SPECIFICATION")
	case s.isWord(i, "ENCRYPTION"):
		return s.isWord(i+1, "KEY")
	}
	return false
}

// window returns the end (exclusive) of the tokens that may belong to the
// statement of interest starting at i: up to a semicolon, or up to a word
// that can only start another statement.
// It sets s.with to the first WITH after i (hasWithClause looks from
// there), or -1.
func (s *splitter) window(i int, kind Kind) int {
	depth := 0
	s.deep = 0
	s.with = -1
	toks := s.toks
	for j := i + 1; ; j++ {
		// Most tokens, a word that is no keyword, a literal, a
		// punctuation but "(", ")" and ";", neither end nor nest the
		// window: they are passed over in a loop of their own, in head,
		// the tokens before which a stream needs no refill (as run's lim).
		head := toks
		if s.stream != nil {
			head = toks[:max(len(toks)-streamAhead, 0)]
		}
		for uint(j) < uint(len(head)) && head[j].kw == kwNone {
			j++
		}
		if j+streamAhead >= len(toks) && s.stream != nil {
			s.need(j + streamAhead)
			toks = s.toks
		}
		if j >= len(toks) {
			break
		}
		t := &toks[j]
		if t.kw == kwNone {
			continue
		}
		switch t.Kind {
		case TokPunct:
			// the scanner's marks of "(", ")" and ";" (punctMark)
			switch t.kw {
			case kwOpen:
				if depth++; depth > maxGrammarDepth && s.deep == 0 {
					s.deep = 1 + int(t.Start)
				}
			case kwClose:
				depth--
				if depth < 0 {
					return j
				}
			case kwSemi:
				if depth == 0 {
					return j + 1
				}
			}
		case TokIdent:
			if t.kw == kwWith && s.with < 0 {
				s.with = j
			}
			if depth > 0 {
				// only the words recovers looks for (kwCreate to kwUse)
				if t.kw >= kwCreate && t.kw <= kwUse && s.recovers(j, false) {
					return j // an unclosed parenthesis: stop at the next statement of interest
				}
				continue
			}
			switch t.kw {
			case kwNone, kwTo, kwWith:
			case kwSet:
				if kind == KindAlterDatabase && j == i+3 {
					continue // ALTER DATABASE name SET: the action
				}
				return j // a SET statement
			case kwRollback:
				if !s.isWord(j-1, "WITH") {
					return j
				}
			case kwEnd, kwCase:
				return j
			default:
				if kind == KindDropDatabase && j == i+2 && s.isWord(j, "IF") {
					continue
				}
				return j
			}
		}
	}
	return len(s.toks)
}

// interest parses the statement of interest of the given kind starting at
// token i, records it, and returns the index of the token after it.
func (s *splitter) interest(i int, kind Kind) int {
	st := s.newStatement(i, kind)
	end := s.window(i, kind)
	if s.cutTok && end == len(s.toks) {
		// The statement holds the unterminated string or identifier.
		st.Kind = KindOther
		s.cur = st
		return i + 1
	}
	toks := s.toks[i:end]
	n, err := s.parse(st, toks)
	if err != nil {
		s.parseError(st, kind, toks, err)
		// Go on with the tokens after the keyword as an ordinary statement.
		st.Kind = KindOther
		s.cur = st
		return i + 1
	}
	if n < 1 {
		n = 1
	}
	if n < len(toks) && !s.startsStatement(i+n) || s.with >= 0 && s.with-i < n && s.hasWithClause(toks[:n], s.with-i) {
		// The grammar stopped before the end of the statement: what
		// follows is neither part of it nor another statement. Or it took
		// WITH XMLNAMESPACES (...) for one of its options.
		err := errors.New("a WITH clause inside the statement") // parseError says which
		if n < len(toks) {
			err = trailingError(kind, s.text, toks, n)
		}
		s.parseError(st, kind, toks, err)
		st.Kind, st.Node = KindOther, nil
		s.cur = st
		return i + 1
	}
	if !s.inRunText {
		err := badName(st.Node)
		if ad, ok := st.Node.(*AlterDatabase); ok && err == nil {
			switch ad.Action {
			case ActionSet:
				err = badSetOption(ad)
			case ActionModifyFilegroup:
				err = badModifyFilegroup(ad)
			}
		}
		if err != nil {
			// T-SQL takes a name there, never a variable, a reserved
			// word there is a syntax error, and so is a SET option or
			// value it does not document
			s.parseError(st, kind, toks, err)
			st.Kind, st.Node = KindOther, nil
			s.cur = st
			return i + 1
		}
	}
	last := s.toks[i+n-1]
	if last.Kind == TokPunct && s.text[last.Start] == ';' && n > 1 {
		// keep the span on the statement itself
		last = s.toks[i+n-2]
	}
	st.End = int(last.End)
	s.r.Statements = append(s.r.Statements, st)
	if len(s.nulDevs) > 0 {
		s.nulDevices(st)
	}
	// parentheses inside the statement are balanced by the grammar
	return i + n
}

// maxGrammarTokens bounds the statements given to the grammar, which holds
// every token of its input at a few hundred bytes each: a statement of
// interest longer than that (a CREATE DATABASE of 32,767 files in the
// form SSMS writes is about 800,000) that the fast path cannot read is not
// checked, rather than held in gigabytes (a million open parentheses).
const maxGrammarTokens = 1 << 20

var errTooLong = fmt.Errorf("the statement is too long to check (over %d tokens)", maxGrammarTokens)

// maxGrammarDepth bounds the nesting of parentheses in a statement of
// interest that is read (window): the grammar and the fast path take an
// unmodelled option's balanced groups (gAny) by recursion, so 300,000
// open parentheses after ALTER DATABASE x SET took 678 MB of stack and
// 30 s of CPU in the grammar, the collector scanning the deep stack at
// every cycle, and a million balanced ones 312 MB in the fast path. No
// statement of interest nests anywhere near as deep (a file
// specification is one level; SQL Server nests subqueries at most 32
// deep): a deeper one is an SL001 that says so.
const maxGrammarDepth = 256

func (s *splitter) parse(st *Statement, toks []Token) (n int, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal parser error: %v", p)
		}
	}()
	if s.deep > 0 {
		p := s.b.Pos(s.deep - 1).Position()
		return 0, fmt.Errorf("parentheses nested more than %d deep (line %d, column %d) are too deep to check", maxGrammarDepth, p.Line, p.Column)
	}
	c := converter{b: s.b, toks: toks, nodes: s.nodeRoom(), fast: s.fast}
	if fastPath {
		if node, n, ok := fastParse(&c, st.Kind, s.text, toks); ok {
			st.Node = node
			return n, nil
		}
	}
	if len(toks) > maxGrammarTokens {
		return 0, errTooLong
	}
	switch st.Kind {
	case KindCreateDatabase:
		var g *gCreateDatabase
		if g, n, err = parseTokens(createParser(), s.text, toks); err == nil {
			st.Node = c.create(g)
		}
	case KindAlterDatabase:
		var g *gAlterDatabase
		if g, n, err = parseTokens(alterParser(), s.text, toks); err == nil {
			st.Node = c.alter(g, n)
		}
	case KindDropDatabase:
		var g *gDropDatabase
		if g, n, err = parseTokens(dropParser(), s.text, toks); err == nil {
			st.Node = c.drop(g)
		}
	case KindCheckpoint:
		var g *gCheckpoint
		if g, n, err = parseTokens(checkpointParser(), s.text, toks); err == nil {
			st.Node = c.checkpoint(g)
		}
	case KindBackupDatabase, KindBackupLog:
		var g *gBackup
		if g, n, err = parseTokens(backupParser(), s.text, toks); err == nil {
			st.Node = c.backup(g)
		}
	case KindRestoreDatabase, KindRestoreLog, KindRestoreOnly:
		var g *gRestore
		if g, n, err = parseTokens(restoreParser(), s.text, toks); err == nil {
			st.Node = c.restore(g)
		}
	case KindDBCCTraceOn, KindDBCCTraceOff:
		var g *gDBCC
		if g, n, err = parseTokens(dbccParser(), s.text, toks); err == nil {
			st.Node = c.dbcc(g)
		}
	case KindUse:
		var g *gUse
		if g, n, err = parseTokens(useParser(), s.text, toks); err == nil {
			st.Node = &Use{Database: c.name(g.Name)}
		}
	}
	return n, err
}

// startsStatement reports whether token i, left over after a statement of
// interest inside its window, starts a statement the window did not stop
// at: a label (name:), a parenthesized query, or one of the rare
// statements whose first word the splitter does not know (SEND, RECEIVE,
// GET/MOVE CONVERSATION, ADD SIGNATURE, DUMP, LOAD). Not a WITH: a common table
// expression must follow a semicolon (SQL Server's error 319).
func (s *splitter) startsStatement(i int) bool {
	k := s.kindAt(i)
	switch {
	case s.isWord(i, "SEND"):
		return s.isWord(i+1, "ON") && s.isWord(i+2, "CONVERSATION")
	case s.isWord(i, "GET"), s.isWord(i, "MOVE"):
		return s.isWord(i+1, "CONVERSATION")
	case s.isWord(i, "RECEIVE"):
		return true // RECEIVE is no value of any statement of interest
	case s.isWord(i, "DUMP"), s.isWord(i, "LOAD"):
		// reserved keywords, so no value: SQL Server 2000's BACKUP and
		// RESTORE (DUMP TRAN d WITH NO_LOG in old scripts)
		return true
	case s.isWord(i, "ADD"):
		return s.isWord(i+1, "SIGNATURE") || s.isWord(i+1, "COUNTERSIGNATURE")
	case k == TokIdent:
		return s.punctAt(i+1, ':')
	case s.punctAt(i, '('):
		return s.isWord(i+1, "SELECT") || s.isWord(i+1, "WITH") // a parenthesized query
	}
	return false
}

// withClause reports whether toks[k] starts the WITH clause of a statement:
// a common table expression (WITH name [(columns)] AS (), WITH
// XMLNAMESPACES ( or WITH CHANGE_TRACKING_CONTEXT (. SQL Server requires
// the statement before one to end with a semicolon (error 319).
func (s *splitter) withClause(toks []Token, k int) bool {
	// the scanner's keyword code tells WITH in any case (its letters fold
	// to no other), so that every other token costs one comparison, in
	// line (hasWithClause asks about every token of a statement)
	return k < len(toks) && toks[k].kw == kwWith && s.withClauseAt(toks, k)
}

// withClauseAt is withClause for a token toks[k] that is WITH.
func (s *splitter) withClauseAt(toks []Token, k int) bool {
	word := func(i int, w string) bool {
		return i < len(toks) && toks[i].Kind == TokIdent && keywordFold(s.text[toks[i].Start:toks[i].End], w)
	}
	punct := func(i int, ch byte) bool {
		return i < len(toks) && toks[i].Kind == TokPunct && toks[i].End-toks[i].Start == 1 && s.text[toks[i].Start] == ch
	}
	if !word(k, "WITH") || k+1 >= len(toks) || toks[k+1].Kind != TokIdent && toks[k+1].Kind != TokQuoted {
		return false
	}
	if word(k+1, "XMLNAMESPACES") || word(k+1, "CHANGE_TRACKING_CONTEXT") {
		return punct(k+2, '(')
	}
	j := k + 2
	if punct(j, '(') { // WITH name (columns) AS (
		for j++; j < len(toks) && !punct(j, ')'); j++ {
		}
		j++
	}
	return word(j, "AS") && punct(j+1, '(')
}

// hasWithClause reports whether a WITH clause of a statement (withClause)
// stands in toks after the first token, from toks[from] on (the first
// WITH: window finds it on its way).
func (s *splitter) hasWithClause(toks []Token, from int) bool {
	for k := max(from, 1); k < len(toks); k++ {
		if s.withClause(toks, k) {
			return true
		}
	}
	return false
}

func (s *splitter) kindAt(i int) TokKind {
	if i >= len(s.toks) {
		return TokEOF
	}
	return s.toks[i].Kind
}

func (s *splitter) punctAt(i int, ch byte) bool {
	return i < len(s.toks) && s.toks[i].Kind == TokPunct && s.toks[i].End-s.toks[i].Start == 1 && s.text[s.toks[i].Start] == ch
}

// trailingError is participle's error for a statement whose grammar
// stopped after n of its window's tokens.
func trailingError(kind Kind, text string, toks []Token, n int) error {
	if len(toks) > maxGrammarTokens {
		// the grammar stopped at n: what it expected is found there
		toks = toks[:min(len(toks), n+1024)]
	}
	var err error
	switch kind {
	case KindCreateDatabase:
		err = strictError(createParser(), text, toks)
	case KindAlterDatabase:
		err = strictError(alterParser(), text, toks)
	case KindDropDatabase:
		err = strictError(dropParser(), text, toks)
	case KindCheckpoint:
		err = strictError(checkpointParser(), text, toks)
	case KindBackupDatabase, KindBackupLog:
		err = strictError(backupParser(), text, toks)
	case KindRestoreDatabase, KindRestoreLog, KindRestoreOnly:
		err = strictError(restoreParser(), text, toks)
	case KindDBCCTraceOn, KindDBCCTraceOff:
		err = strictError(dbccParser(), text, toks)
	case KindUse:
		err = strictError(useParser(), text, toks)
	}
	var perr participle.Error
	if err != nil && errors.As(err, &perr) && strings.Contains(perr.Message(), "(expected") {
		return err
	}
	// participle names the token but not what it expected there: after
	// a complete statement, only its end, or a comma in a list
	last, depth := "", 0 // the last WITH or SET outside parentheses
	for _, t := range toks[:n] {
		switch {
		case t.Kind == TokPunct && text[t.Start] == '(':
			depth++
		case t.Kind == TokPunct && text[t.Start] == ')':
			depth--
		case t.Kind == TokIdent && depth == 0:
			if w := strings.ToUpper(text[t.Start:t.End]); w == "WITH" || w == "SET" {
				last = w
			}
		}
	}
	want := "a comma or the end of the statement"
	switch {
	case text[toks[n].Start:toks[n].End] == ",",
		kind == KindCheckpoint || kind == KindUse || kind == KindDBCCTraceOn || kind == KindDBCCTraceOff,
		kind == KindAlterDatabase && last != "SET": // after WITH NO_WAIT, or an action other than SET
		want = "the end of the statement"
	case last != "":
		want = "a comma between options, or the end of the statement"
	}
	return participle.Errorf(lexer.Position{Offset: int(toks[n].Start)}, "unexpected token %q (expected %s)", text[toks[n].Start:toks[n].End], want)
}

var kindTitles = map[Kind]string{
	KindCreateDatabase: "CREATE DATABASE", KindAlterDatabase: "ALTER DATABASE", KindDropDatabase: "DROP DATABASE",
	KindCheckpoint: "CHECKPOINT", KindBackupDatabase: "BACKUP DATABASE", KindBackupLog: "BACKUP LOG",
	KindRestoreDatabase: "RESTORE DATABASE", KindRestoreLog: "RESTORE LOG", KindDBCCTraceOn: "DBCC TRACEON",
	KindDBCCTraceOff: "DBCC TRACEOFF", KindUse: "USE", KindRestoreOnly: "RESTORE",
}

// Title is the statement kind as T-SQL words ("CREATE DATABASE").
func (k Kind) Title() string { return kindTitles[k] }

const fileSpecWords = "a file specification (NAME = ..., FILENAME = ...)"

// grammarWords turns participle's names of grammar parts into words.
var grammarWords = strings.NewReplacer(
	`(<ident> | <quoted> | <sqlcmdvar> | <var> | <template> | "CURRENT" | "PRIMARY")`, "a name",
	`(<ident> | <quoted> | "FILE")`, "an option", `(<ident> | <quoted>)`, "a name",
	"GFileSpec", "a file specification (NAME = ..., FILENAME = ...)", "GAddFile", "a file specification (NAME = ..., FILENAME = ...)",
	"GBOption", "an option", "GCOption", "an option", "GSetOption", "an option", "GMirror", "MIRROR TO",
	"GFileItem", "FILE = ...", "GBackupItem", "FILE = ...", "GGroup", "( ... )", "GMove", "MOVE ... TO ...",
	"GTRT", "TARGET_RECOVERY_TIME = n SECONDS", "GRestoreTarget", "DATABASE or LOG", "GRestoreOnly", "FILELISTONLY",
	"GFileProp", "NAME = ...", "GTermination", "NO_WAIT or ROLLBACK", "GAny", "...", "GArg", "...",
	"<reserved>", "a keyword",
	"GName", "a name", "GQualName", "a name", "GOption", "an option",
	"GValue", "a value", "GDevice", "a backup device", "GOnItem", "a file specification",
	"GTraceFlag", "a trace flag number", "GDuration", "a duration",
	"<ident>", "a name", "<quoted>", "a [quoted] name", "<sqlcmdvar>", "$(variable)",
	"<var>", "@variable", "<template>", "<template>", "<number>", "a number",
	"<string>", "'string'", "<nstring>", "N'string'",
)

// plainExpected shortens participle's "(expected ...)", which spells out
// the rest of the grammar, to the first thing expected: "expected "FROM""
// rather than "expected "FROM" a backup device ("," a backup device)*",
// alternatives joined with "or".
func plainExpected(msg string) string {
	i := strings.Index(msg, "(expected ")
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return msg
	}
	x := msg[i+len("(expected ") : len(msg)-1]
	first := x
	switch {
	case strings.HasPrefix(x, `"`):
		if j := strings.IndexByte(x[1:], '"'); j >= 0 {
			first = x[:j+2]
		}
	case strings.HasPrefix(x, "("):
		depth := 0
		for j := 0; j < len(x); j++ {
			switch x[j] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 {
				first = strings.ReplaceAll(x[1:j], " | ", " or ")
				j = len(x)
			}
		}
	case strings.HasPrefix(x, fileSpecWords):
		first = fileSpecWords
	default:
		// a phrase of grammarWords, up to the next literal or group
		for _, sep := range []string{` "`, ` (`} {
			if j := strings.Index(first, sep); j > 0 {
				first = first[:j]
			}
		}
		first = strings.TrimRight(first, "*?+")
	}
	return msg[:i] + "(expected " + first + ")"
}

// valueAfterEquals explains an error at or just after an '=' that has no
// value after it: participle backtracks over the '=' and reports the '='
// itself ("NAME = FILE" fails at '='), or names the token but not that a
// value was due. It returns the message and the offset to report, or "".
func (s *splitter) valueAfterEquals(toks []Token, off int) (string, int) {
	for k, t := range toks {
		if int(t.Start) != off {
			continue
		}
		var next Token
		switch {
		case t.Kind == TokPunct && s.text[t.Start] == '=':
			if k+1 >= len(toks) {
				return "unexpected end of statement (expected a value after \"=\")", int(toks[len(toks)-1].End)
			}
			next = toks[k+1]
		case k > 0 && toks[k-1].Kind == TokPunct && s.text[toks[k-1].Start] == '=':
			next = t
		default:
			return "", 0
		}
		w := s.text[next.Start:next.End]
		switch next.Kind {
		case TokIdent:
			if reserved(w) {
				return fmt.Sprintf("unexpected keyword %q where a value is expected", strings.ToUpper(w)), int(next.Start)
			}
			return "", 0
		case TokQuoted, TokString, TokNString, TokNumber, TokVar, TokSqlcmdVar, TokTemplate:
			return "", 0
		}
		return fmt.Sprintf("unexpected token %q (expected a value after \"=\")", w), int(next.Start)
	}
	return "", 0
}

// foreign reports whether toks hold a character T-SQL never uses outside
// strings and comments (a MySQL backtick): such a statement comes from
// another dialect and is not checked, rather than reported as broken.
func (s *splitter) foreign(toks []Token) bool {
	for _, t := range toks {
		if t.Kind == TokPunct && s.text[t.Start] == '`' {
			return true
		}
	}
	return false
}

// removedLogOption is the message for BACKUP LOG name WITH TRUNCATE_ONLY
// or NO_LOG, where the grammar stopped at off (the WITH, for want of TO),
// and for BACKUP TRAN[SACTION], SQL Server 2000's BACKUP LOG (stopped at
// its second word): old log-shrinking scripts still hold them, and SQL
// Server 2008 removed them. It is "" for any other statement or error.
func (s *splitter) removedLogOption(kind Kind, toks []Token, off int) string {
	if kind != KindBackupLog {
		return ""
	}
	if len(toks) > 1 && int(toks[1].Start) == off {
		if w := s.text[toks[1].Start:toks[1].End]; keywordFold(w, "TRAN") || keywordFold(w, "TRANSACTION") {
			return "BACKUP " + strings.ToUpper(w) + ", SQL Server 2000's name for BACKUP LOG, was removed in SQL Server 2008 and fails there: write BACKUP LOG"
		}
	}
	for k := 0; k+1 < len(toks); k++ {
		if int(toks[k].Start) != off {
			continue
		}
		w, opt := s.text[toks[k].Start:toks[k].End], strings.ToUpper(s.text[toks[k+1].Start:toks[k+1].End])
		if !strings.EqualFold(w, "WITH") || opt != "TRUNCATE_ONLY" && opt != "NO_LOG" {
			return ""
		}
		return "WITH " + opt + " was removed in SQL Server 2008 and fails there: back the log up TO a device, or use the SIMPLE recovery model"
	}
	return ""
}

// removedDump is the message for DUMP DATABASE, SQL Server 2000's name
// for BACKUP DATABASE, where the grammar stopped at off (its first word):
// SQL Server 2008 removed the DUMP statement ("Discontinued Database
// Engine Functionality in SQL Server 2008": DUMP, replaced by BACKUP).
// It is "" for any other statement or error.
func (s *splitter) removedDump(kind Kind, toks []Token, off int) string {
	if kind != KindBackupDatabase || len(toks) == 0 || int(toks[0].Start) != off || !keywordFold(s.text[toks[0].Start:toks[0].End], "DUMP") {
		return ""
	}
	return "DUMP DATABASE, SQL Server 2000's name for BACKUP DATABASE, was removed in SQL Server 2008 and fails there: write BACKUP DATABASE"
}

func (s *splitter) parseError(st *Statement, kind Kind, toks []Token, err error) {
	if s.foreign(toks) {
		return
	}
	var perr participle.Error
	if s.cut && errors.As(err, &perr) && int(toks[len(toks)-1].End) == int(s.toks[len(s.toks)-1].End) &&
		perr.Position().Offset >= int(toks[len(toks)-1].End) {
		return // ends at the unterminated string or comment, reported on its own
	}
	errAt := int(toks[len(toks)-1].End)
	if errors.As(err, &perr) {
		errAt = perr.Position().Offset
	}
	if s.conflictError(st.Start, errAt, toks) {
		return
	}
	at := s.b.Pos(st.Start)
	end := s.b.Pos(int(toks[len(toks)-1].End))
	for k := 1; k < len(toks); k++ {
		var pe participle.Error
		if s.withClause(toks, k) && !(errors.As(err, &pe) && pe.Position().Offset < int(toks[k].Start)) {
			// WITH c AS (...) read as the statement's own WITH
			p := s.b.Pos(int(toks[k].Start)).Position()
			err = fmt.Errorf("a statement that starts with WITH (a common table expression, XMLNAMESPACES, CHANGE_TRACKING_CONTEXT) must follow a semicolon: "+
				"end the %s with \";\" (line %d, column %d)", kind.Title(), p.Line, p.Column)
			break
		}
	}
	msg := err.Error()
	if errors.As(err, &perr) {
		msg = plainExpected(grammarWords.Replace(perr.Message()))
		off := perr.Position().Offset
		if m, at := s.valueAfterEquals(toks, off); m != "" {
			msg, off = m, at
		} else if m := s.removedLogOption(kind, toks, off); m != "" {
			msg = m
		} else if m := s.removedDump(kind, toks, off); m != "" {
			msg = m
		} else if kind == KindAlterDatabase && !strings.Contains(msg, "(expected ") {
			// the action's alternatives start with lookaheads, which
			// leave participle nothing to name
			msg += " (expected " + s.alterExpected(toks, off) + ")"
		}
		if off >= len(s.text) || off >= int(toks[len(toks)-1].End) {
			msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of statement", 1)
		} else {
			p := s.b.Pos(off).Position()
			msg = fmt.Sprintf("%s (line %d, column %d)", msg, p.Line, p.Column)
		}
	}
	s.r.Diags = append(s.r.Diags, Diag{
		Rule:    "SL001",
		Span:    Span{Start: at, End: end},
		Message: fmt.Sprintf("cannot parse %s: %s; the statement is not checked", kind.Title(), asWritten(shortQuoted(msg))),
	})
}
