package parser

import (
	"strings"
	"unsafe"
)

// Dynamic SQL built in a variable and run (SET @sql = 'BACKUP LOG ' +
// QUOTENAME(@db) + ' TO DISK = ''NUL'''; EXEC (@sql)) is read only for a
// backup to the null device (NulBackup): the text's other parts are not
// known, so neither is its database (the expression stands for it, as
// written) nor anything else a rule could check.

// maxVarText bounds the text a variable is followed with.
const maxVarText = 1 << 16

// maxConcatDepth bounds the nesting of CASE, IIF and parentheses that
// concat reads into; a part nested deeper stands as a bracketed name of
// its text. Each level reads its whole part again, so the bound keeps
// the time linear in the expression's length.
const maxConcatDepth = 32

// dynVars follows, in statement order through one batch (a variable
// lives for one batch), the text assigned to variables in pieces, while
// some of it holds BACKUP, and gives an EXEC of such a variable whose
// text backs up to the null device its NulBackup.
func (s *splitter) dynVars(st *Statement, toks []Token) {
	if len(toks) < 3 || toks[0].Kind != TokIdent || s.dynDepth >= maxDynDepth {
		return
	}
	text := s.text
	w := tokText(text, toks[0])
	if toks[1].Kind != TokVar && len(s.nulVars) == 0 && len(s.nulDevs) == 0 && !isPunctAt(text, toks, 1, '(') && w[0]|0x20 != 'e' {
		return // assigns no variable (SET NOCOUNT ON), and none is followed
	}
	switch {
	case keywordFold(w, "SET"):
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			s.assignVar(toks[1], toks[2], toks[3:])
		}
	case keywordFold(w, "DECLARE"):
		// DECLARE @a type [= expr], @b type [= expr]: each variable is
		// assigned its expression, or declared again (NULL), as runText
		// and tempdbVars read the list
		if toks[1].Kind != TokVar {
			return
		}
		s.declareTypes(toks)
		if len(s.nulVars) == 0 && len(s.nulDevs) == 0 && !hasStringTok(toks) {
			return // nothing followed, and no literal to start following
		}
		list := toks[1:]
		if isPunctAt(text, list, len(list)-1, ';') {
			list = list[:len(list)-1]
		}
		topLevelParts(text, list, func(a, b int) {
			p := list[a:b]
			if len(p) == 0 || p[0].Kind != TokVar {
				return
			}
			if i := declaredAssign(text, p); i > 0 {
				s.assignVar(p[0], p[i], p[i+1:])
			} else {
				s.forgetVars(p[:1])
			}
		})
	case keywordFold(w, "SELECT"):
		// SELECT @v = expr [FROM ...] is SET, once a row; a list of
		// select items may assign anything
		expr, ok := []Token(nil), false
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			expr, ok = selectAssigned(text, toks[3:])
		}
		if ok {
			s.assignVar(toks[1], toks[2], expr)
		} else if len(s.nulVars) > 0 || len(s.nulDevs) > 0 {
			s.forgetVars(toks)
		}
	case keywordFold(w, "EXEC"), keywordFold(w, "EXECUTE"):
		switch {
		case st.Node != nil:
		case isPunctAt(text, toks, 1, '('):
			s.execExpr(st, toks)
		default:
			if len(s.nulVars) > 0 && s.jobStepBackup(st, toks) {
				break
			}
			if v, cmd, each := execVar(text, toks); v != "" && len(s.nulVars) > 0 {
				t, ok := s.nulVars[strings.ToLower(v)]
				switch {
				case !ok:
				case each:
					s.varBackup(st, v+", "+foreachDBLabel(execProcName(text, toks)), t)
				case !s.ansiVars[strings.ToLower(v)]:
					// sp_executesql refuses a varchar statement (error 214)
					s.varBackup(st, v, t)
				}
			} else if cmd != "" && len(cmd) <= maxVarText && hasBackup(cmd) {
				s.varBackup(st, foreachDBLabel(execProcName(text, toks)), cmd)
			}
		}
	}
}

// declareTypes notes which variables DECLARE toks declares varchar,
// char or text (ansiVars), and forgets that of the others it declares.
func (s *splitter) declareTypes(toks []Token) {
	text := s.text
	depth := 0
	for i := 1; i+1 < len(toks); i++ {
		switch {
		case isPunctAt(text, toks, i, '('):
			depth++
		case isPunctAt(text, toks, i, ')'):
			depth--
		case depth == 0 && toks[i].Kind == TokVar && (i == 1 || isPunctAt(text, toks, i-1, ',')):
			k := i + 1
			if toks[k].Kind == TokIdent && keywordFold(tokText(text, toks[k]), "AS") && k+1 < len(toks) {
				k++
			}
			switch t := Unquote(tokText(text, toks[k])); {
			case keywordFold(t, "varchar"), keywordFold(t, "char"), keywordFold(t, "text"):
				if s.ansiVars == nil {
					s.ansiVars = map[string]bool{}
				}
				s.ansiVars[strings.ToLower(tokText(text, toks[i]))] = true
			case len(s.ansiVars) > 0:
				delete(s.ansiVars, strings.ToLower(tokText(text, toks[i])))
			}
		}
	}
}

// hasStringTok reports whether toks hold a string literal.
func hasStringTok(toks []Token) bool {
	for _, t := range toks {
		if t.Kind == TokString || t.Kind == TokNString {
			return true
		}
	}
	return false
}

