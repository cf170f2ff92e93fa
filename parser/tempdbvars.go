package parser

import "strings"

// tempdb's files are often added by text built in a variable and run,
// one per core in a WHILE loop: SET @sql = N'ALTER DATABASE tempdb ADD
// FILE (NAME = tempdev' + CAST(@i AS nvarchar(10)) + N', ..., SIZE =
// 8192MB)'; EXEC (@sql). Such text is no constant dynamic SQL
// (dynexec.go), yet its constant pieces say the size of the file it adds
// (SL208): tempdbVars follows it, as dynVars follows a backup to NUL.

// TempdbBuilt is a statement that runs text built from variables or
// expressions (EXEC (@sql), EXEC (expr) with more than string literals,
// sp_executesql @sql) holding ALTER DATABASE tempdb ADD FILE, ADD LOG
// FILE or MODIFY FILE. The statement stays an ordinary one (KindOther)
// with this Node; only SL208 reads it.
type TempdbBuilt struct {
	Var   string      `json:"variable,omitempty"` // the variable whose text it runs, as written
	Files []BuiltFile `json:"tempdb_files"`
}

func (*TempdbBuilt) node() {}

// BuiltFile is a file of tempdb that text built from variables adds or
// modifies. What an expression of the text stands for is not known: a
// size is then unknown (Size.Unknown), a name is "" (NameBuilt).
type BuiltFile struct {
	Action AlterAction `json:"action"`
	FileSpec
	// NameBuilt is set when the file's name is built from an expression:
	// a loop that builds the text adds another file at each pass.
	NameBuilt bool `json:"name_built,omitempty"`
	// PerPass is set when the file is added at each pass of a WHILE
	// loop: its name is built, and the text is built again in the loop
	// that runs it (or grows in a loop, for an EXEC after it).
	PerPass bool `json:"per_pass,omitempty"`
}

// builtPart stands for an expression of the text: a private-use
// character, which the scanner takes as a letter of an identifier, so
// that tempdev + @i is one name and SIZE = @size + MB an unknown size.
const builtPart = "\ue000"

// tdbText is the text a variable of the batch holds (tdbVars).
type tdbText struct {
	text string
	loop bool // assigned in a WHILE loop
	grow bool // grown in a WHILE loop (+=, or @v = @v + ...)
	// parsed is set once an EXEC has parsed text, and files are the
	// tempdb files it found: the next EXECs of the same text do not
	// parse it again
	parsed bool
	files  []BuiltFile
}

// tempdbVars follows, in statement order through one batch, the text
// assigned to variables while it holds tempdb, and gives an EXEC of such
// text that adds or modifies tempdb's files its TempdbBuilt. It returns
// which of the words of tdbWord the statement starts with (tdbOther for
// none, or when it is not read), for runText. first is the word of its
// first token (tdbOther for fewer than three tokens, or a first that is
// no word), which dynHook tells once for the followers.
func (s *splitter) tempdbVars(st *Statement, toks []Token, first int) (word int) {
	if first == tdbOther || s.dynDepth >= maxDynDepth {
		return tdbOther
	}
	text := s.text
	word = first
	switch word {
	case tdbSet:
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			s.tdbAssign(st, toks[1], toks[2], toks[3:])
		}
	case tdbDeclare:
		// DECLARE @a type [= expr], @b type [= expr]: each variable is
		// assigned its expression, or declared again (NULL)
		if toks[1].Kind != TokVar || len(s.tdbVars) == 0 && !literalHasTempdb(text, toks) {
			return
		}
		list := toks[1:]
		if isPunctAt(text, list, len(list)-1, ';') {
			list = list[:len(list)-1]
		}
		topLevelParts(text, list, func(a, b int) {
			if p := list[a:b]; len(p) > 0 && p[0].Kind == TokVar {
				s.tdbDeclared(st, p)
			}
		})
	case tdbSelect:
		if toks[1].Kind != TokVar {
			return
		}
		if assignOpAt(text, toks, 2) && !selectsMore(text, toks[3:]) {
			s.tdbAssign(st, toks[1], toks[2], toks[3:])
		} else {
			s.tdbForget(toks)
		}
	case tdbExec:
		if st.Node != nil {
			return
		}
		if isPunctAt(text, toks, 1, '(') {
			s.tdbExecExpr(st, toks)
			return
		}
		if len(s.tdbVars) == 0 {
			return
		}
		v, _, each := execVar(text, toks)
		if v == "" || each || s.ansiVars[strings.ToLower(v)] {
			return // sp_executesql refuses a varchar statement (error 214)
		}
		s.tdbRunVar(st, v)
	}
	return word
}

