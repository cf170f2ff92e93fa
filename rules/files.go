package rules

import (
	"container/heap"
	"slices"
	"strconv"
	"sync/atomic"

	"github.com/sqllint/sqllint/parser"
)

// SQL Server's hard limits per database.
const (
	maxFiles      = 32767
	maxFilegroups = 32767
)

var sl101 = &Rule{
	ID: "SL101", Name: "too-many-files", Severity: parser.SevWarning,
	Options: []Option{{Name: "startup-budget", Default: 10, Unit: "s",
		Doc: "longest acceptable estimated startup delay from opening file headers (10 s is about 800 files)"}},
	Run: func(p *Pass) {
		var budget float64
		haveBudget := false // read when first needed: most files never do
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if e.DB == nil || e.DB.hasReported(onceSL101) {
				continue // reported already: no estimate needed
			}
			if !haveBudget {
				budget, haveBudget = p.Opt("startup-budget"), true
			}
			files, groups := int(e.Files), int(e.Filegroups)
			est := StartupSeconds(files)
			if est <= budget || !e.DB.once(onceSL101) {
				continue
			}
			estText, budgetText := formatOverBudget(est, budget)
			f := p.Report(e.Stmt.Span(), nil,
				"%s reaches %s %s in %s %s: estimated startup delay %s, over the %s budget (every file header is opened in turn at startup; measured: 1,000 files took 12 s, 2,000 took 29 s)",
				databaseShown(e.DB), formatCount(files), pluralize(files, "file"), formatCount(groups), pluralize(groups, "filegroup"), estText, budgetText)
			if e.DB.FromServer && p.Facts() != nil {
				f.Confirmed = p.Facts().Server
				f.Message += " (counting the files it already has on the server)"
			}
			if e.Stmt.InModule {
				f.Message += moduleNote
			}
		}
	},
}

// moduleNote is what SL101 adds when the statement that reaches the
// budget is in the body of a procedure, function or trigger: the script
// only creates that module; the files come when it is called (the
// count assumes it is, once, where it is created).
const moduleNote = "; the statement is in the body of a procedure, function or trigger, so the files are added when it is called, not when the script creates it"

var sl102 = &Rule{
	ID: "SL102", Name: "file-limit", Severity: parser.SevError,
	Run: func(p *Pass) {
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if e.DB == nil {
				continue
			}
			switch {
			case e.Files > maxFiles && e.DB.once(onceSL102):
				p.Report(e.Stmt.Span(), nil, "%s reaches %s files: SQL Server allows at most 32,767 files per database, so this statement fails",
					databaseShown(e.DB), formatCount(int(e.Files)))
			case e.Filegroups > maxFilegroups && e.DB.once(onceSL102):
				p.Report(e.Stmt.Span(), nil, "%s reaches %s filegroups: SQL Server allows at most 32,767 filegroups per database, so this statement fails",
					databaseShown(e.DB), formatCount(int(e.Filegroups)))
			}
		}
	},
}

var sl103 = &Rule{
	ID: "SL103", Name: "filegroup-loop", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		effects := p.Model.Effects
		if len(p.Model.dyns) > 0 {
			effects = withoutDynamic(effects)
		}
		// vars holds the variables of the current batch whose text holds
		// ADD FILE, as the statements so far assigned them; fromLoop, those
		// a loop built, with the statements of the loop that built them
		// (made when a loop first builds one: most files have none).
		var vars varTexts
		var fromLoop map[string][]built
		// reported are the effects reported, by index (a map of
		// statements grew to hundreds in each dense file)
		var reported []bool
		report := func(bs []built) {
			sl103Looked.Add(int64(len(bs)))
			written := rewrites(bs)
			for _, b := range bs {
				if reported == nil {
					reported = make([]bool, len(effects))
				}
				if !reported[b.at] && !rewrite(b, written) {
					reported[b.at] = true
					msg := sl103Message(b.what)
					if !b.st.InLoop && b.st.Batch.Count > 1 {
						msg = sl103RepeatedMessage(b.what, int(b.st.Batch.Count))
					}
					p.report(b.st.Span(), nil, msg)
				}
			}
		}
		var batch *parser.Batch
		loopsBuilt := false // fromLoop has gained a statement in this batch
		var runRoom []built // reused from loop to loop
		var builderRoom []assigned
		var inLoop varTexts // loopAddFiles's, emptied for each loop
		for i := 0; i < len(effects); {
			st := effects[i].Stmt
			if st.Batch != batch {
				batch = st.Batch
				vars.clear() // a variable lives for one batch
				if loopsBuilt {
					emptyLoops(fromLoop)
					loopsBuilt = false
				}
			}
			if !loops(st) {
				// after a loop: running the text it accumulated
				if d := st.Dynamic; d != nil {
					if d.Exec {
						for _, v := range d.ExecVars {
							report(fromLoop[v])
							dropReported(fromLoop, v)
						}
					}
					var uses map[string]bool
					for _, a := range d.Assigns {
						if bs, ok := fromLoop[a]; ok && !readsVar(d.Uses, a, &uses) {
							fromLoop[a] = bs[:0] // overwritten
						}
					}
				}
				if st.Dynamic != nil {
					assignDynamic(&vars, st.Dynamic)
				}
				i++
				continue
			}
			// One loop: the statements of this batch inside a WHILE body,
			// nested loops included, or the whole of a batch GO n runs n
			// times.
			j := i
			for j < len(effects) && loops(effects[j].Stmt) && effects[j].Stmt.Batch == batch {
				j++
			}
			inLoop.clear()
			run, builders := loopAddFiles(effects[i:j], i, &vars, &inLoop, fromLoop, runRoom[:0], builderRoom[:0])
			runRoom, builderRoom = run, builders
			report(run)
			for _, e := range effects[i:j] {
				if d := e.Stmt.Dynamic; d != nil && d.Exec {
					for _, v := range d.ExecVars {
						dropReported(fromLoop, v)
					}
				}
			}
			for _, x := range builders {
				if fromLoop == nil {
					fromLoop = map[string][]built{}
				}
				fromLoop[x.v] = append(fromLoop[x.v], x.b)
				loopsBuilt = true
			}
			for _, e := range effects[i:j] {
				assignDynamic(&vars, e.Stmt.Dynamic)
			}
			i = j
		}
	},
}