// forgetVars drops the variables toks assign from those followed.
func (s *splitter) forgetVars(toks []Token) {
	if len(s.nulVars) == 0 && len(s.nulDevs) == 0 {
		return
	}
	for _, t := range toks {
		if t.Kind == TokVar {
			delete(s.nulVars, strings.ToLower(tokText(s.text, t)))
			delete(s.nulDevs, strings.ToLower(tokText(s.text, t)))
		}
	}
}

// maxDevText bounds the value of a device variable nulDevice follows
// (MAX_PATH).
const maxDevText = 260

// nulDevice follows variable name, assigned expr by op, while its value
// is known and is a name SL304 reads (nulDeviceName: the null device, or
// NUL with an extension), or may name the device once more is appended (nulDevicePrefix: N'\\.\', N'D:\Backup\'): string
// literals, variables so followed and CONCAT of those, joined by + (N'\\.\'
// + N'NUL', @e + N'NUL', CONCAT(@e, N'NUL')), and += appending to the
// value followed. A backup to DISK = the variable holding such a name is
// a backup to that name (nulDevices); any other part,
// or += to a value not followed (NULL + 'NUL' is NULL), leaves it
// unknown.
func (s *splitter) nulDevice(name string, op Token, expr []Token) {
	var v string
	ok := false
	switch tokText(s.text, op) {
	case "=":
		v, ok = s.devText(expr, true)
	case "+=":
		if pre, known := s.nulDevs[name]; known {
			v, ok = s.devText(expr, true)
			v = pre + v
		}
	}
	if ok && len(v) <= maxDevText && (nulDeviceName(v) || nulDevicePrefix(v)) {
		if s.nulDevs == nil {
			s.nulDevs = map[string]string{}
		}
		s.nulDevs[name] = v
		return
	}
	delete(s.nulDevs, name)
}

// devText is the value of expr, parts joined by + (by commas, plus
// false: CONCAT's arguments), when every part is known: a string
// literal, a variable nulDevice follows, or CONCAT of such parts.
func (s *splitter) devText(expr []Token, plus bool) (string, bool) {
	text := s.text
	sep := byte('+')
	if !plus {
		sep = ','
	}
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		if i > 0 {
			if !isPunctAt(text, expr, i, sep) || i+1 == len(expr) {
				return "", false
			}
			i++
		}
		switch t := expr[i]; {
		case t.Kind == TokString || t.Kind == TokNString:
			b.WriteString(StringValue(tokText(text, t)))
		case t.Kind == TokVar:
			v, ok := s.nulDevs[strings.ToLower(tokText(text, t))]
			if !ok {
				return "", false
			}
			b.WriteString(v)
		case plus && t.Kind == TokIdent && keywordFold(tokText(text, t), "CONCAT") && isPunctAt(text, expr, i+1, '('):
			end := closeParen(text, expr, i+1)
			if end < 0 {
				return "", false
			}
			v, ok := s.devText(expr[i+2:end], false)
			if !ok {
				return "", false
			}
			b.WriteString(v)
			i = end
		default:
			return "", false
		}
		if b.Len() > maxDevText {
			return "", false
		}
	}
	return b.String(), b.Len() > 0 || len(expr) > 0
}

// nulDeviceName reports whether v is a device name SL304 reads: the null
// device (IsNulDevice), or a file named NUL with an extension, which is
// the null device on some versions of Windows (IsNulWithExtension).
func nulDeviceName(v string) bool { return IsNulDevice(v) || IsNulWithExtension(v) }

