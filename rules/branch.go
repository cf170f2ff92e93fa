package rules

import (
	"cmp"
	"slices"

	"github.com/sqllint/sqllint/parser"
)

// T-SQL runs one arm of an IF ... ELSE, never both. The model replays the
// two arms of each (parser.Result.Branches) from the same state, the
// databases as they were before the IF, then joins what each arm left,
// conservatively for what the rules claim:
//
//   - a database's file and filegroup counts are those of the arm that
//     leaves more (SL101, SL102), never their sum;
//   - a file's size, MAXSIZE and percent growth are known after the IF
//     only when both arms leave the same (SL201, SL202, SL209, SL207): a
//     MODIFY FILE after it then allocates up to its new size;
//   - a database created or kept in one arm, dropped or never made in
//     the other, may exist after it, as that arm left it;
//   - TDE is on after it when either arm turned it on (no IFI then).
//
// Statements inside an arm are reported where they are, with the state
// their arm gives them. An IF without ELSE is replayed as if it ran.

// branchSave is a database the replay of an open IF ... ELSE touched:
// what it was before the IF, and what the THEN arm left.
type branchSave struct {
	key string
	db  *Database // in Databases under key before the IF, nil when none
	pre Database  // *db before the IF (its sets cloned)
	// then is what the THEN arm left under key (nil: none), once the
	// ELSE arm started
	then *Database
}

// openBranch is an IF ... ELSE whose statements are being replayed.
type openBranch struct {
	inElse bool
	ctx    string // the USE context before the IF
	thenCx string // the one the THEN arm left
	saves  []branchSave
	devs   []deviceSave
}

// deviceSave is a backup device a BACKUP in an open IF ... ELSE wrote
// to: its backup sets before the IF, and those the THEN arm left.
type deviceSave struct {
	key       string
	pre, then []*backupSet
	had, has  bool // whether the device was known before, after THEN
}

// touchDevice records, before a BACKUP writes to the device of key
// (dev: its sets, nil when none), what it held, for each open IF ...
// ELSE that has not yet.
func (m *Model) touchDevice(key string, dev *device) {
	w := m.branch
	for i := len(w.open) - 1; i >= 0; i-- {
		o := &w.open[i]
		for j := range o.devs {
			if o.devs[j].key == key {
				return // (and so for those around it)
			}
		}
		s := deviceSave{key: key, had: dev != nil}
		if dev != nil {
			s.pre = slices.Clone(dev.sets)
		}
		if o.inElse {
			s.then, s.has = slices.Clone(s.pre), s.had // the THEN arm left it
		}
		o.devs = append(o.devs, s)
	}
}

// branches is the replay's walk through a script's IF ... ELSE
// statements (Model.branch), nil for a script without any.
type branches struct {
	walk armWalk
	open []openBranch // innermost last, as walk's
	ctx  *string      // the replay's USE context
}

// armWalk is a walk through the IF ... ELSE statements of a script,
// statement by statement in the order they run (Model.branchStep, and
// SL208, which follows tempdb's files at its own pace).
type armWalk struct {
	list []parser.Branch // by batch, then by start
	next int             // the first of list not yet entered
	open []armOpen       // innermost last
}

// armOpen is an IF ... ELSE a walk is in, and whether in its ELSE arm.
type armOpen struct {
	b      parser.Branch
	inElse bool
}

// armEvents is what a walk tells as it moves on.
type armEvents interface {
	enter()   // an IF ... ELSE is entered (the innermost now)
	elseArm() // the innermost's ELSE arm starts
	leave()   // the innermost is left (after its ELSE arm started)
}

// newArmWalk is a walk through branches, the Result.Branches of a
// script.
func newArmWalk(branches []parser.Branch) armWalk {
	list := slices.Clone(branches)
	slices.SortFunc(list, func(a, b parser.Branch) int {
		pa, sa := branchStart(&a)
		pb, sb := branchStart(&b)
		return cmp.Or(cmp.Compare(a.Batch, b.Batch), cmp.Compare(pa, pb), cmp.Compare(sa, sb), cmp.Compare(b.End, a.End))
	})
	return armWalk{list: list}
}

// branchStart is where b starts in its batch: the offset of its THEN
// arm, or for one in dynamic SQL that of the EXEC and the arm's in the
// text's file (-1 and its offset after it).
func branchStart(b *parser.Branch) (int32, int32) {
	if b.Dyn != nil {
		return b.Dyn.At, b.Then
	}
	return b.Then, -1
}