// emptyLoops empties the lists of fromLoop for the next batch, keeping
// their room: a dense script builds ADD FILE text in a loop in most
// batches, under the same few variables. An empty list is as no list to
// SL103. A map of many names is cleared instead.
// readsVar reports whether uses holds v. A long list is looked up in a
// set, made in *set at the first call: a SELECT assigning 40,000
// variables a loop built, each from itself, searched the list for each
// (6 s, quadratic).
func readsVar(uses []string, v string, set *map[string]bool) bool {
	if len(uses) <= 16 {
		sl103Looked.Add(int64(len(uses)))
		return contains(uses, v)
	}
	if *set == nil {
		*set = make(map[string]bool, len(uses))
		for _, u := range uses {
			(*set)[u] = true
		}
		sl103Looked.Add(int64(len(uses)))
	}
	sl103Looked.Add(1)
	return (*set)[v]
}

// sl103Looked counts the builders SL103 looks at to report them, and
// the variables it compares (tests).
var sl103Looked atomic.Int64

// dropReported empties the list of the loops that built v once it is
// reported: each of them is, and a later EXEC of v would look at them
// all again for nothing (10,000 loops of one batch that build and run
// @sql took 30 s, quadratic in their number).
func dropReported(fromLoop map[string][]built, v string) {
	if bs := fromLoop[v]; len(bs) > 0 {
		fromLoop[v] = bs[:0]
	}
}

func emptyLoops(fromLoop map[string][]built) {
	if len(fromLoop) > 64 {
		clear(fromLoop)
		return
	}
	for v, bs := range fromLoop {
		clear(bs) // holds no statement of an earlier batch
		fromLoop[v] = bs[:0]
	}
}

// loops reports whether st runs repeatedly: inside a WHILE body, or in a
// batch that GO n runs n times.
func loops(st *parser.Statement) bool { return st.InLoop || st.Batch.Count > 1 }

// sl103RepeatedMessage is SL103's message about ADD FILE text what in a
// batch that GO n runs n times.
func sl103RepeatedMessage(what string, n int) string {
	c := strconv.Itoa(n)
	return what + " built as dynamic SQL in a batch that GO " + c + " runs " + c +
		" times: the files and filegroups it adds are not counted (nor their startup delay, SL101); list them explicitly"
}

// sl103Message is SL103's message about ADD FILE text what: one string
// for each text the parser gives, not one per finding.
func sl103Message(what string) string {
	const rest = " built as dynamic SQL inside a WHILE loop and run: the number of files and filegroups (and so the startup delay, SL101) cannot be known before the script runs; list them explicitly"
	switch what {
	case "ADD FILE":
		return "ADD FILE" + rest
	case "ADD FILEGROUP":
		return "ADD FILEGROUP" + rest
	case "ADD LOG FILE":
		return "ADD LOG FILE" + rest
	}
	return what + rest
}

// addFileText is the ADD FILE text statement d builds: in its own strings,
// or read from a variable that holds it (lookup). "" for none.
func addFileText(d *parser.Dynamic, lookup func(string) string) string {
	if d.AddFile != "" {
		return d.AddFile
	}
	for _, u := range d.Uses {
		if w := lookup(u); w != "" {
			return w
		}
	}
	return ""
}

