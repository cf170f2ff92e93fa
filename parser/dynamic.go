package parser

import (
	"slices"
	"strings"
)

// Dynamic is what an ordinary statement does with dynamic SQL, recorded
// while splitting so that rules never scan a statement's text again: SL103
// follows ADD FILE text from the statement that builds it to the EXEC that
// runs it. Statements that neither assign a variable nor run dynamic SQL
// (most of them) have none: Statement.Dynamic is nil.
type Dynamic struct {
	// AddFile is "ADD FILE", "ADD LOG FILE" or "ADD FILEGROUP" when the
	// statement's string literals, alone or concatenated, contain it.
	AddFile string
	// Assigns are the variables the statement sets, lower-case: SET @v =
	// (or +=), SELECT @v = ..., DECLARE @v type = ....
	Assigns []string
	// Uses are the variables an assigning statement reads, lower-case:
	// where the assigned text may come from. @@functions are left out.
	Uses []string
	// Exec is set when the statement runs dynamic SQL: EXEC (...),
	// EXECUTE (...) or a call of sp_executesql.
	Exec bool
	// ExecVars are the variables whose text an Exec statement runs,
	// lower-case: those inside EXEC (...), or sp_executesql's first
	// argument.
	ExecVars []string
	// Fixed is set, with AddFile, when the text the statement sets (one
	// variable, with =) or runs (EXEC (...), sp_executesql's statement)
	// is made of string literals alone, joined by +: the same text at
	// every pass of a loop. A function, a variable or += makes text that
	// may change.
	Fixed bool
}

// dynamicBox holds a Dynamic and room for its first variables.
type dynamicBox struct {
	d        Dynamic
	assigns  [1]string
	uses     [2]string
	execVars [1]string
}

// setTarget is the target of SET @v =: token 1.
var setTarget = [...]int{1}

// dynamicFacts returns the Dynamic of the ordinary statement made of
// toks, or nil. It looks only at statements starting with SET @v,
// SELECT @v, DECLARE, EXEC or EXECUTE, and only at their tokens. Unless
// all is set (inside a loop, or after a loop or ADD FILE text in the same
// batch), only a statement with "ADD" in a string literal can matter, and
// the others are passed over without allocating.
func dynamicFacts(text string, toks []Token, all bool) *Dynamic {
	return dynamicFactsIn(nil, text, toks, all)
}

