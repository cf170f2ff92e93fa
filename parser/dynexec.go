package parser

import "strings"

// This file reads constant dynamic SQL: a string that a statement surely
// runs as T-SQL (EXEC ('...'), sp_executesql N'...', the @command of a
// T-SQL Agent job step). Its text is a batch of its own (DynSource), split
// and parsed like a script's, whose statements follow the EXEC statement
// in the Result: the rules see them as they see script text.

// DynVia says how a constant string is run as SQL.
type DynVia uint8

// The ways a constant string is run.
const (
	DynExec       DynVia = iota + 1 // EXEC ('...') or EXECUTE ('...')
	DynExecuteSQL                   // sp_executesql N'...'
	DynJobStep                      // the @command of sp_add_jobstep or sp_update_jobstep
)

// DynSource is where the text of a batch of constant dynamic SQL comes
// from (Batch.Dyn): the statements of the text run where the EXEC runs,
// or in the database the call names, and a USE among them does not last
// beyond them.
type DynSource struct {
	Via DynVia
	// At is the offset of the EXEC in the text of the script's batch
	// (that of the outermost EXEC, for dynamic SQL inside dynamic SQL):
	// the text runs there, in the arm of an IF it is in (Branch).
	// (next to Via: a DynSource is no larger for it)
	At int32
	// Database is the database the text runs in when the call names it:
	// a job step's @database_name (master when absent from
	// sp_add_jobstep), or db of db.sys.sp_executesql; nil when the text
	// runs in the database of the EXEC.
	Database *Name
	// NoContext is set when the database the text runs in is not known:
	// sp_update_jobstep without @database_name keeps the step's, or a
	// variable names it.
	NoContext bool
	// Step is the job step's @step_name, "" when not given.
	Step string
	// Unsure is set when the text may be no T-SQL: sp_update_jobstep
	// without @subsystem keeps the step's subsystem (CmdExec,
	// PowerShell), so a statement of it that does not parse is no SL001
	// (Checkpoint-Computer is a PowerShell command).
	Unsure bool
	// Lits are the file ranges of the string literals the text is made
	// of, quotes included.
	Lits []Span
	// Parent is the dynamic SQL the EXEC itself is in, nil in script
	// text.
	Parent *DynSource
}

// maxDynDepth bounds dynamic SQL read inside dynamic SQL.
const maxDynDepth = 4

// dynWordIn reports whether lit, a string literal as written, holds a
// word that may start or mark a statement of interest in dynamic SQL:
// BACKUP, RESTORE, CHECKPOINT, DBCC or DATABASE (CREATE, ALTER and DROP
// matter only with DATABASE; a USE alone changes nothing outside the
// string), or sp_addumpdevice or sp_dropdevice, whose device lives on
// after the string (deviceProcUnder). Most strings hold none: only a batch
// whose strings hold one may run dynamic SQL of interest, and is never
// plain (PreprocessPlain).
func dynWordIn(lit string) bool {
	for i := 0; i+4 <= len(lit); i++ {
		if lit[i] == '_' && deviceProcUnder(lit, i) {
			return true
		}
		if !dynHead[lit[i]] || i > 0 && identCont[lit[i-1]] {
			continue
		}
		if ppKeywordAt(lit, i) && lit[i]|0x20 != 'u' || lit[i]|0x20 == 'd' && procWordAt(lit, i) {
			return true
		}
	}
	return false
}

// dynHead has the first letters of the words dynWordIn looks for.
var dynHead = func() (t [256]bool) {
	for _, c := range []byte("bBrRcCdD") {
		t[c] = true
	}
	return t
}()

// procWordAt reports whether lit[i:] starts with the name of a backup
// procedure (DatabaseBackup) as a whole word, in any case.
func procWordAt(lit string, i int) bool {
	const w = "databasebackup"
	e := i + len(w)
	return ppHasPrefixFold(lit, i, w) && (e >= len(lit) || !identCont[lit[e]])
}

// ppNameMatters reports whether a name written in brackets or double
// quotes, its text between them, makes a batch not plain: it is
// DatabaseBackup in any case, whose EXEC procBackup reads
// (EXECUTE [dbo].[DatabaseBackup] ... @Directory = NUL holds no string
// for ppStringMatters; ppKeywordAt tells the bare name), or
// sp_addumpdevice or sp_dropdevice (DumpDevice).
func ppNameMatters(name string) bool {
	switch len(name) {
	case len("databasebackup"):
		return procWordAt(name, 0)
	case len("sp_dropdevice"), len("sp_addumpdevice"):
		return name[2] == '_' && ppKeywordAt(name, 0)
	}
	return false
}

// deviceProcUnder reports whether the _ at lit[i] is that of the name of
// sp_addumpdevice or sp_dropdevice, a whole word in any case: text that
// adds a backup device, maybe on the null device, or drops one
// (DumpDevice), which a BACKUP after the EXEC may write to. Told at the
// _ rather than the s: strings hold far fewer of them.
func deviceProcUnder(lit string, i int) bool {
	if i < 2 || lit[i-2]|0x20 != 's' || lit[i-1]|0x20 != 'p' || i > 2 && identCont[lit[i-3]] {
		return false
	}
	for _, w := range [...]string{"_addumpdevice", "_dropdevice"} {
		if e := i + len(w); e <= len(lit) && strings.EqualFold(lit[i:e], w) && (e == len(lit) || !identCont[lit[e]]) {
			return true
		}
	}
	return false
}

