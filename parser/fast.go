package parser

import (
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// The fast path: a hand-written recognizer for the simple statements of
// interest that make up most real scripts (USE, CHECKPOINT, DBCC
// TRACEON/TRACEOFF, DROP DATABASE, ALTER DATABASE with SET options, ADD
// FILE, ADD LOG FILE, ADD FILEGROUP, REMOVE FILE/FILEGROUP, MODIFY FILE,
// MODIFY NAME, MODIFY FILEGROUP or COLLATE, CREATE DATABASE with its file
// specifications and clauses, BACKUP and RESTORE). participle costs 5 to
// 100 microseconds per statement; this costs 0.2 to 5.
//
// The participle grammar (grammar.go) stays the reference. For most forms
// the recognizer builds the g* parse tree participle would build, positions
// and EndPos included, and hands it to the same converter function, so the
// AST is the same by construction. SET lists, which make up most of SSDT
// publish scripts, skip the tree: alterSet does what converter.alter does
// for them, taking option values from the source text when that is what
// argsText would produce and calling the converter's own functions for the
// rest. The recognizer only answers when it is certain: anything unusual (a
// construct it does not model, an optional part that starts but does not
// complete, where participle would backtrack or fail) makes it decline, and
// the statement goes to participle, which also owns every SL001 message.
// fast_test.go checks the recognizer against participle on a table, on
// every window and window prefix of every fixture, and under a fuzzer.

// fastPath enables the fast path; tests turn it off to get participle's
// answer for comparison.
var fastPath = true

// fastParse recognizes the statement of interest of the given kind in toks
// (the splitter's window, starting at the statement's keyword). When ok, node
// and n are exactly what participle and the converter would produce: the
// node, and the number of tokens consumed (a trailing ';' included). When
// not ok, the caller runs participle.
func fastParse(c *converter, kind Kind, text string, toks []Token) (node Node, n int, ok bool) {
	a, pooled := fastArenaFor(c)
	// one deferred call for the safety net and the arena (a second one,
	// in recognize, cost about 100 instructions a statement)
	defer func() {
		// A bug here must never become a parse error: decline and let
		// participle answer. (Tests call recognize directly, so they see it.)
		if recover() != nil {
			node, n, ok = nil, 0, false
		}
		fastDone(c, a, kind, pooled)
	}()
	return recognizeIn(c, a, kind, text, toks)
}

// recognize is fastParse without the safety net.
func recognize(c *converter, kind Kind, text string, toks []Token) (n Node, used int, ok bool) {
	a, pooled := fastArenaFor(c)
	defer fastDone(c, a, kind, pooled)
	return recognizeIn(c, a, kind, text, toks)
}

// fastArenaFor is the arena recognizeIn fills for a statement: the
// splitter's arena for a run of batches (parseBatches), or one from the
// pool for this statement (pooled).
func fastArenaFor(c *converter) (a *fastArena, pooled bool) {
	if c.fast != nil {
		return c.fast, false
	}
	return fastArenas.Get().(*fastArena), true
}

// fastDone makes a's room free for the next statement once recognizeIn
// is done with one of kind, and gives a back to the pool when it came
// from there.
func fastDone(c *converter, a *fastArena, kind Kind, pooled bool) {
	c.sizes, c.nodes = nil, nil
	a.reset(kind)
	if pooled {
		fastArenas.Put(a)
	}
}

// recognizeIn is recognize in the arena a, which the caller resets
// (fastDone) when it returns or panics.
func recognizeIn(c *converter, a *fastArena, kind Kind, text string, toks []Token) (n Node, used int, ok bool) {
	c.sizes = &a.sizes
	if c.nodes == nil {
		c.nodes = &a.nodes // the splitter gave none (splitter.nodeRoom)
	}
	p := fastParser{text: text, toks: toks, arena: a}
	switch kind {
	case KindUse:
		n, used, ok = p.use(c)
	case KindCheckpoint:
		n, used, ok = p.checkpoint(c)
	case KindDBCCTraceOn, KindDBCCTraceOff:
		n, used, ok = p.dbcc(c)
	case KindDropDatabase:
		n, used, ok = p.drop(c)
	case KindAlterDatabase:
		n, used, ok = p.alter(c)
	case KindCreateDatabase:
		n, used, ok = p.create(c)
	case KindBackupDatabase, KindBackupLog:
		n, used, ok = p.backup(c)
	case KindRestoreDatabase, KindRestoreLog, KindRestoreOnly:
		n, used, ok = p.restore(c)
	}
	return n, used, ok
}

// fastParser reads a statement's token window the way participle does: a
// literal keyword matches an Ident token case-insensitively (participle's
// CaseInsensitive("Ident") uses strings.EqualFold, and so does word), any
// other literal matches a token's text exactly.
type fastParser struct {
	text string
	toks []Token
	// arena holds the file properties of the grammar's tree, which dies
	// once recognize has converted it (nil: allocate them)
	arena *fastArena
}

// fastArena reuses, from one statement to the next, the memory of the
// file properties of the grammar's tree: a dense script has several per
// file of every CREATE and ALTER DATABASE, and the converted node copies
// what it needs out of them.
type fastArena struct {
	// room for the splitter's open IF statements (splitter.ifs), kept
	// from run to run
	ifs []ifArm
	// sizes parsed by earlier statements (converter.sizeOf)
	sizes sizeTable
	// the room of the converted nodes, kept from statement to statement
	nodes nodeArena
	props []propBox
	ptrs  []*gFileProp
	// the nodes of the grammar's tree, by type
	s_gName           slab[gName]
	s_gCheckpoint     slab[gCheckpoint]
	s_gDuration       slab[gDuration]
	s_gDBCC           slab[gDBCC]
	s_gDropDatabase   slab[gDropDatabase]
	s_gAlterDatabase  slab[gAlterDatabase]
	s_gAlterAction    slab[gAlterAction]
	s_gRemove         slab[gRemove]
	s_gModify         slab[gModify]
	s_gModifyFG       slab[gModifyFG]
	s_gAny            slab[gAny]
	s_gFileSpec       slab[gFileSpec]
	s_gCreateDatabase slab[gCreateDatabase]
	s_gCreateClause   slab[gCreateClause]
	s_gOnItem         slab[gOnItem]
	s_gFilegroupHead  slab[gFilegroupHead]
	s_itemBox         slab[itemBox]
	s_valueBox        slab[valueBox]
	s_deviceBox       slab[deviceBox]
	s_gRestore        slab[gRestore]
	s_gRestoreTarget  slab[gRestoreTarget]
	s_gRestoreOnly    slab[gRestoreOnly]
	s_gFileItem       slab[gFileItem]
	s_cOptionBox      slab[cOptionBox]
	s_bOptionBox      slab[bOptionBox]
	s_traceFlagBox    slab[traceFlagBox]
	// the lists of the grammar's tree, by element type (see list)
	l_gFileSpec     slab[*gFileSpec]
	l_gOnItem       slab[*gOnItem]
	l_gCOption      slab[*gCOption]
	l_gCreateClause slab[*gCreateClause]
	l_gValue        slab[*gValue]
	l_gFileItem     slab[*gFileItem]
	l_gDevice       slab[*gDevice]
	l_gBOption      slab[*gBOption]
	l_gTraceFlag    slab[*gTraceFlag]
	l_gName         slab[*gName]
}

// slab hands out values of one type from chunks, each a copy of the
// value put gives: the current chunk is reused by the next statement, a
// full one is left to the tree that points into it.
type slab[T any] struct{ cur []T }

// slabChunk is the number of values in a fresh chunk.
const slabChunk = 32

// put returns a pointer to a copy of v in s.
func put[T any](s *slab[T], v T) *T {
	if len(s.cur) == cap(s.cur) {
		s.cur = make([]T, 0, slabChunk)
	}
	s.cur = append(s.cur, v)
	return &s.cur[len(s.cur)-1]
}

// reset makes the chunk's values free for reuse: put overwrites each
// whole, so they are not cleared.
func (s *slab[T]) reset() { s.cur = s.cur[:0] }

// list is a list of the grammar's tree being built at the end of a slab's
// chunk, its elements s.cur[start:]: a list grown by append from nil costs
// an allocation per doubling, and a dense script has several lists per
// statement. While a list is open, nothing else may use its slab (lists
// of one element type do not nest in the grammar's tree, except gAny's,
// which keep append).
type list[T any] struct {
	s     *slab[T]
	start int
}

// openList starts an empty list in s.
func openList[T any](s *slab[T]) list[T] { return list[T]{s: s, start: len(s.cur)} }

// add appends v to the list, moving it to a fresh chunk when the current
// one is full (the old chunk is left to the trees that point into it).
func (l *list[T]) add(v T) {
	s := l.s
	if len(s.cur) == cap(s.cur) {
		n := len(s.cur) - l.start
		c := make([]T, n, max(slabChunk, 2*n))
		copy(c, s.cur[l.start:])
		s.cur, l.start = c, 0
	}
	s.cur = append(s.cur, v)
}

// done closes the list and returns it, nil when empty (as participle
// leaves a list that matched nothing). Its capacity is its length, so
// that an append to it cannot write into the slab.
func (l *list[T]) done() []T {
	end := len(l.s.cur)
	if end == l.start {
		return nil
	}
	return l.s.cur[l.start:end:end]
}

var fastArenas = sync.Pool{New: func() any { return new(fastArena) }}

// reset makes the arena's room free for the next statement, one of kind
// (recognizeIn): the slabs the recognizer of that kind puts values in
// (TestFastArenaResetsWhatItUses checks that every slab is empty after
// each statement). At 100% statements of interest resetting all of them
// for each statement cost as much as copying a kept statement. The
// property boxes, which the parser fills field by field, are cleared;
// slab values and property pointers are written whole before they are
// read, so they are not: clearing memory that holds pointers costs write
// barriers while the collector runs, and at 100% statements of interest
// that was a sixth of the fast path. What they still point to (a few
// names and values of the last statements, in their batch's text) stays
// reachable until the slots are reused or the pool is dropped at a
// collection.
func (a *fastArena) reset(kind Kind) {
	switch kind {
	case KindUse:
		a.s_gName.reset()
	case KindCheckpoint:
		a.s_gCheckpoint.reset()
		a.s_gDuration.reset()
	case KindDBCCTraceOn, KindDBCCTraceOff:
		a.s_gDBCC.reset()
		a.s_traceFlagBox.reset()
		a.l_gTraceFlag.reset()
	case KindDropDatabase:
		a.s_gDropDatabase.reset()
		a.l_gName.reset()
		a.s_gName.reset()
	case KindAlterDatabase:
		a.s_gAlterDatabase.reset()
		a.s_gAlterAction.reset()
		a.s_gModify.reset()
		a.s_gModifyFG.reset()
		a.s_gRemove.reset()
		a.s_gAny.reset()
		a.s_gName.reset()
		a.resetFileSpecs()
	case KindCreateDatabase:
		a.s_gCreateDatabase.reset()
		a.s_gCreateClause.reset()
		a.l_gCreateClause.reset()
		a.l_gOnItem.reset()
		a.s_gOnItem.reset()
		a.s_gFilegroupHead.reset()
		a.l_gCOption.reset()
		a.s_cOptionBox.reset()
		a.s_gAny.reset()
		a.s_gName.reset()
		a.resetFileSpecs()
	case KindBackupDatabase, KindBackupLog:
		a.resetMedia()
	case KindRestoreDatabase, KindRestoreLog, KindRestoreOnly:
		a.s_gRestore.reset()
		a.s_gRestoreTarget.reset()
		a.s_gRestoreOnly.reset()
		a.resetMedia()
	}
	clear(a.props)
	a.props, a.ptrs = a.props[:0], a.ptrs[:0]
}

// resetFileSpecs resets the slabs of file specifications (fileSpecs).
func (a *fastArena) resetFileSpecs() {
	a.s_gFileSpec.reset()
	a.l_gFileSpec.reset()
}

// resetMedia resets the slabs BACKUP and RESTORE share: their options,
// devices and files (bOption, devices, fileItems) and names.
func (a *fastArena) resetMedia() {
	a.l_gBOption.reset()
	a.s_bOptionBox.reset()
	a.s_gAny.reset()
	a.l_gDevice.reset()
	a.s_deviceBox.reset()
	a.l_gFileItem.reset()
	a.s_gFileItem.reset()
	a.s_itemBox.reset()
	a.s_valueBox.reset()
	a.l_gValue.reset()
	a.s_gName.reset()
}

// fastChunk is the size of a fresh chunk, in elements.
const fastChunk = 256

// propBoxes returns n zeroed property boxes.
func (p *fastParser) propBoxes(n int) []propBox {
	a := p.arena
	if a == nil || n > fastChunk {
		return make([]propBox, n)
	}
	if len(a.props)+n > cap(a.props) {
		a.props = make([]propBox, 0, fastChunk) // the old chunk lives as long as the tree that uses it
	}
	k := len(a.props)
	a.props = a.props[:k+n]
	return a.props[k : k+n : k+n]
}

// propPtrs returns an empty slice with room for n property pointers.
func (p *fastParser) propPtrs(n int) []*gFileProp {
	a := p.arena
	if a == nil || n > fastChunk {
		return make([]*gFileProp, 0, n)
	}
	if len(a.ptrs)+n > cap(a.ptrs) {
		a.ptrs = make([]*gFileProp, 0, fastChunk)
	}
	k := len(a.ptrs)
	a.ptrs = a.ptrs[:k+n]
	return a.ptrs[k : k : k+n]
}

func (p *fastParser) val(i int) string { t := p.toks[i]; return p.text[t.Start:t.End] }

// tokReservedKind is what kind says for a reserved keyword: the grammar's
// Ident (a name or a value) is a TokIdent that is not one.
const tokReservedKind TokKind = 100

// kind is the kind of token i as the grammar sees it: TokEOF past the
// window, tokReservedKind for a reserved keyword.
func (p *fastParser) kind(i int) TokKind {
	if i >= len(p.toks) {
		return TokEOF
	}
	k := p.toks[i].Kind
	if k == TokIdent && reserved(p.val(i)) {
		return tokReservedKind
	}
	return k
}

// word reports whether token i is the keyword w, as keywordFold (and
// strings.EqualFold) says. A token of w's length is compared with w
// whole, 8 bytes at a time folded to upper case (fwKey);
// a token of another length can fold to w only when it holds a byte that
// is not ASCII (foldsLonger).
func (p *fastParser) word(i int, w fword) bool {
	if uint(i) >= uint(len(p.toks)) {
		return false
	}
	t := &p.toks[i]
	if t.Kind != TokIdent {
		return false
	}
	k := &fwKeys[w]
	a, b := int(t.Start), int(t.End)
	if b-a != int(k.n) {
		return b-a > int(k.n) && p.foldsLonger(a, b, w)
	}
	if a+8 > len(p.text) {
		return keywordFold(p.text[a:b], fwNames[w]) // near the end of the text
	}
	if load8(p.text, a)&k.mask != k.lo || b-a > 8 && load8(p.text, b-8)&kwFold != k.hi ||
		b-a > 16 && load8(p.text, a+8)&kwFold != k.mid {
		return false
	}
	// a byte folded to a letter is that letter in either case, or not
	// ASCII (0x80 and up keep their top bit); to "_" also DEL
	return !k.under || !hasDEL(p.text[a:b])
}

// foldsLonger is word for a token text[a:b] longer than w: a character
// that folds to an ASCII letter takes up to three bytes (the Kelvin sign),
// and a token all ASCII never folds to a shorter word.
func (p *fastParser) foldsLonger(a, b int, w fword) bool {
	if b-a > 3*int(fwKeys[w].n) {
		return false
	}
	if b-a <= 16 && b-8 >= 0 && a+8 <= len(p.text) {
		if (load8(p.text, a)|load8(p.text, b-8))&fwASCII == 0 {
			return false
		}
	}
	return keywordFold(p.text[a:b], fwNames[w])
}

// hasDEL reports whether s holds the byte 0x7F.
func hasDEL(s string) bool { return strings.IndexByte(s, 0x7F) >= 0 }

// unit reports whether token i is one of the size units KB, MB, GB and TB
// (as word does).
func (p *fastParser) unit(i int) bool {
	if uint(i) >= uint(len(p.toks)) {
		return false
	}
	t := &p.toks[i]
	if t.Kind != TokIdent {
		return false
	}
	if t.End-t.Start != 2 {
		return t.End-t.Start > 2 && (p.word(i, fwKB) || p.word(i, fwMB) || p.word(i, fwGB) || p.word(i, fwTB))
	}
	switch p.text[t.Start+1] | 0x20 {
	case 'b':
		switch p.text[t.Start] | 0x20 {
		case 'k', 'm', 'g', 't':
			return true
		}
	}
	return false
}

// keywordFold is strings.EqualFold(s, w) for an ASCII w (a keyword, or
// a name such as sp_executesql or \\.\NUL): a character of s that folds
// to an ASCII one is ASCII or takes two bytes or more (K, the Kelvin
// sign, folds to k), so s is shorter than w only when they differ. Read
// a byte at a time while s is ASCII, s and w agree rune for rune, so the
// first byte of s that is not ASCII hands the rest to strings.EqualFold
// and an ASCII byte that differs from w's but in case decides: a longer
// s whose first len(w) bytes are ASCII never matches (its rest would
// have to fold to nothing).
func keywordFold(s, w string) bool {
	if len(s) < len(w) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := s[i]; c != w[i] {
			if c >= utf8.RuneSelf {
				return strings.EqualFold(s, w)
			}
			if c|0x20 != w[i]|0x20 || c|0x20 < 'a' || c|0x20 > 'z' {
				return false
			}
		}
	}
	return len(s) == len(w)
}

