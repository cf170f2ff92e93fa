package parser

import "sort"

// The head of a batch that is not plain: in a typical deployment script
// a batch with a statement of interest holds many ordinary statements
// before its first one too (about 45% of such batches' tokens in the
// generated scripts at 2%), and the rules read none of them but the
// first that CHECKPOINT ... BACKUP cannot look through (the run's
// blocker, rules.Compactor). splitTail splits them up to that one
// (headJump), then goes on from the last ";" after which a split is
// known to start afresh (headCut): the statements between are ordinary
// ones the Compactor drops, none of them leaves anything the split reads
// later, and their tokens are passed over once, without the splitter's
// work for each statement.

// headMin is the fewest tokens splitTail goes past (headCut) for it to
// look for the batch's first statement that stops: fewer cost more than
// they save.
const headMin = 16

// headCut returns the index of the token after the last ";" among the
// batch's tokens that start before at (tailFrom's offset) at which the
// split, from the batch's start, ends a statement with nothing open and
// nothing pending: no parenthesis, CASE, block or permission list, no IF,
// ELSE or WHILE waiting for its body, no ELSE next (an IF's arms), and
// nothing the followers of variables hold (dynHook: dynVars, tempdbVars,
// runText, blankVars, which start following only at a DECLARE, SET or
// SELECT, or an EXEC),
// and before which no statement matters: none of interest, none dynHook
// gives a Node (an EXEC), no DBCC. From there a split that
// starts afresh (as at the batch's start, with the same tokens before)
// goes on as the whole split does. 0 when there is none.
//
// It follows the splitter's own rules over the tokens (run, canStart,
// startStatement, popFrame) without making statements, and stops looking,
// keeping the last such ";" found, at what it does not follow: a
// statement keyword of interest (BACKUP, RESTORE, CHECKPOINT, DBCC, USE,
// CREATE, ALTER or DROP DATABASE) where a statement may start or inside
// parentheses (recovers); a DECLARE, SET or SELECT with a variable and a
// string literal, a quoted name, CHAR, NCHAR or a character type (what
// may start a variable's following); an EXEC that dynHook reads while no
// variable is followed (headExecMatters); a sqlcmd variable or a template; a
// statement keyword after ",", "." or "=" (recovers); more than 64 open
// blocks and CASEs; and the end of the tokens scanned.
func (s *splitter) headCut(at int) int {
	toks, text := s.toks, s.text
	// the tokens that start before at
	end := sort.Search(len(toks), func(i int) bool { return int(toks[i].Start) >= at })
	toks = toks[:end]
	depth := 0
	// the open frames (run's stack): n of them, bit k of cases set when
	// the k-th is a CASE
	n, cases := 0, uint64(0)
	perm, pending := false, false
	// the first token of the DECLARE, SET, SELECT or EXEC being read
	// (dynHook reads them), or -1; exec tells an EXEC
	hooked, exec := -1, false
	best := 0
	for i := 0; i < len(toks); i++ {
		// only the splitter's keywords and marks matter here, and sqlcmd
		// variables and templates: the rest is passed over at once (a
		// statement dynHook reads is read again when it ends)
		for i < len(toks) && toks[i].kw <= kwWith && toks[i].Kind-TokSqlcmdVar > TokTemplate-TokSqlcmdVar {
			i++
		}
		if i == len(toks) {
			break
		}
		t := toks[i]
		if t.Kind == TokSqlcmdVar || t.Kind == TokTemplate {
			return best
		}
		k := t.kw
		switch k {
		case kwOpen:
			depth++
			continue
		case kwClose:
			if depth > 0 {
				depth--
			}
			continue
		case kwSemi:
			if depth == 0 {
				perm = false
				if hooked >= 0 && headHooked(text, toks[hooked:i+1], exec) {
					return best
				}
				hooked = -1
				if n == 0 && !pending && s.kwAt(i+1) != kwElse {
					// (an ELSE after it: the IF's arms are open, and the
					// split records them: Result.Branches)
					best = i + 1
				}
			}
			continue
		case kwCase:
			if n == 64 {
				return best
			}
			cases |= 1 << n
			n++
			continue
		case kwTo:
			perm = false
			continue
		case kwEnd:
			if n > 0 {
				n--
				cases &^= 1 << n
			}
			continue
		}
		if i+2 >= len(s.toks) {
			return best // (the splitter reads two tokens ahead)
		}
		if depth > 0 {
			switch k {
			case kwCreate, kwAlter, kwDrop, kwBackup, kwRestore, kwCheckpoint, kwDBCC, kwUse:
				return best // (recovers)
			}
			continue
		}
		if perm || n > 0 && cases>>(n-1)&1 != 0 {
			continue // (canStart)
		}
		if i > 0 && toks[i-1].Kind == TokPunct {
			switch text[toks[i-1].Start] {
			case ',', '.', '=':
				return best
			}
		}
		// a statement starts at i: the one before ends
		if hooked >= 0 && headHooked(text, toks[hooked:i], exec) {
			return best
		}
		hooked = -1
		switch k {
		case kwBegin:
			if !s.isWord(i+1, "TRAN") && !s.isWord(i+1, "TRANSACTION") && !s.isWord(i+1, "DISTRIBUTED") &&
				!s.isWord(i+1, "DIALOG") && !s.isWord(i+1, "CONVERSATION") {
				if n == 64 {
					return best
				}
				n++ // a block (cases' bit clear)
			}
			pending = false
		case kwRollback:
			if i > 0 && s.isWord(i-1, "WITH") {
				continue // WITH ROLLBACK IMMEDIATE
			}
			pending = false
		case kwIf:
			pending = !(s.isWord(i+1, "EXISTS") && !isPunctAt(text, s.toks, i+2, '('))
		case kwElse, kwWhile:
			pending = true
		case kwGrant:
			perm, pending = true, false
		case kwCreate, kwAlter, kwDrop:
			if s.isWord(i+1, "DATABASE") {
				return best
			}
			pending = false
		case kwStmt, kwSet:
			pending = false
			switch tdbWord(text[t.Start:t.End]) {
			case tdbSet, tdbDeclare, tdbSelect:
				hooked, exec = i, false
			case tdbExec:
				hooked, exec = i, true
			}
		default: // BACKUP, RESTORE, CHECKPOINT, DBCC, USE
			return best
		}
	}
	return best
}

