package parser

import (
	"strings"
	"unsafe"
)

// The tail of a batch that is not plain: in a typical deployment script
// a batch with a statement of interest holds many ordinary statements
// after its last one (about half of such batches' tokens in the generated
// scripts at 2%), and the rules read none of them but the first that
// CHECKPOINT ... BACKUP cannot look through (rules.Compactor). tailFrom
// finds, looking back from the batch's end, where the last bytes that
// may make a token matter end; the splitter then stops (splitTail) at the
// first statement after them that the caller's test stops at, as
// ParsePlainUntil does in a plain batch, once the bytes it has not
// scanned are known to hold no directive and nothing unterminated
// (tailRestClean).

// tailFrom returns the offset in s after the last place where s holds,
// in any case and whatever the bytes around (a word, a string, a
// comment): BACKUP or tempdb; USE, RESTORE, CHECKPOINT, DBCC, DATABASE
// or DEVICE (the end of sp_addumpdevice and sp_dropdevice, whose EXEC
// has a Node, DumpDevice) before a byte no word continues (or the end); or ADD after a byte that
// is no word byte and before a blank, a quote or the end (addWordIn); 0
// when there is none. So no token that starts at or after it is a word
// that starts or marks a statement of interest (nor DatabaseBackup, the
// procedure procBackup reads), nor a string that an ordinary statement
// may run as dynamic SQL (dynWordIn), follow through variables
// (hasBackup, hasTempdb) or hold ADD FILE text in (stringAdd), nor a
// quoted name that holds BACKUP: a statement that starts there is an
// ordinary one (KindOther) without a Node, Dynamic facts or a Diag
// whatever comes before it, if nothing is left unterminated and there
// is no directive. It reads s from its end back to that place only.
func tailFrom(s string) int {
	j := len(s) - 1
	if j >= 5 {
		// four bytes a round, each with the byte before it: most pairs
		// end no word tailFrom looks for (tailPairs), and of those that
		// do, most follow no pair a word ends with (tailWord2)
		base := unsafe.Pointer(unsafe.StringData(s))
		for ; j >= 5; j -= 4 {
			p := unsafe.Add(base, j-4)
			if tailPairs[ppPairLoad(p, 3)]&tailWord != 0 && tailPairs[ppPairLoad(p, 2)]&tailWord2 != 0 && tailEndsAt(s, j) {
				return j + 1
			}
			if tailPairs[ppPairLoad(p, 2)]&tailWord != 0 && tailPairs[ppPairLoad(p, 1)]&tailWord2 != 0 && tailEndsAt(s, j-1) {
				return j
			}
			if tailPairs[ppPairLoad(p, 1)]&tailWord != 0 && tailPairs[ppPairLoad(p, 0)]&tailWord2 != 0 && tailEndsAt(s, j-2) {
				return j - 1
			}
			if tailPairs[ppPairLoad(p, 0)]&tailWord != 0 && tailPairs[ppPairLoad(unsafe.Add(p, -1), 0)]&tailWord2 != 0 && tailEndsAt(s, j-3) {
				return j - 2
			}
		}
	}
	for ; j >= 2; j-- {
		if tailPairs[uint16(s[j-1])|uint16(s[j])<<8]&tailWord != 0 && tailPairs[uint16(s[j-2])|uint16(s[j-1])<<8]&tailWord2 != 0 && tailEndsAt(s, j) {
			return j + 1
		}
	}
	return 0
}