// nulString reports whether s, a string literal's text or a part of it
// (quotes, an N prefix), has the value NUL in any case: a backup
// procedure's directory that may be the null device (NulBackup).
func nulString(s string) bool {
	if len(s) > 7 || len(s) < 3 {
		return false
	}
	if c := s[len(s)-1]; c|0x20 != 'l' && c != '\'' {
		return false // most short strings: told by their last byte
	}
	i, j := 0, len(s)
	if s[0]|0x20 == 'n' && s[1] == '\'' {
		i = 1
	}
	for i < j && s[i] == '\'' {
		i++
	}
	for j > i && s[j-1] == '\'' {
		j--
	}
	return j-i == 3 && s[i]|0x20 == 'n' && s[i+1]|0x20 == 'u' && s[i+2]|0x20 == 'l'
}

// ppStringMatters reports whether a string of a batch, as written (its
// quotes in part or whole), makes the batch not plain: it may hold ADD
// FILE text (ppHasAdd: "add" in any case) or dynamic SQL of interest
// (dynWordIn, but for the names of the device procedures), or be NUL
// (nulString). Of those names, sp_addumpdevice holds "add": a batch
// that runs it in dynamic SQL is not plain. sp_dropdevice is not looked
// for: the _ its test starts at is common in strings (on 1,000 typical
// files, about 1 M more instructions here, 0.6% of the run), and a batch
// otherwise plain that drops a device in dynamic SQL after a statement
// SL303 stops at is rare. One pass over s: every string of
// a batch that may still be plain is looked at.
func ppStringMatters(s string) bool {
	if n := len(s); n >= 3 && n <= 7 && (s[n-1]|0x20 == 'l' || s[n-1] == '\'') && nulString(s) {
		return true // (nulString's first tests here: most strings are not NUL)
	}
	for i := 0; i+3 <= len(s); i++ {
		m := ppStrTab[s[i]]
		if m == 0 {
			if m = ppStrTab[s[i+1]]; m == 0 {
				i++ // two bytes at a time through the bytes no word starts at
				continue
			}
			i++
			if i+3 > len(s) {
				break
			}
		}
		if m&1 != 0 && s[i+1]|0x20 == 'd' && s[i+2]|0x20 == 'd' {
			return true
		}
		// a word's first letter: its second too, before the whole word
		if m&ppStrSecond[s[i+1]] != 0 && (i == 0 || !identCont[s[i-1]]) && (ppKeywordAt(s, i) && s[i]|0x20 != 'u' || s[i]|0x20 == 'd' && procWordAt(s, i)) {
			return true
		}
	}
	return false
}

// ppStrTab marks the bytes ppStringMatters looks at: 1 for the a of
// "add"; for the first letters of dynWordIn's words (dynHead), the bits
// of ppStrSecond of the second letters of the words it starts: b of
// BACKUP, r of RESTORE, c of CHECKPOINT, d of DATABASE, DBCC and
// DatabaseBackup.
var ppStrTab = func() (t [256]uint8) {
	t['a'], t['A'] = 1, 1
	for _, w := range ppStrWords {
		t[w[0]] |= ppStrSecond[w[1]]
		t[w[0]-0x20] |= ppStrSecond[w[1]]
	}
	return t
}()

// ppStrWords are the words whose start in a string makes a batch matter
// (dynWordIn's, in lower case). The stop-finder passes over a string
// only when none of them can start in it (ppfind_amd64.s: bac, res, che,
// dat and dbc at the start of a word): a word added here must be added
// there (TestPPFindKeepsStringsThatMatter).
var ppStrWords = []string{"backup", "restore", "checkpoint", "database", "dbcc", "databasebackup"}

// ppStrSecond has a bit, not 1, for each letter, in either case, that is
// the second of a word of dynWordIn: the a of BACKUP and DATABASE, the e
// of RESTORE, the h of CHECKPOINT, the b of DBCC.
var ppStrSecond = func() (t [256]uint8) {
	for k, c := range []byte("aehb") {
		t[c], t[c-0x20] = 2<<k, 2<<k
	}
	return t
}()

// dynCandidate tells whether the ordinary statement of toks may run
// constant dynamic SQL of interest (run: EXEC (...), or a call of
// sp_executesql or a job step procedure, a string of which holds a word
// of interest, dynWordIn) or back up to the null device through a
// procedure (nul: a call of DatabaseBackup). It is asked of every EXEC
// statement: it is cheap for those that are neither.
func dynCandidate(text string, toks []Token) (run, nul bool) {
	if len(toks) < 2 || toks[0].Kind != TokIdent {
		return false, false
	}
	w := text[toks[0].Start:toks[0].End]
	if len(w) != 4 && len(w) != 7 || w[0]|0x20 != 'e' || !keywordFold(w, "EXEC") && !keywordFold(w, "EXECUTE") {
		return false, false
	}
	if !isPunctAt(text, toks, 1, '(') {
		// a procedure: only those that run text or back up matter
		i := 1
		if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
			i += 2 // @rc =
		}
		last := ""
		for i < len(toks) && (toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted) {
			last = tokText(text, toks[i])
			if i++; !isPunctAt(text, toks, i, '.') {
				break // the name ends: NULL of sp_add_jobstep NULL, ... is an argument
			}
			for ; isPunctAt(text, toks, i, '.'); i++ {
			}
		}
		switch strings.ToLower(Unquote(last)) {
		case "sp_executesql", "sp_add_jobstep", "sp_update_jobstep":
		case "databasebackup":
			return false, true // procBackup reads the call
		default:
			return false, false
		}
	}
	for _, t := range toks[1:] {
		if (t.Kind == TokString || t.Kind == TokNString) && dynWordIn(text[t.Start:t.End]) {
			return true, false
		}
	}
	return false, false
}