// punct reports whether token i is the one-character punctuation ch.
func (p *fastParser) punct(i int, ch byte) bool {
	if i >= len(p.toks) {
		return false
	}
	t := p.toks[i]
	return t.Kind == TokPunct && t.End-t.Start == 1 && p.text[t.Start] == ch
}

// startsNext reports whether token i starts the statement after one that
// has no semicolon, where a clause of any words or an option's group
// could go on, as the grammar's lookaheads say (gArg): a label (name:), a
// parenthesized query, or a statement whose first word the splitter does
// not stop at (splitter.startsStatement).
func (p *fastParser) startsNext(i int) bool {
	if p.punct(i, '(') {
		return p.word(i+1, fwSELECT) || p.word(i+1, fwWITH)
	}
	if i >= len(p.toks) || p.toks[i].Kind != TokIdent {
		return false
	}
	if p.punct(i+1, ':') {
		return p.kind(i) == TokIdent
	}
	switch c := p.text[p.toks[i].Start]; c | 0x20 {
	case 's', 'g', 'm', 'r', 'a', 'd', 'l':
	default:
		if c < utf8.RuneSelf {
			return false // no such word (a non-ASCII letter may fold to one)
		}
	}
	return p.word(i, fwSEND) && p.word(i+1, fwON) && p.word(i+2, fwCONVERSATION) ||
		(p.word(i, fwGET) || p.word(i, fwMOVE)) && p.word(i+1, fwCONVERSATION) ||
		p.word(i, fwRECEIVE) || p.word(i, fwDUMP) || p.word(i, fwLOAD) ||
		p.word(i, fwADD) && (p.word(i+1, fwSIGNATURE) || p.word(i+1, fwCOUNTERSIGNATURE))
}

// pos is the participle position of token i: its offset, or for the end of
// the window the position tokenLexer gives its EOF token. A token's
// position also carries i + 1 in Line, where tokenLexer's hold 0: the
// converter reads the token from it (converter.tokenAt), and nothing
// else reads Line of a grammar tree's positions.
func (p *fastParser) pos(i int) lexer.Position {
	if i < len(p.toks) {
		return lexer.Position{Offset: int(p.toks[i].Start), Line: i + 1}
	}
	if len(p.toks) == 0 {
		return lexer.Position{Offset: len(p.text)}
	}
	return lexer.Position{Offset: int(p.toks[len(p.toks)-1].End)}
}

// span is c.span(p.pos(a), p.pos(b)) for tokens a < b of the window,
// which is c's (c.toks): from the start of token a to the end of token
// b-1, the last that starts before p.pos(b), without endBefore's search.
func (p *fastParser) span(c *converter, a, b int) Span {
	if a < 0 || a >= b || b > len(p.toks) {
		return c.span(p.pos(a), p.pos(b))
	}
	return c.b.Span(int(p.toks[a].Start), int(p.toks[b-1].End))
}

// semicolon consumes the grammar's optional trailing ';' at i.
func (p *fastParser) semicolon(i int) int {
	if p.punct(i, ';') {
		return i + 1
	}
	return i
}

// name matches gName at i: (?! ('TAPE' | 'URL' | 'VIRTUAL_DEVICE') '=')
// @(Ident | Quoted | SqlcmdVar | Var | Template | 'CURRENT' | 'PRIMARY').
func (p *fastParser) name(i int) (*gName, bool) {
	switch p.kind(i) {
	case TokIdent:
		if (p.word(i, fwTAPE) || p.word(i, fwURL) || p.word(i, fwVIRTUAL_DEVICE)) && p.punct(i+1, '=') {
			return nil, false
		}
	case tokReservedKind:
		if !p.word(i, fwCURRENT) && !p.word(i, fwPRIMARY) {
			return nil, false
		}
	case TokQuoted, TokSqlcmdVar, TokVar, TokTemplate:
	default:
		return nil, false
	}
	return put(&p.arena.s_gName, gName{Pos: p.pos(i), Value: p.val(i)}), true
}

