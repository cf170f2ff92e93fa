package parser

// Parsing one large batch in bounded memory (ParseBatchStream): the
// tokens are scanned a window at a time, the tokens before the one being
// looked at (and before the current statement's last) are dropped, and
// the completed statements are handed on in runs, their room reused. So
// a seed-data script of millions of INSERT statements without a GO holds
// the tokens of a window and of its longest statement of interest, not
// of the batch.

// streamWindow is the number of tokens scanned at a time, streamFlush
// the number of completed statements handed on at a time (variables for
// tests).
var (
	streamWindow = 16 << 10
	streamFlush  = 4 << 10
)

// window is the number of tokens scanned at a time: streamWindow, and
// at least streamAhead (the splitter reads a batch's first four tokens
// before it starts).
func window() int { return max(streamWindow, streamAhead) }

// streamAhead is how many tokens past the one it looks at the splitter
// reads at most (a statement's first words, startsStatement after a
// window) and the fewest kept scanned ahead of it.
const streamAhead = 8

// tokStream is the state of a batch parsed a window of tokens at a time.
type tokStream struct {
	sc   *Scanner
	eof  bool // every token of the batch has been scanned
	emit func(*Result)
	step int // the tokens scanned at a time when not window() (splitTail)
}

// ParseBatchStream parses b, one batch, as ParseScriptReuse parses a
// script of b alone with buf.AddFileOnly set, handing the statements,
// directives and diagnostics on to emit in runs, in order, as they
// complete: together they are that Result's. What emit is given lives
// until emit returns (the statements' room is reused; emit copies what
// it keeps, as rules.Compactor does). It parses nothing and returns false
// when buf is nil or not AddFileOnly, or when a statement of b may hold
// ADD FILE text (Dynamic.AddFile: a batch whose statements' Dynamic facts
// are recorded, and whether they matter depends on the whole batch). That is found out first, reading
// b.Text through; looked, when not nil, is called every few MB of it
// with the offset read up to (the pages of a mapped script before it may
// go: the parse reads them again, but not for a while). A batch a string
// of which may hold ADD FILE text (stringHasAdd: "add" as a word, a
// button's label in seed data) is parsed twice: first to find out
// whether a statement holds it (addFileIn), its statements handed on to
// nobody, then, when none does, as a batch without such text, its
// Dynamic facts not recorded (StatementBuffer.AddFileOnly): they matter
// only in a batch with ADD FILE text. Parsed whole instead, one batch of
// 50 MB held its 15 million tokens at once (720 MB).
func ParseBatchStream(b *Batch, buf *StatementBuffer, emit func(*Result), looked func(upto int)) bool {
	if !buf.addFileOnly() {
		return false
	}
	sc := scannerPool.Get().(*Scanner)
	defer scannerPool.Put(sc)
	if hasAdd(b.Text, looked) && streamHasAdd(sc, b.Text, looked) && streamAddFile(b, sc) {
		return false
	}
	streamSplit(b, buf, sc, emit)
	return true
}

// streamAddFile reports whether a statement of b, parsed a window at a
// time with sc, may hold ADD FILE text (addFileIn).
func streamAddFile(b *Batch, sc *Scanner) bool {
	found := false
	var stmtSc Scanner
	// a buffer of its own: the statements of interest's nodes of buf
	// live until its caller takes them
	streamSplit(b, &StatementBuffer{AddFileOnly: true}, sc, func(r *Result) {
		for _, st := range r.Statements {
			if !found && st.Kind == KindOther && addFileIn(st, &stmtSc) {
				found = true
			}
		}
	})
	return found
}

// addFileIn reports whether st, an ordinary statement, may hold ADD FILE
// text (its Dynamic.AddFile, made from its own string literals, whether
// or not all its facts are recorded): its tokens are scanned again with
// sc, up to maxHookToks of them; a longer one with "add" in its text may.
func addFileIn(st *Statement, sc *Scanner) bool {
	text := st.Text()
	if !ppHasAdd(text) {
		return false
	}
	toks := sc.scan(text, maxHookToks+1)
	if len(toks) > maxHookToks {
		return true
	}
	d := dynamicFacts(text, toks, true)
	return d != nil && d.AddFile != ""
}

// streamSplit is ParseBatchStream's parse of b, a window of tokens at a
// time scanned by sc, its Dynamic facts not recorded.
func streamSplit(b *Batch, buf *StatementBuffer, sc *Scanner, emit func(*Result)) {
	buf.Reset()
	if len(buf.parts) == 0 {
		buf.parts = append(buf.parts, stmtArena{})
	}
	a := &buf.parts[0]
	w := window()
	if need := w + 4*streamAhead; cap(sc.Tokens) < need {
		sc.Tokens = make([]Token, 0, need)
	}
	toks := sc.scan(b.Text, w)
	r := buf.result()
	r.Statements = a.ptrs[:0]
	sp := splitter{arena: a}
	sp.reset(r, b, toks)
	sp.stream = &tokStream{sc: sc, emit: emit}
	sp.noDynamic = true // no statement of b holds ADD FILE text
	if len(toks) < w {
		sp.atEOF()
	}
	sp.run() // to the end of the batch: run stops only there
	sp.takeDirectives()
	if open := sc.Open; open.What != "" {
		r.Diags = append(r.Diags, unterminatedDiag(b, open))
	}
	emit(r)
	a.ptrs = r.Statements
}

