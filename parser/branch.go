package parser

import (
	"maps"
	"strings"
)

// ifArm is an IF statement whose arms the splitter is in (splitter.ifs):
// T-SQL runs its THEN arm or its ELSE arm, never both, and the model
// replays the two from the same state (Result.Branches).
type ifArm struct {
	// depth is the number of open blocks (splitter.stack) at the IF: its
	// arms' statements start there, or deeper inside a block; -1 once
	// ended by a block's END, its variables to join (endBlock)
	depth int32
	// thenAt is the offset of the THEN arm's first statement, -1 until
	// it starts; els that of the ELSE, -1 until there is one
	thenAt, els int32
	// started is set once the current arm's statement started: the
	// next one at depth, unless an ELSE, ends the arm
	started bool
	// pre are the variables followed before the IF, then those the THEN
	// arm left (once the ELSE started), nil when none (see elseVars)
	pre, then *followed
	// elseSt is the ELSE statement, until the IF ends and its CatchEnd
	// is set (record)
	elseSt *Statement
}

// followed are the variables the splitter follows whose text or value
// one arm of an IF ... ELSE may set apart from the other: those holding
// BACKUP text (nulVars), the null device's name (nulDevs), text an EXEC
// runs (runs.vars: the sizes, options and databases of the statements
// built in it), text naming tempdb (tdbVars) and blanks (blank).
type followed struct {
	vars, devs, runs, blank map[string]string
	tdb                     map[string]tdbText
}

// followedNow is what s follows now (copied with clone), nil when
// nothing.
func (s *splitter) followedNow(clone bool) *followed {
	if !s.following() {
		return nil
	}
	f := &followed{vars: s.nulVars, devs: s.nulDevs, tdb: s.tdbVars, blank: s.blank}
	if s.runs != nil {
		f.runs = s.runs.vars
	}
	if clone {
		f.vars, f.devs, f.runs = maps.Clone(f.vars), maps.Clone(f.devs), maps.Clone(f.runs)
		f.tdb, f.blank = maps.Clone(f.tdb), maps.Clone(f.blank)
	}
	return f
}

// elseVars starts the ELSE arm of f with the variables as they were
// before the IF: the THEN arm's are put aside.
func (s *splitter) elseVars(f *ifArm) {
	if f.pre == nil && !s.following() {
		return // (most IF statements: nothing followed)
	}
	f.then = s.followedNow(false)
	var pre followed
	if f.pre != nil {
		pre = *f.pre
	}
	s.nulVars, s.nulDevs = maps.Clone(pre.vars), maps.Clone(pre.devs)
	s.tdbVars, s.blank = maps.Clone(pre.tdb), maps.Clone(pre.blank)
	clear(s.nulBufs) // (a builder holds the THEN arm's text)
	if s.runs != nil {
		s.runs.vars = maps.Clone(pre.runs)
		clear(s.runs.bufs)
	}
}

// joinVars ends the arms of f, an IF with an ELSE, for the variables
// followed: one that the two arms leave apart (a value, or followed in
// one only) may hold either after the IF, and is no longer followed.
func (s *splitter) joinVars(f *ifArm) {
	var then followed
	if f.then != nil {
		then = *f.then
	} else if f.pre == nil && !s.following() {
		return
	}
	same := func(a, b string) bool { return a == b }
	s.nulVars = joinFollowed(s.nulVars, then.vars, s.nulBufs, same)
	s.nulDevs = joinFollowed(s.nulDevs, then.devs, nil, same)
	s.blank = joinFollowed(s.blank, then.blank, nil, same)
	s.tdbVars = joinFollowed(s.tdbVars, then.tdb, nil, func(a, b tdbText) bool {
		return a.text == b.text && a.loop == b.loop && a.grow == b.grow
	})
	if s.runs != nil {
		s.runs.vars = joinFollowed(s.runs.vars, then.runs, s.runs.bufs, same)
	}
}

// joinFollowed drops from cur the variables o does not hold the same
// (by same), and those o holds and cur does not hold (nor their
// builders from bufs). It returns cur.
func joinFollowed[V any](cur, o map[string]V, bufs map[string]*strings.Builder, same func(a, b V) bool) map[string]V {
	for k, v := range cur {
		if w, ok := o[k]; !ok || !same(w, v) {
			delete(cur, k)
			delete(bufs, k)
		}
	}
	return cur
}