// assignDynamic records in vars what statement d assigns: ADD FILE text,
// or none (the variable is overwritten).
func assignDynamic(vars *varTexts, d *parser.Dynamic) {
	if d == nil || len(d.Assigns) == 0 {
		return
	}
	what := addFileText(d, vars.get)
	for _, a := range d.Assigns {
		if what != "" {
			vars.set(a, what)
		} else {
			vars.del(a)
		}
	}
}

// built is a statement that builds ADD FILE text a loop runs, and the
// index of its effect.
type built struct {
	st   *parser.Statement
	what string
	at   int
}

// assigned is a statement of a loop that assigns ADD FILE text to v.
type assigned struct {
	v string
	b built
}

// loopAddFiles returns the statements of one loop that build ADD FILE text
// the loop runs: an EXEC (...) or sp_executesql whose own strings hold it,
// and the statements of the loop that assign such text (from their strings,
// or from a variable holding it) to a variable the loop runs, or that an
// earlier loop built (fromLoop). Inside the loop the order of statements
// does not matter: what one iteration assigns the next one may run
// (loop[k] is the effect at+k of the rule's effects; inLoop is empty room
// for the text the loop's variables get). It
// also returns the statements that assign ADD FILE text in the loop, with
// the variable, in order, for an EXEC after it. Both are appended to the
// room given, which the caller reuses.
//
// Text assigned before the loop and only run inside it is not reported:
// it is fixed, so it adds one file or filegroup, and running it again
// fails on the name that now exists. Text that is only printed or raised
// (a dry run) is never reported.
func loopAddFiles(loop []Effect, at int, before, inLoop *varTexts, fromLoop map[string][]built, run []built, builders []assigned) ([]built, []assigned) {
	lookup := func(v string) string {
		if w := inLoop.get(v); w != "" {
			return w
		}
		return before.get(v)
	}
	settleLoop(loop, inLoop, lookup)
	fixed := fixedAssigns(loop)
	for i := range loop {
		if d, what := assignText(&loop[i], lookup); what != "" && !fixed[i] {
			for _, a := range d.Assigns {
				builders = append(builders, assigned{a, built{loop[i].Stmt, what, at + i}})
			}
		}
	}
	// the builders of a variable: looked for in the list, which is a
	// statement or two in a loop, or in a map when the loop has many (a
	// map for every loop was most of SL103's allocations)
	var byVar map[string][]built
	if len(builders) > 16 {
		byVar = map[string][]built{}
		for _, x := range builders {
			byVar[x.v] = append(byVar[x.v], x.b)
		}
	}
	for i := range loop {
		d := loop[i].Stmt.Dynamic
		if d == nil || !d.Exec {
			continue
		}
		if d.AddFile != "" && !d.Fixed {
			run = append(run, built{loop[i].Stmt, d.AddFile, at + i})
		}
		for _, v := range d.ExecVars {
			if byVar != nil {
				run = append(run, byVar[v]...)
			} else {
				for _, x := range builders {
					if x.v == v {
						run = append(run, x.b)
					}
				}
			}
			run = append(run, fromLoop[v]...)
		}
	}
	return run, builders
}

// fixedAssigns are the statements of loop, by index, that set a
// variable to fixed text (Dynamic.Fixed) that no other statement of the loop
// sets or changes: its text is the same at every pass, and they build
// none. nil when there is none (most loops).
func fixedAssigns(loop []Effect) map[int]bool {
	var byVar map[string][]int // the statements setting fixed text, by variable
	for i := range loop {
		if d := loop[i].Stmt.Dynamic; d != nil && len(d.Assigns) == 1 && d.AddFile != "" && d.Fixed {
			if byVar == nil {
				byVar = map[string][]int{}
			}
			byVar[d.Assigns[0]] = append(byVar[d.Assigns[0]], i)
		}
	}
	if byVar == nil {
		return nil
	}
	for i := range loop {
		d := loop[i].Stmt.Dynamic
		if d == nil {
			continue
		}
		for _, a := range d.Assigns {
			if is, ok := byVar[a]; ok && !slices.Contains(is, i) {
				delete(byVar, a) // changed otherwise too: the old way
			}
		}
	}
	var fixed map[int]bool
	for _, is := range byVar {
		for _, i := range is {
			if fixed == nil {
				fixed = map[int]bool{}
			}
			fixed[i] = true
		}
	}
	return fixed
}