// dynamicFactsIn is dynamicFacts making the Dynamic in room (nil:
// allocating it; see nodeArena).
func dynamicFactsIn(room *nodeArena, text string, toks []Token, all bool) *Dynamic {
	if len(toks) < 2 || toks[0].Kind != TokIdent {
		return nil
	}
	if !all && !stringHasAdd(text, toks) {
		return nil
	}
	first := text[toks[0].Start:toks[0].End]
	var (
		assigns  []string
		one      string // the variable SET sets
		targets  []int  // token indexes of the assigned variables
		exec     bool
		execVars []string
		runs     [2]int // the tokens of the text an Exec statement runs
		// the lists are made here, on the stack unless long, and copied
		// into the Dynamic's box (or a list of their own when longer than
		// its room): grown by append from nil they were a quarter of the
		// allocations of a run at 100% statements of interest
		assignBuf [4]string
		targetBuf [8]int
		execBuf   [4]string
	)
	// (the scanner's keyword code of the word, Token.kw: lookupKeyword's)
	switch k := toks[0].kw; {
	case k == kwSet:
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			one, targets = strings.ToLower(tokText(text, toks[1])), setTarget[:]
		}
	case k != kwStmt:
	case keywordFold(first, "DECLARE"):
		assigns, targets = assignments(text, toks, true, assignBuf[:0], targetBuf[:0])
	case keywordFold(first, "SELECT"):
		if toks[1].Kind == TokVar {
			assigns, targets = assignments(text, toks, false, assignBuf[:0], targetBuf[:0])
		}
	case keywordFold(first, "EXEC"), keywordFold(first, "EXECUTE"):
		exec, execVars, runs = execFacts(text, toks, execBuf[:0])
	}
	if len(assigns) == 0 && one == "" && !exec {
		return nil
	}
	// the Dynamic and its first variables are one allocation: a
	// statement that builds or runs dynamic SQL sets one variable and
	// reads a couple
	box := newNode(room, func(a *nodeArena) *nodeSlab[dynamicBox] { return &a.dynamics })
	d := &box.d
	d.Exec = exec
	switch {
	case one != "":
		box.assigns[0] = one
		d.Assigns = box.assigns[:1:1]
	case len(assigns) == 1:
		box.assigns[0] = assigns[0]
		d.Assigns = box.assigns[:1:1]
	case len(assigns) > 1:
		d.Assigns = slices.Clone(assigns)
	}
	switch {
	case len(execVars) == 1:
		box.execVars[0] = execVars[0]
		d.ExecVars = box.execVars[:1:1]
	case len(execVars) > 1:
		d.ExecVars = slices.Clone(execVars)
	}
	d.Uses = box.uses[:0:len(box.uses)]
	lits := false
	next := 0 // targets[next] is the first target not before token i
	for i := range toks {
		switch toks[i].Kind {
		case TokString, TokNString:
			lits = true
		case TokVar:
			if len(d.Assigns) == 0 { // (only what a statement assigns uses variables)
				break
			}
			// targets are in token order: a pointer moves along them, not
			// a search of them for each variable (a SELECT assigning
			// 40,000 variables took 10 s)
			for next < len(targets) && targets[next] < i {
				next++
			}
			target := next < len(targets) && targets[next] == i
			if w := tokText(text, toks[i]); !target && !strings.HasPrefix(w, "@@") {
				d.Uses = append(d.Uses, strings.ToLower(w))
			}
		}
	}
	if len(d.Uses) == 0 {
		d.Uses = nil
	}
	if lits { // (most statements that run dynamic SQL, EXEC @sql, have none)
		d.AddFile = addFileText(text, toks)
	}
	if d.AddFile != "" && len(d.Uses) == 0 && len(d.ExecVars) == 0 {
		d.Fixed = fixedText(text, toks, exec, runs)
	}
	return d
}

// fixedText is Dynamic.Fixed of the statement made of toks, which reads
// no variable; exec and runs are execFacts'.
func fixedText(text string, toks []Token, exec bool, runs [2]int) bool {
	n := len(toks)
	if isPunctAt(text, toks, n-1, ';') {
		n--
	}
	if !exec {
		// SET, SELECT or DECLARE of one variable: the value after the
		// first =
		for i := 1; i < n; i++ {
			if isPunctAt(text, toks, i, '=') {
				return literalsOnly(text, toks[i+1:n])
			}
			if isPunctAt(text, toks, i, ',') {
				return false // more than one variable
			}
		}
		return false
	}
	if isPunctAt(text, toks, 1, '(') && runs[1] != n-1 {
		return false // EXEC (...) AT server, or unclosed
	}
	return literalsOnly(text, toks[min(runs[0], n):min(runs[1], n)])
}

// literalsOnly reports whether toks are string literals joined by +,
// in parentheses or not, at least one.
func literalsOnly(text string, toks []Token) bool {
	lits := 0
	for i, t := range toks {
		switch t.Kind {
		case TokString, TokNString:
			lits++
		case TokPunct:
			if !isPunctAt(text, toks, i, '+') && !isPunctAt(text, toks, i, '(') && !isPunctAt(text, toks, i, ')') {
				return false
			}
		default:
			return false
		}
	}
	return lits > 0
}