// lookStep is how often ParseBatchStream calls looked, in bytes.
const lookStep = 4 << 20

// hasAdd is ppHasAdd(text), calling looked (when not nil) every lookStep
// bytes.
func hasAdd(text string, looked func(int)) bool {
	for off := 0; off < len(text); off += lookStep {
		// "add" across the cut is in the overlap of two bytes
		if ppHasAdd(text[off:min(off+lookStep+2, len(text))]) {
			return true
		}
		if looked != nil {
			looked(min(off+lookStep, len(text)))
		}
	}
	return false
}

// streamHasAdd is stringHasAdd on the tokens of text (the tokens
// stringHasAdd is given in split: an unterminated last string is not
// looked at), scanning text a window of tokens at a time, calling looked
// (when not nil) about every lookStep bytes.
func streamHasAdd(sc *Scanner, text string, looked func(int)) bool {
	next := lookStep
	w := window()
	toks := sc.scan(text, w)
	for {
		eof := len(toks) < w
		n := len(toks)
		if !eof {
			n-- // the last token is looked at with the next window
		} else if o := sc.Open; o.What != "" && n > 0 && int(toks[n-1].Start) == o.Start {
			n--
		}
		if stringHasAdd(text, toks[:n]) {
			return true
		}
		if eof {
			return false
		}
		toks = toks[:copy(toks, toks[n:])] // the scan goes on after it
		if at := int(toks[0].Start); looked != nil && at >= next {
			looked(at)
			next = at + lookStep
		}
		toks = sc.scanMore(text, toks, w)
	}
}

// atEOF is split's handling of the unterminated token, once the last
// window has been scanned.
func (s *splitter) atEOF() {
	s.stream.eof = true
	open := s.stream.sc.Open
	if open.What != "" && len(s.toks) > 0 && int(s.toks[len(s.toks)-1].Start) == open.Start {
		s.toks = s.toks[:len(s.toks)-1]
		s.cutTok = true
	}
	s.cut = open.What != ""
}

// grow scans the next window of tokens after s.toks, keeping the indices
// of those scanned (the splitter's, and its callers'). It reports whether
// there were any.
func (s *splitter) grow() bool {
	if s.stream.eof {
		return false
	}
	n, w := len(s.toks), window()
	if s.stream.step > 0 {
		w = s.stream.step
	}
	s.toks = s.stream.sc.scanMore(s.text, s.toks, n+w)
	if len(s.toks) < n+w {
		s.atEOF()
	}
	return len(s.toks) > n
}

// need scans until token k is scanned, or the batch's tokens are.
func (s *splitter) need(k int) {
	for k >= len(s.toks) && s.grow() {
	}
}

// refill is called by run with token i next, fewer than streamAhead
// tokens scanned after it: it hands on the completed statements when
// they are many, drops the tokens no longer looked at (before i-1, and
// the current statement's last token, which endStatement reads), and
// scans further. It returns i's new index.
func (s *splitter) refill(i int) int {
	if len(s.r.Statements) >= streamFlush && s.canFlush() {
		s.flush()
	}
	if s.stream.eof {
		return i
	}
	lo := i - 1
	if s.cur != nil {
		lo = min(lo, s.last)
	}
	if lo > 0 && lo >= len(s.toks)/2 {
		s.toks = s.toks[:copy(s.toks, s.toks[lo:])]
		i -= lo
		s.last -= lo
		s.curIdx -= lo // curIdx only compares with last: noDynamic
	}
	s.need(i + streamAhead)
	return i
}

// canFlush reports whether no completed statement may still change: a
// block's only statement so far gets Body when the block ends, a BEGIN
// CATCH or an IF's ELSE its CatchEnd.
func (s *splitter) canFlush() bool {
	for _, f := range s.stack {
		if f.n == 1 && f.first != nil || f.catch != nil {
			return false
		}
	}
	for i := range s.ifs {
		if s.ifs[i].elseSt != nil {
			return false
		}
	}
	return true
}

// takeDirectives moves the directives scanned so far into s.r.
func (s *splitter) takeDirectives() {
	sc := s.stream.sc
	for _, d := range sc.Directives {
		s.r.Directives = append(s.r.Directives, Directive{Span: s.b.Span(d.Start, d.End), Text: d.Body, Trailing: d.Trailing})
	}
	sc.Directives = sc.Directives[:0]
}

// flush hands the completed statements on, with the directives and
// diagnostics so far, and reuses their room. The statement being
// extended is kept (copied into the reused room).
func (s *splitter) flush() {
	r := s.r
	s.takeDirectives()
	s.stream.emit(r)
	clear(r.Statements)
	r.Statements = r.Statements[:0]
	r.Diags = r.Diags[:0]
	r.Directives = r.Directives[:0]
	r.Branches = r.Branches[:0]
	if s.arena == nil {
		return
	}
	var cur Statement
	if s.cur != nil {
		cur = *s.cur
	}
	s.arena.ptrs = nil // r.Statements' room, reused by r
	s.arena.reset()
	if s.cur != nil {
		s.cur = s.arena.alloc()
		*s.cur = cur
	}
}
