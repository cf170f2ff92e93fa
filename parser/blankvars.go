package parser

import "strings"

// Text built in pieces often joins its lines or statements with a
// variable that holds blanks alone: DECLARE @CrLf nchar(2) = NCHAR(13) +
// NCHAR(10), SET @tab = CHAR(9), DECLARE @sql nvarchar(max) = N''.
// concat writes a variable it does not follow as a bracketed name of it,
// [@CrLf], which glued inside a statement (FILEGROWTH = 10%)[@CrLf]LOG
// ON (...)) made the statement not parse, and its sizes were lost.
// blankVars follows such variables, in statement order through one
// batch, as dynVars follows text holding BACKUP, so that concat and
// tdbConcat write the blanks they hold.

// maxBlankText bounds the value a blank variable is followed with: +=
// grows it a statement at a time, and each copies it.
const maxBlankText = 256

// maxBlankDepth bounds the parentheses blankValue reads into.
const maxBlankDepth = 8

// blankDeclare is blankVars for a DECLARE (toks, word being which of the
// words of tdbWord it starts with; others are passed over): each
// variable of a character type (char, varchar, nchar, nvarchar, sysname)
// given blanks is followed. It runs before the other followers read the
// statement: DECLARE @nl nchar(1) = CHAR(10), @sql nvarchar(max) = N'a'
// + @nl + N'b' reads the variable it declares first.
func (s *splitter) blankDeclare(toks []Token, word int) {
	if word != tdbDeclare || len(toks) < 3 || toks[1].Kind != TokVar || s.dynDepth >= maxDynDepth || !s.mayBeBlank(toks) {
		return
	}
	text := s.text
	list := toks[1:]
	if isPunctAt(text, list, len(list)-1, ';') {
		list = list[:len(list)-1]
	}
	topLevelParts(text, list, func(a, b int) {
		p := list[a:b]
		if len(p) < 4 || p[0].Kind != TokVar {
			return
		}
		k := 1
		if p[k].Kind == TokIdent && keywordFold(tokText(text, p[k]), "AS") {
			k++
		}
		if !charType(Unquote(tokText(text, p[k]))) {
			return
		}
		if i := declaredAssign(text, p); i > 0 {
			if v, ok := s.blankValue(p[i+1:], 0); ok {
				s.setBlank(strings.ToLower(tokText(text, p[0])), v)
			}
		}
	})
}

// charType reports whether t, a declared type's name, is a character
// type a variable holds blanks in.
func charType(t string) bool {
	return keywordFold(t, "nvarchar") || keywordFold(t, "varchar") || keywordFold(t, "nchar") || keywordFold(t, "char") || keywordFold(t, "sysname")
}

// blankAssign is blankVars for a SET or SELECT (toks, word being which
// of the words of tdbWord it starts with; others are passed over): SET
// @v = blanks (or += blanks to a variable followed) follows @v with its
// new value, any other assignment stops following the variable. It runs
// after the other followers read the statement, which see the value the
// variable had before (SET @sql = @sql + N'...' reads the blanks @sql
// held). The variable's type is not known there: a variable of another
// type given blanks (an int, 0) could not be joined to text anyway.
func (s *splitter) blankAssign(toks []Token, word int) {
	if word != tdbSet && word != tdbSelect || len(toks) < 3 || s.dynDepth >= maxDynDepth {
		return
	}
	text := s.text
	if toks[1].Kind == TokVar && assignOpAt(text, toks, 2) {
		expr := toks[3:]
		if len(expr) > 0 && isPunctAt(text, expr, len(expr)-1, ';') {
			expr = expr[:len(expr)-1]
		}
		// most assignments are of no blanks, and no variable holds any
		v, ok := s.blankValue(expr, 0)
		if !ok && len(s.blank) == 0 {
			return
		}
		if word == tdbSelect && selectsMore(text, toks[3:]) {
			s.forgetAssigned(toks)
			return
		}
		name := strings.ToLower(tokText(text, toks[1]))
		switch tokText(text, toks[2]) {
		case "=":
		case "+=":
			prev, known := s.blank[name]
			v, ok = prev+v, ok && known
		default:
			ok = false
		}
		if ok {
			s.setBlank(name, v)
		} else {
			delete(s.blank, name)
		}
		return
	}
	if word == tdbSelect {
		s.forgetAssigned(toks)
	}
}