// branchAt is called as a statement starts at token i (body: it is the
// body of the last IF, ELSE or WHILE) while IF statements are open (or
// ended ones wait for their variables' join: joinEnded, first): it ends
// the arms it follows, moves an IF to its ELSE arm, and marks the start
// of the arm it is the body of.
func (s *splitter) branchAt(i int, body bool) {
	if s.ifs[len(s.ifs)-1].depth < 0 {
		if s.joinEnded(); len(s.ifs) == 0 {
			return
		}
	}
	k := s.kwAt(i)
	switch {
	case body || s.whilePending:
		// the body of the innermost IF's arm (a WHILE's body is inside
		// the arm its WHILE is in)
		if top := &s.ifs[len(s.ifs)-1]; body && !s.whilePending && !top.started {
			top.started = true
			if top.thenAt < 0 {
				top.thenAt = s.toks[i].Start
			}
		}
		return
	case k == kwBegin && s.isWord(i+1, "CATCH"):
		return // the CATCH block goes on the TRY block before it
	case k == kwIf && s.isWord(i+1, "EXISTS") && !s.punctAt(i+2, '('):
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
			s.elseVars(top)
			return
		}
		s.endIf(at)
	}
}

// endBlock is called once a BEGIN ... END block ends at token i, its
// END: the IF statements
// opened inside it end with it. While the block's last statement is
// still open (the END goes on it), their variables are joined once it
// ends: they stay in ifs, marked ended (depth -1), below those ended
// before them (joinEnded joins them in order, from the top).
func (s *splitter) endBlock(i int) {
	if s.cur == nil && s.ifs[len(s.ifs)-1].depth < 0 {
		s.joinEnded() // (their statement ended at a ";")
	}
	end := s.toks[i].Start
	j := len(s.ifs)
	for j > 0 && s.ifs[j-1].depth < 0 {
		j--
	}
	for ; j > 0 && int(s.ifs[j-1].depth) > len(s.stack); j-- {
		if s.cur == nil {
			s.endIf(end) // (j is the top: none is marked)
			continue
		}
		f := &s.ifs[j-1]
		if f.els >= 0 {
			s.record(f, end)
		}
		f.depth = -1
	}
}

// joinEnded joins the variables of the IF statements endBlock ended,
// innermost first, once the statement the END went on has ended.
func (s *splitter) joinEnded() {
	for n := len(s.ifs); n > 0 && s.ifs[n-1].depth < 0; n = len(s.ifs) {
		if s.ifs[n-1].els >= 0 {
			s.joinVars(&s.ifs[n-1])
		}
		s.ifs[n-1] = ifArm{}
		s.ifs = s.ifs[:n-1]
	}
}

// closeIfs ends the open IF statements at offset end, the end of the
// batch (or of what is split of it).
func (s *splitter) closeIfs(end int) {
	for len(s.ifs) > 0 {
		if s.ifs[len(s.ifs)-1].depth < 0 {
			s.joinEnded()
			continue
		}
		s.endIf(int32(end))
	}
}

// endIf ends the innermost IF statement at offset end, recording it in
// Result.Branches when it has an ELSE whose arms both started, and
// joining the variables its arms left.
func (s *splitter) endIf(end int32) {
	f := s.ifs[len(s.ifs)-1]
	s.ifs[len(s.ifs)-1] = ifArm{}
	s.ifs = s.ifs[:len(s.ifs)-1]
	if f.els >= 0 {
		s.joinVars(&f)
		s.record(&f, end)
	}
}

// record adds f, an IF with an ELSE ending at offset end, to
// Result.Branches when both its arms started. Its ELSE statement gets
// end as its CatchEnd: when the THEN arm completes, the statement after
// the IF runs next (SL303 walks past the ELSE arm, as past a CATCH
// block), and a split cut short stops at no statement of that arm.
func (s *splitter) record(f *ifArm, end int32) {
	if st := f.elseSt; st != nil {
		st.CatchEnd = end
		f.elseSt = nil
		if s.tail != nil {
			s.tail.caught = int(end)
		}
	}
	if f.thenAt < 0 {
		return
	}
	br := Branch{Batch: s.b.Index, Then: f.thenAt, Else: f.els, End: end}
	if d := s.b.Dyn; d != nil {
		br.Dyn = d
		br.Then, br.Else, br.End = dynFileOffset(s.b, int(br.Then)), dynFileOffset(s.b, int(br.Else)), dynFileOffset(s.b, int(br.End))
	}
	s.r.Branches = append(s.r.Branches, br)
}
