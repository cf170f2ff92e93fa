package rules

import (
	"cmp"
	"slices"
	"sort"

	"github.com/sqllint/sqllint/parser"
)

// Constant dynamic SQL (parser.DynSource): the statements of a string an
// EXEC runs follow the EXEC in a script's statements, on a batch of their
// own. The model replays them in the database they run in; their
// findings carry no fix (a fix never edits inside a string) and say
// where they are.

// dynContexts follows the USE context in and out of constant dynamic
// SQL while a script is replayed: the text runs in the database of the
// EXEC (or the one the call names), and a USE in it lasts to its end.
type dynContexts struct {
	open  []*parser.DynSource // the dynamic SQL the replay is in, outermost first
	saved []string            // the context before each
}

// enter sets ctx for st, whose batch is dynamic SQL d (nil for script
// text): leaving the dynamic SQL d is not in gives back the context
// before it, entering one sets the database it runs in.
func (c *dynContexts) enter(m *Model, d *parser.DynSource, ctx *string) {
	if n := len(c.open); n == 0 && d == nil || n > 0 && c.open[n-1] == d {
		return
	}
	for n := len(c.open); n > 0 && !within(d, c.open[n-1]); n-- {
		*ctx = c.saved[n-1]
		c.open, c.saved = c.open[:n-1], c.saved[:n-1]
	}
	// the dynamic SQL from the innermost open one to d, outermost first
	var path []*parser.DynSource
	for x := d; x != nil && (len(c.open) == 0 || x != c.open[len(c.open)-1]); x = x.Parent {
		path = append(path, x)
	}
	for k := len(path) - 1; k >= 0; k-- {
		x := path[k]
		c.open, c.saved = append(c.open, x), append(c.saved, *ctx)
		m.dyns = append(m.dyns, x)
		switch {
		case x.NoContext:
			*ctx = ""
		case x.Database != nil:
			*ctx = m.database(x.Database, "", false).Key
		}
	}
}

// within reports whether dynamic SQL d is o or runs inside it.
func within(d, o *parser.DynSource) bool {
	for ; d != nil; d = d.Parent {
		if d == o {
			return true
		}
	}
	return false
}

// dynOf is the dynamic SQL st is in, nil for script text.
func dynOf(st *parser.Statement) *parser.DynSource {
	if st.Batch == nil {
		return nil
	}
	return st.Batch.Dyn
}

// dynFindings drops the fixes of the findings in l that lie in the
// literals of dynamic SQL dyns, and says in their message where they
// are. The sqlcmd, suppression and directive findings are the file's.
func dynFindings(l *findingList, dyns []*parser.DynSource) {
	ix := newDynIndex(dyns)
	mark := func(fs []Finding) {
		for i := range fs {
			f := &fs[i]
			switch f.Rule.ID {
			case "SL001", "SL002", "SL003", "SL004":
				continue // the parser's SL001 says where it is already
			}
			if d := ix.at(f.Span.Start); d != nil {
				f.Fix = nil
				f.Message += d.Where()
			}
		}
	}
	for _, c := range l.full {
		mark(c)
	}
	mark(l.cur)
}

// dynLit is a literal of dynamic SQL in a dynIndex: its file range, and
// the index of the nearest literal that holds it (-1 for none).
type dynLit struct {
	start, end int
	d          *parser.DynSource
	up         int
}

// dynIndex finds the innermost dynamic SQL whose literals hold a file
// position: the literals of each file sorted by start. A literal of
// dynamic SQL read inside dynamic SQL lies within one of its parent's,
// and literals of others do not overlap, so the literals holding a
// position are the one starting last before it and those holding that
// (up): a look-up is a binary search and at most maxDynDepth steps,
// whatever the number of literals and findings (a batch of 200,000
// EXEC ('...') was quadratic).
type dynIndex map[*parser.File][]dynLit