// dynArg is a named or positional argument of a procedure call.
type dynArg struct {
	name string // lower-case, without @; "" when positional
	val  int    // index of its value's first token
	n    int    // number of tokens of the value
}

// dynCall reads the call of toks (an EXEC statement): the string
// literals whose text it surely runs as T-SQL, in order, and where it
// runs them; ok is false when it runs no constant text.
func dynCall(b *Batch, toks []Token) (lits []Token, src DynSource, ok bool) {
	text := b.Text
	punct := func(i int, c byte) bool { return isPunctAt(text, toks, i, c) }
	str := func(i int) bool { return i < len(toks) && (toks[i].Kind == TokString || toks[i].Kind == TokNString) }
	if punct(1, '(') {
		// EXEC ('...' [+ '...']) [AS LOGIN|USER = '...'], not AT server
		i := 2
		for {
			if !str(i) {
				return nil, src, false
			}
			lits = append(lits, toks[i])
			i++
			if punct(i, ')') {
				break
			}
			if !punct(i, '+') {
				return nil, src, false
			}
			i++
		}
		i++
		if i < len(toks) && toks[i].Kind == TokIdent && strings.EqualFold(tokText(text, toks[i]), "AT") {
			return nil, src, false // runs on another server
		}
		return lits, DynSource{Via: DynExec}, true
	}
	i := 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && punct(i+1, '=') {
		i += 2 // @rc =
	}
	// the module name: parts separated by dots (db..proc leaves one empty)
	var parts []string
	var partToks []int
	for i < len(toks) && (toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted) {
		parts, partToks = append(parts, Unquote(tokText(text, toks[i]))), append(partToks, i)
		i++
		if !punct(i, '.') {
			break
		}
		i++
		for punct(i, '.') {
			parts, partToks = append(parts, ""), append(partToks, -1)
			i++
		}
	}
	if len(parts) == 0 || len(parts) > 3 {
		return nil, src, false // a variable, or a four-part name: another server
	}
	proc := strings.ToLower(parts[len(parts)-1])
	switch proc {
	case "sp_executesql", "sp_add_jobstep", "sp_update_jobstep":
	default:
		return nil, src, false
	}
	var argBuf [8]dynArg
	args := dynArgs(text, toks, i, argBuf[:0])
	arg := func(name string) (dynArg, bool) {
		for _, a := range args {
			if a.name == name {
				return a, true
			}
		}
		return dynArg{}, false
	}
	if proc == "sp_executesql" {
		a, found := stmtArg(args)
		// the statement is nvarchar: a varchar literal is refused (error
		// 214) and runs nothing
		if !found || a.n != 1 || toks[a.val].Kind != TokNString {
			return nil, src, false
		}
		src = DynSource{Via: DynExecuteSQL}
		if len(parts) == 3 && partToks[0] >= 0 {
			t := toks[partToks[0]]
			src.Database = &Name{Value: strings.Clone(parts[0]), Raw: strings.Clone(tokText(text, t)), Span: b.Span(int(t.Start), int(t.End))}
		}
		return []Token{toks[a.val]}, src, true
	}
	// a job step
	nameJobStepArgs(args)
	cmd, found := arg("command")
	if !found || cmd.n != 1 || !str(cmd.val) {
		return nil, src, false
	}
	tsql, given := jobStepTSQL(text, toks, args)
	if !tsql {
		return nil, src, false
	}
	src = DynSource{Via: DynJobStep, Unsure: !given && proc == "sp_update_jobstep", Step: jobStepName(text, toks, args)}
	switch db, found := arg("database_name"); {
	case found && db.n == 1 && str(db.val):
		t := toks[db.val]
		v := StringValue(tokText(text, t))
		src.Database = &Name{Value: strings.Clone(v), Raw: strings.Clone(tokText(text, t)), Span: b.Span(int(t.Start), int(t.End))}
	case found, proc == "sp_update_jobstep":
		src.NoContext = true // a variable, or the step's database unchanged
	default:
		src.Database = &Name{Value: "master", Raw: "master", Span: b.Span(int(toks[0].Start), int(toks[0].End))}
	}
	return []Token{toks[cmd.val]}, src, true
}