// addFileText is the Dynamic.AddFile of the string literals of toks: the
// ADD FILE text (addFileMatch) of one of them, or of all of them joined
// by spaces (text built in pieces), unless it adds tempdb's files.
func addFileText(text string, toks []Token) string {
	addFile := ""
	for _, t := range toks {
		if t.Kind == TokString || t.Kind == TokNString {
			if addFile = addFileMatch(StringValue(tokText(text, t))); addFile != "" {
				break
			}
		}
	}
	// (hasTempdbAdd is true only of text that holds "tempdb", which holds
	// no quote or space: the joined literals hold it only if one of them
	// does, as written; most ADD FILE text does not, and needs no joining)
	if addFile != "" && !literalHasTempdb(text, toks) {
		return addFile
	}
	return addFileJoined(text, toks, addFile)
}

// addFileJoined is addFileText's answer from the literals of toks joined
// by spaces: their ADD FILE text, or addFile when one of them had it,
// unless it adds tempdb's files.
func addFileJoined(text string, toks []Token, addFile string) string {
	var buf [512]byte // on the stack unless long
	joined := buf[:0]
	for _, t := range toks {
		if t.Kind == TokString || t.Kind == TokNString {
			joined = append(joined, StringValue(tokText(text, t))...)
			joined = append(joined, ' ')
		}
	}
	if addFile == "" {
		addFile = addFileMatch(joined)
	}
	if addFile != "" && hasTempdb(byteString(joined)) && hasTempdbAdd(joined) {
		// tempdb's files, added one per core in a loop: the usual
		// tempdb configuration, bounded by the core count, and a
		// per-restart cost (SL208) rather than a file count to know.
		return ""
	}
	return addFile
}

// stringHasAdd reports whether a string literal of toks may hold the
// start of ADD FILE text (addWordIn): a batch without one has no ADD FILE
// text (Dynamic.AddFile), alone or concatenated.
func stringHasAdd(text string, toks []Token) bool {
	for _, t := range toks {
		if t.Kind != TokString && t.Kind != TokNString {
			continue
		}
		if stringAdd(text[t.Start:t.End]) {
			return true
		}
	}
	return false
}

// stringAdd reports whether lit, a string literal as written, may hold
// the start of ADD FILE text (stringHasAdd).
func stringAdd(lit string) bool { return ppHasAdd(lit) && addWordIn(lit) }

// addWordIn reports whether lit, a string literal as written, holds
// "add" in any case where addFileMatch may find ADD in its value (or in
// the values joined): after a byte that is no word byte (the opening
// quote at the value's start; a quote written twice is one) and before
// a blank, a quote (the value's end) or the end of lit (unterminated).
// So "address" or "padding" in seed data is not ADD FILE text.
func addWordIn(lit string) bool {
	for i := 1; i+3 <= len(lit); i++ {
		if lit[i]|0x20 != 'a' || lit[i+1]|0x20 != 'd' || lit[i+2]|0x20 != 'd' || isWordByte(lit[i-1]) {
			continue
		}
		if i+3 == len(lit) {
			return true
		}
		switch lit[i+3] {
		case '\'', ' ', '\t', '\n', '\f', '\r':
			return true
		}
	}
	return false
}

func tokText(text string, t Token) string { return text[t.Start:t.End] }

// isPunctAt reports whether token i is the one-character punctuation c.
func isPunctAt(text string, toks []Token, i int, c byte) bool {
	return i < len(toks) && toks[i].Kind == TokPunct && toks[i].End-toks[i].Start == 1 && text[toks[i].Start] == c
}

// plusParts calls part with each piece of expr between the + signs
// outside parentheses, in order, and stops at the first call that
// returns false; it reports whether every call returned true.
func plusParts(text string, expr []Token, part func([]Token) bool) bool {
	depth, from := 0, 0
	for i := range expr {
		switch {
		case isPunctAt(text, expr, i, '('):
			depth++
		case isPunctAt(text, expr, i, ')'):
			depth--
		case depth == 0 && isPunctAt(text, expr, i, '+'):
			if !part(expr[from:i]) {
				return false
			}
			from = i + 1
		}
	}
	return part(expr[from:])
}

// assignOpAt reports whether token i is = or a compound assignment (+=).
func assignOpAt(text string, toks []Token, i int) bool {
	if i >= len(toks) || toks[i].Kind != TokPunct {
		return false
	}
	p := tokText(text, toks[i])
	return p == "=" || len(p) == 2 && p[1] == '='
}

