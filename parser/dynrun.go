package parser

import (
	"strconv"
	"strings"
	"unsafe"
)

// Text built in a variable and run (SET @s = N'ALTER DATABASE ' +
// QUOTENAME(@db) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS'; EXEC (@s)),
// and the command sp_MSforeachdb runs for each database, are read for
// what SL301, SL302, SL204 and SL205 look for, which does not depend on
// the database the text names: a TARGET_RECOVERY_TIME of 0, a CHECKPOINT
// with a duration, DBCC TRACEON of 1806, 3004 or 3605. Text built in a
// variable is also read for the files it creates or sizes (CREATE
// DATABASE, ALTER DATABASE ADD FILE, ADD LOG FILE, MODIFY FILE), which
// the model applies at the EXEC as SQL Server runs them (SL201, SL202,
// SL203, SL209). The text's positions are not in the file: the
// statements found are the EXEC's (BuiltRun), and reported there. Only
// text that holds one of the words TARGET_RECOVERY_TIME, CHECKPOINT,
// TRACEON, SIZE (MAXSIZE) or FILEGROWTH (hasRunWord) is followed.

// BuiltRun is a statement that runs text built from variables or
// expressions (EXEC (@s), EXEC (expr) with more than string literals,
// sp_executesql @s), or the command sp_MSforeachdb runs for each
// database, whose statements set TARGET_RECOVERY_TIME to 0, run
// CHECKPOINT with a duration, turn on trace flag 1806, 3004 or 3605, or
// create or size files. The statement stays an ordinary one (KindOther)
// with this Node; SL301, SL302, SL204 and SL205 read it, and the model
// applies its files.
type BuiltRun struct {
	// Var is the variable whose text it runs, as written; "" for text
	// built in the EXEC itself or sp_MSforeachdb's literal command.
	Var string `json:"variable,omitempty"`
	// Each is set for sp_MSforeachdb's command: it runs for each
	// database, "?" standing for the database's name.
	Each bool `json:"each_database,omitempty"`
	// Proc names, for Each, the command a finding says runs:
	// "sp_MSforeachdb's command, for each database" (or sp_foreachdb's,
	// sp_ineachdb's).
	Proc string `json:"-"`
	// JobStep is set when the variable's text is made a T-SQL job
	// step's command (sp_add_jobstep @command = @v), which runs when the
	// job does; Step is the step's name, "" when not given as a literal.
	JobStep bool   `json:"job_step,omitempty"`
	Step    string `json:"step_name,omitempty"`
	// Runs are the statements of the text of interest, in order:
	// *AlterDatabase (a TARGET_RECOVERY_TIME of 0, or ADD FILE, ADD LOG
	// FILE, MODIFY FILE), *CreateDatabase, *Checkpoint (with a duration)
	// and *TraceFlags (turning 1806, 3004 or 3605 on). The files of
	// sp_MSforeachdb's command are not among them. Their spans are the
	// EXEC's position, not the text's.
	Runs []Node `json:"-"`
}

func (*BuiltRun) node() {}

// runVars is what runText follows through one batch: the text of the
// variables that hold one of its words, and the text it parsed last.
type runVars struct {
	vars map[string]string
	// bufs hold the text of vars, which += appends to in place
	bufs map[string]*strings.Builder
	// parsed are the texts parsed last and the statements found in
	// them, by the variable that held the text (lower-case; "" for text
	// built in the EXEC or sp_MSforeachdb's literal): a text EXECed again
	// (10,000 EXEC (@s) of a 60 KB text, or EXEC (@a) and EXEC (@b) in
	// turn) is not parsed again
	parsed map[string]runParse
}

// runParse is a text runBuilt parsed, and the statements of interest it
// found.
type runParse struct {
	text string
	each bool // run by sp_MSforeachdb
	runs []Node
}

// hasRunWord reports whether t holds TARGET_RECOVERY_TIME, CHECKPOINT
// or TRACEON, in any case, or a word of a file's size (SIZE, MAXSIZE,
// FILEGROWTH): the words of the statements runText looks for. Most text
// holds none: it is not followed, nor parsed.
func hasRunWord(t string) bool { return hasWord(t, true) }

