package parser

import (
	"math/bits"
	"strings"
)

// TokKind is the kind of a T-SQL token.
type TokKind uint8

// Token kinds. Comments and white space are not tokens; the scanner passes
// over them (keeping "sqllint:" directive comments aside).
const (
	TokEOF       TokKind = iota
	TokIdent             // plain word: keyword or identifier, #temp included
	TokQuoted            // [bracketed] or "double-quoted" identifier
	TokString            // 'string'
	TokNString           // N'unicode string'
	TokNumber            // 12, 1.5, 1e3, 0x1F
	TokVar               // @local or @@global
	TokSqlcmdVar         // $(name) left unresolved by the preprocessor
	TokTemplate          // SSMS template parameter <name, type, default>
	TokPunct             // operator or punctuation
)

var tokKindNames = [...]string{"EOF", "Ident", "Quoted", "String", "NString", "Number", "Var", "SqlcmdVar", "Template", "Punct"}

func (k TokKind) String() string {
	if int(k) < len(tokKindNames) {
		return tokKindNames[k]
	}
	return "?"
}

// Token is a token of a batch: its kind and its byte range in Batch.Text.
type Token struct {
	Start int32
	End   int32
	Kind  TokKind
	// kw is the splitter's code of a TokIdent that is one of its
	// keywords (lookupKeyword), found by the scanner while the word is
	// at hand, or the mark of a TokPunct "(", ")" or ";" (punctMark);
	// kwNone for any other token. It fills room the struct had.
	kw kw
}

// character classes for the scanner's dispatch table
const (
	cOther uint8 = iota
	cSpace
	cIdent // starts a word
	cDigit
	cQuote   // '
	cDQuote  // "
	cBracket // [
	cAt      // @
	cDollar  // $
	cMinus   // -
	cSlash   // /
	cLess    // <
	cDot     // .
	cPunct   // any other ASCII punctuation
	cN       // N or n: a word, or the start of N'...'
)

var (
	charClass [256]uint8
	identCont [256]bool // may continue a word
	wordCont  [256]bool // identCont but "$" (scanCommon)
)

func init() {
	for c := 0; c < 256; c++ {
		switch {
		case c == ' ', c == '\t', c == '\n', c == '\r', c == '\v', c == '\f', c == 0x1A, c == 0:
			charClass[c] = cSpace
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_', c == '#', c >= 0x80:
			charClass[c] = cIdent
			identCont[c] = true
		case c >= '0' && c <= '9':
			charClass[c] = cDigit
			identCont[c] = true
		default:
			charClass[c] = cPunct
		}
	}
	identCont['@'] = true
	wordCont = identCont
	identCont['$'] = true
	charClass['N'] = cN
	charClass['n'] = cN
	charClass['\''] = cQuote
	charClass['"'] = cDQuote
	charClass['['] = cBracket
	charClass['@'] = cAt
	charClass['$'] = cDollar
	charClass['-'] = cMinus
	charClass['/'] = cSlash
	charClass['<'] = cLess
	charClass['.'] = cDot
}

// Scanner tokenizes T-SQL text. It is a plain byte loop: no regular
// expressions, no allocation per token. A Scanner can be reused.
type Scanner struct {
	Tokens []Token
	// Directives are the byte ranges of "sqllint:" comments.
	Directives []ScannedDirective
	// Open is the string, quoted identifier or block comment that the
	// text ends inside of, if any.
	Open Unterminated
	// addStr is set when a closed string literal scanned may hold ADD
	// FILE text (ppHasAdd and addWordIn, as stringHasAdd): looked at
	// while the string is at hand rather than in another pass over the
	// tokens.
	addStr bool
}

// Unterminated is a string, identifier or block comment without its
// closing quote, bracket or "*/": it runs to the end of the text.
type Unterminated struct {
	What  string // "string", "bracketed identifier", "quoted identifier", "comment"; "" for none
	Start int    // offset of the opening quote, bracket or "/*"
}

// ScannedDirective is a "sqllint:" comment found by the scanner.
type ScannedDirective struct {
	Start, End int // comment range in the text
	Body       string
	Trailing   bool // a token precedes it on the same line
}