// use: 'USE' gName ';'?
func (p *fastParser) use(c *converter) (Node, int, bool) {
	if !p.word(0, fwUSE) {
		return nil, 0, false
	}
	name, ok := p.name(1)
	if !ok {
		return nil, 0, false
	}
	n := p.semicolon(2)
	u := c.newUse()
	u.Database = c.name(name)
	return u, n, true
}

// checkpoint: 'CHECKPOINT' gDuration? ';'?
func (p *fastParser) checkpoint(c *converter) (Node, int, bool) {
	if !p.word(0, fwCHECKPOINT) {
		return nil, 0, false
	}
	g := put(&p.arena.s_gCheckpoint, gCheckpoint{Pos: p.pos(0)})
	i := 1
	switch p.kind(i) {
	case TokNumber, TokVar, TokSqlcmdVar:
		g.Duration = put(&p.arena.s_gDuration, gDuration{Pos: p.pos(i), Value: p.val(i)})
		i++
	}
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.checkpoint(g), i, true
}

// dbcc: 'DBCC' ('TRACEON' | 'TRACEOFF') ('(' flag (',' flag)* ')')?
// ('WITH' 'NO_INFOMSGS')? ';'?
func (p *fastParser) dbcc(c *converter) (Node, int, bool) {
	if !p.word(0, fwDBCC) || !(p.word(1, fwTRACEON) || p.word(1, fwTRACEOFF)) {
		return nil, 0, false
	}
	g := put(&p.arena.s_gDBCC, gDBCC{Pos: p.pos(0), Cmd: p.val(1)})
	i := 2
	if p.punct(i, '(') {
		i++
		flags := openList(&p.arena.l_gTraceFlag)
		for {
			b := put(&p.arena.s_traceFlagBox, traceFlagBox{f: gTraceFlag{Pos: p.pos(i)}})
			f := &b.f
			if p.punct(i, '-') {
				f.Minus = true
				i++
			}
			switch p.kind(i) {
			case TokNumber:
				b.v = p.val(i)
				f.Num = &b.v
			case TokVar, TokSqlcmdVar:
				b.v = p.val(i)
				f.Var = &b.v
			default:
				return nil, 0, false
			}
			i++
			flags.add(f)
			if !p.punct(i, ',') {
				break
			}
			i++
		}
		g.Flags = flags.done()
		if !p.punct(i, ')') {
			return nil, 0, false
		}
		i++
	}
	if p.word(i, fwWITH) {
		if !p.word(i+1, fwNO_INFOMSGS) {
			return nil, 0, false // participle would stop before WITH
		}
		g.NoInfoMsgs = true
		i += 2
	}
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.dbcc(g), i, true
}

// traceFlagBox holds a gTraceFlag and its value.
type traceFlagBox struct {
	f gTraceFlag
	v string
}

// drop: 'DROP' 'DATABASE' ('IF' 'EXISTS')? gName (',' gName)* ';'?
func (p *fastParser) drop(c *converter) (Node, int, bool) {
	if !p.word(0, fwDROP) || !p.word(1, fwDATABASE) {
		return nil, 0, false
	}
	g := put(&p.arena.s_gDropDatabase, gDropDatabase{Pos: p.pos(0)})
	i := 2
	if p.word(i, fwIF) {
		if !p.word(i+1, fwEXISTS) {
			return nil, 0, false
		}
		g.IfExists = true
		i += 2
	}
	names := openList(&p.arena.l_gName)
	for {
		name, ok := p.name(i)
		if !ok {
			return nil, 0, false
		}
		names.add(name)
		i++
		if !p.punct(i, ',') {
			break
		}
		i++
	}
	g.Names = names.done()
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.drop(g), i, true
}

// alter: 'ALTER' 'DATABASE' gName gAlterAction ';'?
func (p *fastParser) alter(c *converter) (Node, int, bool) {
	if !p.word(0, fwALTER) || !p.word(1, fwDATABASE) {
		return nil, 0, false
	}
	name, ok := p.name(2)
	if !ok {
		return nil, 0, false
	}
	i := 3
	if p.word(i, fwSET) {
		return p.alterSet(c, name, i)
	}
	if p.word(i, fwADD) && (p.word(i+1, fwFILE) || p.word(i+1, fwLOG) && p.word(i+2, fwFILE)) ||
		p.word(i, fwMODIFY) && p.word(i+1, fwFILE) {
		return p.alterFiles(c, name, i)
	}
	if p.word(i, fwADD) && p.word(i+1, fwFILEGROUP) {
		return p.addFilegroup(c, name, i)
	}
	if i >= len(p.toks) || p.punct(i, ';') {
		// no action: SQL Server's syntax error, participle's to report
		return nil, 0, false
	}
	g := put(&p.arena.s_gAlterDatabase, gAlterDatabase{Pos: p.pos(0), Name: name})
	a := put(&p.arena.s_gAlterAction, gAlterAction{Pos: p.pos(i)})
	switch {
	case p.word(i, fwADD):
		// ADD FILE, ADD LOG FILE and ADD FILEGROUP are read above
		// (alterFiles, addFilegroup); any other ADD is gAdd's
		// catch-all (gAny+), left to participle
		ok = false
	case p.word(i, fwREMOVE):
		i, ok = p.remove(a, i+1)
	case p.word(i, fwMODIFY):
		i, ok = p.modify(a, i+1)
	case p.word(i, fwCOLLATE):
		// 'COLLATE' @(Ident | Quoted)
		if k := p.kind(i + 1); k == TokIdent || k == TokQuoted {
			v := p.val(i + 1)
			a.Collate = &v
			i += 2
		} else {
			ok = false
		}
	default:
		ok = false // an unmodelled action: participle's Other
	}
	if !ok {
		return nil, 0, false
	}
	g.Action = a
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.alter(g, i), i, true
}

// alterFiles recognizes ALTER DATABASE name ADD FILE spec [, spec]* [TO
// FILEGROUP name], ADD LOG FILE spec [, spec]* and MODIFY FILE spec, the
// action starting at token act, and builds what converter.alter builds for
// them without the parse tree, as alterSet does for SET lists: the files
// are most of what a dense script's ALTER DATABASE statements hold, and
// the tree's nodes cost write barriers to fill while the collector runs.
func (p *fastParser) alterFiles(c *converter, name *gName, act int) (Node, int, bool) {
	var buf [4]FileSpec // on the stack unless the list is longer
	files := buf[:0]
	action, log := ActionAddFile, false
	i := act + 2
	switch {
	case p.word(act, fwMODIFY):
		action = ActionModifyFile
	case p.word(act+1, fwLOG):
		action, log = ActionAddLogFile, true
		i++
	}
	for {
		var f FileSpec
		next, ok := p.fileSpecIn(c, &f, i, log)
		if !ok {
			return nil, 0, false // participle falls back to gAny+, or fails
		}
		files = append(files, f)
		i = next
		if action == ActionModifyFile || !p.punct(i, ',') {
			break
		}
		i++
	}
	fgTok := -1
	if action == ActionAddFile && p.word(i, fwTO) {
		if !p.word(i+1, fwFILEGROUP) {
			return nil, 0, false // participle would stop before TO
		}
		if _, ok := p.name(i + 2); !ok {
			return nil, 0, false
		}
		fgTok = i + 2
		i += 3
	}
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	n := p.semicolon(i)

	// what converter.alter does for these actions
	var ad *AlterDatabase
	var fileSlot []FileSpec // room for one file, or nil
	var fgSlot *Filegroup   // room for the filegroup, or nil
	switch {
	case len(files) == 1 && fgTok >= 0:
		b := c.newAlterFileFG()
		ad, fileSlot, fgSlot = &b.ad, b.file[:0:1], &b.fg
	case len(files) == 1:
		b := c.newAlterFile()
		ad, fileSlot = &b.ad, b.file[:0:1]
	default:
		ad = &AlterDatabase{}
		fileSlot = make([]FileSpec, 0, len(files))
	}
	p.alterHead(c, ad, name, action, act, n)
	if fgTok >= 0 {
		fg := Unquote(p.val(fgTok))
		ad.Filegroup = filegroupIn(fgSlot, Filegroup{Name: fg, Span: c.tokenSpan(p.pos(fgTok))})
		for k := range files {
			files[k].Filegroup = fg
		}
	}
	ad.Files = append(fileSlot, files...)
	return ad, n, true
}

// addFilegroup recognizes ALTER DATABASE name ADD FILEGROUP fg
// [CONTAINS FILESTREAM | MEMORY_OPTIMIZED_DATA], the action starting at
// token act, and builds what converter.alter builds for it without the
// parse tree, as alterFiles does for files.
func (p *fastParser) addFilegroup(c *converter, name *gName, act int) (Node, int, bool) {
	fg, ok := p.name(act + 2)
	if !ok {
		return nil, 0, false
	}
	i := act + 3
	contains := ""
	if p.word(i, fwCONTAINS) {
		if !p.word(i+1, fwFILESTREAM) && !p.word(i+1, fwMEMORY_OPTIMIZED_DATA) {
			return nil, 0, false // participle would stop before CONTAINS
		}
		contains = strings.ToUpper(p.val(i + 1))
		i += 2
	}
	n := p.semicolon(i)
	b := c.newAlterFG()
	p.alterHead(c, &b.ad, name, ActionAddFilegroup, act, n)
	b.ad.Filegroup = filegroupIn(&b.fg, Filegroup{Name: Unquote(fg.Value), Span: c.tokenSpan(fg.Pos), Contains: contains})
	return &b.ad, n, true
}

// alterHead sets what converter.alter sets in ad for every action: the
// database name, the action, the action's span from token act to the
// statement's end n (its ';' left out).
func (p *fastParser) alterHead(c *converter, ad *AlterDatabase, name *gName, action AlterAction, act, n int) {
	ad.Database, ad.Action = c.name(name), action
	if !ad.Database.Unresolved && keywordFold(ad.Database.Raw, "CURRENT") { // strings.EqualFold, cheaper
		ad.Current = true
	}
	end := int(c.toks[n-1].End)
	if c.toks[n-1].Kind == TokPunct && c.b.Text[c.toks[n-1].Start] == ';' && n > 1 {
		end = int(c.toks[n-2].End)
	}
	ad.ActionSpan = c.b.Span(p.pos(act).Offset, end)
}