// hasStmtWord is hasRunWord without the words of a file's size: what
// sp_MSforeachdb's command is followed for (a file of each database is
// not modelled).
func hasStmtWord(t string) bool { return hasWord(t, false) }

// hasWord is hasRunWord, with the words of a file's size when sizes.
func hasWord(t string, sizes bool) bool {
	for i := runWordIndex(t, 0); i+4 <= len(t); i = runWordIndex(t, i+1) {
		switch t[i] | 0x20 {
		case 't':
			// "_" folds (| 0x20) to 0x7f
			if ppHasPrefixFold(t, i, "traceon") || ppHasPrefixFold(t, i, "target\x7frecovery\x7ftime") {
				return true
			}
		case 'c':
			if ppHasPrefixFold(t, i, "checkpoint") {
				return true
			}
		case 's':
			// the second letter first: s is common, si less so
			if sizes && t[i+1]|0x20 == 'i' && ppHasPrefixFold(t, i, "size") {
				return true
			}
		case 'f':
			if sizes && t[i+1]|0x20 == 'i' && ppHasPrefixFold(t, i, "filegrowth") {
				return true
			}
		}
	}
	return false
}

// runText follows, in statement order through one batch, the text
// assigned to variables while it holds a word of hasRunWord, and gives
// an EXEC that runs such text (or sp_MSforeachdb's command) whose
// statements are of interest its BuiltRun (the NulBackup's Run when
// dynVars found that its text also backs up to NUL). An EXEC that
// tempdbVars gave a Node already is left alone. word is which of the
// words of tdbWord the statement starts with, as tempdbVars told it
// (never tdbOther: dynHook does not call it then).
func (s *splitter) runText(st *Statement, toks []Token, word int) {
	text := s.text
	followed := s.runs != nil && len(s.runs.vars) > 0
	switch word {
	case tdbSet:
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			s.runAssign(toks[1], toks[2], toks[3:])
		}
	case tdbDeclare:
		// DECLARE @a type [= expr], @b type [= expr]: each variable is
		// assigned its expression, or declared again (NULL)
		if toks[1].Kind != TokVar || !followed && !literalHas(text, toks, hasRunWord) {
			return
		}
		list := toks[1:]
		if isPunctAt(text, list, len(list)-1, ';') {
			list = list[:len(list)-1]
		}
		topLevelParts(text, list, func(a, b int) {
			if p := list[a:b]; len(p) > 0 && p[0].Kind == TokVar {
				s.runDeclared(p)
			}
		})
	case tdbSelect:
		if toks[1].Kind != TokVar {
			return
		}
		expr, ok := []Token(nil), false
		if assignOpAt(text, toks, 2) {
			expr, ok = selectAssigned(text, toks[3:])
		}
		if ok {
			s.runAssign(toks[1], toks[2], expr)
		} else if followed {
			for _, t := range toks {
				if t.Kind == TokVar {
					delete(s.runs.vars, strings.ToLower(tokText(text, t)))
				}
			}
		}
	case tdbExec:
		if _, nul := st.Node.(*NulBackup); st.Node == nil || nul {
			s.runExec(st, toks, followed)
		}
	}
}

// runDeclared follows the variable p declares, p being @v type [= expr]
// of a DECLARE list.
func (s *splitter) runDeclared(p []Token) {
	if i := declaredAssign(s.text, p); i > 0 {
		s.runAssign(p[0], p[i], p[i+1:])
		return
	}
	if s.runs != nil {
		delete(s.runs.vars, strings.ToLower(tokText(s.text, p[0])))
	}
}