// Scan tokenizes src, replacing s.Tokens, s.Directives and s.Open. It never
// fails: an unterminated string, identifier or comment runs to the end of
// src, and s.Open says where it starts.
func (s *Scanner) Scan(src string) []Token { return s.scan(src, -1) }

// scan is Scan stopping after limit tokens when limit >= 0: the tokens
// are the first limit tokens of Scan's.
func (s *Scanner) scan(src string, limit int) []Token {
	s.Directives = s.Directives[:0]
	s.Open = Unterminated{}
	s.addStr = false
	return s.scanFrom(src, s.Tokens[:0], limit)
}

// scanMore goes on with a scan of src that stopped at its limit, toks
// being the tokens it gave, up to limit tokens in all: the tokens are
// those of scan(src, limit). The scanner keeps no state between tokens
// but the directives and the unterminated one, which it keeps.
func (s *Scanner) scanMore(src string, toks []Token, limit int) []Token {
	return s.scanFrom(src, toks, limit)
}

// scanFrom scans src from the end of the last of toks (its start when
// there is none), appending to toks up to limit tokens in all.
func (s *Scanner) scanFrom(src string, toks []Token, limit int) []Token {
	var closed bool
	n := len(src)
	i := 0
	if len(toks) > 0 {
		i = int(toks[len(toks)-1].End)
	}
	for i < n && len(toks) != limit {
		// most tokens, in a loop that calls nothing: what is left for
		// the switch is the rest
		if i, toks = scanCommon(src, i, toks, limit); i >= n || len(toks) == limit {
			break
		}
		c := src[i]
		start := i
		var kind TokKind
		var k kw
		switch charClass[c] {
		case cSpace:
			for i++; i < n && charClass[src[i]] == cSpace; i++ {
			}
			continue
		case cN:
			if i+1 < n && src[i+1] == '\'' {
				if i, closed = scanQuoted(src, i+2, '\''); !closed {
					s.Open = Unterminated{What: "string", Start: start}
				} else if !s.addStr {
					s.addStr = stringAdd(src[start:i])
				}
				kind = TokNString
				break
			}
			i = scanWord(src, i+1)
			kind = TokIdent
			if i < n && (src[i-1] == '$' || src[i] == '{') {
				i, kind = scanWordPlaceholders(src, i, kind)
			}
			if w := i - start; kind == TokIdent && w <= 11 && kwFirst[w]>>(c&0x1f)&1 != 0 {
				k = keywordAt(src, start, i)
			}
		case cIdent:
			i = scanWord(src, i+1)
			kind = TokIdent
			if i < n && (src[i-1] == '$' || src[i] == '{') {
				i, kind = scanWordPlaceholders(src, i, kind)
			}
			// keywordAt's first test here: most words fail it, and pay no call
			if w := i - start; kind == TokIdent && w <= 11 && kwFirst[w]>>(c&0x1f)&1 != 0 {
				k = keywordAt(src, start, i)
			}
		case cDigit:
			i = scanNumber(src, i)
			kind = TokNumber
		case cQuote:
			if i, closed = scanQuoted(src, i+1, '\''); !closed {
				s.Open = Unterminated{What: "string", Start: start}
			} else if !s.addStr {
				s.addStr = stringAdd(src[start:i])
			}
			kind = TokString
		case cDQuote:
			if i, closed = scanQuoted(src, i+1, '"'); !closed {
				s.Open = Unterminated{What: "quoted identifier", Start: start}
			}
			kind = TokQuoted
		case cBracket:
			if i, closed = scanQuoted(src, i+1, ']'); !closed {
				s.Open = Unterminated{What: "bracketed identifier", Start: start}
			}
			kind = TokQuoted
		case cAt:
			i = scanWord(src, i+1)
			kind = TokVar
		case cDollar:
			if i+1 < n && src[i+1] == '(' {
				if j := sqlcmdVarEnd(src, i+1); j > 0 {
					i, kind = scanWordPlaceholders(src, scanWord(src, j), TokSqlcmdVar)
					break
				}
			}
			if j := scanPlaceholder(src, i); j > 0 {
				// a migration tool's ${name}: a name known only at run
				// time, with any word characters and placeholders after it
				i, kind = scanWordPlaceholders(src, scanWord(src, j), TokTemplate)
				break
			}
			if j := scanDbUpVariable(src, i); j > 0 {
				// DbUp's $name$, replaced before the script runs
				i, kind = scanWordPlaceholders(src, scanWord(src, j), TokTemplate)
				break
			}
			i = scanWord(src, i+1) // money literal $12, $PARTITION or a stray $
			kind = TokNumber
		case cMinus:
			if i+1 < n && src[i+1] == '-' {
				end := n
				if j := strings.IndexByte(src[i+2:], '\n'); j >= 0 {
					end = i + 2 + j
				}
				s.comment(src, toks, i, i+2, end)
				i = end
				continue
			}
			i++
			kind = TokPunct
		case cSlash:
			if i+1 < n && src[i+1] == '*' {
				end, closed := scanBlockComment(src, i+2)
				body := end - 2
				if !closed {
					body = end
					s.Open = Unterminated{What: "comment", Start: start}
				}
				s.comment(src, toks, i, i+2, body)
				i = end
				continue
			}
			i++
			kind = TokPunct
		case cLess:
			if j := scanTemplate(src, i); j > 0 {
				i = j
				kind = TokTemplate
				break
			}
			i = scanOperator(src, i)
			kind = TokPunct
		case cDot:
			if i+1 < n && src[i+1] >= '0' && src[i+1] <= '9' {
				i = scanNumber(src, i)
				kind = TokNumber
				break
			}
			i++
			kind = TokPunct
		default:
			if c != '{' {
				i = scanOperator(src, i)
				kind = TokPunct
				k = punctMark[c]
				break
			}
			if j := scanMustache(src, i); j > 0 {
				// grate's and RoundhousE's {{name}}, replaced before the
				// script runs, with any word characters after it
				i, kind = scanWordPlaceholders(src, scanWord(src, j), TokTemplate)
				break
			}
			i = scanOperator(src, i)
			kind = TokPunct
		}
		toks = append(toks, Token{Start: int32(start), End: int32(i), Kind: kind, kw: k})
		// the commonest next bytes: blanks and line breaks between two
		// tokens, skipped here rather than through the switch
		for i < n && charClass[src[i]] == cSpace {
			i++
		}
	}
	s.Tokens = toks
	return toks
}