// fileSpecIn matches gFileSpec at i, as fileSpec does, and writes into f,
// which is zero, what converter.fileSpec(g, log, "") returns for it.
func (p *fastParser) fileSpecIn(c *converter, f *FileSpec, i int, log bool) (int, bool) {
	if !p.punct(i, '(') {
		return 0, false
	}
	start := i
	i++
	f.Log = log
	for i < len(p.toks) && p.toks[i].Kind == TokIdent {
		// p.kind(i) == TokIdent: a property fileProp names is no
		// reserved word (TestFastFileProp), and needs no look-up
		prop := p.filePropOf(i)
		if prop == fpNone && reserved(p.val(i)) {
			break
		}
		key := i
		i++
		if !p.punct(i, '=') {
			p.fileProp(c, f, key, prop, nil)
		} else {
			// gValue as value matches it, on the stack: value's box
			// points into itself, which would move it to the heap
			var val gValue
			var text, unit string
			i++
			switch p.kind(i) {
			case TokNumber:
				text = p.val(i)
				val.Num = &text
				if p.unit(i+1) || p.punct(i+1, '%') {
					unit = p.val(i + 1)
					val.Unit = &unit
					i++
				}
			case TokString, TokNString:
				text = p.val(i)
				val.Str = &text
			case TokIdent, TokQuoted, TokVar:
				text = p.val(i)
				val.Word = &text
			case TokSqlcmdVar, TokTemplate:
				// its unit may follow: ${size} MB (participle joins the two)
				text = p.val(i)
				if p.unit(i+1) || p.punct(i+1, '%') {
					text += p.val(i + 1)
					i++
				}
				val.Word = &text
			default:
				return 0, false // participle backtracks over '=', then fails
			}
			i++
			p.fileProp(c, f, key, prop, &val)
		}
		if !p.punct(i, ',') {
			break
		}
		i++ // a property follows, or this is the trailing comma before ')'
	}
	if !p.punct(i, ')') {
		return 0, false
	}
	i++
	f.Span = p.span(c, start, i)
	return i, true
}

// filePropKind is which file property a word names, as fileProp reads
// it (fpNone: none it reads, or a word that is not all ASCII).
type filePropKind uint8

const (
	fpNone filePropKind = iota
	fpName
	fpSize
	fpMaxSize
	fpNewName
	fpOffline
	fpFileName
	fpGrowth
)

// filePropOf is the property token i, a word, names: for a word that is
// all ASCII, strings.ToUpper names one of the properties exactly when
// word says the word is it; of a word that is not, strings.ToUpper also
// upper-cases the dotless i to I, which EqualFold does not fold, so such
// a word is fpNone here and fileProp hands it to c.fileProp.
func (p *fastParser) filePropOf(i int) filePropKind {
	t := p.toks[i]
	switch t.End - t.Start {
	case 4:
		switch {
		case p.word(i, fwNAME):
			return fpName
		case p.word(i, fwSIZE):
			return fpSize
		}
	case 7:
		switch {
		case p.word(i, fwMAXSIZE):
			return fpMaxSize
		case p.word(i, fwNEWNAME):
			return fpNewName
		case p.word(i, fwOFFLINE):
			return fpOffline
		}
	case 8:
		if p.word(i, fwFILENAME) {
			return fpFileName
		}
	case 10:
		if p.word(i, fwFILEGROWTH) {
			return fpGrowth
		}
	}
	return fpNone
}

// fileProp is c.fileProp(f, p.val(i), v) for the property named by token
// i, a word, which names prop (filePropOf).
func (p *fastParser) fileProp(c *converter, f *FileSpec, i int, prop filePropKind, v *gValue) {
	switch prop {
	case fpName:
		f.Name = valueString(v)
	case fpSize:
		f.Size = c.sizeOf(v)
	case fpMaxSize:
		f.MaxSize = c.sizeOf(v)
	case fpNewName:
		f.NewName = valueString(v)
	case fpOffline:
		f.Offline = true
	case fpFileName:
		f.FileName = valueString(v)
	case fpGrowth:
		f.Growth = c.sizeOf(v)
	default:
		t := p.toks[i]
		for k := t.Start; k < t.End; k++ {
			if p.text[k] >= utf8.RuneSelf {
				c.fileProp(f, p.val(i), v)
				return
			}
		}
	}
}

// remove: ('FILE' | 'FILEGROUP') gName
func (p *fastParser) remove(a *gAlterAction, i int) (int, bool) {
	isFile := p.word(i, fwFILE)
	if !isFile && !p.word(i, fwFILEGROUP) {
		return 0, false
	}
	name, ok := p.name(i + 1)
	if !ok {
		return 0, false
	}
	if isFile {
		a.Remove = put(&p.arena.s_gRemove, gRemove{File: name})
	} else {
		a.Remove = put(&p.arena.s_gRemove, gRemove{FG: name})
	}
	return i + 2, true
}

// modify: 'FILE' gFileSpec | 'NAME' '=' gName | 'FILEGROUP' gName gAny*
func (p *fastParser) modify(a *gAlterAction, i int) (int, bool) {
	switch {
	case p.word(i, fwFILE):
		f, i, ok := p.fileSpec(i + 1)
		if !ok {
			return 0, false // participle falls back to gAny+, or fails
		}
		a.Modify = put(&p.arena.s_gModify, gModify{File: f})
		return i, true
	case p.word(i, fwNAME):
		if !p.punct(i+1, '=') {
			return 0, false
		}
		name, ok := p.name(i + 2)
		if !ok {
			return 0, false
		}
		a.Modify = put(&p.arena.s_gModify, gModify{Name: name})
		return i + 3, true
	case p.word(i, fwFILEGROUP):
		name, ok := p.name(i + 1)
		if !ok {
			return 0, false
		}
		fg := put(&p.arena.s_gModifyFG, gModifyFG{Name: name})
		i += 2
		for i < len(p.toks) && !p.punct(i, ';') && !p.punct(i, ')') && !p.startsNext(i) {
			var g *gAny
			if g, i, ok = p.any(i); !ok {
				return 0, false
			}
			fg.Args = append(fg.Args, g)
		}
		if p.punct(i, ')') {
			return 0, false // cannot be in a window; stay out of doubt
		}
		a.Modify = put(&p.arena.s_gModify, gModify{FG: fg})
		return i, true
	}
	return 0, false
}

// any matches one gAny at i, which is neither ';' nor ')' nor the end of
// the window: a token, or a parenthesized group that must close.
func (p *fastParser) any(i int) (*gAny, int, bool) {
	if !p.punct(i, '(') {
		return put(&p.arena.s_gAny, gAny{Tok: p.val(i)}), i + 1, true
	}
	g := put(&p.arena.s_gAny, gAny{})
	i, ok := p.group(i, &g.Group)
	return g, i, ok
}

// group matches '(' gAny* ')' at i, appending the inside to *out. A group
// with nothing inside leaves *out nil, as participle does.
func (p *fastParser) group(i int, out *[]*gAny) (int, bool) {
	i++ // '('
	for {
		if i >= len(p.toks) || p.punct(i, ';') {
			return 0, false // unclosed: participle fails or backtracks
		}
		if p.punct(i, ')') {
			return i + 1, true
		}
		var g *gAny
		var ok bool
		if g, i, ok = p.any(i); !ok {
			return 0, false
		}
		*out = append(*out, g)
	}
}

// setOption is an option of a SET list: its name is token name, its
// arguments the tokens up to end (exclusive).
type setOption struct {
	name, end int
	// plain: no parenthesized group, tokens one space apart, so that
	// argsText is the source text itself
	plain bool
	trt   bool // TARGET_RECOVERY_TIME = value unit
}

// alterSet recognizes ALTER DATABASE name SET gOption (',' gOption)*
// ('WITH' gTermination)? ';'? and builds what converter.alter builds for
// it. SET lists are most of the statements of SSDT scripts, so this one
// skips the parse tree: the option values are taken from the source text
// when that is what argsText would produce, and the rest goes through the
// converter's own functions.
func (p *fastParser) alterSet(c *converter, name *gName, set int) (Node, int, bool) {
	var buf [32]setOption
	opts := buf[:0]
	i := set + 1
	for {
		if p.word(i, fwTARGET_RECOVERY_TIME) {
			// gTRT: 'TARGET_RECOVERY_TIME' '=' @(Number | Var | SqlcmdVar) @('SECONDS' | 'MINUTES')
			switch p.kind(i + 2) {
			case TokNumber, TokVar, TokSqlcmdVar:
			default:
				return nil, 0, false
			}
			if !p.punct(i+1, '=') || !p.word(i+3, fwSECONDS) && !p.word(i+3, fwMINUTES) {
				return nil, 0, false
			}
			opts = append(opts, setOption{name: i, end: i + 4, trt: true})
			i += 4
			if !p.punct(i, ',') {
				break
			}
			i++
			continue
		}
		// gSetOption: (?! 'TARGET_RECOVERY_TIME') @(Ident | Quoted | SqlcmdVar | Template) (gSwitch | gArg*)
		if k := p.kind(i); k != TokIdent && k != TokQuoted && k != TokSqlcmdVar && k != TokTemplate {
			return nil, 0, false
		}
		o := setOption{name: i, plain: true}
		i++
		if j := i + btoi(p.punct(i, '=')); p.word(j, fwON) || p.word(j, fwOFF) {
			// gSwitch: '='? ('ON' | 'OFF') gGroup?: the option ends there
			i = j + 1
			if p.punct(i, '(') && !p.startsNext(i) {
				end, ok := p.skipGroup(i)
				if !ok {
					return nil, 0, false
				}
				o.plain = false
				i = end
			}
			if o.plain && i-o.name > 2 && p.text[p.toks[i-2].End:p.toks[i-1].Start] != " " {
				o.plain = false
			}
			o.end = i
			opts = append(opts, o)
			if !p.punct(i, ',') {
				break
			}
			i++
			continue
		}
		for i < len(p.toks) && !p.startsNext(i) {
			// gArg: '(' gAny* ')' | any token but ( ) , ; WITH
			if p.punct(i, '(') {
				end, ok := p.skipGroup(i)
				if !ok {
					return nil, 0, false
				}
				o.plain = false
				i = end
				continue
			}
			if p.punct(i, ')') || p.punct(i, ',') || p.punct(i, ';') || p.word(i, fwWITH) {
				break
			}
			if i > o.name+1 && p.text[p.toks[i-1].End:p.toks[i].Start] != " " {
				o.plain = false
			}
			i++
		}
		o.end = i
		opts = append(opts, o)
		if !p.punct(i, ',') {
			break
		}
		i++
	}
	termination := ""
	if p.word(i, fwWITH) {
		// gTermination: 'NO_WAIT' | 'ROLLBACK' ('AFTER' Number 'SECONDS'? | 'IMMEDIATE')
		switch {
		case p.word(i+1, fwNO_WAIT):
			termination = "NO_WAIT"
			i += 2
		case p.word(i+1, fwROLLBACK) && p.word(i+2, fwIMMEDIATE):
			termination = "ROLLBACK IMMEDIATE"
			i += 3
		case p.word(i+1, fwROLLBACK) && p.word(i+2, fwAFTER) && p.kind(i+3) == TokNumber:
			termination = "ROLLBACK AFTER " + p.val(i+3)
			i += 4
			if p.word(i, fwSECONDS) {
				i++
			}
		default:
			return nil, 0, false // participle would stop before WITH, or fail
		}
	}
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	n := p.semicolon(i)

	// what converter.alter does for a SET action
	var box *setBox
	var ad *AlterDatabase
	switch {
	case len(opts) == 1 && opts[0].trt: // most SET lists: one option
		box = c.newSet()
		ad = &box.ad
		ad.Options = box.opt[:1:1]
	case len(opts) == 1:
		b := c.newSetOption()
		ad = &b.ad
		ad.Options = b.opt[:1:1]
	default:
		ad = &AlterDatabase{Options: c.optionList(len(opts))}
	}
	p.alterHead(c, ad, name, ActionSet, set, n)
	ad.Termination = termination
	// converter.options
	for k, o := range opts {
		var v string
		switch {
		case o.trt:
			// num + " " + unit: the source text when that is how it is written
			num, unit := p.toks[o.name+2], p.toks[o.name+3]
			if unit.Start == num.End+1 && p.text[num.End] == ' ' {
				v = p.text[num.Start:unit.End]
			} else {
				v = p.val(o.name+2) + " " + p.val(o.name+3)
			}
			ad.Options[k] = Option{Name: "TARGET_RECOVERY_TIME", Value: v, Span: p.span(c, o.name, o.end)}
			continue
		case o.end == o.name+1:
		case o.plain:
			v = p.text[p.toks[o.name+1].Start:p.toks[o.end-1].End]
		default:
			var tmp [256]byte
			v = string(p.appendArgs(tmp[:0], o.name+1, o.end))
		}
		v = strings.TrimSpace(strings.TrimPrefix(v, "="))
		ad.Options[k] = Option{Name: strings.ToUpper(Unquote(p.val(o.name))), Value: v, Span: p.span(c, o.name, o.end)}
	}
	for k, o := range opts {
		switch {
		case o.trt:
			var d *Duration
			if box != nil {
				d = &box.d
				c.durationIn(d, ad.Options[k].Span, p.val(o.name+2), p.val(o.name+3), ad.Options[k].Value)
			} else {
				d = c.duration(ad.Options[k].Span, p.val(o.name+2), p.val(o.name+3), ad.Options[k].Value)
			}
			if k == 0 {
				d.ClauseSpan = Span{Start: ad.ActionSpan.Start, End: d.Span.End}
			} else {
				d.ClauseSpan = d.Span
			}
			ad.TargetRecovery = d
		case ad.Options[k].Name == "ENCRYPTION":
			ad.Encryption = strings.ToUpper(ad.Options[k].Value)
		}
	}
	return ad, n, true
}