// dynIn reports whether st is a statement of b's dynamic SQL (or of
// dynamic SQL it runs) inside b, and where it starts in the file of that
// text (parser.DynPos).
func dynIn(st *parser.Statement, b *parser.Branch) (int32, bool) {
	for d := st.Batch.Dyn; d != nil; d = d.Parent {
		if d == b.Dyn {
			at := parser.DynPos(st)
			return at, at >= b.Then && at < b.End
		}
	}
	return 0, false
}

// newBranches is the replay's walk through r's IF ... ELSE statements.
func newBranches(r *parser.Result) *branches {
	return &branches{walk: newArmWalk(r.Branches)}
}

// branchPos is where st runs in its script: its batch and offset (the
// EXEC's, for constant dynamic SQL).
func branchPos(st *parser.Statement) (int, int32) {
	if d := st.Batch.Dyn; d != nil {
		return st.Batch.Index, d.At
	}
	return st.Batch.Index, int32(st.Start)
}

// step moves w to statement st: it leaves the IF statements st is
// after, starts the ELSE arm st is in, and enters those st is in (an IF
// none of whose statements is met is never entered).
func (w *armWalk) step(st *parser.Statement, ev armEvents) {
	batch, at := branchPos(st)
	// in reports whether st is inside b, and where, in b's offsets
	in := func(b *parser.Branch) (int32, bool) {
		if b.Dyn != nil {
			return dynIn(st, b)
		}
		return at, b.Batch == batch && at < b.End
	}
	for n := len(w.open); n > 0; n = len(w.open) {
		if _, ok := in(&w.open[n-1].b); ok {
			break
		}
		w.leave(ev)
	}
	if n := len(w.open); n > 0 && !w.open[n-1].inElse {
		if top := &w.open[n-1].b; top.Dyn == nil && at >= top.Else || top.Dyn != nil && parser.DynPos(st) >= top.Else {
			w.open[n-1].inElse = true
			ev.elseArm()
		}
	}
	sub := int32(-1) // where st starts after at (branchStart)
	if st.Batch.Dyn != nil {
		sub = -2 // not yet known: only for a branch of dynamic SQL at at
	}
	for w.next < len(w.list) {
		b := &w.list[w.next]
		p, s := branchStart(b)
		if b.Batch > batch || b.Batch == batch && p > at {
			break
		}
		if b.Batch == batch && p == at && b.Dyn != nil {
			if sub == -2 {
				sub = parser.DynPos(st)
			}
			if s > sub {
				break
			}
		}
		w.next++
		pos, ok := in(b)
		if !ok {
			continue // none of its statements met
		}
		w.open = append(w.open, armOpen{b: *b})
		ev.enter()
		if pos >= b.Else {
			w.open[len(w.open)-1].inElse = true
			ev.elseArm()
		}
	}
}

// leave leaves the innermost open IF ... ELSE, its ELSE arm started
// first when none of its statements was met.
func (w *armWalk) leave(ev armEvents) {
	if top := &w.open[len(w.open)-1]; !top.inElse {
		top.inElse = true
		ev.elseArm()
	}
	ev.leave()
	w.open = w.open[:len(w.open)-1]
}

// end leaves every open IF ... ELSE: the script ends.
func (w *armWalk) end(ev armEvents) {
	for len(w.open) > 0 {
		w.leave(ev)
	}
}

// branchStep moves the replay's walk to statement st, about to be
// replayed (see armWalk.step).
func (m *Model) branchStep(st *parser.Statement, ctx *string) {
	m.branch.ctx = ctx
	m.branch.walk.step(st, (*modelArms)(m))
}

// endBranches joins the IF statements still open at the end of a
// script.
func (m *Model) endBranches(ctx *string) {
	m.branch.ctx = ctx
	m.branch.walk.end((*modelArms)(m))
	m.branch = nil
}

// modelArms is the Model as the replay's walk tells it (armEvents).
type modelArms Model

func (a *modelArms) enter() {
	w := a.branch
	w.open = append(w.open, openBranch{ctx: *w.ctx})
}

func (a *modelArms) elseArm() {
	w := a.branch
	(*Model)(a).elseArm(&w.open[len(w.open)-1], w.ctx)
}

func (a *modelArms) leave() { (*Model)(a).leaveBranch(a.branch.ctx) }

// touch records, before the database under key changes, what it was,
// for each open IF ... ELSE that has not yet.
func (m *Model) touch(key string) {
	w := m.branch
	for i := len(w.open) - 1; i >= 0; i-- {
		o := &w.open[i]
		for j := range o.saves {
			if o.saves[j].key == key {
				return // (and so for those around it)
			}
		}
		s := branchSave{key: key, db: m.Databases[key]}
		if s.db != nil {
			s.pre = cloneDatabase(s.db)
		}
		if o.inElse {
			// the THEN arm left it as it was
			s.then = s.db
			if s.db != nil {
				c := cloneDatabase(s.db)
				s.then = &c
			}
		}
		o.saves = append(o.saves, s)
	}
}

