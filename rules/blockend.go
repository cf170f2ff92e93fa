package rules

import (
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// maxBlockScan bounds the bytes of one file that blockEnd reads, over all
// its calls: a directive before each of thousands of nested blocks must
// not make the suppressions quadratic. Past it a block ends at its BEGIN,
// as it did before blocks were read.
const maxBlockScan = 64 << 20

// isBlockBegin reports whether st is the BEGIN of a BEGIN ... END block
// (not BEGIN TRAN, BEGIN TRY, and the like: a statement of one word, or
// the BEGIN with the END CONVERSATION that starts its block, which the
// split reads as one statement).
func isBlockBegin(st *parser.Statement) bool {
	if st.Kind != parser.KindOther || st.Keyword() != "BEGIN" {
		return false
	}
	t := st.Text()
	n := len(t)
	for n > 0 && (t[n-1] == ';' || t[n-1] == ' ' || t[n-1] == '\t' || t[n-1] == '\r' || t[n-1] == '\n') {
		n--
	}
	return n == len("BEGIN") || n > len("BEGIN") && beginsEndConversation(t)
}

// blockOpener is "BEGIN" when st opens a BEGIN ... END block
// (isBlockBegin), "TRY" or "CATCH" when it is a BEGIN TRY or a BEGIN
// CATCH alone, whose block ends at END TRY or END CATCH, "" otherwise.
func blockOpener(st *parser.Statement) string {
	if isBlockBegin(st) {
		return "BEGIN"
	}
	if st.Kind != parser.KindOther || st.Keyword() != "BEGIN" {
		return ""
	}
	t := strings.TrimRight(st.Text(), "; \t\r\n")
	w := nextWord(t, len("BEGIN"))
	if (strings.EqualFold(w, "TRY") || strings.EqualFold(w, "CATCH")) && wordEnd(t, len("BEGIN")) == len(t) {
		return strings.ToUpper(w)
	}
	return ""
}

// beginsEndConversation reports whether t, a statement's text that
// starts with BEGIN, goes on with END CONVERSATION.
func beginsEndConversation(t string) bool {
	at := len("BEGIN")
	return strings.EqualFold(nextWord(t, at), "END") && strings.EqualFold(nextWord(t, wordEnd(t, at)), "CONVERSATION")
}

// blockEnd returns the offset in text after the END that closes the
// BEGIN ... END block whose BEGIN ends at from, or -1 when the text
// holds none before a GO line (a block does not span batches) or
// *budget bytes run out. Comments, strings, quoted names and sqlcmd
// command lines are passed over; CASE ... END, BEGIN TRY ... END TRY and
// BEGIN CATCH ... END CATCH nest; BEGIN TRAN, BEGIN DISTRIBUTED TRAN,
// BEGIN DIALOG, BEGIN CONVERSATION TIMER and END CONVERSATION open and
// close nothing.
func blockEnd(text string, from int, budget *int) int {
	depth := 1
	lineStart := false
	i := from
	for i < len(text) {
		if i-from >= *budget {
			*budget = 0
			return -1
		}
		c := text[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case lineStart && (c == ':' && (i+1 == len(text) || text[i+1] != ':') || c == '!' && i+1 < len(text) && text[i+1] == '!'):
			// a sqlcmd command (:setvar, :r, !!), alone on its line: no
			// T-SQL, its words open or close nothing (::fn_ is T-SQL)
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			if i = blockCommentEnd(text, i); i < 0 {
				i = len(text) // unterminated: the rest is comment
			}
		case c == '\'' || c == '"' || c == '[':
			i = quoteEnd(text, i)
		case wordByte(c):
			j := i + 1
			for j < len(text) && wordByte(text[j]) {
				j++
			}
			w := text[i:j]
			switch {
			case lineStart && strings.EqualFold(w, "GO") && goLine(text, j):
				return spend(budget, i-from, -1)
			case strings.EqualFold(w, "CASE"):
				depth++
			case strings.EqualFold(w, "BEGIN"):
				switch strings.ToUpper(nextWord(text, j)) {
				case "TRAN", "TRANSACTION", "DISTRIBUTED", "DIALOG", "CONVERSATION":
				default:
					depth++
				}
			case strings.EqualFold(w, "END"):
				if !strings.EqualFold(nextWord(text, j), "CONVERSATION") {
					depth--
				}
				if depth == 0 {
					end := j
					if n := nextWord(text, j); strings.EqualFold(n, "TRY") || strings.EqualFold(n, "CATCH") {
						end = wordEnd(text, j)
					}
					return spend(budget, end-from, end)
				}
			}
			i = j
		default:
			i++
		}
		lineStart = false
	}
	return spend(budget, i-from, -1)
}

// spend takes n bytes read from *budget and returns end, or -1 with
// the budget gone when n is more than it held.
func spend(budget *int, n, end int) int {
	if n > *budget {
		*budget = 0
		return -1
	}
	*budget -= n
	return end
}

// wordByte reports whether c may be part of a word (an identifier, a
// keyword, a variable or a number); bytes of multi-byte characters are.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '@' || c == '#' || c == '$' || c >= 0x80
}

// nextWord is the word after blanks at i, "" when something else
// comes first.
func nextWord(text string, i int) string {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
		i++
	}
	j := i
	for j < len(text) && wordByte(text[j]) {
		j++
	}
	return text[i:j]
}

// wordEnd is the offset after the word that follows blanks at i.
func wordEnd(text string, i int) int {
	w := nextWord(text, i)
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n') {
		i++
	}
	return i + len(w)
}

// goLine reports whether the rest of the line after GO at i makes it a
// batch separator: blanks, a count, a comment.
func goLine(text string, i int) bool {
	for i < len(text) && text[i] != '\n' {
		switch c := text[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c >= '0' && c <= '9':
			i++
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			return true
		default:
			return false
		}
	}
	return true
}

// quoteEnd is the offset after the string or quoted name that starts at
// i ('...', "...", [...], the closing character doubled inside), or
// len(text).
func quoteEnd(text string, i int) int {
	closer := text[i]
	if closer == '[' {
		closer = ']'
	}
	for j := i + 1; j < len(text); j++ {
		if text[j] == closer {
			if j+1 < len(text) && text[j+1] == closer {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(text)
}