// closeParen is the index in toks of the parenthesis that closes the one
// at open, -1 when none does.
func closeParen(text string, toks []Token, open int) int {
	depth := 0
	for k := open; k < len(toks); k++ {
		switch {
		case isPunctAt(text, toks, k, '('):
			depth++
		case isPunctAt(text, toks, k, ')'):
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// nulDevicePrefix reports whether v, no name of the null device, may
// become one with more appended: empty, a folder of a local path
// (N'D:\Backup\'), \\.\ or \\?\, or one of those followed by the
// start of NUL (N'\\.\N').
func nulDevicePrefix(v string) bool {
	var rest string
	switch {
	case len(v) <= 4 && (v == `\\.\`[:len(v)] || v == `\\?\`[:len(v)]):
		return true
	case strings.HasPrefix(v, `\\.\`), strings.HasPrefix(v, `\\?\`):
		rest = v[4:]
	case strings.HasPrefix(v, `\\`), strings.HasPrefix(v, "//"):
		return false // a share
	default:
		rest = v[strings.LastIndexAny(v, `\/`)+1:]
	}
	return len(rest) < 3 && keywordFold(rest, "NUL"[:len(rest)])
}

// nulDevices gives the DISK devices of st, a BACKUP, that are a variable
// followed by nulDevice the name it holds when that is one SL304 reads
// (nulDeviceName).
func (s *splitter) nulDevices(st *Statement) {
	b, ok := st.Node.(*Backup)
	if !ok {
		return
	}
	for i := range b.Targets {
		t := &b.Targets[i]
		if t.Type != "DISK" || t.Known {
			continue
		}
		if v, ok := s.nulDevs[strings.ToLower(strings.TrimSpace(t.Value))]; ok && nulDeviceName(v) {
			t.Value, t.Known = v, true
		}
	}
}

// assignVar follows variable v assigned expr by op (= or +=): the text
// of its string literals joined, each other part of a concatenation
// standing as a bracketed name of its text (the variable itself as its
// text so far). It is followed while the text holds BACKUP as a word.
func (s *splitter) assignVar(v, op Token, expr []Token) {
	text := s.text
	if len(s.nulVars) == 0 && len(s.nulDevs) == 0 {
		// nothing followed: only literals naming the null device
		// (nulDevice) or one holding BACKUP start something, and the rest
		// below would change nothing (nor need the name in lower case)
		e := expr
		if len(e) > 0 && isPunctAt(text, e, len(e)-1, ';') {
			e = e[:len(e)-1]
		}
		if !(len(e) <= 7 && allLiterals(text, e)) && !literalHasBackup(text, e) {
			return
		}
	}
	name := strings.ToLower(tokText(text, v))
	prev, known := s.nulVars[name]
	if len(expr) > 0 && isPunctAt(text, expr, len(expr)-1, ';') {
		s.nulDevice(name, op, expr[:len(expr)-1])
	} else {
		s.nulDevice(name, op, expr)
	}
	if len(expr) > 0 && isPunctAt(text, expr, len(expr)-1, ';') {
		expr = expr[:len(expr)-1]
	}
	if len(s.nulVars) == 0 && !literalHasBackup(text, expr) {
		// nothing followed yet: only a literal holding BACKUP may start
		return
	}
	o := tokText(text, op)
	if o != "=" && o != "+=" {
		delete(s.nulVars, name)
		return
	}
	b, appended := varBuilder(s.nulBufs, name, prev, known, o == "+=" || selfFirst(text, name, expr))
	if appended && o == "=" {
		expr = expr[2:] // SET @s = @s + ...: the rest goes after its text
	}
	if !appended && o == "+=" {
		// SET @s += ... when @s is not followed (declared empty, or
		// holding none of the words): SET @s = @s + ..., @s standing
		// as its bracketed name, as that reads
		s.concat(b, []Token{v})
	}
	s.concat(b, expr)
	t := b.String()
	// appended to text that holds BACKUP, it still does
	if len(t) > maxVarText || !appended && !hasBackup(t) {
		delete(s.nulVars, name)
		return
	}
	if s.nulVars == nil {
		s.nulVars = map[string]string{}
	}
	if s.nulBufs == nil {
		s.nulBufs = map[string]*strings.Builder{}
	}
	s.nulVars[name], s.nulBufs[name] = t, b
}

// varBuilder is the builder a variable's new text is written to: when
// appending (+=, or = @s + ...) to the text prev it is followed with,
// the builder that holds that text, which grows in place (copying it
// for each of many += took time in the square of its length), else a
// new one. bufs holds the builders of the variables a follower keeps.
func varBuilder(bufs map[string]*strings.Builder, name, prev string, known, appending bool) (b *strings.Builder, appended bool) {
	if !known || !appending {
		return &strings.Builder{}, false
	}
	if b := bufs[name]; b != nil && b.Len() == len(prev) {
		return b, true
	}
	b = &strings.Builder{}
	b.WriteString(prev)
	return b, true
}

// selfFirst reports whether expr begins with the variable name and a +
// (SET @s = @s + ...).
func selfFirst(text, name string, expr []Token) bool {
	return len(expr) >= 3 && expr[0].Kind == TokVar && strings.ToLower(tokText(text, expr[0])) == name && isPunctAt(text, expr, 1, '+')
}

// concat writes to b the text expr, a concatenation, stands for: its
// string literals' values, a variable followed (nulVars) as its text,
// any other part as a bracketed name of what is written (or that name's
// text, inside brackets the text opens before it). It reports
// whether every part is a string literal.
func (s *splitter) concat(b *strings.Builder, expr []Token) (allLit bool) {
	return s.concatTo(&varText{b: b}, expr, 0)
}

// varText is the text concat writes: to b, after base bytes of text
// written before b's (ending in prev) that it continues; a result of a
// CASE is built so, after the text before the CASE, without copying it.
type varText struct {
	b    *strings.Builder
	base int
	prev byte
}

// length is the length of the whole text.
func (v *varText) length() int { return v.base + v.b.Len() }

// last is the whole text's last byte (0 when it is empty).
func (v *varText) last() byte {
	if n := v.b.Len(); n > 0 {
		return v.b.String()[n-1]
	}
	return v.prev
}

// concatTo is concat writing to v, level levels of CASE, IIF and
// parentheses inside the expression concat was given.
func (s *splitter) concatTo(v *varText, expr []Token, level int) (allLit bool) {
	text := s.text
	b := v.b
	allLit = true
	part := func(p []Token) {
		if v.length() > maxVarText {
			allLit = false // too long to be followed: the callers drop it
			return
		}
		switch {
		case len(p) == 1 && (p[0].Kind == TokString || p[0].Kind == TokNString):
			b.WriteString(StringValue(tokText(text, p[0])))
			return
		case len(p) == 1 && p[0].Kind == TokVar:
			if t, ok := s.nulVars[strings.ToLower(tokText(text, p[0]))]; ok {
				b.WriteString(t)
				break
			}
			if len(s.nulDevs) > 0 {
				if t, ok := s.nulDevs[strings.ToLower(tokText(text, p[0]))]; ok && IsNulDevice(t) {
					b.WriteString(t) // ' TO DISK = ''' + @BackupFile + '''' with @BackupFile = 'NUL'
					break
				}
			}
			if t, ok := s.blankVar(p[0]); ok {
				b.WriteString(t) // SET @CrLf = NCHAR(13) + NCHAR(10) (blankvars.go)
				break
			}
			fallthrough
		case len(p) > 0:
			if c, ok := charText(text, p); ok {
				b.WriteString(c)
				break
			}
			if level < maxConcatDepth {
				if s.casePart(v, p, level) || s.iifPart(v, p, level) {
					break
				}
				if inner, ok := parenthesized(text, p); ok {
					s.concatTo(v, inner, level+1)
					break
				}
			}
			raw := strings.ReplaceAll(text[p[0].Start:p[len(p)-1].End], "]", "]]")
			if v.last() == '[' {
				b.WriteString(raw) // inside the brackets the text opened: '[' + @db + ']'
			} else {
				b.WriteString("[" + raw + "]")
			}
		}
		allLit = false
	}
	depth, cases, from := 0, 0, 0
	for i, t := range expr {
		switch {
		case isPunctAt(text, expr, i, '('):
			depth++
		case isPunctAt(text, expr, i, ')'):
			depth--
		case depth == 0 && t.Kind == TokIdent && strings.EqualFold(tokText(text, t), "CASE"):
			cases++
		case depth == 0 && cases > 0 && t.Kind == TokIdent && strings.EqualFold(tokText(text, t), "END"):
			cases--
		case depth == 0 && cases == 0 && isPunctAt(text, expr, i, '+'):
			part(expr[from:i])
			from = i + 1
		}
	}
	part(expr[from:])
	return allLit
}

// charPart is the character CHAR(n) or NCHAR(n) of p stands for when n
// is 9, 10, 13 or 32 (a tab, a line break, a space), as text joined in
// pieces uses them between its words; ok is false for any other part.
func charPart(text string, p []Token) (c string, ok bool) {
	if len(p) != 4 || p[0].Kind != TokIdent || !isPunctAt(text, p, 1, '(') || !isPunctAt(text, p, 3, ')') {
		return "", false
	}
	if f := tokText(text, p[0]); !strings.EqualFold(f, "CHAR") && !strings.EqualFold(f, "NCHAR") {
		return "", false
	}
	switch tokText(text, p[2]) {
	case "9":
		return "\t", true
	case "10":
		return "\n", true
	case "13":
		return "\r", true
	case "32":
		return " ", true
	}
	return "", false
}

// charText is the character CHAR(n) or NCHAR(n) of p stands for in text
// built in pieces: a blank (charPart), or the quote CHAR(39) is (CHAR
// returns the character of an ASCII code), as such text quotes a value
// with (', FILENAME = ' + CHAR(39) + @path + CHAR(39)).
func charText(text string, p []Token) (c string, ok bool) {
	if c, ok := charPart(text, p); ok {
		return c, true
	}
	if len(p) == 4 && p[0].Kind == TokIdent && isPunctAt(text, p, 1, '(') && isPunctAt(text, p, 3, ')') && tokText(text, p[2]) == "39" {
		if f := tokText(text, p[0]); strings.EqualFold(f, "CHAR") || strings.EqualFold(f, "NCHAR") {
			return "'", true
		}
	}
	return "", false
}

// casePart writes to b the text of one result of p, a CASE expression
// (CASE ... END), built as concat builds it, and reports whether p is
// one: a result without NUL when there is one (SL304 says a backup goes
// to the null device when it surely does: every result names NUL, as
// both arms of an IF ... ELSE must set it), among those one that holds
// BACKUP, or else the smallest when every result is a size
// (smallestSize), or else the first. A result of NULL runs nothing and
// is never taken. IIF(condition, a, b) is read so too.
func (s *splitter) casePart(v *varText, p []Token, level int) bool {
	results, ok := caseResults(s.text, p)
	return ok && s.pickResult(v, results, level)
}

// caseResults are the results (after THEN and ELSE) of p when it is a
// CASE expression (CASE ... END); ok is false when it is not one.
func caseResults(text string, p []Token) (results [][]Token, ok bool) {
	word := func(i int, w string) bool {
		return p[i].Kind == TokIdent && strings.EqualFold(tokText(text, p[i]), w)
	}
	n := len(p)
	if n < 5 || !word(0, "CASE") || !word(n-1, "END") {
		return nil, false
	}
	depth, cases, from := 0, 0, -1
	for i := 1; i < n; i++ {
		switch {
		case isPunctAt(text, p, i, '('):
			depth++
		case isPunctAt(text, p, i, ')'):
			depth--
		case depth != 0:
		case word(i, "CASE"):
			cases++
		case cases > 0 && word(i, "END"):
			cases--
		case cases == 0 && (word(i, "WHEN") || word(i, "ELSE") || i == n-1):
			if from >= 0 && from < i {
				results = append(results, p[from:i])
			}
			from = -1
			if word(i, "ELSE") {
				from = i + 1
			}
		case cases == 0 && word(i, "THEN"):
			from = i + 1
		}
	}
	return results, true
}

// iifPart is casePart for IIF(condition, a, b).
func (s *splitter) iifPart(v *varText, p []Token, level int) bool {
	results, ok := iifResults(s.text, p)
	return ok && s.pickResult(v, results, level)
}

// iifResults are a and b of p when it is IIF(condition, a, b); ok is
// false when it is not one.
func iifResults(text string, p []Token) ([][]Token, bool) {
	n := len(p)
	if n < 7 || p[0].Kind != TokIdent || !strings.EqualFold(tokText(text, p[0]), "IIF") {
		return nil, false
	}
	args, ok := parenthesized(text, p[1:])
	if !ok {
		return nil, false
	}
	var parts [][]Token
	topLevelParts(text, args, func(s, e int) { parts = append(parts, args[s:e]) })
	if len(parts) != 3 {
		return nil, false
	}
	return parts[1:], true
}

// pickResult writes to b the text of the result, among results, that
// holds no NUL when one does not (and among those one that holds
// BACKUP), or else the smallest size when every result is one, or else
// the first; never NULL. It reports false when there is none.
func (s *splitter) pickResult(v *varText, results [][]Token, level int) bool {
	text := s.text
	best, bestScore := "", -1
	words := false // some result holds BACKUP or NUL
	var texts []string
	for _, r := range results {
		if len(r) == 1 && r[0].Kind == TokIdent && strings.EqualFold(tokText(text, r[0]), "NULL") {
			continue
		}
		// built after the text so far, as concat would go on with it
		var rb strings.Builder
		s.concatTo(&varText{b: &rb, base: v.length(), prev: v.last()}, r, level+1)
		t := rb.String()
		texts = append(texts, t)
		score := 2
		if hasNul(t) {
			score, words = 0, true
		}
		if hasBackup(t) {
			score++
			words = true
		}
		if score > bestScore {
			best, bestScore = t, score
		}
	}
	if bestScore < 0 {
		return false
	}
	if !words {
		if t, ok := smallestSize(texts); ok {
			best = t // whichever result is taken, the size is at least this
		}
	}
	v.b.WriteString(best)
	return true
}

// smallestSize returns, among texts, the one that is the smallest size
// when each is a size written the same way (a number, all with a unit
// KB, MB, GB, TB or % or all without): the results of a CASE or IIF that
// picks a file's size or growth, of which only the smallest is sure.
func smallestSize(texts []string) (string, bool) {
	best, bestN, kind := "", 0.0, ""
	for i, t := range texts {
		num, u, ok := sizeText(t)
		k := u // how it is written: no unit, a unit of bytes, or %
		if k != "" && k != "%" {
			k = "B"
		}
		if !ok || i > 0 && k != kind {
			return "", false
		}
		kind = k
		z, ok := ParseSize(num, u)
		if !ok {
			return "", false
		}
		n := float64(z.Bytes)
		if u == "%" {
			n = float64(z.Percent)
		}
		if best == "" || n < bestN {
			best, bestN = t, n
		}
	}
	return best, best != ""
}

// sizeText splits t, blanks around it, into the number and the unit of
// a size (16384MB, 8 GB, 10%, 512); ok is false for any other text.
func sizeText(t string) (num, unit string, ok bool) {
	t = strings.TrimSpace(t)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	if i == 0 {
		return "", "", false
	}
	num, unit = t[:i], strings.ToUpper(strings.TrimSpace(t[i:]))
	switch unit {
	case "", "KB", "MB", "GB", "TB", "%":
		return num, unit, true
	}
	return "", "", false
}

// parenthesized is what p holds inside the parentheses it is wrapped in
// whole; ok is false when it is not.
func parenthesized(text string, p []Token) (inner []Token, ok bool) {
	n := len(p)
	if n < 3 || !isPunctAt(text, p, 0, '(') || !isPunctAt(text, p, n-1, ')') {
		return nil, false
	}
	depth := 0
	for i := 0; i < n-1; i++ {
		switch {
		case isPunctAt(text, p, i, '('):
			depth++
		case isPunctAt(text, p, i, ')'):
			depth--
		}
		if depth == 0 {
			return nil, false // closes before the end: (a) * (b)
		}
	}
	return p[1 : n-1], true
}

// hasNul reports whether s holds "nul", in any case, not followed by an
// L (NULL).
func hasNul(s string) bool {
	for i := 0; i+3 <= len(s); i++ {
		if s[i]|0x20 == 'n' && ppHasPrefixFold(s, i, "nul") && (i+3 == len(s) || s[i+3]|0x20 != 'l') {
			return true
		}
	}
	return false
}

// execExpr is dynVars for EXEC (expr) (not AT another server) where
// expr is not all string literals (dynExec reads those): its text, built
// as concat builds it, may back up to NUL.
func (s *splitter) execExpr(st *Statement, toks []Token) {
	text := s.text
	expr, ok := execParens(text, toks)
	if !ok {
		return
	}
	if len(expr) == 1 && expr[0].Kind == TokVar {
		v := tokText(text, expr[0])
		if t, ok := s.nulVars[strings.ToLower(v)]; ok {
			s.varBackup(st, v, t)
		}
		return
	}
	if len(s.nulVars) == 0 && !literalHasBackup(text, expr) {
		return
	}
	var b strings.Builder
	if s.concat(&b, expr) || b.Len() > maxVarText || !hasBackup(b.String()) {
		return
	}
	s.varBackup(st, "", b.String())
}

// execVar is the variable, as written, whose text sp_executesql runs
// (its first argument or @stmt), or else the command of sp_MSforeachdb
// (its first argument or @command1, and the literals of @command2 and
// @command3, its third and fourth, joined; @command of sp_foreachdb and
// sp_ineachdb, unless @print_command_only = 1; a literal holding BACKUP, or a
// word of hasStmtWord: dynrun.go) when it
// is run for each database ("?" standing for its name), or the variable
// that command is (each); "", "" for any other statement. (EXEC (@v) is
// execExpr's.)
func execVar(text string, toks []Token) (v, cmd string, each bool) {
	i := 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
		i += 2 // @rc =
	}
	last, parts := "", 0
	for i < len(toks) && (toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted) {
		last = Unquote(tokText(text, toks[i]))
		parts++
		i++
		for isPunctAt(text, toks, i, '.') {
			i++
		}
	}
	if parts == 0 || parts > 3 {
		return "", "", false
	}
	var argBuf [8]dynArg
	switch {
	case strings.EqualFold(last, "sp_executesql"):
		if a, ok := stmtArg(dynArgs(text, toks, i, argBuf[:0])); ok && a.n == 1 && toks[a.val].Kind == TokVar {
			return tokText(text, toks[a.val]), "", false
		}
	default:
		param, ok := foreachDBParam(last)
		if !ok {
			break
		}
		args := dynArgs(text, toks, i, argBuf[:0])
		if printsOnly(text, toks, args) {
			break // the command is printed, never run
		}
		var lits []string // the literal commands that hold a word
		for k, a := range args {
			if a.n != 1 {
				continue
			}
			t := toks[a.val]
			if a.name == param || a.name == "" && k == 0 {
				switch {
				case (t.Kind == TokString || t.Kind == TokNString) && (hasBackup(tokText(text, t)) || hasStmtWord(tokText(text, t))):
					lits = append(lits, StringValue(tokText(text, t)))
				case t.Kind == TokVar && len(lits) == 0:
					return tokText(text, t), "", true
				}
				continue
			}
			// sp_MSforeachdb runs @command2 and @command3 (its third
			// and fourth arguments) for each database too
			if param == "command1" && (a.name == "command2" || a.name == "command3" || a.name == "" && (k == 2 || k == 3)) &&
				(t.Kind == TokString || t.Kind == TokNString) && (hasBackup(tokText(text, t)) || hasStmtWord(tokText(text, t))) {
				lits = append(lits, StringValue(tokText(text, t)))
			}
		}
		if len(lits) > 0 {
			return "", strings.Join(lits, ";\n"), false
		}
	}
	return "", "", false
}

// jobStepBackup gives st, a call that makes a variable a T-SQL job
// step's command (jobStepVar), the NulBackup of the variable's text when
// it is followed and a batch of it (split at its GO lines) backs up to
// NUL; it reports whether st is such a call.
func (s *splitter) jobStepBackup(st *Statement, toks []Token) bool {
	v, step, ok := jobStepVar(s.text, toks)
	if !ok {
		return false
	}
	if t, known := s.nulVars[strings.ToLower(v)]; known {
		// Agent runs the command a batch at a time, split at its GO
		// lines, as dynExec reads a literal one: the first batch that
		// backs up to NUL is the one reported
		for _, b := range goBatches(t) {
			if st.Node != nil {
				break
			}
			s.varBackup(st, v, b)
		}
		if nb, ok := st.Node.(*NulBackup); ok {
			nb.JobStep, nb.Step = true, step
		}
	}
	return true
}

// jobStepVar is the variable, as written, that a call of sp_add_jobstep
// or sp_update_jobstep (toks) makes a T-SQL job step's @command (by name
// or by position, @subsystem TSQL or not given: the default of a new
// step), with the step's @step_name ("" when not a literal); ok is false
// for any other statement, and for a call on another server (a
// four-part name).
func jobStepVar(text string, toks []Token) (v, step string, ok bool) {
	name, i := execProc(text, toks)
	if !strings.EqualFold(name, "sp_add_jobstep") && !strings.EqualFold(name, "sp_update_jobstep") {
		return "", "", false
	}
	dots := 0
	for k := 1; k < i; k++ {
		if isPunctAt(text, toks, k, '.') {
			dots++
		}
	}
	if dots >= 3 {
		return "", "", false // a four-part name: another server's job, as dynCall tells
	}
	var argBuf [8]dynArg
	args := dynArgs(text, toks, i, argBuf[:0])
	nameJobStepArgs(args)
	if tsql, _ := jobStepTSQL(text, toks, args); !tsql {
		return "", "", false // another subsystem, or one not known
	}
	for _, a := range args {
		if a.name != "command" {
			continue
		}
		if n := a.val + a.n; n < len(toks) && toks[n].Kind == TokIdent && keywordFold(tokText(text, toks[n]), "OUTPUT") {
			// dynArgs left OUTPUT out: @command is no OUTPUT
			// parameter, and SQL Server refuses the call
			return "", "", false
		}
		if a.n == 1 && toks[a.val].Kind == TokVar {
			return tokText(text, toks[a.val]), jobStepName(text, toks, args), true
		}
	}
	return "", "", false
}

// foreachDBParam is the parameter that takes the command of procedure
// name when it runs a command for each database: sp_MSforeachdb's
// @command1, and @command of the First Responder Kit's sp_foreachdb and
// sp_ineachdb, written to replace it (the first argument too); ok is
// false for any other procedure.
func foreachDBParam(name string) (param string, ok bool) {
	switch {
	case strings.EqualFold(name, "sp_MSforeachdb"):
		return "command1", true
	case strings.EqualFold(name, "sp_foreachdb"), strings.EqualFold(name, "sp_ineachdb"):
		return "command", true
	}
	return "", false
}

// foreachDBLabel is how a finding names the command that procedure name,
// one of foreachDBParam's, runs for each database.
func foreachDBLabel(name string) string {
	for _, p := range []string{"sp_MSforeachdb", "sp_foreachdb", "sp_ineachdb"} {
		if strings.EqualFold(name, p) {
			return p + "'s command, for each database"
		}
	}
	return name + "'s command, for each database"
}

// printsOnly reports whether the arguments args of a call of
// sp_foreachdb or sp_ineachdb set @print_command_only to 1: the
// procedure then prints its command for each database and runs none.
func printsOnly(text string, toks []Token, args []dynArg) bool {
	for _, a := range args {
		if a.name == "print_command_only" && a.n == 1 {
			t := toks[a.val]
			v := tokText(text, t)
			if t.Kind == TokString || t.Kind == TokNString {
				v = StringValue(v)
			}
			return strings.TrimSpace(v) == "1"
		}
	}
	return false
}

// execProcName is the last part of the name of the procedure that toks,
// an EXEC statement, calls ("" for none).
func execProcName(text string, toks []Token) string {
	name, _ := execProc(text, toks)
	return name
}

// varBackup parses t, the text variable v holds ("" for text built in the
// EXEC itself), which st runs, and gives
// st the NulBackup of its first BACKUP whose every copy has a device on
// DISK = 'NUL' (the rule decides; here every device named NUL is
// enough to keep it). Nothing else of the text is kept, nor reported.
func (s *splitter) varBackup(st *Statement, v, t string) {
	c := &s.lastVar
	if !c.same(t) {
		*c = varParse{text: t, node: s.parseVarBackup(st, t)}
	}
	if c.node != nil {
		nb := *c.node
		nb.Var = strings.Clone(v)
		st.Node = &nb
	}
}

// varParse is a text varBackup read and the NulBackup it found (nil for
// none; its Var is set for each EXEC). A variable EXECed again without a
// change has the same text: its up to 64 KB were parsed again for each
// EXEC (10,000 EXEC (@s) of a 60 KB text, a 170 KB script: 2 s).
type varParse struct {
	text string
	node *NulBackup
}

// same reports whether t is the text c read: the same bytes in memory (a
// variable's text as it was followed), so not compared byte by byte.
func (c *varParse) same(t string) bool {
	return c.text != "" && len(c.text) == len(t) && unsafe.StringData(c.text) == unsafe.StringData(t)
}

// parseVarBackup is the NulBackup (without its Var) of text t run by the
// EXEC st, or nil.
func (s *splitter) parseVarBackup(st *Statement, t string) *NulBackup {
	if !mayNameNul(t) {
		return nil // no device of its text can be NUL: not worth a parse
	}
	var nb *NulBackup
	s.parseRunText(st, t, func(r *Result) {
		for _, x := range r.Statements {
			bk, ok := x.Node.(*Backup)
			if !ok || !anyNul(bk.Targets) {
				continue
			}
			typ := "FULL"
			switch {
			case bk.Log:
				typ = "LOG"
			case bk.HasOption("DIFFERENTIAL"):
				typ = "DIFF"
			}
			nb = &NulBackup{Databases: strings.Clone(bk.Database.Value), Type: typ,
				CopyOnly: bk.HasOption("COPY_ONLY") && !bk.HasOption("DIFFERENTIAL"), Backup: bk}
			return
		}
	})
	return nb
}

// parseRunText parses text t, which the EXEC st runs, as a batch of its
// own (the EXECs inside it not read), and hands the result to fn, unless
// t does not scan whole (an unterminated string or comment).
func (s *splitter) parseRunText(st *Statement, t string, fn func(*Result)) {
	at := s.b.Pos(st.Start)
	b := &Batch{Text: t, Segs: []Segment{{Out: 0, File: at.File, In: at.Offset, Subst: true}}, Index: s.b.Index, Count: s.b.Count}
	sc := scannerPool.Get().(*Scanner)
	defer scannerPool.Put(sc)
	toks := sc.Scan(b.Text)
	if sc.Open.What != "" {
		return
	}
	r := &Result{}
	var sp splitter
	sp.reset(r, b, toks)
	sp.noDynamic = true
	sp.inRunText = true
	sp.dynDepth = maxDynDepth // its EXECs are not read
	sp.run()
	fn(r)
}

// mayNameNul reports whether text t may name the null device: whether it
// holds NUL, in any case, not followed by a letter, digit or underscore
// (NUL, NUL:, \\.\NUL, C:\NUL end a device's name where IsNulDevice
// accepts it; NULL, ISNULL and NULLIF are no device). A text without
// one backs up to no NUL, whatever its BACKUPs: sp_Blitz-like procedures
// EXEC hundreds of texts that name backupset, and a script that EXECs a
// text built with @sql = @sql + ... parsed all of it again at each EXEC.
func mayNameNul(t string) bool {
	for i := 0; i+3 <= len(t); i++ {
		if t[i]|0x20 != 'n' || t[i+1]|0x20 != 'u' || t[i+2]|0x20 != 'l' {
			continue
		}
		if i+3 == len(t) {
			return true
		}
		switch c := t[i+3]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
		default:
			return true
		}
	}
	return false
}

// anyNul reports whether a device of ts is DISK = 'NUL'.
func anyNul(ts []Target) bool {
	for _, t := range ts {
		if t.Type == "DISK" && t.Known && IsNulDevice(t.Value) {
			return true
		}
	}
	return false
}

// IsNulDevice reports whether v, a backup device's file name, is the
// null device of Windows, in any case, blanks around: NUL, NUL:, \\.\NUL
// or \\?\NUL, or a file named NUL in a folder of a local path (C:\NUL,
// D:\Backup\nul): Windows reserves the name in every folder, and SQL
// Server opens a relative name, 'NUL' too, in its backup folder. Not on a
// share (\\server\share\NUL), whose server refuses the name, nor with an
// extension (NUL.bak), which only some versions of Windows take for the
// device (IsNulWithExtension). Windows drops the dots and blanks that end a path (not
// one written \\?\...): 'NUL.' and 'D:\Backup\nul . ' are NUL too.
func IsNulDevice(v string) bool {
	// folded rather than upper-cased: a backup names a real file, and
	// upper-casing its name allocated for every backup
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, `\\?\`) {
		v = strings.TrimRight(v, ". ")
	}
	switch {
	case len(v) < 3:
		return false
	case keywordFold(v, "NUL"), keywordFold(v, "NUL:"), keywordFold(v, `\\.\NUL`), keywordFold(v, `\\?\NUL`):
		return true
	case strings.HasPrefix(v, `\\`), strings.HasPrefix(v, "//"):
		return false // a share, or \\.\ and \\?\ with more
	}
	i := strings.LastIndexAny(v, `\/`)
	return i >= 0 && keywordFold(v[i+1:], "NUL")
}

// IsNulWithExtension reports whether v, a backup device's file name, is
// a file named NUL with an extension ('NUL.bak', 'D:\Backup\nul.txt'),
// in any case, blanks around, in a local path or none: Windows takes it
// for the null device before Windows 11 and Windows Server 2025
// (Microsoft's "Naming Files, Paths, and Namespaces": NUL.txt is
// equivalent to NUL), which write a real file. Not on a share, nor in a
// path written \\?\..., which Windows opens as it is written.
func IsNulWithExtension(v string) bool {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, `\\`) || strings.HasPrefix(v, "//") {
		return false
	}
	v = strings.TrimRight(v, ". ")
	if i := strings.LastIndexAny(v, `\/`); i >= 0 {
		v = v[i+1:]
	}
	return len(v) > 4 && keywordFold(v[:3], "NUL") && v[3] == '.'
}

// hasBackup reports whether s holds "backup" in any case.
func hasBackup(s string) bool {
	for i := foldIndex(s, 0, 'b'); i+6 <= len(s); i = foldIndex(s, i+1, 'b') {
		if ppHasPrefixFold(s, i, "backup") {
			return true
		}
	}
	return false
}

// selectsMore reports whether the rest of SELECT @v = after the "="
// holds more than an expression: a comma or a clause (FROM, WHERE, ...)
// outside parentheses.
func selectsMore(text string, toks []Token) bool {
	_, clause := selectEnd(text, toks)
	return clause != selectExprOnly
}

// What follows the expression of SELECT @v = expr, for selectEnd.
const (
	selectExprOnly = iota // nothing: the expression alone
	selectClauses         // clauses (FROM, WHERE, ...) that run it once a row
	selectList            // more select items, or a set operator or INTO
)

// selectEnd is where the expression of SELECT @v = expr ends among toks
// (the tokens after the "="), at the first comma or clause outside
// parentheses, and what follows it there.
func selectEnd(text string, toks []Token) (end, follows int) {
	depth := 0
	for i, t := range toks {
		switch {
		case isPunctAt(text, toks, i, '('):
			depth++
		case isPunctAt(text, toks, i, ')'):
			depth--
		case depth != 0:
		case isPunctAt(text, toks, i, ','):
			return i, selectList
		case t.Kind == TokIdent:
			switch strings.ToUpper(tokText(text, t)) {
			case "FROM", "WHERE", "GROUP", "ORDER", "HAVING", "OPTION":
				return i, selectClauses
			case "UNION", "INTO", "EXCEPT", "INTERSECT":
				return i, selectList
			}
		}
	}
	return len(toks), selectExprOnly
}

// selectAssigned is the expression SELECT @v = expr assigns, toks the
// tokens after the "=": the expression alone, as SET assigns it, or one
// followed by clauses (SELECT @sql += N'ALTER DATABASE ' + QUOTENAME(name)
// + N' ...' FROM sys.databases), which assign each row the expression's
// text, += appending it: the text of one row stands for them, as
// sp_MSforeachdb's command does. False for a list of select items, which
// may assign another variable.
func selectAssigned(text string, toks []Token) ([]Token, bool) {
	end, follows := selectEnd(text, toks)
	return toks[:end], follows != selectList
}

// literalHasBackup reports whether a string literal among toks holds
// BACKUP: until a variable holds such text, no other assignment matters.
func literalHasBackup(text string, toks []Token) bool { return literalHas(text, toks, hasBackup) }

// literalHas reports whether has is true of a string literal among toks.
func literalHas(text string, toks []Token, has func(string) bool) bool {
	for _, t := range toks {
		if (t.Kind == TokString || t.Kind == TokNString) && has(tokText(text, t)) {
			return true
		}
	}
	return false
}

// execParens is the expression inside EXEC ( expr ), toks the EXEC
// statement's tokens: false when its parentheses do not close or it runs
// AT another server.
func execParens(text string, toks []Token) ([]Token, bool) {
	depth, end := 0, -1
	for i := 1; i < len(toks) && end < 0; i++ {
		switch {
		case isPunctAt(text, toks, i, '('):
			depth++
		case isPunctAt(text, toks, i, ')'):
			if depth--; depth == 0 {
				end = i
			}
		}
	}
	if end < 0 || end+1 < len(toks) && toks[end+1].Kind == TokIdent && strings.EqualFold(tokText(text, toks[end+1]), "AT") {
		return nil, false
	}
	return toks[2:end], true
}