// forgetAssigned stops following the variables toks, a SELECT, may
// assign (SELECT @a = x, @b = y FROM ...).
func (s *splitter) forgetAssigned(toks []Token) {
	if len(s.blank) == 0 {
		return
	}
	for i, t := range toks {
		if t.Kind == TokVar && assignOpAt(s.text, toks, i+1) {
			delete(s.blank, strings.ToLower(tokText(s.text, t)))
		}
	}
}

// setBlank follows variable name (lower-case) as holding v, blanks; too
// long a value is not followed.
func (s *splitter) setBlank(name, v string) {
	if len(v) > maxBlankText {
		delete(s.blank, name)
		return
	}
	if s.blank == nil {
		s.blank = map[string]string{}
	}
	s.blank[name] = v
}

// mayBeBlank reports whether toks, a DECLARE, may give a variable
// blanks: a value after an = starts as blanks may (blankStart). Most
// DECLAREs give none, and are read no further.
func (s *splitter) mayBeBlank(toks []Token) bool {
	text := s.text
	for i := 2; i+1 < len(toks); i++ {
		if t := toks[i]; t.Kind == TokPunct && text[t.Start] == '=' && s.blankStart(toks[i+1]) {
			return true
		}
	}
	return false
}

// blankStart reports whether t may start an expression blankValue reads:
// a string literal of blanks, CHAR, NCHAR, a parenthesis, or a variable
// while one is followed. Told at once for most expressions, which
// blankValue would otherwise split whole.
func (s *splitter) blankStart(t Token) bool {
	text := s.text
	switch t.Kind {
	case TokString, TokNString:
		_, ok := blankLiteral(tokText(text, t))
		return ok
	case TokIdent:
		n := t.End - t.Start
		return (n == 4 || n == 5) && (keywordFold(tokText(text, t), "CHAR") || keywordFold(tokText(text, t), "NCHAR"))
	case TokVar:
		return len(s.blank) > 0
	case TokPunct:
		return text[t.Start] == '('
	}
	return false
}

// blankValue is the text expr, a concatenation, stands for when every
// part of it is blanks: a string literal of blanks (or none, ”), CHAR or
// NCHAR of 9, 10, 13 or 32 (charPart), a variable followed as holding
// blanks, or such a concatenation in parentheses. ok is false for any
// other expression.
func (s *splitter) blankValue(expr []Token, level int) (v string, ok bool) {
	text := s.text
	if len(expr) == 0 || !s.blankStart(expr[0]) {
		return "", false
	}
	var b strings.Builder
	part := func(p []Token) bool {
		switch {
		case len(p) == 1 && (p[0].Kind == TokString || p[0].Kind == TokNString):
			t, ok := blankLiteral(tokText(text, p[0]))
			if !ok {
				return false
			}
			b.WriteString(t)
		case len(p) == 1 && p[0].Kind == TokVar:
			if len(s.blank) == 0 {
				return false
			}
			t, ok := s.blank[strings.ToLower(tokText(text, p[0]))]
			if !ok {
				return false
			}
			b.WriteString(t)
		default:
			if c, ok := charPart(text, p); ok {
				b.WriteString(c)
				break
			}
			inner, ok := parenthesized(text, p)
			if !ok || level >= maxBlankDepth {
				return false
			}
			t, ok := s.blankValue(inner, level+1)
			if !ok {
				return false
			}
			b.WriteString(t)
		}
		return b.Len() <= maxBlankText
	}
	if !plusParts(text, expr, part) {
		return "", false
	}
	return b.String(), true
}

// blankLiteral is the value of lit, a string literal, when it holds
// blanks alone (isBlank); ok is false for any other.
func blankLiteral(lit string) (v string, ok bool) {
	if len(lit) > 0 && lit[0]|0x20 == 'n' {
		lit = lit[1:]
	}
	if len(lit) < 2 || lit[0] != '\'' || lit[len(lit)-1] != '\'' {
		return "", false
	}
	v = lit[1 : len(lit)-1]
	return v, isBlank(v)
}

// isBlank reports whether t holds nothing but spaces, tabs and line
// breaks (or nothing at all).
func isBlank(t string) bool {
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return true
}

// blankVar is the blanks variable v (a token of the text) holds, when
// blankVars follows it.
func (s *splitter) blankVar(v Token) (string, bool) {
	if len(s.blank) == 0 {
		return "", false
	}
	t, ok := s.blank[strings.ToLower(tokText(s.text, v))]
	return t, ok
}