// tsqlSubsystem reports whether t, the @subsystem argument of a job
// step procedure, is TSQL: a string, or a word, which EXEC passes as a
// string (procArgString), in any case, blanks around it dropped.
func tsqlSubsystem(text string, t Token) bool {
	v, ok := procArgString(text, t)
	return ok && strings.EqualFold(strings.TrimSpace(v), "TSQL")
}

// jobStepParams are the first parameters of sp_add_jobstep and
// sp_update_jobstep, in order.
var jobStepParams = [...]string{"job_id", "job_name", "step_id", "step_name", "subsystem", "command"}

// nameJobStepArgs names the arguments of a call of sp_add_jobstep or
// sp_update_jobstep given by position: both procedures take @job_id,
// @job_name, @step_id, @step_name, @subsystem and @command first.
func nameJobStepArgs(args []dynArg) {
	for k := range args {
		if args[k].name != "" {
			break // no positional argument after a named one
		}
		if k < len(jobStepParams) {
			args[k].name = jobStepParams[k]
		}
	}
}

// jobStepTSQL reports whether the step args (named: nameJobStepArgs)
// make runs T-SQL: its @subsystem is TSQL, or not given (the default of
// a new step; given reports which).
func jobStepTSQL(text string, toks []Token, args []dynArg) (tsql, given bool) {
	for _, a := range args {
		if a.name == "subsystem" {
			return a.n == 1 && tsqlSubsystem(text, toks[a.val]), true
		}
	}
	return true, false
}

// jobStepName is the step's @step_name among args (named:
// nameJobStepArgs), "" when it is not given as a literal.
func jobStepName(text string, toks []Token, args []dynArg) string {
	for _, a := range args {
		if a.name == "step_name" && a.n == 1 && (toks[a.val].Kind == TokString || toks[a.val].Kind == TokNString) {
			return strings.Clone(StringValue(tokText(text, toks[a.val])))
		}
	}
	return ""
}

// goBatches is text split at its GO lines (goLines): how SQL Server
// Agent runs a T-SQL step's command.
func goBatches(text string) []string {
	var out []string
	from := 0
	for _, g := range goLines(text) {
		out = append(out, text[from:g[0]])
		from = g[1]
	}
	return append(out, text[from:])
}

// dynArgs returns the arguments of a procedure call whose first starts
// at token i: split at the commas outside parentheses, up to a
// semicolon. A named argument is @name = value. They are appended to
// buf (the callers' room on the stack, for the usual few).
func dynArgs(text string, toks []Token, i int, buf []dynArg) []dynArg {
	out := buf
	end := len(toks)
	if end > i && isPunctAt(text, toks, end-1, ';') {
		end--
	}
	add := func(s, e int) {
		if s >= e {
			return
		}
		a := dynArg{val: s, n: e - s}
		if e-s >= 2 && toks[s].Kind == TokVar && isPunctAt(text, toks, s+1, '=') {
			a.name = strings.ToLower(strings.TrimPrefix(tokText(text, toks[s]), "@"))
			a.val, a.n = s+2, e-s-2
		}
		if a.n > 0 && toks[a.val+a.n-1].Kind == TokIdent && keywordFold(tokText(text, toks[a.val+a.n-1]), "OUTPUT") {
			a.n-- // @job_id = @jobId OUTPUT
		}
		out = append(out, a)
	}
	topLevelParts(text, toks[i:end], func(s, e int) { add(i+s, i+e) })
	return out
}

// stmtArg is the argument of sp_executesql that holds the statement it
// runs: the one named @stmt, else the first whatever its name. An
// extended stored procedure takes its arguments by position (its page:
// "Arguments for extended stored procedures must be entered in the
// specific order as described in the Syntax section"), so
// @statement = @sql first runs @sql.
func stmtArg(args []dynArg) (dynArg, bool) {
	for _, a := range args {
		if a.name == "stmt" {
			return a, true
		}
	}
	if len(args) > 0 {
		return args[0], true
	}
	return dynArg{}, false
}

// topLevelParts calls fn with the start and end of each part of toks
// between the commas outside parentheses, in order.
func topLevelParts(text string, toks []Token, fn func(s, e int)) {
	depth, from := 0, 0
	for k := range toks {
		switch {
		case isPunctAt(text, toks, k, '('):
			depth++
		case isPunctAt(text, toks, k, ')'):
			depth--
		case depth == 0 && isPunctAt(text, toks, k, ','):
			fn(from, k)
			from = k + 1
		}
	}
	fn(from, len(toks))
}

// dynBatch returns the batch of the text the literals lits of b hold,
// joined, with src as its Dyn: every offset of its text maps to the
// file position of its character in the literal (through b's segments,
// past the N prefix and the quotes, a doubled quote to its first
// quote). It returns nil when the text is empty or a literal is not
// closed.
func dynBatch(b *Batch, lits []Token, src *DynSource) *Batch {
	text := b.Text
	n := 0
	for _, t := range lits {
		n += int(t.End - t.Start)
	}
	val := make([]byte, 0, n)
	var segs []Segment
	run := func(s, e int) {
		if s < e {
			segs = mapRun(b.Segs, segs, len(val), s, e)
			val = append(val, text[s:e]...)
		}
	}
	for _, t := range lits {
		s, e := int(t.Start), int(t.End)
		if text[s] == 'N' || text[s] == 'n' {
			s++
		}
		if e-s < 2 || text[s] != '\'' || text[e-1] != '\'' {
			return nil
		}
		s++
		e--
		from := s
		for k := s; k < e; k++ {
			if text[k] == '\'' {
				// doubled: the value holds the first quote
				run(from, k+1)
				k++
				from = k + 1
			}
		}
		run(from, e)
		src.Lits = append(src.Lits, b.Span(int(t.Start), int(t.End)))
	}
	if len(val) == 0 {
		return nil
	}
	return &Batch{Text: string(val), Segs: segs, Index: b.Index, Count: b.Count, Dyn: src}
}