// tailEndsAt reports whether a word tailFrom looks for ends at s[j].
func tailEndsAt(s string, j int) bool {
	n, end := len(s), j+1
	bound := end == n || !identCont[s[end]]
	switch s[j] | 0x20 {
	case 'e':
		return bound && (ppHasPrefixFold(s, j-2, "use") || j >= 6 && ppHasPrefixFold(s, j-6, "restore") || j >= 7 && ppHasPrefixFold(s, j-7, "database") ||
			j >= 5 && ppHasPrefixFold(s, j-5, "device"))
	case 't':
		return bound && j >= 9 && ppHasPrefixFold(s, j-9, "checkpoint")
	case 'p':
		return j >= 5 && ppHasPrefixFold(s, j-5, "backup")
	case 'c':
		return bound && j >= 3 && ppHasPrefixFold(s, j-3, "dbcc")
	case 'b':
		return j >= 5 && ppHasPrefixFold(s, j-5, "tempdb")
	case 'd':
		return ppHasPrefixFold(s, j-2, "add") && (j < 3 || !isWordByte(s[j-3])) && (end == n || tailAfterAdd[s[end]])
	}
	return false
}

// tailPairs is indexed by two bytes, the first in the low 8 bits: it
// has tailWord for the last two letters of each word tailFrom looks for,
// in any case ("se" of USE and DATABASE, "re" of RESTORE, "nt", "up",
// "cc", "db" of tempdb, "dd" of ADD, "ce" of DEVICE), tailWord2 for the
// two letters before its last ("us", "as", "or", "in", "ku", "bc", "pd",
// "ad", "ic": every word has three letters at least), and tailStopped when either byte is
// one tailRestClean looks at (tailStop). "re", "se" and "nt" end many
// words ("where", "case", "int"): with the pair before them, about four
// in five of the calls of tailEndsAt on typical scripts are not made.
var tailPairs = func() (t [1 << 16]uint8) {
	for _, w := range tailWords {
		for k, bit := range []uint8{tailWord, tailWord2} {
			for _, a := range []byte{w[len(w)-2-k], w[len(w)-2-k] - 0x20} {
				for _, b := range []byte{w[len(w)-1-k], w[len(w)-1-k] - 0x20} {
					t[uint16(a)|uint16(b)<<8] |= bit
				}
			}
		}
	}
	for c := range tailStop {
		if tailStop[c] {
			for x := range 256 {
				t[c|x<<8] |= tailStopped
				t[x|c<<8] |= tailStopped
			}
		}
	}
	return t
}()

// tailWords are the words tailFrom looks for (tailEndsAt), lower case.
var tailWords = [...]string{"use", "restore", "database", "checkpoint", "backup", "dbcc", "tempdb", "add", "device"}

// The bits of tailPairs.
const (
	tailWord    = 1
	tailStopped = 2
	tailWord2   = 4
)

// tailAfterAdd are the bytes after which "add" ends a word addWordIn
// finds.
var tailAfterAdd = ppByteSet("' \t\n\f\r")

// tailRestClean reports whether the tokens of s from offset i, a place
// between two tokens where the scanner stopped, hold no sqllint:
// directive and leave nothing unterminated; false too for a "$", a "{"
// or an SSMS template, which this pass does not follow as the scanner
// does. It reads the bytes the way the scanner does, stopping only at
// quotes, brackets and comments.
func tailRestClean(s string, i int) bool {
	n := len(s)
	base := unsafe.Pointer(unsafe.StringData(s))
	for {
		// eight bytes a round, two at a time (tailPairs): most of a tail
		// is bytes of neither strings nor comments
		for i+8 <= n {
			p := unsafe.Add(base, i)
			if (tailPairs[ppPairLoad(p, 0)]|tailPairs[ppPairLoad(p, 2)]|tailPairs[ppPairLoad(p, 4)]|tailPairs[ppPairLoad(p, 6)])&tailStopped != 0 {
				break
			}
			i += 8
		}
		for i+4 <= n && !tailStop[s[i]] && !tailStop[s[i+1]] && !tailStop[s[i+2]] && !tailStop[s[i+3]] {
			i += 4
		}
		for i < n && !tailStop[s[i]] {
			i++
		}
		if i >= n {
			return true
		}
		switch c := s[i]; c {
		case '\'', '"', '[':
			q := c
			if c == '[' {
				q = ']'
			}
			e, closed := scanQuoted(s, i+1, q)
			if !closed {
				return false
			}
			i = e
		case '-':
			if i+1 >= n || s[i+1] != '-' {
				i++
				continue
			}
			end := n
			if j := strings.IndexByte(s[i+2:], '\n'); j >= 0 {
				end = i + 2 + j
			}
			if tailDirective(s, i+2, end) {
				return false
			}
			i = end
		case '/':
			if i+1 >= n || s[i+1] != '*' {
				i++
				continue
			}
			end, closed := scanBlockComment(s, i+2)
			if !closed || tailDirective(s, i+2, end-2) {
				return false
			}
			i = end
		case '<':
			if scanTemplate(s, i) > 0 {
				return false
			}
			i++
		default: // "$" or "{"
			return false
		}
	}
}