// elseArm starts the ELSE arm of o: what the THEN arm left is put aside,
// and the databases it touched are as they were before the IF.
func (m *Model) elseArm(o *openBranch, ctx *string) {
	o.inElse = true
	o.thenCx, *ctx = *ctx, o.ctx
	for i := range o.saves {
		s := &o.saves[i]
		cur := m.Databases[s.key]
		s.then = cur
		if cur != nil && cur == s.db {
			c := cloneDatabase(cur)
			s.then = &c
		}
		m.putBack(cur, s.db, s.pre)
	}
	for i := range o.devs {
		s := &o.devs[i]
		dev := m.devices[s.key]
		s.has = dev != nil
		if dev != nil {
			s.then = slices.Clone(dev.sets)
		}
		m.setDevice(s.key, s.had, s.pre)
	}
	m.forgetRecentDBs()
}

// setDevice makes the device of key hold sets (has), or none.
func (m *Model) setDevice(key string, has bool, sets []*backupSet) {
	if !has {
		delete(m.devices, key)
		return
	}
	m.devices[key] = m.devRoom.put(device{sets: slices.Clone(sets)})
}

// putBack puts db, of value v, under its key in place of cur (either
// may be nil).
func (m *Model) putBack(cur, db *Database, v Database) {
	if cur != nil && cur != db {
		m.dropDB(cur)
	}
	if db == nil {
		return
	}
	*db = v
	db.gone = false
	m.putDB(db)
}

// leaveBranch joins the arms of the innermost open IF ... ELSE.
func (m *Model) leaveBranch(ctx *string) {
	w := m.branch
	o := &w.open[len(w.open)-1]
	if *ctx != o.thenCx {
		*ctx = "" // either database: not known
	}
	for i := range o.saves {
		s := &o.saves[i]
		cur := m.Databases[s.key]
		switch {
		case s.then == nil:
		case cur == nil:
			v := cloneDatabase(s.then)
			m.putBack(nil, cmp.Or(s.db, s.then), v)
		default:
			joinDatabases(cur, s.then)
		}
	}
	for _, s := range o.devs {
		// a device the two arms leave apart holds either: which backup
		// a RESTORE from it reads is not known (SL207 is silent)
		if dev := m.devices[s.key]; (dev != nil) != s.has || dev != nil && !slices.Equal(dev.sets, s.then) {
			delete(m.devices, s.key)
		}
	}
	w.open = w.open[:len(w.open)-1]
	m.forgetRecentDBs()
}

// joinDatabases makes d, what one arm of an IF ... ELSE left of a
// database, what either may have left: the other's, o's, when it has
// more files; sizes, MAXSIZE and growths in percent known only where
// both agree; the larger filegroup count; TDE when either has it.
func joinDatabases(d, o *Database) {
	if o.FileCount() > d.FileCount() {
		mine := *d // (its sets are not written again)
		*d = cloneDatabase(o)
		d.gone = false // (o may be out of Databases: the THEN arm's own)
		o = &mine
	}
	if n := o.FilegroupCount() - d.FilegroupCount(); n > 0 {
		d.ExtraFilegroups += n
	}
	d.TDE = d.TDE || o.TDE
	var changed []DBFile
	for key, f := range d.Files.All() {
		g, ok := o.Files.Get(key)
		if !ok || g.Size == f.Size && g.MaxMB == f.MaxMB && g.GrowPct == f.GrowPct {
			continue
		}
		if g.Size != f.Size {
			f.Size = 0
		}
		if g.MaxMB != f.MaxMB {
			f.MaxMB = 0
		}
		if g.GrowPct != f.GrowPct {
			f.GrowPct = 0
		}
		changed = append(changed, f)
	}
	for _, f := range changed {
		d.Files.Set(f)
	}
}

// cloneDatabase is a copy of d that shares no set with it.
func cloneDatabase(d *Database) Database {
	c := *d
	c.Files = d.Files.clone()
	c.Filegroups = d.Filegroups.clone()
	if d.containers != nil {
		cs := d.containers.clone()
		c.containers = &cs
	}
	return c
}

// clone returns a FileSet holding what s holds, sharing nothing written.
func (s *FileSet) clone() FileSet {
	c := FileSet{gen: s.gen, names: s.names}
	if b := s.big; b != nil {
		nb := *b
		nb.files = slices.Clone(b.files)
		nb.at = b.at.clone()
		c.big = &nb
		return c
	}
	c.list = slices.Clone(s.list)
	return c
}