// mapRun appends to out the segments that map offsets [o, o+e-s) of a
// new text to what offsets [s, e) of a batch with segments segs map to.
func mapRun(segs, out []Segment, o, s, e int) []Segment {
	lo, hi := 0, len(segs)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if segs[m].Out <= s {
			lo = m
		} else {
			hi = m
		}
	}
	for k := lo; s < e && k < len(segs); k++ {
		g := segs[k]
		pe := e
		if k+1 < len(segs) && segs[k+1].Out < e {
			pe = segs[k+1].Out
		}
		if pe <= s {
			continue
		}
		in := g.In
		if !g.Subst {
			in += s - g.Out
		}
		if m := len(out) - 1; m >= 0 && !g.Subst && !out[m].Subst && out[m].File == g.File && out[m].In+(o-out[m].Out) == in {
			// goes on from the last segment
		} else {
			out = append(out, Segment{Out: o, File: g.File, In: in, Subst: g.Subst})
		}
		o += pe - s
		s = pe
	}
	return out
}

// dynExec parses the constant dynamic SQL that st, the ordinary
// statement of toks that just ended, runs (dynCall) and appends its
// statements to the result after st: they take st's loop and module, and
// a statement of interest that does not parse is an SL001 (the text is
// surely run as T-SQL). Directives in the text are not directives, nor
// is a string left open in it reported.
func (s *splitter) dynExec(st *Statement, toks []Token) {
	if s.dynDepth >= maxDynDepth {
		return
	}
	lits, src, ok := dynCall(s.b, toks)
	if !ok {
		return
	}
	src.Parent = s.b.Dyn
	src.At = int32(st.Start)
	if s.b.Dyn != nil {
		src.At = s.b.Dyn.At
	}
	b := dynBatch(s.b, lits, &src)
	if b == nil {
		return
	}
	if src.Via != DynJobStep {
		s.dynParse(st, b)
		return
	}
	// SQL Server Agent sends a T-SQL step's command a batch at a time,
	// split at its GO lines (as SSMS scripts a job's steps), on one
	// connection: a USE lasts into the next batch
	from := 0
	for _, g := range goLines(b.Text) {
		if from < g[0] {
			s.dynParse(st, subBatch(b, from, g[0]))
		}
		from = g[1]
	}
	if from == 0 {
		s.dynParse(st, b)
	} else if from < len(b.Text) {
		s.dynParse(st, subBatch(b, from, len(b.Text)))
	}
}

// subBatch is the part [s, e) of b, a batch of dynamic SQL.
func subBatch(b *Batch, s, e int) *Batch {
	return &Batch{Text: b.Text[s:e], Segs: mapRun(b.Segs, nil, 0, s, e), Index: b.Index, Count: b.Count, Dyn: b.Dyn}
}

// goLines returns the ranges of the GO lines of text, line break
// included: a line holding GO (any case) and perhaps a count, blanks
// around.
func goLines(text string) [][2]int {
	var out [][2]int
	for ls := 0; ls < len(text); {
		le := strings.IndexByte(text[ls:], '\n')
		next := len(text)
		if le < 0 {
			le = len(text)
		} else {
			le += ls
			next = le + 1
		}
		if dynGoLine(text[ls:le]) {
			out = append(out, [2]int{ls, next})
		}
		ls = next
	}
	return out
}

// dynGoLine reports whether line (without its line feed) is a GO line.
func dynGoLine(line string) bool {
	line = strings.TrimSpace(line)
	if len(line) < 2 || line[0]|0x20 != 'g' || line[1]|0x20 != 'o' {
		return false
	}
	rest := strings.TrimSpace(line[2:])
	if len(line) > 2 && rest == line[2:] && rest != "" {
		return false // GOTO, GO5 written together
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] < '0' || rest[i] > '9' {
			return false
		}
	}
	return true
}

// dynParse splits b, a batch of the dynamic SQL that st runs, and
// appends its statements to the result (dynExec).
func (s *splitter) dynParse(st *Statement, b *Batch) {
	sc := scannerPool.Get().(*Scanner)
	defer scannerPool.Put(sc)
	itoks := sc.Scan(b.Text)
	open := sc.Open
	cutTok := false
	if open.What != "" && len(itoks) > 0 && int(itoks[len(itoks)-1].Start) == open.Start {
		itoks = itoks[:len(itoks)-1]
		cutTok = true
	}
	r := &Result{Statements: s.r.Statements}
	sp := splitter{arena: s.arena}
	sp.reset(r, b, itoks)
	sp.cut, sp.cutTok = open.What != "", cutTok
	sp.noDynamic = s.noDynamic
	sp.dynDepth = s.dynDepth + 1
	sp.dynIfs = !s.noBranches
	first := len(r.Statements)
	sp.run()
	s.r.Branches = append(s.r.Branches, r.Branches...)
	for _, x := range r.Statements[first:] {
		x.InLoop = x.InLoop || st.InLoop
		x.InModule = x.InModule || st.InModule
	}
	s.r.Statements = r.Statements
	for _, d := range r.Diags {
		if d.Rule == "SL001" && b.Dyn.unsure() {
			continue // perhaps no T-SQL
		}
		d.Message += b.Dyn.Where()
		s.r.Diags = append(s.r.Diags, d)
	}
}