// scanCommon scans from i the tokens most text is made of, as scanFrom
// does, and the blanks between them: words (but a word with a
// placeholder), variables, integers, strings and N'...' strings, quoted
// and bracketed names, and punctuation but "<" and "{" (and "." before a
// digit, and "-" and "/" that start a comment), appending them to toks up
// to limit tokens in all, while toks has room. It returns where it
// stopped: at the end of src, at the limit, or at the start of a token it
// leaves to scanFrom's switch. Its loop calls nothing (a call makes the
// compiler keep its state in memory, not registers): a keyword or a
// quoted token that it cannot read 8 bytes at a time (near the end of
// src), a string that may hold "add" (stringAdd, which the switch calls)
// and a full toks are left to the switch too.
func scanCommon(src string, i int, toks []Token, limit int) (int, []Token) {
	n := len(src)
	end := cap(toks) // the most tokens toks may hold here
	if uint(limit) < uint(end) {
		end = limit
	}
	// the tokens are stored in all, toks to end, t of them: an index
	// the compiler knows to be in range, with no bounds check (as the
	// offsets compared unsigned below: src[i] then needs none either)
	all, t := toks[:end], len(toks)
	for uint(i) < uint(n) && uint(t) < uint(len(all)) {
		c := src[i]
		start := i
		var kind TokKind
		var k kw
		var q byte
		switch charClass[c] {
		case cSpace:
			for i++; i < n && charClass[src[i]] == cSpace; i++ {
			}
			continue
		case cN:
			if i+1 < n && src[i+1] == '\'' {
				q, i, kind = '\'', i+2, TokNString
				goto quoted
			}
			fallthrough
		case cIdent:
			// a word stops here at a "$" too (wordCont): a word with a
			// placeholder or a "$" in it is left to the switch
			for i++; i < n && wordCont[src[i]]; i++ {
			}
			if uint(i) < uint(n) && (src[i] == '$' || src[i] == '{') {
				return start, all[:t]
			}
			kind = TokIdent
			// keywordAt, in line
			if w := i - start; w >= 2 && w <= 11 && kwFirst[w]>>(c&0x1f)&1 != 0 {
				if start+8 > n {
					return start, all[:t]
				}
				lo := load8(src, start) & kwMask[min(w, 8)]
				h := kwSlot(kwMul, lo)
				if kwLo[h] == lo && int(kwLens[h]) == w && (w <= 8 || load8(src, i-8)&kwFold == kwHi[h]) {
					k = kwCodes[h]
				}
			}
		case cAt:
			for i++; i < n && identCont[src[i]]; i++ {
			}
			kind = TokVar
		case cDigit:
			// a plain integer (scanNumber); a decimal point, an exponent
			// or a hexadecimal prefix next is left to the switch
			for i++; i < n && src[i] >= '0' && src[i] <= '9'; i++ {
			}
			if uint(i) < uint(n) && (src[i] == '.' || src[i]|0x20 == 'e' || src[i]|0x20 == 'x') {
				return start, all[:t]
			}
			kind = TokNumber
		case cDot, cMinus, cSlash:
			// ".5", "--" and "/*" are left to the switch; the rest is a
			// one-byte operator
			if i+1 < n && (c == '.' && src[i+1] >= '0' && src[i+1] <= '9' || c == '-' && src[i+1] == '-' || c == '/' && src[i+1] == '*') {
				return i, all[:t]
			}
			i++
			kind = TokPunct
		case cQuote:
			q, i, kind = '\'', i+1, TokString
			goto quoted
		case cDQuote:
			q, i, kind = '"', i+1, TokQuoted
			goto quoted
		case cBracket:
			q, i, kind = ']', i+1, TokQuoted
			goto quoted
		case cPunct:
			if c == '{' {
				return i, all[:t]
			}
			i++
			if i < n && (src[i] == '=' && assignOp[c] || c == '!' && (src[i] == '<' || src[i] == '>') || c == ':' && src[i] == ':') {
				i++ // scanOperator, in line
			}
			kind = TokPunct
			k = punctMark[c]
		default:
			return i, all[:t]
		}
	store:
		all[t] = Token{Start: int32(start), End: int32(i), Kind: kind, kw: k}
		t++
		// the commonest next byte, a blank between two tokens, skipped
		// here rather than through the switch, which takes the others
		if uint(i) < uint(n) && src[i] == ' ' {
			i++
		}
		continue
	quoted:
		// scanQuoted in line, from i (after the opening quote) to after
		// the q that closes the token (a doubled q is one q in it), 8
		// bytes at a time: the lowest byte whose high bit z sets is the
		// first q (quoteend.go). A string in which two bytes in a row are
		// "d" or "D" may hold "add", which stringAdd, in the switch, looks
		// at: dd gathers such pairs (and some that are not, as the test's
		// higher bytes may be wrong, and bytes past the closing quote are
		// looked at: the switch then answers).
		{
			qq := ppLo * uint64(q)
			var dd, prev uint64
			for {
				if i+8 > n {
					return start, all[:t] // near the end of src, or unterminated
				}
				x := load8(src, i)
				if q == '\'' {
					d := x | 0x2020202020202020 ^ 0x6464646464646464
					dz := (d - ppLo) &^ d & ppHi
					dd |= dz & (dz<<8 | prev>>56)
					prev = dz
				}
				y := x ^ qq
				if z := (y - ppLo) &^ y & ppHi; z != 0 {
					i += bits.TrailingZeros64(z)>>3 + 1
					if uint(i) < uint(n) && src[i] == q {
						i++ // a doubled quote: the pair before it ends in it
						prev = 0
						continue
					}
					break
				}
				i += 8
			}
			if dd != 0 {
				return start, all[:t]
			}
		}
		goto store
	}
	return i, all[:t]
}

