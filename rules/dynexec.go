package rules

import "github.com/sqllint/sqllint/parser"

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
	mark := func(fs []Finding) {
		for i := range fs {
			f := &fs[i]
			switch f.Rule.ID {
			case "SL001", "SL002", "SL003", "SL004":
				continue // the parser's SL001 says where it is already
			}
			if d := dynAt(dyns, f.Span.Start); d != nil {
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

// dynAt is the innermost dynamic SQL of dyns whose literals hold p.
func dynAt(dyns []*parser.DynSource, p parser.Pos) *parser.DynSource {
	var in *parser.DynSource
	for _, d := range dyns {
		for _, s := range d.Lits {
			if s.Start.File == p.File && s.Start.Offset <= p.Offset && p.Offset < s.End.Offset && (in == nil || within(d, in)) {
				in = d
			}
		}
	}
	return in
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
		if pb.Var != "" {
			from = "EXEC runs the text of " + pb.Var + ": "
		}
		what = from + kind + " " + shown(pb.Databases) + " TO DISK = 'NUL', which writes nothing"
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