// unsure reports whether d, or the dynamic SQL it is in, may be no
// T-SQL (Unsure).
func (d *DynSource) unsure() bool {
	for ; d != nil; d = d.Parent {
		if d.Unsure {
			return true
		}
	}
	return false
}

// Where is what a finding's message adds about the dynamic SQL it is in.
func (d *DynSource) Where() string {
	if d.Via == DynJobStep {
		if d.Step != "" {
			return " (in the command of job step '" + d.Step + "')"
		}
		return " (in the command of a job step)"
	}
	return " (in dynamic SQL)"
}

// dynHook is endStatement's look at an ordinary statement that just
// ended: when it runs constant dynamic SQL of interest, the statements
// of that text follow it.
func (s *splitter) dynHook(st *Statement) {
	// most statements start with none of SET, EXEC, SELECT, DECLARE,
	// EXECUTE: told by the length and first letter of their first word
	if w := s.text[st.Start:min(st.End, st.Start+8)]; len(w) < 4 {
		return
	} else if c := w[0] | 0x20; !(c == 's' || c == 'e' || c == 'd') {
		if c == 'f' && s.following() {
			if toks, ok := s.hookToks(st); ok {
				s.forgetFetched(toks)
			} else {
				s.forgetNamed(st)
			}
		}
		return
	}
	toks, ok := s.hookToks(st)
	if !ok {
		s.forgetNamed(st)
		return
	}
	toks = trimBlockEnds(s.text, toks)
	bw := tdbOther
	if len(toks) >= 3 && toks[0].Kind == TokIdent {
		bw = tdbWord(tokText(s.text, toks[0]))
	}
	s.blankDeclare(toks, bw)
	s.dynVars(st, toks)
	if w := s.tempdbVars(st, toks, bw); w != tdbOther {
		s.runText(st, toks, w)
	}
	s.blankAssign(toks, bw)
	if bw == tdbExec && st.Node == nil && s.dynDepth < maxDynDepth && mayCallDevice(s.text, toks) {
		if d := dumpDevice(s.text, toks); d != nil {
			st.Node = d
		}
	}
	run, nul := dynCandidate(s.text, toks)
	if nul {
		if pb := procBackup(s.text, toks, s.nulDevs); pb != nil {
			st.Node = pb
		}
	}
	if run {
		s.dynExec(st, toks)
	}
	if bw == tdbExec && s.following() {
		s.forgetOutputs(toks)
	}
}

// trimBlockEnds is toks, the tokens of a statement, without the END
// (END TRY, END CATCH, a ";" after it) of each BEGIN ... END block that
// closes right after the statement: the splitter gives those words to
// the statement before them (IF @n = 1 BEGIN SET @s = N'...' END), which
// is read without them. An END that closes a CASE of the statement
// stays.
func trimBlockEnds(text string, toks []Token) []Token {
	// the scanner's keyword codes tell END, CASE and ";" (most
	// statements end with none of them: one comparison)
	n := len(toks)
	for n > 0 {
		k := n
		if toks[k-1].kw == kwSemi {
			k--
		}
		if k > 1 && toks[k-2].kw == kwEnd && toks[k-1].Kind == TokIdent &&
			(keywordFold(tokText(text, toks[k-1]), "TRY") || keywordFold(tokText(text, toks[k-1]), "CATCH")) {
			k--
		}
		if k == 0 || toks[k-1].kw != kwEnd {
			break
		}
		open := 0 // the CASEs of the statement before it left open
		for _, t := range toks[:k-1] {
			switch {
			case t.kw == kwCase:
				open++
			case t.kw == kwEnd && open > 0:
				open--
			}
		}
		if open > 0 {
			break
		}
		n = k - 1
	}
	return toks[:n]
}

// hookToks are the tokens of st, the statement that just ended (dynHook
// writes it out for the statements it reads on: a call costs 235,000
// instructions on 1,000 typical files), and false for a statement of
// more than maxHookToks tokens that a batch read a window at a time.
func (s *splitter) hookToks(st *Statement) ([]Token, bool) {
	if s.curIdx >= 0 && s.curIdx <= s.last && s.last < len(s.toks) {
		return s.toks[s.curIdx : s.last+1], true
	}
	// a batch read a window of tokens at a time: the statement's first
	// tokens are gone; scanned again (a statement longer than a window),
	// up to maxHookToks of them: one SELECT of 10 MB is 5 million tokens,
	// and held whole they took 400 MB
	var sc Scanner // (its tokens go with the statement, as they went before)
	toks := sc.scan(st.Text(), maxHookToks+1)
	if len(toks) > maxHookToks {
		return nil, false
	}
	for i := range toks {
		toks[i].Start += int32(st.Start)
		toks[i].End += int32(st.Start)
	}
	return toks, true
}