// headHooked reports whether toks, a statement dynHook reads (its
// tokens as dynHook gets them), may matter to a split that starts after
// it: an EXEC (exec) that dynHook may give a Node or that may start a
// follower of variables (headExecMatters), a DECLARE, SET or SELECT
// that may start following a variable (headFollows).
func headHooked(text string, toks []Token, exec bool) bool {
	if exec {
		return headExecMatters(text, toks)
	}
	return headFollows(text, toks)
}

// headExecMatters reports whether toks, an EXEC or EXECUTE statement,
// is one dynHook reads while no variable is followed: the EXEC of text
// that dynExec parses or a DatabaseBackup call (dynCandidate), of an
// expression (execExpr, tdbExecExpr, runExec), of sp_MSforeachdb's
// command (callsForeachDB: runExec; execVar's command for dynVars is
// sp_MSforeachdb's too), of sp_addumpdevice or sp_dropdevice
// (mayCallDevice). It asks what dynHook asks, of the tokens dynHook
// would give them (it reads fewer than three of no other).
func headExecMatters(text string, toks []Token) bool {
	if run, nul := dynCandidate(text, toks); run || nul {
		return true
	}
	if len(toks) < 3 {
		return false
	}
	return isPunctAt(text, toks, 1, '(') || callsForeachDB(text, toks) || mayCallDevice(text, toks)
}

// headFollows reports whether toks, a DECLARE, SET or SELECT, may make
// a follower of variables follow one: a variable is its second token
// (none of them reads one that is not: DECLARE @v ..., SET @v = ...,
// SELECT @v = ..., while no variable is followed), and it holds a string
// literal, a quoted name (a [varchar] declared), CHAR, NCHAR or a
// character type (headRiskyWord).
func headFollows(text string, toks []Token) bool {
	if len(toks) < 2 || toks[1].Kind != TokVar {
		return false
	}
	for _, t := range toks {
		switch t.Kind {
		case TokString, TokNString, TokQuoted:
			return true
		case TokIdent:
			if headRiskyWord(text[t.Start:t.End]) {
				return true
			}
		}
	}
	return false
}

// headRiskyWord reports whether w, a word of a DECLARE, SET or SELECT,
// may make a variable followed: CHAR or NCHAR (blanks, blankValue), or a
// character type (blankDeclare; declareTypes notes varchar, char and
// text).
func headRiskyWord(w string) bool {
	switch len(w) {
	case 4:
		return asciiFold(w, "char") || asciiFold(w, "text")
	case 5:
		return asciiFold(w, "nchar")
	case 7:
		return asciiFold(w, "varchar") || asciiFold(w, "sysname")
	case 8:
		return asciiFold(w, "nvarchar")
	}
	return false
}

// headJump is asked by run, with token i next, after a statement ended
// or started: once the batch's first statement that stop reports true of
// is complete (tailCut.seen on), the split goes on afresh from the token
// tailCut.head, and the statements between (begun, or to come) are
// dropped. It returns the index of the next token.
func (s *splitter) headJump(i int) int {
	t := s.tail
	sts := s.r.Statements
	for ; t.seen < len(sts); t.seen++ {
		if st := sts[t.seen]; st.Kind == KindOther && st.Node == nil && st.Start >= t.caught && t.stop(st) {
			if !s.canFlush() {
				return i // (a block's only statement gets Body when it ends)
			}
			h := t.head
			t.head = 0
			s.cur = nil
			s.depth, s.loopDepth = 0, 0
			s.perm, s.body, s.whilePending, s.singleLoop = false, false, false, false
			clear(s.stack)
			s.stack = s.stack[:0]
			s.last = h - 1 // the ";" before h
			return h
		}
	}
	return i
}