// runAssign follows variable v assigned expr by op (= or +=): its text
// built as concat builds it (a variable runText follows as its text),
// while that holds a word of hasRunWord.
func (s *splitter) runAssign(v, op Token, expr []Token) {
	text := s.text
	if len(expr) > 0 && isPunctAt(text, expr, len(expr)-1, ';') {
		expr = expr[:len(expr)-1]
	}
	rv := s.runs
	if (rv == nil || len(rv.vars) == 0) && !literalHas(text, expr, hasRunWord) {
		return // nothing followed yet: only a literal holding a word may start
	}
	if rv == nil {
		rv = &runVars{}
		s.runs = rv
	}
	if rv.vars == nil {
		// runBuilt may have made rv first, for sp_MSforeachdb's literal
		rv.vars, rv.bufs = map[string]string{}, map[string]*strings.Builder{}
	}
	name := strings.ToLower(tokText(text, v))
	prev, known := rv.vars[name]
	o := tokText(text, op)
	if o != "=" && o != "+=" {
		delete(rv.vars, name)
		return
	}
	b, appended := varBuilder(rv.bufs, name, prev, known, o == "+=" || selfFirst(text, name, expr))
	if appended && o == "=" {
		expr = expr[2:] // SET @s = @s + ...: the rest goes after its text
	}
	if !appended && o == "+=" {
		// SET @s += ... when @s is not followed (declared empty, or
		// holding none of the words): SET @s = @s + ..., @s standing
		// as its bracketed name, as that reads
		s.runConcat(b, []Token{v})
	}
	s.runConcat(b, expr)
	t := b.String()
	// appended to text that holds a word, it still does
	if len(t) > maxVarText || !appended && !hasRunWord(t) {
		delete(rv.vars, name)
		return
	}
	rv.vars[name], rv.bufs[name] = t, b
}

// runConcat is concat with the variables runText follows standing for
// their text (concat reads nulVars, dynVars' own, for that).
func (s *splitter) runConcat(b *strings.Builder, expr []Token) {
	saved := s.nulVars
	if s.runs != nil {
		s.nulVars = s.runs.vars
	} else {
		s.nulVars = nil
	}
	s.concat(b, expr)
	s.nulVars = saved
}

// runExec is runText for an EXEC statement: EXEC (@s), EXEC (expr),
// sp_executesql @s, or sp_MSforeachdb with a command (a literal, or a
// variable followed).
func (s *splitter) runExec(st *Statement, toks []Token, followed bool) {
	text := s.text
	if isPunctAt(text, toks, 1, '(') {
		expr, ok := execParens(text, toks)
		if !ok || len(expr) == 0 {
			return
		}
		if len(expr) == 1 && expr[0].Kind == TokVar {
			if followed {
				v := tokText(text, expr[0])
				if t, ok := s.runs.vars[strings.ToLower(v)]; ok {
					s.runBuilt(st, v, false, t)
				}
			}
			return
		}
		if allLiterals(text, expr) || !followed && !literalHas(text, expr, hasRunWord) {
			return // dynExec reads string literals alone
		}
		var b strings.Builder
		s.runConcat(&b, expr)
		if b.Len() <= maxVarText && hasRunWord(b.String()) {
			s.runBuilt(st, "", false, b.String())
		}
		return
	}
	if !followed && !callsForeachDB(text, toks) {
		return // no variable followed: only sp_MSforeachdb's command matters
	}
	if followed {
		if v, step, ok := jobStepVar(text, toks); ok {
			if t, known := s.runs.vars[strings.ToLower(v)]; known {
				s.runJobStep(st, v, step, t)
			}
			return
		}
	}
	v, cmd, each := execVar(text, toks)
	switch {
	case v != "" && followed:
		name := strings.ToLower(v)
		// sp_executesql refuses a varchar statement (error 214)
		if t, ok := s.runs.vars[name]; ok && (each || !s.ansiVars[name]) {
			s.runBuilt(st, v, each, t)
		}
	case cmd != "" && len(cmd) <= maxVarText && hasStmtWord(cmd):
		s.runBuilt(st, "", true, cmd)
	default:
		return
	}
	if each || cmd != "" {
		s.nameProc(st, execProcName(text, toks))
	}
}

// nameProc sets Proc, the procedure that runs the command for each
// database, on the BuiltRun runBuilt gave st, if any.
func (s *splitter) nameProc(st *Statement, proc string) {
	var br *BuiltRun
	switch n := st.Node.(type) {
	case *BuiltRun:
		br = n
	case *NulBackup:
		br = n.Run
	}
	if br != nil && br.Each {
		br.Proc = foreachDBLabel(proc)
	}
}