// tdbRunVar is tdbRun for the text of variable v, if followed: parsed
// at the first EXEC of it only.
func (s *splitter) tdbRunVar(st *Statement, v string) {
	name := strings.ToLower(v)
	t, ok := s.tdbVars[name]
	if !ok {
		return
	}
	if !t.parsed {
		t.files, t.parsed = s.tdbFiles(st, t.text), true
		s.tdbVars[name] = t
	}
	s.tdbRun(st, v, t)
}

// The first words of the statements tempdbVars reads.
const (
	tdbOther = iota
	tdbSet
	tdbDeclare
	tdbSelect
	tdbExec
)

// tdbWord tells which of SET, DECLARE, SELECT, EXEC and EXECUTE w is, in
// any ASCII case (SQL Server takes no other), told first by its length
// and first letter: it is asked of most statements that start with s, e
// or d.
func tdbWord(w string) int {
	switch len(w) {
	case 3:
		if asciiFold(w, "set") {
			return tdbSet
		}
	case 4:
		if asciiFold(w, "exec") {
			return tdbExec
		}
	case 6:
		if asciiFold(w, "select") {
			return tdbSelect
		}
	case 7:
		switch w[0] | 0x20 {
		case 'd':
			if asciiFold(w, "declare") {
				return tdbDeclare
			}
		case 'e':
			if asciiFold(w, "execute") {
				return tdbExec
			}
		}
	}
	return tdbOther
}