func newDynIndex(dyns []*parser.DynSource) dynIndex {
	ix := dynIndex{}
	for _, d := range dyns {
		for _, s := range d.Lits {
			ix[s.Start.File] = append(ix[s.Start.File], dynLit{start: s.Start.Offset, end: s.End.Offset, d: d})
		}
	}
	for f, ls := range ix {
		// the outer first among equal starts; the first of dyns among
		// equal ranges (the same literal read twice: an included file)
		slices.SortStableFunc(ls, func(a, b dynLit) int {
			if a.start != b.start {
				return cmp.Compare(a.start, b.start)
			}
			return cmp.Compare(b.end, a.end)
		})
		k := 0
		for i := range ls {
			if k > 0 && ls[k-1].start == ls[i].start && ls[k-1].end == ls[i].end && !within(ls[i].d, ls[k-1].d) {
				continue
			}
			ls[k] = ls[i]
			k++
		}
		ls = ls[:k]
		var open []int // the literals holding the one at hand, outermost first
		for i := range ls {
			for len(open) > 0 && ls[open[len(open)-1]].end <= ls[i].start {
				open = open[:len(open)-1]
			}
			ls[i].up = -1
			if len(open) > 0 {
				ls[i].up = open[len(open)-1]
			}
			open = append(open, i)
		}
		ix[f] = ls
	}
	return ix
}

// at is the innermost dynamic SQL whose literals hold p, nil for none.
func (ix dynIndex) at(p parser.Pos) *parser.DynSource {
	ls := ix[p.File]
	i := sort.Search(len(ls), func(i int) bool { return ls[i].start > p.Offset }) - 1
	for i >= 0 && ls[i].end <= p.Offset {
		i = ls[i].up
	}
	if i < 0 {
		return nil
	}
	return ls[i].d
}

// withoutDynamic is effects without the statements of dynamic SQL, the
// same slice when there are none: SL103 follows the variables and loops
// of script text (the EXEC of a constant string in a loop is its own).
func withoutDynamic(effects []Effect) []Effect {
	k := 0
	for k < len(effects) && dynOf(effects[k].Stmt) == nil {
		k++
	}
	if k == len(effects) {
		return effects
	}
	out := append([]Effect(nil), effects[:k]...)
	for _, e := range effects[k:] {
		if dynOf(e.Stmt) == nil {
			out = append(out, e)
		}
	}
	return out
}

// nulBackup is SL304 for a backup to the null device that is no BACKUP
// statement of the script: Ola Hallengren's DatabaseBackup @Directory =
// 'NUL', or the text of a variable that an EXEC runs. An error, a
// warning with @CopyOnly = 'Y' or COPY_ONLY.
func nulBackup(p *Pass, e *Effect, pb *parser.NulBackup) {
	var what, copyOnly string
	if pb.Backup != nil {
		// text built in a variable: the database as the text has it,
		// perhaps an expression
		if !everyCopyToNul(pb.Backup.Targets) {
			return
		}
		kind := "BACKUP DATABASE"
		if pb.Backup.Log {
			kind = "BACKUP LOG"
		}
		from := "EXEC runs the text it builds: "
		switch {
		case pb.JobStep && pb.Step != "":
			from = "the command of job step '" + shown(pb.Step) + "' is the text of " + pb.Var + ": "
		case pb.JobStep:
			from = "the command of a job step is the text of " + pb.Var + ": "
		case pb.Var != "":
			from = "EXEC runs the text of " + pb.Var + ": "
		}
		what = from + kind + " " + shown(pb.Databases) + " TO " + nulShown(pb.Backup.Targets) + ", which writes nothing"
		copyOnly = "COPY_ONLY"
	} else {
		dbs := "the databases it is given"
		if pb.Databases != "" {
			dbs = "@Databases = '" + shown(pb.Databases) + "'"
		}
		what = pb.Proc + " @Directory = 'NUL' backs up " + dbs + " to NUL, which writes nothing"
		copyOnly = "@CopyOnly = 'Y'"
	}
	if pb.CopyOnly {
		f := p.report(e.Stmt.Span(), nil, what+": never a real backup; "+copyOnly+" keeps the backup chain intact, so use it only to test backup speed")
		f.Severity = lower(f.Severity)
		return
	}
	harm := "a log backup breaks the log chain, and a full backup resets the differential base"
	switch pb.Type {
	case "LOG":
		harm = "it breaks the log chain: the log records it discards are in no backup, so point-in-time restore stops working"
	case "FULL":
		harm = "it resets the differential base, so the next differential backup depends on a backup that does not exist"
	case "DIFF":
		harm = "a restore that takes the latest differential backup from the backup history finds nothing to restore"
	}
	p.report(e.Stmt.Span(), nil, what+", yet SQL Server records it as a backup: "+harm)
}