// setBox holds an ALTER DATABASE SET TARGET_RECOVERY_TIME, its only
// option, with the option and the duration: one allocation, not three.
type setBox struct {
	ad  AlterDatabase
	opt [1]Option
	d   Duration
}

// setOptionBox holds an ALTER DATABASE SET of another single option, with
// the option: one allocation, not two, of the same size (352 bytes).
type setOptionBox struct {
	ad  AlterDatabase
	opt [1]Option
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// skipGroup checks the group '(' gAny* ')' at i and returns the index
// after it.
func (p *fastParser) skipGroup(i int) (int, bool) {
	depth := 0
	for ; i < len(p.toks); i++ {
		switch {
		case p.punct(i, '('):
			depth++
		case p.punct(i, ')'):
			depth--
			if depth == 0 {
				return i + 1, true
			}
		case p.punct(i, ';'):
			return 0, false
		}
	}
	return 0, false
}

// appendArgs appends what argsText returns for the arguments from to
// (exclusive) of an option alterSet has checked: arguments one space
// apart, a group as "(" + anyText(inside) + ")".
func (p *fastParser) appendArgs(buf []byte, from, to int) []byte {
	for i := from; i < to; {
		if i > from {
			buf = append(buf, ' ')
		}
		if p.punct(i, '(') {
			buf, i = p.appendGroup(append(buf, '('), i+1)
			buf = append(buf, ')')
			continue
		}
		buf = append(buf, p.val(i)...)
		i++
	}
	return buf
}

// appendGroup appends anyText of the inside of a group that starts at i
// (after its '(') and returns the index after its ')'. anyText puts a space
// before every item but a comma, except at the start of its output or
// after a '('; here the group's '(' is already in buf, which covers both.
func (p *fastParser) appendGroup(buf []byte, i int) ([]byte, int) {
	for !p.punct(i, ')') {
		if buf[len(buf)-1] != '(' && !p.punct(i, ',') {
			buf = append(buf, ' ')
		}
		if p.punct(i, '(') {
			buf, i = p.appendGroup(append(buf, '('), i+1)
			buf = append(buf, ')')
			continue
		}
		buf = append(buf, p.val(i)...)
		i++
	}
	return buf, i + 1
}

// The parse trees built below are short-lived (the converter copies what it
// needs into the AST, whose strings are slices of the text), so their
// nodes are carved out of a few allocations: a box holds a node together
// with what it points to. Boxes are filled in place and never copied, so
// the pointers into them stay valid.

// valueBox holds a gValue and the strings its fields point to.
type valueBox struct {
	v          gValue
	text, unit string
}

// value matches gValue at i into b: Number ('KB' | 'MB' | 'GB' | 'TB' |
// '%')? | String | NString | Ident | Quoted | SqlcmdVar | Var | Template.
func (p *fastParser) value(b *valueBox, i int) (int, bool) {
	b.v.Pos = p.pos(i)
	switch p.kind(i) {
	case TokNumber:
		b.text = p.val(i)
		b.v.Num = &b.text
		i++
		if p.unit(i) || p.punct(i, '%') {
			b.unit = p.val(i)
			b.v.Unit = &b.unit
			i++
		}
		return i, true
	case TokString, TokNString:
		b.text = p.val(i)
		b.v.Str = &b.text
	case TokIdent, TokQuoted, TokVar:
		b.text = p.val(i)
		b.v.Word = &b.text
	case TokSqlcmdVar, TokTemplate:
		// its unit may follow: ${size} MB (participle joins the two)
		b.text = p.val(i)
		if p.unit(i+1) || p.punct(i+1, '%') {
			b.text += p.val(i + 1)
			i++
		}
		b.v.Word = &b.text
	default:
		return 0, false
	}
	return i + 1, true
}

// propBox holds a gFileProp and its value.
type propBox struct {
	prop gFileProp
	val  valueBox
}

// fileSpec matches gFileSpec at i:
// '(' (gFileProp (',' gFileProp)* ','?)? ')' with gFileProp: Ident ('=' gValue)?
func (p *fastParser) fileSpec(i int) (*gFileSpec, int, bool) {
	if !p.punct(i, '(') {
		return nil, 0, false
	}
	g := put(&p.arena.s_gFileSpec, gFileSpec{Pos: p.pos(i)})
	i++
	var props []propBox
	if p.kind(i) == TokIdent {
		// one property per comma, and one more: at most
		n := 1
		for j := i; j < len(p.toks) && !p.punct(j, ')') && !p.punct(j, ';'); j++ {
			if p.punct(j, ',') {
				n++
			}
		}
		props = p.propBoxes(n)
		g.Props = p.propPtrs(n)
	}
	for n := 0; p.kind(i) == TokIdent; n++ {
		pb := &props[n]
		prop := &pb.prop
		prop.Pos, prop.Key = p.pos(i), p.val(i)
		i++
		if p.punct(i, '=') {
			next, ok := p.value(&pb.val, i+1)
			if !ok {
				return nil, 0, false // participle backtracks over '=', then fails
			}
			prop.Value = &pb.val.v
			i = next
		}
		g.Props = append(g.Props, prop)
		if !p.punct(i, ',') {
			break
		}
		i++ // a property follows, or this is the trailing comma before ')'
	}
	if !p.punct(i, ')') {
		return nil, 0, false
	}
	i++
	g.EndPos = p.pos(i)
	return g, i, true
}

// commaList matches elem (',' elem)* at i. When an element does not match
// it declines: participle then fails, or stops before the ','.
// The list is built in s (see list).
func commaList[T any](p *fastParser, s *slab[T], i int, elem func(int) (T, int, bool)) ([]T, int, bool) {
	out := openList(s)
	for {
		v, next, ok := elem(i)
		if !ok {
			return nil, 0, false
		}
		out.add(v)
		i = next
		if !p.punct(i, ',') {
			return out.done(), i, true
		}
		i++
	}
}

// fileSpecs matches gFileSpec (',' gFileSpec)* at i.
func (p *fastParser) fileSpecs(i int) ([]*gFileSpec, int, bool) {
	return commaList(p, &p.arena.l_gFileSpec, i, p.fileSpec)
}

// cOptionBox holds a gCOption and what it points to.
type cOptionBox struct {
	o     gCOption
	sw    string
	val   valueBox
	group gGroup
}

// cOption matches gCOption at i: @Ident ('='? @('ON' | 'OFF') | '=' gValue)?
// gGroup?.
func (p *fastParser) cOption(i int) (*gCOption, int, bool) {
	if p.kind(i) != TokIdent {
		return nil, 0, false // participle fails, or stops before WITH or ','
	}
	b := put(&p.arena.s_cOptionBox, cOptionBox{})
	o := &b.o
	o.Pos, o.Name = p.pos(i), p.val(i)
	i++
	switch {
	case p.word(i, fwON) || p.word(i, fwOFF):
		b.sw = p.val(i)
		o.Switch = &b.sw
		i++
	case p.punct(i, '=') && (p.word(i+1, fwON) || p.word(i+1, fwOFF)):
		b.sw = p.val(i + 1)
		o.Switch = &b.sw
		i += 2
	case p.punct(i, '='):
		next, ok := p.value(&b.val, i+1)
		if !ok {
			return nil, 0, false
		}
		o.Value = &b.val.v
		i = next
	}
	if p.punct(i, '(') && !p.startsNext(i) {
		b.group.Open = true
		var ok bool
		if i, ok = p.group(i, &b.group.Items); !ok {
			return nil, 0, false
		}
		o.Group = &b.group
	}
	o.EndPos = p.pos(i)
	return o, i, true
}

// create: 'CREATE' 'DATABASE' gName gCreateClause* ';'?, the clauses being
// CONTAINMENT = word, ON [PRIMARY] item [, item]*, LOG ON spec [, spec]*,
// COLLATE name, WITH options, FOR ATTACH | ATTACH_REBUILD_LOG |
// ATTACH_FORCE_REBUILD_LOG and AS
// SNAPSHOT OF name. AS COPY OF and Azure's ( options ) are left to
// participle.
func (p *fastParser) create(c *converter) (Node, int, bool) {
	if !p.word(0, fwCREATE) || !p.word(1, fwDATABASE) {
		return nil, 0, false
	}
	name, ok := p.name(2)
	if !ok {
		return nil, 0, false
	}
	if node, n, ok := p.createFiles(c, name); ok {
		return node, n, true
	}
	g := put(&p.arena.s_gCreateDatabase, gCreateDatabase{Pos: p.pos(0), Name: name})
	i := 3
	clauseList := openList(&p.arena.l_gCreateClause)
clauses:
	for i < len(p.toks) {
		// A clause that starts must complete: where it does not, participle
		// either fails or stops before it, and the fast path declines.
		cl := put(&p.arena.s_gCreateClause, gCreateClause{Pos: p.pos(i)})
		switch {
		case p.word(i, fwCONTAINMENT):
			// 'CONTAINMENT' '=' @Ident
			if !p.punct(i+1, '=') || p.kind(i+2) != TokIdent {
				return nil, 0, false
			}
			v := p.val(i + 2)
			cl.Containment = &v
			i += 3
		case p.word(i, fwLOG):
			// 'LOG' 'ON' gFileSpec (',' gFileSpec)*
			if !p.word(i+1, fwON) {
				return nil, 0, false
			}
			if cl.Log, i, ok = p.fileSpecs(i + 2); !ok {
				return nil, 0, false
			}
		case p.word(i, fwON):
			// 'ON' 'PRIMARY'? gOnItem (',' gOnItem)*
			i++
			if p.word(i, fwPRIMARY) {
				cl.OnPrimary = true
				i++
			}
			if cl.OnItems, i, ok = commaList(p, &p.arena.l_gOnItem, i, p.onItem); !ok {
				return nil, 0, false
			}
		case p.word(i, fwCOLLATE):
			// 'COLLATE' @(Ident | Quoted)
			if k := p.kind(i + 1); k != TokIdent && k != TokQuoted {
				return nil, 0, false
			}
			v := p.val(i + 1)
			cl.Collate = &v
			i += 2
		case p.word(i, fwWITH):
			if cl.With, i, ok = commaList(p, &p.arena.l_gCOption, i+1, p.cOption); !ok {
				return nil, 0, false
			}
		case p.word(i, fwFOR):
			// 'FOR' @('ATTACH' | 'ATTACH_REBUILD_LOG' | 'ATTACH_FORCE_REBUILD_LOG')
			if !p.word(i+1, fwATTACH) && !p.word(i+1, fwATTACH_REBUILD_LOG) && !p.word(i+1, fwATTACH_FORCE_REBUILD_LOG) {
				return nil, 0, false
			}
			v := p.val(i + 1)
			cl.For = &v
			i += 2
		case p.word(i, fwAS):
			// 'AS' 'SNAPSHOT' 'OF' gName; AS COPY OF is left to participle
			if !p.word(i+1, fwSNAPSHOT) || !p.word(i+2, fwOF) {
				return nil, 0, false
			}
			if cl.SnapshotOf, ok = p.name(i + 3); !ok {
				return nil, 0, false
			}
			i += 4
		case p.punct(i, '('):
			return nil, 0, false // Azure options: left to participle
		default:
			break clauses // no clause starts here: participle stops too
		}
		clauseList.add(cl)
	}
	g.Clauses = clauseList.done()
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.create(g), i, true
}

// createFiles recognizes CREATE DATABASE name whose clauses are only ON
// [PRIMARY] spec [, spec]* and LOG ON spec [, spec]*, most of them, and
// builds what converter.create builds for it without the parse tree, as
// alterFiles does. Any other clause, or a FILEGROUP, and it declines:
// create then builds the tree.
func (p *fastParser) createFiles(c *converter, name *gName) (Node, int, bool) {
	var buf [4]FileSpec // on the stack unless the list is longer
	files := buf[:0]
	var logSpan Span
	i := 3
clauses:
	for i < len(p.toks) {
		log := false
		switch {
		case p.word(i, fwON):
			i++
			if p.word(i, fwPRIMARY) {
				i++
			}
		case p.word(i, fwLOG) && p.word(i+1, fwON):
			log = true
			i += 2
		case p.word(i, fwCONTAINMENT) || p.word(i, fwLOG) || p.word(i, fwCOLLATE) || p.word(i, fwWITH) ||
			p.word(i, fwFOR) || p.word(i, fwAS) || p.punct(i, '('):
			return nil, 0, false // a clause this does not build: the tree's
		default:
			break clauses // no clause starts here: participle stops too
		}
		clause := i - 2 // LOG, for LOG ON
		for {
			if p.word(i, fwFILEGROUP) {
				return nil, 0, false
			}
			var f FileSpec
			next, ok := p.fileSpecIn(c, &f, i, log)
			if !ok {
				return nil, 0, false
			}
			if !log {
				f.Filegroup = "PRIMARY"
			}
			files = append(files, f)
			i = next
			if !p.punct(i, ',') {
				break
			}
			i++
		}
		if log {
			logSpan = c.b.Span(p.pos(clause).Offset, c.endBefore(p.pos(i).Offset))
		}
	}
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	n := p.semicolon(i)

	// what converter.create does for these clauses
	var cd *CreateDatabase
	if len(files) == 2 {
		box := c.newCreate()
		cd = &box.cd
		cd.Files, cd.Filegroups = box.files[:0:2], box.fgs[:1:1]
		cd.Filegroups[0].Name = "PRIMARY"
	} else {
		cd = &CreateDatabase{Files: make([]FileSpec, 0, len(files)), Filegroups: primaryOnly}
	}
	cd.Database = c.name(name)
	cd.Files = append(cd.Files, files...)
	cd.LogSpan = logSpan
	return cd, n, true
}

// primaryOnly is the filegroups of a CREATE DATABASE that names none,
// shared by all such (none changes its element; its room is full, so
// that appending to it copies it): 80 bytes a statement otherwise, 20 MB
// of a 13 MB script of 250,000 CREATE DATABASE dN and DROP DATABASE dN,
// all live until the script is replayed.
var primaryOnly = []Filegroup{{Name: "PRIMARY"}}

// onItem matches gOnItem at i: gFilegroupHead? gFileSpec, the head being
// 'FILEGROUP' gName ('CONTAINS' ('FILESTREAM' | 'MEMORY_OPTIMIZED_DATA'))?
// 'DEFAULT'?.
func (p *fastParser) onItem(i int) (*gOnItem, int, bool) {
	it := put(&p.arena.s_gOnItem, gOnItem{})
	if p.word(i, fwFILEGROUP) {
		name, ok := p.name(i + 1)
		if !ok {
			return nil, 0, false
		}
		fg := put(&p.arena.s_gFilegroupHead, gFilegroupHead{Pos: p.pos(i), Name: name})
		i += 2
		if p.word(i, fwCONTAINS) {
			if !p.word(i+1, fwFILESTREAM) && !p.word(i+1, fwMEMORY_OPTIMIZED_DATA) {
				return nil, 0, false
			}
			v := p.val(i + 1)
			fg.Contains = &v
			i += 2
		}
		if p.word(i, fwDEFAULT) {
			fg.Default = true
			i++
		}
		it.FG = fg
	}
	f, i, ok := p.fileSpec(i)
	if !ok {
		return nil, 0, false
	}
	it.File = f
	return it, i, true
}

// itemBox holds a gBackupItem and its value.
type itemBox struct {
	it  gBackupItem
	val valueBox
}

// item matches one gBackupItem at i: @('FILE' | 'FILEGROUP' | 'PAGE') '='
// (gValue | '(' gValue (',' gValue)* ')').
func (p *fastParser) item(i int) (*gBackupItem, int, bool) {
	if !p.word(i, fwFILE) && !p.word(i, fwFILEGROUP) && !p.word(i, fwPAGE) || !p.punct(i+1, '=') {
		return nil, 0, false // participle fails, or stops before the item or ','
	}
	b := put(&p.arena.s_itemBox, itemBox{it: gBackupItem{Pos: p.pos(i), Key: p.val(i)}})
	if p.punct(i+2, '(') {
		list, next, ok := commaList(p, &p.arena.l_gValue, i+3, func(j int) (*gValue, int, bool) {
			vb := put(&p.arena.s_valueBox, valueBox{})
			next, ok := p.value(vb, j)
			return &vb.v, next, ok
		})
		if !ok || !p.punct(next, ')') {
			return nil, 0, false
		}
		b.it.List = list
		return &b.it, next + 1, true
	}
	next, ok := p.value(&b.val, i+2)
	if !ok {
		return nil, 0, false
	}
	b.it.Value = &b.val.v
	return &b.it, next, true
}

// fileItems matches (gFileItem (',' gFileItem)*)? at i.
func (p *fastParser) fileItems(i int) ([]*gFileItem, int, bool) {
	if !p.word(i, fwREAD_WRITE_FILEGROUPS) && !p.word(i, fwFILE) && !p.word(i, fwFILEGROUP) && !p.word(i, fwPAGE) {
		return nil, i, true
	}
	return commaList(p, &p.arena.l_gFileItem, i, p.fileItem)
}

// deviceBox holds a gDevice and its value.
type deviceBox struct {
	d   gDevice
	val valueBox
}

// devices matches gDevice (',' gDevice)* at i, gDevice being
// @('DISK' | 'TAPE' | 'URL' | 'VIRTUAL_DEVICE' | 'DATABASE_SNAPSHOT') '='
// gValue | (?! 'TAPE' | 'URL' | 'VIRTUAL_DEVICE') gName.
func (p *fastParser) devices(i int) ([]*gDevice, int, bool) {
	return commaList(p, &p.arena.l_gDevice, i, p.device)
}

// device matches one gDevice at i.
func (p *fastParser) device(i int) (*gDevice, int, bool) {
	b := put(&p.arena.s_deviceBox, deviceBox{d: gDevice{Pos: p.pos(i)}})
	d := &b.d
	if p.word(i, fwDISK) || p.word(i, fwTAPE) || p.word(i, fwURL) || p.word(i, fwVIRTUAL_DEVICE) || p.word(i, fwDATABASE_SNAPSHOT) {
		if !p.punct(i+1, '=') {
			return nil, 0, false
		}
		next, ok := p.value(&b.val, i+2)
		if !ok {
			return nil, 0, false
		}
		d.Type, d.Value = p.val(i), &b.val.v
		i = next
	} else {
		if p.word(i, fwTAPE) || p.word(i, fwURL) || p.word(i, fwVIRTUAL_DEVICE) {
			return nil, 0, false
		}
		name, ok := p.name(i)
		if !ok {
			return nil, 0, false
		}
		d.Name = name
		i++
	}
	d.EndPos = p.pos(i)
	return d, i, true
}

// backup: 'BACKUP' ('DATABASE' | 'LOG') gName (gFileItem (',' gFileItem)*)?
// 'TO' gDevice (',' gDevice)* ('MIRROR' 'TO' gDevice (',' gDevice)*)*
// ('WITH' gBOption (',' gBOption)*)? ';'?
func (p *fastParser) backup(c *converter) (Node, int, bool) {
	if !p.word(0, fwBACKUP) || !p.word(1, fwDATABASE) && !p.word(1, fwLOG) {
		return nil, 0, false
	}
	name, ok := p.name(2)
	if !ok {
		return nil, 0, false
	}
	items, i, ok := p.fileItems(3)
	if !ok {
		return nil, 0, false
	}
	if !p.word(i, fwTO) {
		return nil, 0, false // TO is required: participle fails
	}
	// the targets and options, converted as they are read (what
	// converter.backup makes of the tree's lists), on the stack unless
	// many
	var tbuf [2]Target
	var obuf [4]Option
	ts, i, ok := p.targets(c, tbuf[:0], i+1, false)
	if !ok {
		return nil, 0, false
	}
	mirrored := false
	for p.word(i, fwMIRROR) {
		if !p.word(i+1, fwTO) {
			return nil, 0, false // participle would stop before MIRROR
		}
		if ts, i, ok = p.targets(c, ts, i+2, true); !ok {
			return nil, 0, false
		}
		mirrored = true
	}
	opts := obuf[:0]
	if p.word(i, fwWITH) {
		for i++; ; i++ {
			if p.bareOption(i) { // most options: WITH COMPRESSION, CHECKSUM
				opts = append(opts, Option{Name: strings.ToUpper(Unquote(p.val(i))), Span: p.span(c, i, i+1)})
				i++
			} else {
				o, next, ok := p.bOption(i)
				if !ok {
					return nil, 0, false
				}
				opts, i = append(opts, c.bOption(o)), next
			}
			if !p.punct(i, ',') {
				break
			}
		}
	}
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	i = p.semicolon(i)
	var options []Option
	if len(opts) > 0 {
		options = c.optionList(len(opts))
		copy(options, opts)
	}
	return c.backupOf(p.word(1, fwLOG), name, items, ts, mirrored, options), i, true
}

// targets matches gDevice (',' gDevice)* at i, as devices does, and
// appends what converter.target makes of each to out.
func (p *fastParser) targets(c *converter, out []Target, i int, mirror bool) ([]Target, int, bool) {
	for {
		d, next, ok := p.device(i)
		if !ok {
			return nil, 0, false
		}
		out = append(out, c.target(d, mirror))
		if !p.punct(next, ',') {
			return out, next, true
		}
		i = next + 1
	}
}

// restore: 'RESTORE' (gRestoreTarget | gRestoreOnly)
// ('WITH' gBOption (',' gBOption)*)? ';'?, the target being ('DATABASE' |
// 'LOG') gName (gFileItem (',' gFileItem)*)? ('FROM' gDevice (','
// gDevice)*)?, the read-only forms ('FILELISTONLY' | 'HEADERONLY' |
// 'VERIFYONLY' | 'LABELONLY' | 'REWINDONLY') 'FROM' gDevice (',' gDevice)*.
func (p *fastParser) restore(c *converter) (Node, int, bool) {
	if !p.word(0, fwRESTORE) {
		return nil, 0, false
	}
	g := put(&p.arena.s_gRestore, gRestore{Pos: p.pos(0)})
	var i int
	var ok bool
	switch {
	case p.word(1, fwDATABASE) || p.word(1, fwLOG):
		name, ok := p.name(2)
		if !ok {
			return nil, 0, false
		}
		t := put(&p.arena.s_gRestoreTarget, gRestoreTarget{What: p.val(1), Name: name})
		i = 3
		if t.Items, i, ok = p.fileItems(i); !ok {
			return nil, 0, false
		}
		if p.word(i, fwFROM) {
			if t.Devices, i, ok = p.devices(i + 1); !ok {
				return nil, 0, false
			}
		}
		g.Target = t
	case p.word(1, fwFILELISTONLY) || p.word(1, fwHEADERONLY) || p.word(1, fwVERIFYONLY) ||
		p.word(1, fwLABELONLY) || p.word(1, fwREWINDONLY):
		o := put(&p.arena.s_gRestoreOnly, gRestoreOnly{What: p.val(1)})
		if !p.word(2, fwFROM) {
			return nil, 0, false
		}
		if o.Devices, i, ok = p.devices(3); !ok {
			return nil, 0, false
		}
		g.Only = o
	default:
		return nil, 0, false
	}
	if p.word(i, fwWITH) {
		if g.Options, i, ok = commaList(p, &p.arena.l_gBOption, i+1, p.bOption); !ok {
			return nil, 0, false
		}
	}
	if p.punct(i, ')') {
		return nil, 0, false // cannot be in a window; stay out of doubt
	}
	i = p.semicolon(i)
	g.EndPos = p.pos(i)
	return c.restore(g), i, true
}

// fileItem matches gFileItem at i: 'READ_WRITE_FILEGROUPS' | gBackupItem.
func (p *fastParser) fileItem(i int) (*gFileItem, int, bool) {
	if p.word(i, fwREAD_WRITE_FILEGROUPS) {
		return put(&p.arena.s_gFileItem, gFileItem{RWFG: true}), i + 1, true
	}
	it, next, ok := p.item(i)
	if !ok {
		return nil, 0, false
	}
	return put(&p.arena.s_gFileItem, gFileItem{Item: it}), next, true
}

// bareOption reports whether token i is a gBOption that is a name alone:
// a word that is not reserved, nor MOVE (whose value must follow),
// before a ',' or ';' or at the end of the window. converter.bOption
// makes of it the option of that name upper-cased, with no value, and
// the token's span.
func (p *fastParser) bareOption(i int) bool {
	return (i+1 == len(p.toks) || p.punct(i+1, ',') || p.punct(i+1, ';')) &&
		p.kind(i) == TokIdent && !p.word(i, fwMOVE)
}

// bOptionBox holds a gBOption and what it points to.
type bOptionBox struct {
	o      gBOption
	move   gMove
	v1, v2 valueBox
	group  gGroup
}

// bOption matches one gBOption at i: 'MOVE' gValue 'TO' gValue, or
// 'COMPRESSION' 'ALGORITHM' '=' gValue, or (?!'MOVE') @(Ident | Quoted)
// ('=' gValue ('AFTER' gValue)?)? gGroup?.
func (p *fastParser) bOption(i int) (*gBOption, int, bool) {
	b := put(&p.arena.s_bOptionBox, bOptionBox{})
	o := &b.o
	o.Pos = p.pos(i)
	if p.punct(i+2, '=') && p.word(i+1, fwALGORITHM) && p.word(i, fwCOMPRESSION) { // the cheapest test first
		next, ok := p.value(&b.v1, i+3)
		if !ok {
			return nil, 0, false
		}
		o.Algo = &b.v1.v
		i = next
	} else if p.word(i, fwMOVE) {
		next, ok := p.value(&b.v1, i+1)
		if !ok || !p.word(next, fwTO) {
			return nil, 0, false
		}
		if next, ok = p.value(&b.v2, next+1); !ok {
			return nil, 0, false
		}
		b.move.Logical, b.move.Physical = &b.v1.v, &b.v2.v
		o.Move = &b.move
		i = next
	} else {
		if k := p.kind(i); k != TokIdent && k != TokQuoted && !p.word(i, fwFILE) {
			return nil, 0, false
		}
		o.Name = p.val(i)
		i++
		if p.punct(i, '=') {
			next, ok := p.value(&b.v1, i+1)
			if !ok {
				return nil, 0, false
			}
			o.Value = &b.v1.v
			i = next
			if p.word(i, fwAFTER) {
				if next, ok = p.value(&b.v2, i+1); !ok {
					return nil, 0, false
				}
				o.After = &b.v2.v
				i = next
			}
		}
		if p.punct(i, '(') && !p.startsNext(i) {
			b.group.Open = true
			var ok bool
			if i, ok = p.group(i, &b.group.Items); !ok {
				return nil, 0, false
			}
			o.Group = &b.group
		}
	}
	o.EndPos = p.pos(i)
	return o, i, true
}

// nodeArena hands out the converted nodes of the fast path (and of the
// converter functions it calls) from chunks of nodeChunkBytes of values of one
// type, where each node was an allocation of its own: at 100%
// statements of interest that was a third of all allocations. Every node
// the fast path makes is kept with its statement until the script is
// checked (the statements the compaction drops carry none), so a chunk
// keeps alive little beyond nodes that live anyway: the nodes of the
// script before, in the chunk the two share, and room not yet handed out.
//
// The arena of a StatementBuffer's part tracks its chunks (track, up to
// nodeTrackBytes): StatementBuffer.TakeNodes hands them to the script's
// Result, whose NodeRoom.Release gives them back, cleared, once no node in
// them is read, for the next scripts' nodes. At 100% statements of
// interest the nodes were a third of the bytes allocated, and each byte
// allocated costs the collector's marking as much again. Other chunks are
// never reused: their values start zero, and a chunk lives as long as any
// node in it.
//
// A converter without one (nil: participle's path, tests) allocates each
// node.
type nodeArena struct {
	uses        nodeSlab[Use]
	checkpoints nodeSlab[checkpointBox]
	traceFlags  nodeSlab[traceFlagsBox]
	backups     nodeSlab[backupBox]
	creates     nodeSlab[createBox]
	alterFile   nodeSlab[alterFileBox]
	alterFileFG nodeSlab[alterFileFGBox]
	alterFG     nodeSlab[alterFGBox]
	sets        nodeSlab[setBox]
	setOptions  nodeSlab[setOptionBox]
	// the Dynamic facts of ordinary statements (dynamicFactsIn), which
	// die with the nodes (rules.Engine.Check)
	dynamics nodeSlab[dynamicBox]
	options  nodeSlab[Option] // room for option lists (optionList)
	// track is set on the arena of a StatementBuffer's part: its chunks
	// are listed (kept), up to tracked bytes of nodeTrackBytes
	track   bool
	tracked int
	// handed counts the nodes handed out since the last TakeNodes or
	// DropNodes
	handed int
}

// nodeTrackAfter is how many nodes a script makes for TakeNodes to give
// its chunks a room: one with fewer (most scripts at typical density)
// leaves them untracked, and the next script's first nodes go on in
// them, rather than in chunks of its own taken and cleared for a few.
const nodeTrackAfter = 32

// nodeChunkBytes is the size of a chunk of nodes: as many nodes as fit.
// A chunk of this size wastes no room to its size class, where a fixed
// number of nodes could: 16 BACKUP nodes took a 4 KB block for 3.6 KB.
const nodeChunkBytes = 8192

// nodeTrackBytes bounds the chunks an arena tracks between two TakeNodes:
// a dense script of 100 KB makes about 300 KB of nodes, while the nodes
// of a huge script die as its statements are replayed (rules.Model's
// slim), and chunks tracked would keep them until its rules have run:
// past the bound, none is tracked (a 477 MB script at 5% of interest
// peaked 3 MB higher while its first were).
const nodeTrackBytes = 512 << 10

// nodeFreeBytes bounds the cleared chunks kept for reuse: those of a
// few dense scripts (the parse is a few scripts ahead of the rules).
const nodeFreeBytes = 4 << 20

// nodesPerChunk is the number of T in a chunk: as many as fit in
// nodeChunkBytes, at least 4; optionChunk options.
func nodesPerChunk[T any]() int {
	var zero T
	if _, ok := any(zero).(Option); ok {
		return optionChunk // lists: a huge script's kept ones hold smaller chunks
	}
	return max(4, nodeChunkBytes/int(unsafe.Sizeof(zero)))
}

// optionChunk is the number of options in a chunk of option lists (a
// chunk of 4 KB: one of 8 KB, as the nodes', peaked 1.5 MB higher for a
// 477 MB script at 5% of interest, whose kept lists hold their chunks); a
// list longer than half of it gets room of its own.
const optionChunk = 64

// nodeSlab is one type's chunk of nodes being handed out, and the chunks
// its arena tracks (kept, cur among them).
type nodeSlab[T any] struct {
	cur  []T
	kept [][]T
}

// newNode returns a pointer to a zero T in the slab of a that pick
// chooses, or to a new one when a is nil.
func newNode[T any](a *nodeArena, pick func(*nodeArena) *nodeSlab[T]) *T {
	if a == nil {
		return new(T)
	}
	s := pick(a)
	a.handed++
	if len(s.cur) == cap(s.cur) {
		s.cur = nextChunk(a, pick) // the full chunk is left to its nodes
	}
	s.cur = s.cur[:len(s.cur)+1]
	return &s.cur[len(s.cur)-1]
}

// nextChunk returns an empty chunk for the slab of a that pick chooses:
// for a tracking arena within its bound, one given back by a Release
// when there is one, listed in the slab's kept.
func nextChunk[T any](a *nodeArena, pick func(*nodeArena) *nodeSlab[T]) []T {
	n := nodesPerChunk[T]()
	var zero T
	size := n * int(unsafe.Sizeof(zero))
	if !a.track {
		return make([]T, 0, n)
	}
	if a.tracked+size > nodeTrackBytes {
		if a.tracked <= nodeTrackBytes {
			// a huge script, whose nodes die as its statements are
			// replayed: the chunks tracked so far are left to them too,
			// and no more are tracked until TakeNodes or DropNodes
			eachSlab(a, a, untrack)
			a.tracked = nodeTrackBytes + 1
		}
		return make([]T, 0, n)
	}
	var c []T
	freeNodes.mu.Lock()
	if fs := pick(&freeNodes.a); len(fs.kept) > 0 {
		k := len(fs.kept) - 1
		c, fs.kept[k] = fs.kept[k], nil
		fs.kept = fs.kept[:k]
		freeNodes.bytes -= size
	}
	freeNodes.mu.Unlock()
	if c == nil {
		c = make([]T, 0, n)
	}
	s := pick(a)
	if k := len(s.kept); k > 0 {
		// the last chunk tracked is the one just filled (see freeKept)
		s.kept[k-1] = s.kept[k-1][:cap(s.kept[k-1])]
	}
	s.kept = append(s.kept, c)
	a.tracked += size
	return c[:0]
}

// freeNodes are the chunks Release gave back, cleared, at most
// nodeFreeBytes of them.
var freeNodes struct {
	mu    sync.Mutex
	a     nodeArena
	bytes int
}

// NodeRoom is the memory of the nodes the fast path made for one
// script's statements (StatementBuffer.TakeNodes), given back for the
// nodes of the next scripts by Release.
type NodeRoom struct{ a nodeArena }

// TakeNodes returns the room of the nodes made through b since the last
// TakeNodes or DropNodes (those of one script, when b parses one script
// at a time); the next nodes are made in other chunks. It returns nil
// when there are none.
func (b *StatementBuffer) TakeNodes() *NodeRoom {
	if b == nil {
		return nil
	}
	var r *NodeRoom
	for i := range b.parts {
		a := &b.parts[i].nodes
		if a.tracked == 0 || a.tracked > nodeTrackBytes {
			// no chunk tracked: the next script's first nodes may go
			// on in the current ones
			a.tracked, a.handed = 0, 0
			continue
		}
		if a.handed < nodeTrackAfter {
			// few nodes: their chunks are left untracked, and the next
			// script's go on in them
			eachSlab(a, a, untrack)
			a.tracked, a.handed = 0, 0
			continue
		}
		if r == nil {
			r = &NodeRoom{}
		}
		eachSlab(&r.a, a, moveKept)
		a.tracked, a.handed = 0, 0
	}
	return r
}

// DropNodes forgets the nodes made through b since the last TakeNodes or
// DropNodes: they live as long as a statement points to them.
func (b *StatementBuffer) DropNodes() {
	if b == nil {
		return
	}
	for i := range b.parts {
		dropNodes(&b.parts[i].nodes)
	}
}

func dropNodes(a *nodeArena) {
	eachSlab(a, a, forgetKept)
	a.tracked, a.handed = 0, 0
}

// Release gives the room's memory back for the nodes of later scripts.
// Call it once no node of the script is read: statements that still
// point to one would see it cleared, then overwritten.
func (r *NodeRoom) Release() {
	if r == nil {
		return
	}
	eachSlab(&freeNodes.a, &r.a, freeKept)
	r.a = nodeArena{}
}

// anySlab is a nodeSlab of any type: what TakeNodes, DropNodes and
// Release do to the slabs of each type (the slab given is of the same
// type).
type anySlab interface {
	moveKept(to anySlab)
	untrack()
	forgetKept()
	freeKept(to anySlab)
}

// slabs are the slabs of a, one per type, in the same order for every
// arena.
func (a *nodeArena) slabs() [12]anySlab {
	return [...]anySlab{&a.uses, &a.checkpoints, &a.traceFlags, &a.backups, &a.creates,
		&a.alterFile, &a.alterFileFG, &a.alterFG, &a.sets, &a.setOptions, &a.dynamics, &a.options}
}

// eachSlab calls f on the slabs of each type of dst and src.
func eachSlab(dst, src *nodeArena, f func(dst, src anySlab)) {
	d, s := dst.slabs(), src.slabs()
	for i := range s {
		f(d[i], s[i])
	}
}

func moveKept(dst, src anySlab) { src.moveKept(dst) }
func untrack(_, src anySlab)    { src.untrack() }
func forgetKept(_, src anySlab) { src.forgetKept() }
func freeKept(dst, src anySlab) { src.freeKept(dst) }

// moveKept moves the chunks s tracks to to; s's next node is made in
// another chunk when the current one is among them.
func (s *nodeSlab[T]) moveKept(to anySlab) {
	if len(s.kept) == 0 {
		return // its current chunk is not tracked: the next nodes go on in it
	}
	d := to.(*nodeSlab[T])
	if k := len(s.kept); k > 0 {
		// the last chunk tracked is the current one: as much of it is
		// used (see freeKept)
		s.kept[k-1] = s.kept[k-1][:len(s.cur)]
	}
	d.kept = append(d.kept, s.kept...)
	s.forgetKept()
}

// untrack stops tracking s's chunks; s's next node is made in the
// current one.
func (s *nodeSlab[T]) untrack() {
	clear(s.kept)
	s.kept = s.kept[:0]
}

// forgetKept stops tracking s's chunks; s's next node is made in another
// chunk when the current one was tracked.
func (s *nodeSlab[T]) forgetKept() {
	if len(s.kept) == 0 {
		return
	}
	clear(s.kept)
	s.kept, s.cur = s.kept[:0], nil
}

// freeKept clears the chunks s tracks and gives them to to, the free
// slab of their type, while freeNodes holds less than nodeFreeBytes.
func (s *nodeSlab[T]) freeKept(to anySlab) {
	if len(s.kept) == 0 {
		return
	}
	d := to.(*nodeSlab[T])
	var zero T
	// only the chunks the free slabs have room for are cleared: the rest
	// go to the collector as they are
	freeNodes.mu.Lock()
	room := nodeFreeBytes - freeNodes.bytes
	freeNodes.mu.Unlock()
	n := 0
	for _, c := range s.kept {
		size := cap(c) * int(unsafe.Sizeof(zero))
		if room < size {
			break
		}
		room -= size
		// the nodes handed out from it: a script with few statements of
		// interest uses little of its chunks (the rest is zero)
		clear(c)
		n++
	}
	freeNodes.mu.Lock()
	for _, c := range s.kept[:n] {
		size := cap(c) * int(unsafe.Sizeof(zero))
		if freeNodes.bytes+size > nodeFreeBytes {
			break // another Release filled them meanwhile
		}
		d.kept = append(d.kept, c[:0])
		freeNodes.bytes += size
	}
	freeNodes.mu.Unlock()
	s.forgetKept()
}

func (c *converter) newUse() *Use {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[Use] { return &a.uses })
}