// asciiFold reports whether w is lower, a lower-case word of ASCII
// letters of the same length, in any case.
func asciiFold(w, lower string) bool {
	for i := 0; i < len(lower); i++ {
		if w[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}

// declaredAssign is the index in p, @v type [= expr] of a DECLARE list,
// of the = that gives the variable its value (outside the type's
// parentheses), or -1 when it has none.
func declaredAssign(text string, p []Token) int {
	depth := 0
	for i := 1; i < len(p); i++ {
		switch {
		case isPunctAt(text, p, i, '('):
			depth++
		case isPunctAt(text, p, i, ')'):
			depth--
		case depth == 0 && isPunctAt(text, p, i, '='):
			return i
		}
	}
	return -1
}

// tdbDeclared follows the variable p declares, p being @v type [= expr]
// of a DECLARE list.
func (s *splitter) tdbDeclared(st *Statement, p []Token) {
	if i := declaredAssign(s.text, p); i > 0 {
		s.tdbAssign(st, p[0], p[i], p[i+1:])
		return
	}
	delete(s.tdbVars, strings.ToLower(tokText(s.text, p[0])))
}

// tdbForget drops the variables toks name from those followed.
func (s *splitter) tdbForget(toks []Token) {
	if len(s.tdbVars) == 0 {
		return
	}
	for _, t := range toks {
		if t.Kind == TokVar {
			delete(s.tdbVars, strings.ToLower(tokText(s.text, t)))
		}
	}
}

// tdbAssign follows variable v assigned expr by op (= or +=) in st: the
// text it holds, while that holds tempdb.
func (s *splitter) tdbAssign(st *Statement, v, op Token, expr []Token) {
	text := s.text
	if len(expr) > 0 && isPunctAt(text, expr, len(expr)-1, ';') {
		expr = expr[:len(expr)-1]
	}
	if len(s.tdbVars) == 0 && !literalHasTempdb(text, expr) {
		return // nothing followed yet: only a literal holding tempdb may start
	}
	name := strings.ToLower(tokText(text, v))
	prev := s.tdbVars[name]
	var b strings.Builder
	t := tdbText{loop: st.InLoop}
	switch tokText(text, op) {
	case "=":
	case "+=":
		b.WriteString(prev.text) // NULL or '' when not followed: nothing
		t.loop, t.grow = t.loop || prev.loop, prev.grow || st.InLoop
	default:
		delete(s.tdbVars, name)
		return
	}
	if s.tdbConcat(&b, expr, name, prev) {
		t.loop, t.grow = t.loop || prev.loop, prev.grow || st.InLoop
	}
	t.text = b.String()
	if len(t.text) > maxVarText || !hasTempdb(t.text) {
		delete(s.tdbVars, name)
		return
	}
	if s.tdbVars == nil {
		s.tdbVars = map[string]tdbText{}
	}
	s.tdbVars[name] = t
}

// tdbConcat writes to b the text expr, a concatenation, stands for: its
// string literals' values, a variable followed as its text (self, the
// variable assigned, as prev: empty when not followed), the arguments of
// CONCAT as parts, and builtPart for any other part. It reports whether
// expr reads self.
func (s *splitter) tdbConcat(b *strings.Builder, expr []Token, self string, prev tdbText) (reads bool) {
	return s.tdbConcatDepth(b, expr, self, prev, 0)
}

// tdbMaxDepth bounds the parentheses and CONCATs tdbConcat looks
// into: each level scans its part again.
const tdbMaxDepth = 8

func (s *splitter) tdbConcatDepth(b *strings.Builder, expr []Token, self string, prev tdbText, level int) (reads bool) {
	text := s.text
	part := func(p []Token) {
		if b.Len() > maxVarText || len(p) == 0 {
			return
		}
		if level >= tdbMaxDepth {
			b.WriteString(builtPart)
			return
		}
		if c, ok := charText(text, p); ok {
			b.WriteString(c) // ', FILENAME = ' + CHAR(39) + @path + CHAR(39)
			return
		}
		switch {
		case len(p) == 1 && (p[0].Kind == TokString || p[0].Kind == TokNString):
			b.WriteString(StringValue(tokText(text, p[0])))
			return
		case len(p) == 1 && p[0].Kind == TokVar:
			name := strings.ToLower(tokText(text, p[0]))
			if name == self {
				reads = true
				b.WriteString(prev.text)
				return
			}
			if t, ok := s.tdbVars[name]; ok {
				b.WriteString(t.text)
				return
			}
			if t, ok := s.blankVar(p[0]); ok {
				b.WriteString(t) // SET @CrLf = NCHAR(13) + NCHAR(10) (blankvars.go)
				return
			}
		case len(p) > 3 && p[0].Kind == TokIdent && strings.EqualFold(tokText(text, p[0]), "CONCAT"):
			if args, ok := parenthesized(text, p[1:]); ok {
				topLevelParts(text, args, func(i, j int) {
					if s.tdbConcatDepth(b, args[i:j], self, prev, level+1) {
						reads = true
					}
				})
				return
			}
		case len(p) > 3 && p[0].Kind == TokIdent && strings.EqualFold(tokText(text, p[0]), "REPLACE"):
			if r, ok := s.tdbReplace(p, self, prev, level, &reads); ok {
				b.WriteString(r)
				return
			}
		case len(p) > 4 && p[0].Kind == TokIdent:
			if t, ok := s.tdbChoice(p, self, prev, level, &reads); ok {
				b.WriteString(t) // SIZE = ' + CASE WHEN @n > 4 THEN '16GB' ELSE '8GB' END
				return
			}
		default:
			if inner, ok := parenthesized(text, p); ok {
				if s.tdbConcatDepth(b, inner, self, prev, level+1) {
					reads = true
				}
				return
			}
		}
		b.WriteString(builtPart)
	}
	plusParts(text, expr, func(p []Token) bool { part(p); return true })
	return reads
}

// tdbChoice is the text of p, a CASE or IIF whose every result is a
// size (a file's size at each start of the instance picked by the number
// of cores or an edition): the smallest, which tempdb has whichever
// result is taken (smallestSize). ok is false for any other p, or a
// result of NULL (the text is then NULL, and runs nothing).
func (s *splitter) tdbChoice(p []Token, self string, prev tdbText, level int, reads *bool) (string, bool) {
	text := s.text
	results, ok := caseResults(text, p)
	if !ok {
		if results, ok = iifResults(text, p); !ok {
			return "", false
		}
	}
	texts := make([]string, 0, len(results))
	for _, r := range results {
		if len(r) == 1 && r[0].Kind == TokIdent && strings.EqualFold(tokText(text, r[0]), "NULL") {
			return "", false
		}
		var rb strings.Builder
		if s.tdbConcatDepth(&rb, r, self, prev, level+1) {
			*reads = true
		}
		texts = append(texts, rb.String())
	}
	return smallestSize(texts)
}

// tdbReplace is the text REPLACE(a, 'pattern', c) of p stands for: a's
// text, built as tdbConcat builds it, with the pattern (a string
// literal) replaced by c's: a template whose {n} the loop fills in
// (case-sensitive, as a binary collation compares). ok is false when p
// is no such call, or its text would be too long to follow.
func (s *splitter) tdbReplace(p []Token, self string, prev tdbText, level int, reads *bool) (string, bool) {
	text := s.text
	args, ok := parenthesized(text, p[1:])
	if !ok {
		return "", false
	}
	var parts [][]Token
	topLevelParts(text, args, func(i, j int) { parts = append(parts, args[i:j]) })
	if len(parts) != 3 || len(parts[1]) != 1 || parts[1][0].Kind != TokString && parts[1][0].Kind != TokNString {
		return "", false
	}
	pattern := StringValue(tokText(text, parts[1][0]))
	if pattern == "" {
		return "", false
	}
	var a, c strings.Builder
	if s.tdbConcatDepth(&a, parts[0], self, prev, level+1) {
		*reads = true
	}
	if s.tdbConcatDepth(&c, parts[2], self, prev, level+1) {
		*reads = true
	}
	n := strings.Count(a.String(), pattern)
	if a.Len()+n*(c.Len()-len(pattern)) > maxVarText {
		return "", false
	}
	return strings.ReplaceAll(a.String(), pattern, c.String()), true
}

// tdbExecExpr is tempdbVars for EXEC (expr) (not AT another server):
// a variable's text, or the text expr builds when it is more than string
// literals (dynExec reads those).
func (s *splitter) tdbExecExpr(st *Statement, toks []Token) {
	text := s.text
	expr, ok := execParens(text, toks)
	if !ok {
		return
	}
	if len(expr) == 1 && expr[0].Kind == TokVar {
		s.tdbRunVar(st, tokText(text, expr[0]))
		return
	}
	if len(s.tdbVars) == 0 && !literalHasTempdb(text, expr) || allLiterals(text, expr) {
		return
	}
	var b strings.Builder
	s.tdbConcat(&b, expr, "", tdbText{})
	if b.Len() > maxVarText || !hasTempdb(b.String()) {
		return
	}
	t := tdbText{text: b.String(), loop: st.InLoop}
	t.files = s.tdbFiles(st, t.text)
	s.tdbRun(st, "", t)
}

// allLiterals reports whether expr is string literals joined by +.
func allLiterals(text string, expr []Token) bool {
	for i, t := range expr {
		if i%2 == 0 && t.Kind != TokString && t.Kind != TokNString || i%2 == 1 && !isPunctAt(text, expr, i, '+') {
			return false
		}
	}
	return len(expr)%2 == 1
}

// tdbRun gives st, which runs t (the text of variable v, "" for text
// built in the EXEC itself), the TempdbBuilt of the files t.files, if
// any: added at each pass of a loop when their name is built and the
// text built again in the loop that runs it, or grown in a loop.
func (s *splitter) tdbRun(st *Statement, v string, t tdbText) {
	if len(t.files) == 0 {
		return
	}
	files := append([]BuiltFile(nil), t.files...)
	for i := range files {
		f := &files[i]
		f.PerPass = f.NameBuilt && f.Action != ActionModifyFile && (t.loop && st.InLoop || t.grow)
	}
	st.Node = &TempdbBuilt{Var: strings.Clone(v), Files: files}
}

// tdbFiles parses text, which st runs, and returns the files its ALTER
// DATABASE tempdb statements add or modify.
func (s *splitter) tdbFiles(st *Statement, text string) []BuiltFile {
	var files []BuiltFile
	s.parseRunText(st, text, func(r *Result) {
		for _, x := range r.Statements {
			a, ok := x.Node.(*AlterDatabase)
			if !ok || a.Current || !strings.EqualFold(a.Database.Value, "tempdb") {
				continue
			}
			switch a.Action {
			case ActionAddFile, ActionAddLogFile, ActionModifyFile:
			default:
				continue
			}
			for _, f := range a.Files {
				bf := BuiltFile{Action: a.Action, FileSpec: FileSpec{Log: f.Log, Size: builtSize(f.Size)}}
				bf.Name, bf.NameBuilt = builtName(f.Name)
				nn, newBuilt := builtName(f.NewName)
				if a.Action == ActionModifyFile && (bf.NameBuilt || newBuilt) {
					continue // which file it changes is not known
				}
				bf.NewName = nn
				if fn, fnBuilt := builtName(f.FileName); !fnBuilt {
					bf.FileName = fn // a name ending in .ldf is a log's
				}
				files = append(files, bf)
			}
		}
	})
	return files
}

// builtName is name, or "" and true when an expression builds it.
func builtName(name string) (string, bool) {
	if strings.Contains(name, builtPart) {
		return "", true
	}
	return strings.Clone(name), false
}

// builtSize is a copy of z, unknown when an expression builds it.
func builtSize(z *Size) *Size {
	if z == nil {
		return nil
	}
	c := *z
	c.Raw = strings.Clone(c.Raw)
	if strings.Contains(c.Raw, builtPart) {
		c = Size{Unknown: true, Raw: strings.ReplaceAll(c.Raw, builtPart, "?")}
	}
	return &c
}

// hasTempdb reports whether s holds "tempdb" in any case.
func hasTempdb(s string) bool {
	for i := foldIndex(s, 0, 't'); i+6 <= len(s); i = foldIndex(s, i+1, 't') {
		if ppHasPrefixFold(s, i, "tempdb") {
			return true
		}
	}
	return false
}

// literalHasTempdb reports whether a string literal among toks holds
// tempdb: until a variable holds such text, no other assignment matters.
func literalHasTempdb(text string, toks []Token) bool { return literalHas(text, toks, hasTempdb) }