// maxHookToks is the most tokens of a statement dynHook reads when a
// batch read it a window at a time. A longer one (a data load's SELECT
// ... UNION ALL of thousands of rows) is not read: the variables it
// names are no longer followed (forgetNamed), so that what it may set
// them to is never taken for an earlier value.
const maxHookToks = 1 << 16

// forgetNamed stops following every variable that st, a statement too
// long for dynHook to read (maxHookToks), names: one that names none
// sets none. Its tokens are scanned maxHookToks at a time.
func (s *splitter) forgetNamed(st *Statement) {
	if !s.following() {
		return
	}
	var sc Scanner
	text := st.Text()
	toks := sc.scan(text, maxHookToks)
	from := 0
	for {
		for _, t := range toks[from:] {
			if t.Kind == TokVar {
				t.Start += int32(st.Start)
				t.End += int32(st.Start)
				s.forgetVar(t)
			}
		}
		if len(toks) < maxHookToks {
			return
		}
		// the scan goes on after the last token kept
		toks = sc.scanMore(text, append(toks[:0], toks[len(toks)-1]), maxHookToks)
		from = 1
	}
}

// following reports whether the batch follows the value of any
// variable: text holding BACKUP, tempdb or what runText reads, a name
// of the null device, or blanks.
func (s *splitter) following() bool {
	return len(s.nulVars) > 0 || len(s.nulDevs) > 0 || len(s.tdbVars) > 0 || len(s.blank) > 0 || s.runs != nil && len(s.runs.vars) > 0
}

// forgetVar stops following variable t (a token of the text).
func (s *splitter) forgetVar(t Token) {
	name := strings.ToLower(tokText(s.text, t))
	delete(s.nulVars, name)
	delete(s.nulDevs, name)
	delete(s.tdbVars, name)
	delete(s.blank, name)
	if s.runs != nil {
		delete(s.runs.vars, name)
	}
}

// forgetFetched stops following the variables that toks, a FETCH ...
// INTO @a, @b, gives a row's values: they are the table's, which no
// script shows (DECLARE @path nvarchar(260) = N'NUL' then FETCH NEXT
// FROM c INTO @path backs up to the path of the row, not to NUL).
func (s *splitter) forgetFetched(toks []Token) {
	if len(toks) < 2 || toks[0].Kind != TokIdent || !keywordFold(tokText(s.text, toks[0]), "FETCH") {
		return
	}
	into := false
	for _, t := range toks {
		switch {
		case t.Kind == TokIdent && keywordFold(tokText(s.text, t), "INTO"):
			into = true
		case into && t.Kind == TokVar:
			s.forgetVar(t)
		}
	}
}

// forgetOutputs stops following the variables that toks, an EXEC of a
// procedure, sets: its OUTPUT (or OUT) arguments, and the variable
// given its return status (EXEC @rc = p). What the procedure puts there
// is its own (EXEC dbo.GetPath @path OUTPUT).
func (s *splitter) forgetOutputs(toks []Token) {
	text := s.text
	if len(toks) > 2 && toks[1].Kind == TokVar && isPunctAt(text, toks, 2, '=') {
		s.forgetVar(toks[1])
	}
	for i := 2; i < len(toks); i++ {
		if t := toks[i]; t.Kind == TokIdent && toks[i-1].Kind == TokVar {
			if w := tokText(text, t); keywordFold(w, "OUTPUT") || keywordFold(w, "OUT") {
				s.forgetVar(toks[i-1])
			}
		}
	}
}

// NulBackup is a backup to the null device that is no BACKUP statement
// of the script: a call of Ola Hallengren's DatabaseBackup with
// @Directory = 'NUL' (a "pseudo backup to NUL" there), or an EXEC of a
// variable whose text, built in pieces, is a BACKUP ... TO DISK = 'NUL'
// (dynvars.go). The statement stays an ordinary one (KindOther) with
// this Node; only SL304 reads it.
type NulBackup struct {
	Proc string `json:"procedure,omitempty"` // the procedure's name as written, unquoted
	Var  string `json:"variable,omitempty"`  // the variable whose text the EXEC runs
	// JobStep is set when the variable's text is made a T-SQL job
	// step's command (sp_add_jobstep @command = @v), which runs when the
	// job does; Step is the step's name, "" when not given as a literal.
	JobStep bool   `json:"job_step,omitempty"`
	Step    string `json:"step_name,omitempty"`
	// Databases is the database(s) backed up as written: @Databases (a
	// list, or USER_DATABASES and the like), or the name in the text,
	// which may be an expression (QUOTENAME(@db)).
	Databases string `json:"databases"`
	Type      string `json:"backup_type"`         // FULL, DIFF or LOG; "" when not known
	CopyOnly  bool   `json:"copy_only,omitempty"` // @CopyOnly = 'Y', WITH COPY_ONLY; never with a differential backup, which ignores it
	// Backup is the BACKUP statement of a variable's text, nil for a
	// procedure's call.
	Backup *Backup `json:"-"`
	// Run is what else of the same text SL301, SL302, SL204 and SL205
	// read (runText): a text that backs up to NUL may also run CHECKPOINT
	// 30 or turn trace flag 1806 on. Nil when it does nothing of that.
	Run *BuiltRun `json:"-"`
}