// addFileMatch returns ADD FILE, ADD LOG FILE or ADD FILEGROUP when s
// contains it as (?i)\bADD\s+(LOG\s+)?FILE(GROUP)?\b matches it,
// upper-case with single spaces; "" otherwise. (A hand-written match: the
// regular expression took a twentieth of a run in which every statement
// is of interest.)
func addFileMatch[T string | []byte](s T) string {
	for i := 0; i+3 <= len(s); i++ {
		if s[i]|0x20 != 'a' || i > 0 && isWordByte(s[i-1]) {
			continue
		}
		j := foldWordAt(s, i, "ADD")
		if j < 0 {
			continue
		}
		if j = spacesAt(s, j); j < 0 {
			continue
		}
		log := false
		if k := foldWordAt(s, j, "LOG"); k >= 0 {
			if k = spacesAt(s, k); k >= 0 {
				j, log = k, true
			}
		}
		if j = foldWordAt(s, j, "FILE"); j < 0 {
			continue
		}
		group := false
		if k := foldWordAt(s, j, "GROUP"); k >= 0 && (k == len(s) || !isWordByte(s[k])) {
			j, group = k, true
		}
		if j < len(s) && isWordByte(s[j]) {
			continue
		}
		switch {
		case log && group:
			return "ADD LOG FILEGROUP"
		case log:
			return "ADD LOG FILE"
		case group:
			return "ADD FILEGROUP"
		}
		return "ADD FILE"
	}
	return ""
}

// hasTempdbAdd reports whether s contains ALTER DATABASE tempdb ADD as
// (?i)\bALTER\s+DATABASE\s+(\[tempdb\]|"tempdb"|tempdb)\s+ADD\b matches
// it.
func hasTempdbAdd[T string | []byte](s T) bool {
	for i := 0; i+5 <= len(s); i++ {
		if s[i]|0x20 != 'a' || i > 0 && isWordByte(s[i-1]) {
			continue
		}
		j := foldWordAt(s, i, "ALTER")
		if j < 0 {
			continue
		}
		if j = spacesAt(s, j); j < 0 {
			continue
		}
		if j = foldWordAt(s, j, "DATABASE"); j < 0 {
			continue
		}
		if j = spacesAt(s, j); j < 0 {
			continue
		}
		switch {
		case j < len(s) && s[j] == '[':
			if j = foldWordAt(s, j+1, "TEMPDB"); j >= 0 && j < len(s) && s[j] == ']' {
				j++
			} else {
				j = -1
			}
		case j < len(s) && s[j] == '"':
			if j = foldWordAt(s, j+1, "TEMPDB"); j >= 0 && j < len(s) && s[j] == '"' {
				j++
			} else {
				j = -1
			}
		default:
			j = foldWordAt(s, j, "TEMPDB")
		}
		if j < 0 {
			continue
		}
		if j = spacesAt(s, j); j < 0 {
			continue
		}
		if j = foldWordAt(s, j, "ADD"); j >= 0 && (j == len(s) || !isWordByte(s[j])) {
			return true
		}
	}
	return false
}

// foldWordAt returns the end of word (upper-case ASCII) in s at i, matched
// as (?i) matches it: ASCII letters in either case, and also the letters
// Unicode folds to S and K (ſ and the Kelvin sign); -1 when it is not
// there.
func foldWordAt[T string | []byte](s T, i int, word string) int {
	for k := 0; k < len(word); k++ {
		c := word[k]
		switch {
		case i < len(s) && (s[i] == c || 'A' <= c && c <= 'Z' && s[i] == c+'a'-'A'):
			i++
		case c == 'S' && i+1 < len(s) && s[i] == 0xc5 && s[i+1] == 0xbf: // ſ
			i += 2
		case c == 'K' && i+2 < len(s) && s[i] == 0xe2 && s[i+1] == 0x84 && s[i+2] == 0xaa: // Kelvin sign
			i += 3
		default:
			return -1
		}
	}
	return i
}