// runBuilt parses t, the text that st runs (that of variable v, "" for
// text built in the EXEC or sp_MSforeachdb's literal command; each for
// sp_MSforeachdb's command), and gives st the BuiltRun of its statements
// of interest, if any.
func (s *splitter) runBuilt(st *Statement, v string, each bool, t string) {
	rv := s.runs
	if rv == nil {
		rv = &runVars{}
		s.runs = rv
	}
	key := strings.ToLower(v)
	c, ok := rv.parsed[key]
	if same := ok && c.each == each && len(c.text) == len(t) && (unsafe.StringData(c.text) == unsafe.StringData(t) || c.text == t); !same {
		p := t
		if each {
			p = eachName(t)
		}
		c = runParse{text: t, each: each, runs: s.runNodes(st, p, each)}
		if rv.parsed == nil {
			rv.parsed = map[string]runParse{}
		}
		rv.parsed[key] = c
	}
	if len(c.runs) == 0 {
		return
	}
	br := &BuiltRun{Var: strings.Clone(v), Each: each, Runs: c.runs}
	if nb, ok := st.Node.(*NulBackup); ok {
		nb.Run = br // the text also backs up to NUL (dynVars): both are read
		return
	}
	st.Node = br
}

// runJobStep gives st, a call that makes variable v a T-SQL job step's
// command (jobStepVar; step its name), the BuiltRun of t, the text v
// holds, read a batch at a time: Agent splits the command at its GO
// lines, as dynExec reads a literal one.
func (s *splitter) runJobStep(st *Statement, v, step, t string) {
	var runs []Node
	for _, b := range goBatches(t) {
		runs = append(runs, s.runNodes(st, b, false)...)
	}
	if len(runs) == 0 {
		return
	}
	br := &BuiltRun{Var: strings.Clone(v), JobStep: true, Step: step, Runs: runs}
	if nb, ok := st.Node.(*NulBackup); ok {
		nb.Run = br // the text also backs up to NUL (dynVars): both are read
		return
	}
	st.Node = br
}

// runNodes parses t, run by st (for each database when each), and
// returns its statements of interest (BuiltRun.Runs).
func (s *splitter) runNodes(st *Statement, t string, each bool) []Node {
	var runs []Node
	if !each {
		t = unitAfterPart(t)
	}
	s.parseRunText(st, t, func(r *Result) {
		var use *Use // the text's USE before the statement
		for _, x := range r.Statements {
			switch n := x.Node.(type) {
			case *Use:
				use = n
			case *AlterDatabase:
				trt := n.TargetRecovery != nil && n.TargetRecovery.Known && n.TargetRecovery.Seconds == 0
				if !trt && (each || !FilesAction(n.Action)) {
					continue
				}
				if n.Current && use != nil {
					// ALTER DATABASE CURRENT after USE [?] (or USE
					// Sales) in the text is of that database
					a := *n
					a.Current, a.Database = false, use.Database
					n = &a
				}
				runs = append(runs, n)
			case *CreateDatabase:
				// sp_MSforeachdb's command creating a database for each
				// is not modelled
				if !each {
					runs = append(runs, n)
				}
			case *Checkpoint:
				if n.Duration != nil || n.DurationRaw != "" {
					runs = append(runs, n)
				}
			case nil:
				if c := builtDuration(x); c != nil {
					runs = append(runs, c)
				} else if t := builtFlags(x); t != nil && runFlag(t.Flags) {
					runs = append(runs, t)
				}
			case *TraceFlags:
				if n.On && runFlag(n.Flags) {
					runs = append(runs, n)
				}
			}
		}
	})
	return runs
}