func (*NulBackup) node() {}

// execProc reads the procedure an EXEC statement (toks) calls: its last
// name part unquoted (any qualification: up to four parts), after an
// optional "@rc =", and the index of the token after it, where the
// arguments start.
func execProc(text string, toks []Token) (name string, i int) {
	i = 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
		i += 2 // @rc =
	}
	for n := 0; i < len(toks) && n < 4; n++ {
		if toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted {
			name = Unquote(tokText(text, toks[i]))
			i++
		}
		if !isPunctAt(text, toks, i, '.') {
			break
		}
		i++
	}
	return name, i
}

// procBackup reads a call of dbo.DatabaseBackup (any qualification) with
// @Directory = 'NUL' (in any case: SQL Server compares so; or a variable
// devs, the device variables the batch last set to the null device's
// name, holds so) from toks, an EXEC statement; nil for any other
// statement, for a call with @Execute = 'N', which only prints its
// commands, and for one whose parameters the procedure refuses with NUL
// (@Verify = 'Y', a @CleanupTime, a @MirrorDirectory): it backs up
// nothing.
func procBackup(text string, toks []Token, devs map[string]string) *NulBackup {
	name, i := execProc(text, toks)
	if !strings.EqualFold(name, "DatabaseBackup") {
		return nil
	}
	pb := &NulBackup{Proc: strings.Clone(name)}
	nul, dry, refused := false, false, false
	var argBuf [8]dynArg
	for k, a := range dynArgs(text, toks, i, argBuf[:0]) {
		if a.n != 1 {
			continue
		}
		name := a.name
		if name == "" && k < len(procBackupParams) {
			name = procBackupParams[k] // passed by position
		}
		if name == "cleanuptime" {
			// a cleanup time with NUL is refused ("Cleanup is not
			// supported when backing up to NUL")
			refused = refused || toks[a.val].Kind == TokNumber
			continue
		}
		v, ok := procArgString(text, toks[a.val])
		if t := toks[a.val]; t.Kind == TokVar && name == "directory" {
			// a variable the batch last set to 'NUL' (nulDevice)
			v, ok = devs[strings.ToLower(tokText(text, t))]
		}
		if !ok {
			continue
		}
		switch name {
		case "directory":
			nul = olaNulDirectory(v)
		case "databases":
			pb.Databases = strings.Clone(v)
		case "backuptype":
			pb.Type = strings.ToUpper(v)
		case "copyonly":
			pb.CopyOnly = strings.EqualFold(v, "Y")
		case "execute":
			// 'N' prints the commands and runs none: a dry run
			dry = strings.EqualFold(v, "N")
		case "verify":
			// "Verify is not supported when backing up to NUL"
			refused = refused || strings.EqualFold(v, "Y")
		case "mirrordirectory":
			// "When doing a pseudo backup to NUL you must not specify a
			// @MirrorDirectory"
			refused = refused || strings.TrimSpace(v) != ""
		}
	}
	if !nul || dry || refused {
		return nil // (refused: the parameter check fails, nothing is backed up)
	}
	if pb.Type == "DIFF" {
		// it runs BACKUP DATABASE ... WITH DIFFERENTIAL, COPY_ONLY, and
		// "If DIFFERENTIAL and COPY_ONLY are used together, COPY_ONLY is
		// ignored" (BACKUP): a differential backup, as in dynvars.go
		pb.CopyOnly = false
	}
	return pb
}

// olaNulDirectory reports whether v, DatabaseBackup's @Directory, is its
// pseudo backup to NUL, as the procedure reads the list: CR and LF
// dropped, blanks trimmed. A list that holds NUL and another directory
// is refused by its parameter check, and backs up nothing.
func olaNulDirectory(v string) bool {
	if strings.ContainsAny(v, "\r\n") {
		v = strings.NewReplacer("\r", "", "\n", "").Replace(v)
	}
	return strings.EqualFold(strings.Trim(v, " "), "NUL")
}

// procBackupParams are the parameters DatabaseBackup declares first, in
// order, in every version of it (those after @BackupType moved between
// versions): a call may pass them by position, before any it names.
var procBackupParams = [...]string{"databases", "directory", "backuptype"}

// procArgString is the string a procedure's argument t (one token) passes:
// a string literal's value, or the name of an identifier, which EXEC
// passes as a string (@Directory = NUL, @BackupType = LOG, [NUL]), but
// for NULL and DEFAULT; ok is false for any other token (a variable, a
// number).
func procArgString(text string, t Token) (string, bool) {
	switch t.Kind {
	case TokString, TokNString:
		return StringValue(tokText(text, t)), true
	case TokQuoted:
		return Unquote(tokText(text, t)), true
	case TokIdent:
		if w := tokText(text, t); !strings.EqualFold(w, "NULL") && !strings.EqualFold(w, "DEFAULT") {
			return w, true
		}
	}
	return "", false
}