// tailStop are the bytes tailRestClean looks at.
var tailStop = ppByteSet("'\"[-/<${")

// tailDirective reports whether the comment body s[i:end] is a sqllint:
// directive (Scanner.comment).
func tailDirective(s string, i, end int) bool {
	for i < end && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return end-i >= len("sqllint:") && strings.EqualFold(s[i:i+len("sqllint:")], "sqllint:")
}

// tailMin is the fewest bytes of a batch, and of its tail after
// tailFrom's offset, for which parseBatches splits it with splitTail:
// below it the passes over the bytes cost more than they save.
const tailMin = 256

// tailStep is how many tokens splitTail scans at a time past its first
// window, tailFirst how many bytes of the batch before tailFrom's offset
// make a token of the first window at most. The fewer tokens a step, the
// sooner the split stops after the statement it stops at, and the more
// often it asks whether it can (tailDone): on 1,000 files of the
// generated scripts at 2%, a step of 16 cost 0.4 M fewer instructions
// than 32, and 8 0.3 M fewer.
const (
	tailStep  = 16
	tailFirst = 5
)

// tailRoom is splitTail's state: its cut and its stream of tokens.
type tailRoom struct {
	cut    tailCut
	stream tokStream
}

// tailCut is the state of a batch split only as far as its tail needs
// (splitTail).
type tailCut struct {
	at   int                   // tailFrom's offset
	stop func(*Statement) bool // StatementBuffer.Stops
	next int                   // the first statement of r not yet asked
	off  bool                  // the batch is split whole: the rest is not clean
	cut  bool                  // the split stopped short (tailDone)
	// clean is set when the batch is known to hold no directive and
	// nothing unterminated (a plain batch: ParsePlainUntil)
	clean bool
	// head is the token the split goes on from once the batch's first
	// statement that stop reports true of is complete (headCut), 0 for
	// none; seen is the first statement not yet asked whether it is
	// that one (headJump)
	head, seen int
	// caught is the offset after the END of the last CATCH block closed
	// (endCatch): no statement before it is one the split stops at
	caught int
}