// spacesAt returns the end of the run of \s ([\t\n\f\r ]) at i in s, -1
// when there is none.
func spacesAt[T string | []byte](s T, i int) int {
	j := i
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
		j++
	}
	if j == i {
		return -1
	}
	return j
}

// isWordByte reports whether c is an ASCII word character (\w): \b in a
// regular expression sees only those.
func isWordByte(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// assignments returns the variables SELECT @a = ..., @b = ... or DECLARE
// @a type = ..., @b type sets, with their token indexes, appended to vars
// and targets.
func assignments(text string, toks []Token, declare bool, vars []string, targets []int) ([]string, []int) {
	depth, current, at := 0, "", 0
	for i := 1; i < len(toks); i++ {
		switch {
		case isPunctAt(text, toks, i, '('):
			depth++
		case isPunctAt(text, toks, i, ')'):
			depth--
		case depth != 0:
		case isPunctAt(text, toks, i, ','):
			current = ""
		case toks[i].Kind == TokVar && (i == 1 || isPunctAt(text, toks, i-1, ',')):
			current, at = strings.ToLower(tokText(text, toks[i])), i
			if !declare && assignOpAt(text, toks, i+1) {
				vars, targets = append(vars, current), append(targets, i)
			}
		case declare && current != "" && isPunctAt(text, toks, i, '='):
			vars, targets = append(vars, current), append(targets, at)
			current = ""
		}
	}
	return vars, targets
}

// trimQuotes is strings.Trim(s, `[]"`), without building the set of
// three bytes on every call.
func trimQuotes(s string) string {
	isQuote := func(c byte) bool { return c == '[' || c == ']' || c == '"' }
	for len(s) > 0 && isQuote(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isQuote(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// execFacts reads EXEC (...) and EXEC [@rc =] [db.][schema.]sp_executesql
// [@stmt =] first, .... EXEC @name or EXEC proc runs a module, not text.
// The variables are appended to buf; runs are the indexes of the first
// token of the text run and of the token after it.
func execFacts(text string, toks []Token, buf []string) (bool, []string, [2]int) {
	if isPunctAt(text, toks, 1, '(') {
		vars, end := execVars(text, toks, 1, ')', buf)
		return true, vars, [2]int{2, end}
	}
	i := 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
		i += 2 // @rc =
	}
	// the module name: parts separated by dots; the last one decides
	last := ""
	for i < len(toks) && (toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted) {
		last = text[toks[i].Start:toks[i].End]
		i++
		if !isPunctAt(text, toks, i, '.') {
			break
		}
		i++
	}
	last = trimQuotes(last)
	if !keywordFold(last, "sp_executesql") {
		return false, nil, [2]int{}
	}
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunctAt(text, toks, i+1, '=') {
		i += 2 // @stmt =
	}
	vars, end := execVars(text, toks, i, ',', buf)
	return true, vars, [2]int{min(i, end), end}
}

// execVars appends to buf the variables (lowercase) of toks from index
// from up to the first end punctuation outside parentheses: the ")" that
// closes the "(" at from, or the "," after sp_executesql's statement.
// It also returns the index of that punctuation, len(toks) when there is
// none.
func execVars(text string, toks []Token, from int, end byte, buf []string) ([]string, int) {
	depth := 0
	from = min(from, len(toks))
	for k, t := range toks[from:] {
		switch t.Kind {
		case TokPunct:
			if t.End-t.Start != 1 {
				break
			}
			switch text[t.Start] {
			case '(':
				depth++
			case ')':
				depth--
			}
			if depth == 0 && text[t.Start] == end {
				return buf, from + k
			}
		case TokVar:
			if w := text[t.Start:t.End]; !strings.HasPrefix(w, "@@") {
				buf = append(buf, strings.ToLower(w))
			}
		}
	}
	return buf, len(toks)
}