// builtDuration is the Checkpoint of x, a statement of built text, when
// it is a CHECKPOINT whose duration is a part of the text concat could
// not read, that it wrote as a bracketed name ('CHECKPOINT ' + @n, or
// + CAST(@n AS varchar(10)), is CHECKPOINT [@n]): a duration all the
// same, shown as the expression it is built from. Nil for any other.
func builtDuration(x *Statement) *Checkpoint {
	// a statement that does not parse is an ordinary one
	if x.Kind != KindOther || x.Node != nil || len(x.Text()) < len("CHECKPOINT [") || !strings.EqualFold(x.Text()[:len("CHECKPOINT")], "CHECKPOINT") {
		return nil
	}
	toks := x.Tokens()
	text := x.Batch.Text
	if n := len(toks); n > 2 && isPunctAt(text, toks, n-1, ';') {
		toks = toks[:n-1]
	}
	if len(toks) != 2 || toks[1].Kind != TokQuoted || text[toks[1].Start] != '[' || !durationPart(text, toks[1]) {
		return nil
	}
	raw := strings.TrimSpace(Unquote(tokText(text, toks[1])))
	if raw == "" {
		return nil
	}
	return &Checkpoint{DurationRaw: strings.Clone(raw)}
}

// builtFlags is the TraceFlags of x, a statement of built text, when it
// is a DBCC TRACEON whose arguments are numbers, variables and parts of
// the text concat could not read, that it wrote as bracketed names
// ('DBCC TRACEON (1806, ' + @scope + ')' is DBCC TRACEON (1806,
// [@scope])): the flags written as numbers are turned on all the same,
// the parts are unresolved, as a variable written in the script is. Nil
// for any other statement.
func builtFlags(x *Statement) *TraceFlags {
	if x.Node != nil {
		return nil
	}
	text := x.Batch.Text
	toks := x.Tokens()
	n := len(toks)
	if n > 0 && isPunctAt(text, toks, n-1, ';') {
		n--
	}
	word := func(i int, w string) bool {
		return i < n && toks[i].Kind == TokIdent && strings.EqualFold(tokText(text, toks[i]), w)
	}
	if n >= 2 && word(n-2, "WITH") && word(n-1, "NO_INFOMSGS") {
		n -= 2
	}
	if n < 5 || !word(0, "DBCC") || !word(1, "TRACEON") || !isPunctAt(text, toks, 2, '(') || !isPunctAt(text, toks, n-1, ')') {
		return nil
	}
	t := &TraceFlags{On: true}
	for i := 3; i < n-1; i++ {
		minus := isPunctAt(text, toks, i, '-')
		if minus {
			i++
		}
		switch p := toks[i]; {
		case p.Kind == TokNumber:
			v, err := strconv.Atoi(tokText(text, p))
			switch {
			case err != nil:
				return nil
			case minus && v == 1:
				t.Global = true
			case minus:
				t.Flags = append(t.Flags, -v)
			default:
				t.Flags = append(t.Flags, v)
			}
		case minus:
			return nil
		case p.Kind == TokVar, p.Kind == TokQuoted && text[p.Start] == '[':
			t.Unresolved = append(t.Unresolved, strings.Clone(strings.TrimSpace(Unquote(tokText(text, p)))))
		default:
			return nil
		}
		if i+1 < n-1 && !isPunctAt(text, toks, i+1, ',') {
			return nil
		}
		i++
	}
	return t
}

// durationPart reports whether p, the bracketed part after CHECKPOINT in
// built text, stands where a duration is written: after a blank the text
// put there ('CHECKPOINT ' + @n), and ending the text, its line or its
// statement. A part glued to CHECKPOINT or to the text after it is a
// separator ('CHECKPOINT' + @crlf + 'BACKUP ...'), not a duration.
func durationPart(text string, p Token) bool {
	if c := text[p.Start-1]; c != ' ' && c != '\t' {
		return false
	}
	rest := strings.TrimLeft(text[p.End:], " \t")
	return rest == "" || rest[0] == ';' || rest[0] == '\r' || rest[0] == '\n'
}

// FilesAction reports whether a is an action of ALTER DATABASE that
// gives files a size, a maximum size or a growth: ADD FILE, ADD LOG
// FILE, MODIFY FILE.
func FilesAction(a AlterAction) bool {
	return a == ActionAddFile || a == ActionAddLogFile || a == ActionModifyFile
}