func (c *converter) newCheckpoint() *checkpointBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[checkpointBox] { return &a.checkpoints })
}

func (c *converter) newTraceFlags() *traceFlagsBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[traceFlagsBox] { return &a.traceFlags })
}

func (c *converter) newBackup() *backupBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[backupBox] { return &a.backups })
}

func (c *converter) newCreate() *createBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[createBox] { return &a.creates })
}

func (c *converter) newAlterFile() *alterFileBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[alterFileBox] { return &a.alterFile })
}

func (c *converter) newAlterFileFG() *alterFileFGBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[alterFileFGBox] { return &a.alterFileFG })
}

func (c *converter) newAlterFG() *alterFGBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[alterFGBox] { return &a.alterFG })
}

func (c *converter) newSet() *setBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[setBox] { return &a.sets })
}

func (c *converter) newSetOption() *setOptionBox {
	return newNode(c.nodes, func(a *nodeArena) *nodeSlab[setOptionBox] { return &a.setOptions })
}

// optionList returns n zero options, their capacity n: an append to the
// list cannot write into another's room. They are made in chunks as the
// nodes are, which live and are reused as theirs (the lists are the
// nodes' Options).
func (c *converter) optionList(n int) []Option {
	a := c.nodes
	if a == nil || n > optionChunk/2 {
		return make([]Option, n)
	}
	s := &a.options
	a.handed++
	if len(s.cur)+n > cap(s.cur) {
		s.cur = nextChunk(a, pickOptions) // the old chunk is left to its lists
	}
	k := len(s.cur)
	s.cur = s.cur[:k+n]
	return s.cur[k : k+n : k+n]
}

func pickOptions(a *nodeArena) *nodeSlab[Option] { return &a.options }

// nodeRoom is the arena of the splitter's part of a StatementBuffer,
// which tracks its chunks (see nodeArena); nil without a buffer.
func (s *splitter) nodeRoom() *nodeArena {
	if s.arena == nil {
		return nil
	}
	a := &s.arena.nodes
	a.track = true
	return a
}