// comment records a "sqllint:" directive comment; other comments are
// dropped. bodyStart/bodyEnd delimit the text inside the comment markers.
func (s *Scanner) comment(src string, toks []Token, start, bodyStart, bodyEnd int) {
	j := bodyStart
	for j < bodyEnd && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	const marker = "sqllint:"
	if bodyEnd-j < len(marker) || !strings.EqualFold(src[j:j+len(marker)], marker) {
		return
	}
	end := bodyEnd
	if src[start+1] == '-' && src[end-1] == '\r' {
		end-- // a line comment's text ends before the CR of a CRLF
	}
	d := ScannedDirective{Start: start, End: end, Body: strings.TrimSpace(src[j+len(marker) : bodyEnd])}
	if len(toks) > 0 {
		last := int(toks[len(toks)-1].End)
		d.Trailing = !strings.ContainsAny(src[last:start], "\r\n") // a lone CR ends a line too, as Pos counts lines
	}
	s.Directives = append(s.Directives, d)
}

func scanWord(src string, i int) int {
	for i < len(src) && identCont[src[i]] {
		i++
	}
	return i
}

// scanQuoted returns the offset after the closing quote q, treating a
// doubled quote as an escaped one, and whether there is one (else the
// offset is the end of src).
func scanQuoted(src string, i int, q byte) (int, bool) {
	for {
		j := strings.IndexByte(src[i:], q)
		if j < 0 {
			return len(src), false
		}
		i += j + 1
		if i < len(src) && src[i] == q {
			i++
			continue
		}
		return i, true
	}
}