// unitAfterPart is t, built text, without the unit written right after
// a part concat could not read, that it wrote as a bracketed name
// ('SIZE = ' + CAST(@gb AS varchar(10)) + 'GB' is SIZE =
// [CAST(@gb AS varchar(10))]GB): the size is unknown whatever its unit,
// and SIZE = [...] parses as an unknown size where [...]GB does not
// parse at all. The units are KB, MB, GB, TB and %, in any case, ending
// a word.
func unitAfterPart(t string) string {
	if strings.IndexByte(t, ']') < 0 {
		return t
	}
	var b strings.Builder
	inStr, inBr, from := false, false, 0
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case inStr:
			inStr = c != '\''
		case inBr:
			if c != ']' {
				continue
			}
			if i+1 < len(t) && t[i+1] == ']' {
				i++ // ]] inside brackets
				continue
			}
			inBr = false
			if n := unitLen(t[i+1:]); n > 0 {
				b.WriteString(t[from : i+1])
				from = i + 1 + n
				i += n
			}
		case c == '\'':
			inStr = true
		case c == '[':
			inBr = true
		}
	}
	if from == 0 {
		return t
	}
	b.WriteString(t[from:])
	return b.String()
}

// unitLen is the length of the unit of a size that r starts with (KB,
// MB, GB, TB or %, in any case, not followed by a letter, digit or
// underscore), 0 for none.
func unitLen(r string) int {
	if len(r) > 0 && r[0] == '%' {
		return 1
	}
	if len(r) < 2 || r[1]|0x20 != 'b' {
		return 0
	}
	switch r[0] | 0x20 {
	case 'k', 'm', 'g', 't':
	default:
		return 0
	}
	if len(r) > 2 {
		switch c := r[2]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
			return 0
		}
	}
	return 2
}

// runFlag reports whether flags hold 1806, 3004 or 3605.
func runFlag(flags []int) bool {
	for _, f := range flags {
		if f == 1806 || f == 3004 || f == 3605 {
			return true
		}
	}
	return false
}

// callsForeachDB reports whether toks, an EXEC statement of three
// tokens or more, may call sp_MSforeachdb (or sp_foreachdb or
// sp_ineachdb, foreachDBParam): a name of that procedure
// (any case, bracketed or not) among the names it starts with. It is
// asked of every EXEC of a procedure in a batch runText reads: it looks
// at the names alone, a token at a time.
func callsForeachDB(text string, toks []Token) bool {
	i := 1
	if toks[1].Kind == TokVar {
		i = 3 // @rc =
	}
	for ; i < len(toks); i++ {
		switch t := toks[i]; t.Kind {
		case TokIdent:
			if isForeachDB(text[t.Start:t.End]) {
				return true
			}
		case TokQuoted:
			if t.End-t.Start > 2 && isForeachDB(text[t.Start+1:t.End-1]) {
				return true
			}
		case TokPunct:
			if text[t.Start] != '.' {
				return false
			}
		default:
			return false
		}
	}
	return false
}

// isForeachDB reports whether w is sp_MSforeachdb, sp_foreachdb or
// sp_ineachdb, in any case: told by its length first, as most names are
// none of them.
func isForeachDB(w string) bool {
	switch len(w) {
	case len("sp_msforeachdb"):
		return strings.EqualFold(w, "sp_msforeachdb")
	case len("sp_foreachdb"):
		return strings.EqualFold(w, "sp_foreachdb")
	case len("sp_ineachdb"):
		return strings.EqualFold(w, "sp_ineachdb")
	}
	return false
}

// eachName is t, sp_MSforeachdb's command, with each ? that stands for a
// database's name where a name is written (ALTER DATABASE ? SET ...,
// USE ?) bracketed, [?], so that it parses as the name it stands for:
// those outside brackets and string literals.
func eachName(t string) string {
	if strings.IndexByte(t, '?') < 0 {
		return t
	}
	var b strings.Builder
	inStr, inBr := false, false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case inStr:
			inStr = c != '\''
		case inBr:
			inBr = c != ']'
		case c == '\'':
			inStr = true
		case c == '[':
			inBr = true
		case c == '?':
			b.WriteString("[?]")
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
