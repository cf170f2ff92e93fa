package parser

import (
	"regexp"
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
}

// addFileRE finds ADD FILE, ADD LOG FILE and ADD FILEGROUP in a string.
var addFileRE = regexp.MustCompile(`(?i)\bADD\s+(LOG\s+)?FILE(GROUP)?\b`)

// tempdbAddRE finds ALTER DATABASE tempdb ADD in dynamic SQL text.
var tempdbAddRE = regexp.MustCompile(`(?i)\bALTER\s+DATABASE\s+(\[tempdb\]|"tempdb"|tempdb)\s+ADD\b`)

// dynamicFacts returns the Dynamic of the ordinary statement made of
// toks, or nil. It looks only at statements starting with SET @v,
// SELECT @v, DECLARE, EXEC or EXECUTE, and only at their tokens. Unless
// all is set (inside a loop, or after a loop or ADD FILE text in the same
// batch), only a statement with "ADD" in a string literal can matter, and
// the others are passed over without allocating.
func dynamicFacts(text string, toks []Token, all bool) *Dynamic {
	if len(toks) < 2 || toks[0].Kind != TokIdent {
		return nil
	}
	if !all && !stringHasAdd(text, toks) {
		return nil
	}
	first := text[toks[0].Start:toks[0].End]
	var d Dynamic
	var targets []int // token indexes of the assigned variables
	switch k := lookupKeyword(first); {
	case k == kwSet:
		if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
			d.Assigns, targets = []string{strings.ToLower(tokText(text, toks[1]))}, []int{1}
		}
	case k != kwStmt:
	case strings.EqualFold(first, "DECLARE"):
		d.Assigns, targets = assignments(text, toks, true)
	case strings.EqualFold(first, "SELECT"):
		if toks[1].Kind == TokVar {
			d.Assigns, targets = assignments(text, toks, false)
		}
	case strings.EqualFold(first, "EXEC"), strings.EqualFold(first, "EXECUTE"):
		d.Exec, d.ExecVars = execFacts(text, toks)
	}
	if len(d.Assigns) == 0 && !d.Exec {
		return nil
	}
	var joined strings.Builder
	for i, t := range toks {
		switch t.Kind {
		case TokString, TokNString:
			v := StringValue(tokText(text, t))
			if d.AddFile == "" {
				d.AddFile = addFileMatch(v)
			}
			joined.WriteString(v)
			joined.WriteByte(' ')
		case TokVar:
			if w := tokText(text, t); len(d.Assigns) > 0 && !slices.Contains(targets, i) && !strings.HasPrefix(w, "@@") {
				d.Uses = append(d.Uses, strings.ToLower(w))
			}
		}
	}
	if d.AddFile == "" {
		d.AddFile = addFileMatch(joined.String())
	}
	if d.AddFile != "" && tempdbAddRE.MatchString(joined.String()) {
		// tempdb's files, added one per core in a loop: the usual
		// tempdb configuration, bounded by the core count, and a
		// per-restart cost (SL208) rather than a file count to know.
		d.AddFile = ""
	}
	out := new(Dynamic) // d itself stays on the stack: most statements return nil above
	*out = d
	return out
}

// stringHasAdd reports whether a string literal of toks contains "add",
// in any case: ADD FILE text needs it.
func stringHasAdd(text string, toks []Token) bool {
	for _, t := range toks {
		if t.Kind != TokString && t.Kind != TokNString {
			continue
		}
		v := text[t.Start:t.End]
		for i := 0; i+3 <= len(v); i++ {
			if v[i]|0x20 == 'a' && v[i+1]|0x20 == 'd' && v[i+2]|0x20 == 'd' {
				return true
			}
		}
	}
	return false
}

func tokText(text string, t Token) string { return text[t.Start:t.End] }

// isPunctAt reports whether token i is the one-character punctuation c.
func isPunctAt(text string, toks []Token, i int, c byte) bool {
	return i < len(toks) && toks[i].Kind == TokPunct && toks[i].End-toks[i].Start == 1 && text[toks[i].Start] == c
}

// assignOpAt reports whether token i is = or a compound assignment (+=).
func assignOpAt(text string, toks []Token, i int) bool {
	if i >= len(toks) || toks[i].Kind != TokPunct {
		return false
	}
	p := tokText(text, toks[i])
	return p == "=" || len(p) == 2 && p[1] == '='
}

// addFileMatch returns ADD FILE, ADD LOG FILE or ADD FILEGROUP, upper-case
// with single spaces, when s contains it; "" otherwise.
func addFileMatch(s string) string {
	if m := addFileRE.FindString(s); m != "" {
		return strings.ToUpper(strings.Join(strings.Fields(m), " "))
	}
	return ""
}

// assignments returns the variables SELECT @a = ..., @b = ... or DECLARE
// @a type = ..., @b type sets, with their token indexes.
func assignments(text string, toks []Token, declare bool) (vars []string, targets []int) {
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

// execFacts reads EXEC (...) and EXEC [@rc =] [db.][schema.]sp_executesql
// [@stmt =] first, .... EXEC @name or EXEC proc runs a module, not text.
func execFacts(text string, toks []Token) (bool, []string) {
	isPunct := func(i int, c byte) bool { return isPunctAt(text, toks, i, c) }
	vars := func(from int, stop func(i, depth int) bool) []string {
		var out []string
		depth := 0
		for i := from; i < len(toks); i++ {
			switch {
			case isPunct(i, '('):
				depth++
			case isPunct(i, ')'):
				depth--
			}
			if stop(i, depth) {
				break
			}
			if toks[i].Kind == TokVar && !strings.HasPrefix(text[toks[i].Start:toks[i].End], "@@") {
				out = append(out, strings.ToLower(text[toks[i].Start:toks[i].End]))
			}
		}
		return out
	}
	if isPunct(1, '(') {
		return true, vars(1, func(i, depth int) bool { return depth == 0 && isPunct(i, ')') })
	}
	i := 1
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunct(i+1, '=') {
		i += 2 // @rc =
	}
	// the module name: parts separated by dots; the last one decides
	last := ""
	for i < len(toks) && (toks[i].Kind == TokIdent || toks[i].Kind == TokQuoted) {
		last = strings.Trim(text[toks[i].Start:toks[i].End], `[]"`)
		i++
		if !isPunct(i, '.') {
			break
		}
		i++
	}
	if !strings.EqualFold(last, "sp_executesql") {
		return false, nil
	}
	if i+1 < len(toks) && toks[i].Kind == TokVar && isPunct(i+1, '=') {
		i += 2 // @stmt =
	}
	return true, vars(i, func(j, depth int) bool { return depth == 0 && isPunct(j, ',') })
}