// rewrites returns, when bs holds ADD FILE text builders of both kinds,
// the set of the variables that a builder of bs gives ADD FILE text in
// strings of its own: a builder whose strings hold none and that reads
// one of them only rewrites that text (SET @sql = REPLACE(@sql, ...), a
// suffix without ADD), and the text is reported once, where it is
// written. nil when there is nothing to skip (the usual loop: every
// builder writes its own text), so nothing is allocated. A builder that
// rewrites text set before the loop reads no such variable and stays.
func rewrites(bs []built) map[string]bool {
	own := 0
	for _, b := range bs {
		if b.st.Dynamic.AddFile != "" {
			own++
		}
	}
	if own == 0 || own == len(bs) {
		return nil
	}
	written := make(map[string]bool, own)
	for _, b := range bs {
		if b.st.Dynamic.AddFile != "" {
			for _, a := range b.st.Dynamic.Assigns {
				written[a] = true
			}
		}
	}
	return written
}

// rewrite reports whether b only rewrites the text of a variable of
// written (rewrites).
func rewrite(b built, written map[string]bool) bool {
	if written == nil || b.st.Dynamic.AddFile != "" {
		return false
	}
	for _, u := range b.st.Dynamic.Uses {
		if written[u] {
			return true
		}
	}
	return false
}

// assignText returns the dynamic SQL facts of e's statement and the ADD
// FILE text it assigns to its variables ("" when it assigns none).
func assignText(e *Effect, lookup func(string) string) (*parser.Dynamic, string) {
	d := e.Stmt.Dynamic
	if d == nil || len(d.Assigns) == 0 {
		return nil, ""
	}
	return d, addFileText(d, lookup)
}

// settleLoop gives inLoop the ADD FILE text each variable of loop holds
// once the loop has run enough times: the loop's assignments taken again
// and again in order, until none changes anything, a variable keeping the
// first text it gets. It takes again only the statements that read a
// variable that has just got its text, at the time the repeated passes
// would (the pass, and the statement's place in it): the passes took
// 26 s for a loop of 17,000 statements each reading the next one's
// variable, quadratic in their number.
func settleLoop(loop []Effect, inLoop *varTexts, lookup func(string) string) {
	if len(loop) <= smallLoop {
		settlePasses(loop, inLoop, lookup)
		return
	}
	settleEvents(loop, inLoop, lookup)
}

// smallLoop is the most statements of a loop settled by whole passes,
// which allocate nothing (most loops are a few statements).
const smallLoop = 32

// settlePasses takes the loop's assignments again and again in order
// until none changes anything.
func settlePasses(loop []Effect, inLoop *varTexts, lookup func(string) string) {
	for changed := true; changed; {
		changed = false
		for i := range loop {
			if d, what := assignText(&loop[i], lookup); what != "" {
				for _, a := range d.Assigns {
					if inLoop.get(a) == "" {
						inLoop.set(a, what)
						changed = true
					}
				}
			}
		}
	}
}

// settleEvents is settlePasses taking again only the statements that
// read a variable that has just got its text, at the pass and place the
// passes would.
func settleEvents(loop []Effect, inLoop *varTexts, lookup func(string) string) {
	readers := map[string][]int{} // the assigning statements that read a variable
	var q passQueue
	for i := range loop {
		d := loop[i].Stmt.Dynamic
		if d == nil || len(d.Assigns) == 0 {
			continue
		}
		for _, u := range d.Uses {
			readers[u] = append(readers[u], i)
		}
		q = append(q, passAt{0, i}) // in order: a heap already
	}
	done := make([]bool, len(loop)) // the statement has given its text
	for len(q) > 0 {
		at := heap.Pop(&q).(passAt)
		if done[at.i] {
			continue
		}
		d := loop[at.i].Stmt.Dynamic
		what := addFileText(d, lookup)
		if what == "" {
			continue
		}
		done[at.i] = true
		for _, a := range d.Assigns {
			if inLoop.get(a) != "" {
				continue
			}
			inLoop.set(a, what)
			for _, j := range readers[a] {
				if !done[j] {
					// later in this pass, or in the next one
					next := passAt{at.pass, j}
					if j <= at.i {
						next.pass++
					}
					heap.Push(&q, next)
				}
			}
		}
	}
}

// passAt is a statement of a loop taken in one of settleLoop's passes.
type passAt struct{ pass, i int }

// passQueue is a min-heap of passAt, by pass then place.
type passQueue []passAt

func (q passQueue) Len() int { return len(q) }
func (q passQueue) Less(a, b int) bool {
	return q[a].pass < q[b].pass || q[a].pass == q[b].pass && q[a].i < q[b].i
}
func (q passQueue) Swap(a, b int) { q[a], q[b] = q[b], q[a] }
func (q *passQueue) Push(x any)   { *q = append(*q, x.(passAt)) }
func (q *passQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// pluralize is noun, with an s unless n is 1.
func pluralize(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}