// splitTail splits b, whose tokens that may matter all start before at
// (tailFrom), into r as split would with addFileOnly set, but only as far
// as the first complete statement starting at or after at that stop
// reports true of, when it can: the statements after it would be ordinary
// ones without a Node, Dynamic facts or a Diag, which no caller that
// gives stop reads. Its tokens are scanned a window at a time, as the
// splitter reaches them (ParseBatchStream's way, without handing
// statements on), the first window reaching at. The split stops once
// such a statement is complete, no statement before it may still change
// (the Body of a block's only statement is set when the block ends), no
// variable of the batch is followed as text an EXEC may run (dynVars,
// tempdbVars: an EXEC of one gets a Node, however far past at; for the
// text runText follows, when no EXEC is written after the statement), and neither the tokens
// scanned nor the rest of the batch hold a directive or anything
// unterminated (tailRestClean). A batch with a string that may hold ADD
// FILE text (whose statements' Dynamic facts are recorded) or a
// directive before at is split whole.
func (sp *splitter) splitTail(r *Result, b *Batch, sc *Scanner, at int, stop func(*Statement) bool) {
	if need := len(b.Text)/4 + 16; cap(sc.Tokens) < need {
		sc.Tokens = make([]Token, 0, need) // as parseBatches
	}
	w := max(at/tailFirst+tailStep, 2*streamAhead)
	toks := sc.scan(b.Text, w)
	for len(toks) == w && int(toks[w-1].Start) < at {
		w += max(tailStep, w/2)
		toks = sc.scanMore(b.Text, toks, w)
	}
	if sc.addStr || len(sc.Directives) > 0 {
		// (no token starting after at is such a string)
		if len(toks) == w {
			toks = sc.scanMore(b.Text, toks, -1) // (scanned to the end otherwise)
		}
		sp.split(r, b, sc, toks, true, false)
		return
	}
	sp.reset(r, b, toks)
	var room *tailRoom
	if sp.arena != nil {
		room = &sp.arena.tail
	} else {
		room = new(tailRoom) // (tests)
	}
	room.cut = tailCut{at: at, stop: stop, next: len(r.Statements), seen: len(r.Statements)}
	if h := sp.headCut(at); h >= headMin {
		room.cut.head = h // (headJump)
	}
	room.stream = tokStream{sc: sc, step: tailStep}
	sp.tail, sp.stream = &room.cut, &room.stream
	sp.noDynamic = true
	if len(toks) < w {
		sp.atEOF()
	}
	sp.run()
	cut := room.cut.cut
	sp.tail, sp.stream = nil, nil
	*room = tailRoom{}
	if cut {
		return
	}
	// split whole: as split ends
	for _, d := range sc.Directives {
		r.Directives = append(r.Directives, Directive{Span: b.Span(d.Start, d.End), Text: d.Body, Trailing: d.Trailing})
	}
	if open := sc.Open; open.What != "" {
		r.Diags = append(r.Diags, unterminatedDiag(b, open))
	}
}

// tailDone is asked by run before more tokens are scanned: it reports
// whether the split can stop (splitTail), having dropped the statements
// after the one it stops at, and the one being extended.
func (s *splitter) tailDone() bool {
	t := s.tail
	sts := s.r.Statements
	if t.next == len(sts) || t.off || len(s.nulVars) > 0 || len(s.tdbVars) > 0 || !s.canFlush() {
		return false // (most often: no statement completed since last asked)
	}
	for ; t.next < len(sts); t.next++ {
		st := sts[t.next]
		if st.Batch != s.b || st.Start < t.at || st.Start < t.caught || st.Kind != KindOther || st.Node != nil || !t.stop(st) {
			continue
		}
		if s.runs != nil && len(s.runs.vars) > 0 && hasExec(s.text[st.End:]) {
			t.off = true // a later EXEC may run text runText follows
			return false
		}
		sc := s.stream.sc
		if len(sc.Directives) > 0 || sc.Open.What != "" || !s.stream.eof && !t.clean && !tailRestClean(s.text, int(s.toks[len(s.toks)-1].End)) {
			t.off = true // split whole
			return false
		}
		s.r.Statements = sts[:t.next+1]
		s.cur, t.cut = nil, true
		return true
	}
	return false
}

// hasExec reports whether t holds EXEC in any case (EXECUTE and
// sp_executesql too), wherever it stands: what runs a variable's text.
// It looks for its x, a rare letter in scripts, with the fast byte
// search.
func hasExec(t string) bool {
	for _, x := range [...]byte{'x', 'X'} {
		for i := 1; i+2 < len(t); i++ {
			j := strings.IndexByte(t[i:len(t)-2], x)
			if j < 0 {
				break
			}
			i += j
			if t[i-1]|0x20 == 'e' && t[i+1]|0x20 == 'e' && t[i+2]|0x20 == 'c' {
				return true
			}
		}
	}
	return false
}