// scanBlockComment returns the offset after the "*/" that closes a block
// comment whose body starts at i, and whether there is one (else the
// offset is the end of src). Block comments nest.
func scanBlockComment(src string, i int) (int, bool) {
	depth := 1
	n := len(src)
	for i < n {
		j := strings.IndexAny(src[i:], "*/")
		if j < 0 {
			return n, false
		}
		i += j
		if i+1 >= n {
			return n, false
		}
		if src[i] == '*' && src[i+1] == '/' {
			depth--
			i += 2
			if depth == 0 {
				return i, true
			}
			continue
		}
		if src[i] == '/' && src[i+1] == '*' {
			depth++
			i += 2
			continue
		}
		i++
	}
	return n, false
}

func scanNumber(src string, i int) int {
	n := len(src)
	if src[i] == '0' && i+1 < n && (src[i+1] == 'x' || src[i+1] == 'X') {
		i += 2
		for i < n && isHex(src[i]) {
			i++
		}
		return i
	}
	for i < n && src[i] >= '0' && src[i] <= '9' {
		i++
	}
	if i < n && src[i] == '.' {
		i++
		for i < n && src[i] >= '0' && src[i] <= '9' {
			i++
		}
	}
	if i+1 < n && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if src[j] == '+' || src[j] == '-' {
			j++
		}
		if j < n && src[j] >= '0' && src[j] <= '9' {
			i = j
			for i < n && src[i] >= '0' && src[i] <= '9' {
				i++
			}
		}
	}
	return i
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// assignOp are the first bytes of the two-byte operators ending in "=".
var assignOp = [256]bool{'<': true, '>': true, '!': true, '+': true, '-': true, '*': true, '/': true, '%': true, '&': true, '|': true, '^': true}

// scanOperator scans one operator: the two-character comparison and
// compound-assignment operators, "::", or a single character. A byte of a
// UTF-8 sequence never reaches here (it is a word character).
func scanOperator(src string, i int) int {
	if i+1 < len(src) {
		c, d := src[i], src[i+1]
		switch {
		case d == '=' && assignOp[c],
			c == '<' && d == '>', c == '!' && (d == '<' || d == '>'),
			c == ':' && d == ':':
			return i + 2
		}
	}
	return i + 1
}

// scanTemplate recognizes an SSMS template parameter <name, type, value>
// on one line, or a bare placeholder <Name>, and returns the offset after
// it, or 0. Neither is valid T-SQL, so a comparison never looks like one.
func scanTemplate(src string, i int) int {
	commas := 0
	word := true // only word characters so far: <Name>
	for j := i + 1; j < len(src) && j-i < 512; j++ {
		c := src[j]
		switch c {
		case ',':
			commas++
			word = false
		case '>':
			if j == i+1 || src[i+1] == ' ' {
				return 0
			}
			if commas == 2 || (word && commas == 0 && charClass[src[i+1]] != cDigit) {
				return j + 1
			}
			return 0
		case '<', '\n', '\r', '\'', ';', '(', ')':
			return 0
		default:
			if !identCont[c] || c == '@' || c == '$' {
				word = false
			}
		}
	}
	return 0
}

