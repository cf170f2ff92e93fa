package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxShownName is the longest name a message shows whole: SQL Server's
// names (sysname) hold at most 128 characters.
const maxShownName = 128

// shown is a name as a message shows it: one longer than any SQL Server
// accepts is cut after 128 characters and says how long it is, so that a
// hostile or generated name does not make every message that names it
// as long as itself. Models and keys keep the name whole.
func shown(name string) string {
	if len(name) <= maxShownName {
		return name
	}
	n := utf8.RuneCountInString(name)
	if n <= maxShownName {
		return name
	}
	cut, i := 0, 0
	for cut = range name {
		if i == maxShownName {
			break
		}
		i++
	}
	return name[:cut] + "... (" + strconv.Itoa(n) + " characters)"
}

// shownNumber is a number as a message shows it: one of more than 40
// digits is cut, saying how many it has.
func shownNumber(s string) string {
	if len(s) <= 40 {
		return s
	}
	return s[:20] + "... (" + strconv.Itoa(len(s)) + " digits)"
}

// allDigits reports whether s is a whole number written in decimal.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// numberText reports whether s is a number token other than a variable
// (0x10, 1e3, 10.5, .5, $10).
func numberText(s string) bool {
	if s == "" || strings.HasPrefix(s, "$(") {
		return false
	}
	c := s[0]
	return c >= '0' && c <= '9' || c == '.' || c == '$'
}

// shownDuration is "num UNIT" as a message shows it, its number cut as
// shownNumber cuts it.
func shownDuration(raw string) string {
	num, unit, ok := strings.Cut(raw, " ")
	if !ok {
		return shownNumber(raw)
	}
	return shownNumber(num) + " " + unit
}

// maxWord is the longest blank-free run a parser diagnostic shows whole;
// a longer one is cut to keepWord characters.
const maxWord, keepWord = 512, 256

// shortWords cuts each blank-free run of over maxWord bytes in a parser
// diagnostic (a sqlcmd variable, an include path, a command name of a
// million characters), saying how long it was.
func shortWords(msg string) string {
	if len(msg) <= maxWord {
		return msg
	}
	var b strings.Builder
	for len(msg) > 0 {
		i := strings.IndexAny(msg, " \t\r\n")
		if i < 0 {
			i = len(msg)
		}
		word := msg[:i]
		if len(word) > maxWord {
			cut, n := 0, 0
			for cut = range word {
				if n == keepWord {
					break
				}
				n++
			}
			b.WriteString(word[:cut])
			b.WriteString("... (" + strconv.Itoa(utf8.RuneCountInString(word)) + " characters)")
		} else {
			b.WriteString(word)
		}
		if i < len(msg) {
			b.WriteByte(msg[i])
			i++
		}
		msg = msg[i:]
	}
	return b.String()
}
