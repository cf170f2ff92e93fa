package parser

// ifArm is an IF statement whose arms the splitter is in (splitter.ifs):
// T-SQL runs its THEN arm or its ELSE arm, never both, and the model
// replays the two from the same state (Result.Branches).
type ifArm struct {
	// depth is the number of open blocks (splitter.stack) at the IF: its
	// arms' statements start there, or deeper inside a block
	depth int32
	// then is the offset of the THEN arm's first statement, -1 until it
	// starts; els that of the ELSE, -1 until there is one
	then, els int32
	// started is set once the current arm's statement started: the
	// next one at depth, unless an ELSE, ends the arm
	started bool
}

// branchAt is called as a statement starts at token i (body: it is the
// body of the last IF, ELSE or WHILE) while IF statements are open: it
// ends the arms it follows, moves an IF to its ELSE arm, and marks the
// start of the arm it is the body of.
func (s *splitter) branchAt(i int, body bool) {
	k := s.kwAt(i)
	switch {
	case body || s.whilePending:
		// the body of the innermost IF's arm (a WHILE's body is inside
		// the arm its WHILE is in)
		if top := &s.ifs[len(s.ifs)-1]; body && !s.whilePending && !top.started {
			top.started = true
			if top.then < 0 {
				top.then = s.toks[i].Start
			}
		}
		return
	case k == kwBegin && s.isWord(i+1, "CATCH"):
		return // the CATCH block goes on the TRY block before it
	case k == kwIf && s.isWord(i+1, "EXISTS") && !s.isPunct(i+2, '('):
		return // DROP ... IF EXISTS: the same statement
	}
	at := s.toks[i].Start
	for n := len(s.ifs); n > 0; n = len(s.ifs) {
		top := &s.ifs[n-1]
		if int(top.depth) != len(s.stack) || !top.started {
			return // inside a block of the arm, or its body to come
		}
		if k == kwElse && top.els < 0 {
			top.els, top.started = at, false
			return
		}
		s.endIf(at)
	}
}

// endBlock is called once a BEGIN ... END block ends: the IF statements
// opened inside it end with it.
func (s *splitter) endBlock() {
	for n := len(s.ifs); n > 0 && int(s.ifs[n-1].depth) > len(s.stack); n = len(s.ifs) {
		s.endIf(s.toks[s.last].End) // (the END is past it)
	}
}

// closeIfs ends the open IF statements at offset end, the end of the
// batch (or of what is split of it).
func (s *splitter) closeIfs(end int) {
	for len(s.ifs) > 0 {
		s.endIf(int32(end))
	}
}

// endIf ends the innermost IF statement at offset end, recording it in
// Result.Branches when it has an ELSE whose arms both started.
func (s *splitter) endIf(end int32) {
	f := s.ifs[len(s.ifs)-1]
	s.ifs = s.ifs[:len(s.ifs)-1]
	if f.els >= 0 && f.then >= 0 {
		s.r.Branches = append(s.r.Branches, Branch{Batch: s.b.Index, Then: f.then, Else: f.els, End: end})
	}
}