// scanWordPlaceholders continues a word that ends at i: while it ends in
// the "$" of a placeholder ${name} or of a sqlcmd variable $(name) left in
// the text (db_${env}, ${env}_db, db_$(SQLCMDSERVER), ${a}${b}), the
// reference and the word characters after it are part of the same name,
// which is then known only at run time (TokTemplate, or TokSqlcmdVar for
// a sqlcmd variable). It returns the end of the word and its kind.
func scanWordPlaceholders(src string, i int, kind TokKind) (int, TokKind) {
	for i < len(src) && (src[i-1] == '$' || src[i] == '{') {
		j, k := 0, TokTemplate
		switch {
		case src[i] == '{' && src[i-1] == '$':
			j = scanPlaceholder(src, i-1)
		case src[i] == '{':
			j = scanMustache(src, i)
		case src[i] == '(':
			if e := sqlcmdVarEnd(src, i); e > 0 {
				j, k = e, TokSqlcmdVar
			}
		}
		if j == 0 {
			break
		}
		i = scanWord(src, j)
		if kind != TokSqlcmdVar {
			kind = k
		}
	}
	return i, kind
}

// scanMustache recognizes a {{name}} token of grate or RoundhousE at i
// and returns the offset after it, or 0. "{{" is never T-SQL (an ODBC
// escape has one brace).
func scanMustache(src string, i int) int {
	if i+4 >= len(src) || src[i] != '{' || src[i+1] != '{' {
		return 0
	}
	for j := i + 2; j+1 < len(src) && j-i < 256; j++ {
		c := src[j]
		switch {
		case c == '}':
			if j == i+2 || src[j+1] != '}' {
				return 0
			}
			return j + 2
		case identCont[c] || c == '.' || c == '-':
		default:
			return 0
		}
	}
	return 0
}

// scanDbUpVariable recognizes a DbUp variable $name$ at i (a name that
// starts with a letter or "_" and ends at the next "$") and returns the
// offset after it, or 0: $PARTITION, $action and money ($12) have no
// closing "$".
func scanDbUpVariable(src string, i int) int {
	if i+2 >= len(src) || charClass[src[i+1]] != cIdent && charClass[src[i+1]] != cN || src[i+1] == '#' {
		return 0
	}
	for j := i + 2; j < len(src) && j-i < 256; j++ {
		c := src[j]
		switch {
		case c == '$':
			return j + 1
		case identCont[c] && c != '@':
		default:
			return 0
		}
	}
	return 0
}

// scanPlaceholder recognizes a Flyway-style placeholder ${name} or
// ${flyway:database} and returns the offset after it, or 0.
func scanPlaceholder(src string, i int) int {
	if i+2 >= len(src) || src[i+1] != '{' {
		return 0
	}
	for j := i + 2; j < len(src) && j-i < 256; j++ {
		c := src[j]
		switch {
		case c == '}':
			if j == i+2 {
				return 0
			}
			return j + 1
		case identCont[c] || c == ':' || c == '.' || c == '-':
		default:
			return 0
		}
	}
	return 0
}

// sqlcmdVarEnd returns the offset after the ")" of a sqlcmd variable
// reference whose "(" is at open, or 0. The ")" is looked for only as far
// as a valid name can reach (128 bytes): an unbounded search made a run
// of "$(" without ")" quadratic.
func sqlcmdVarEnd(src string, open int) int {
	rest := src[open+1 : min(len(src), open+2+maxVarName)]
	if e := strings.IndexByte(rest, ')'); e >= 0 && validVarName(rest[:e]) {
		return open + 2 + e
	}
	return 0
}

// maxVarName is the longest sqlcmd variable name the scanner reads.
const maxVarName = 128

func validVarName(s string) bool {
	if s == "" || len(s) > maxVarName {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80) {
			return false
		}
	}
	return true
}
