package parser

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxQuoted is the longest quoted token a message shows whole.
const maxQuoted = 128

// shortQuoted cuts each double-quoted token longer than maxQuoted bytes
// in msg (as %q writes it), saying how long it was: a statement that
// breaks on a million-character word gives a short message.
func shortQuoted(msg string) string {
	if len(msg) <= 2*maxQuoted {
		return msg
	}
	var b strings.Builder
	for {
		i, j, ok := nextQuoted(msg)
		if !ok {
			break
		}
		inner := msg[i+1 : j]
		b.WriteString(msg[:i+1])
		if len(inner) <= maxQuoted {
			b.WriteString(inner)
			b.WriteByte('"')
		} else {
			cut := maxQuoted
			for cut > 0 && !utf8.RuneStart(inner[cut]) {
				cut--
			}
			n := 0 // never end inside an escape
			for k := cut; k > 0 && inner[k-1] == '\\'; k-- {
				n++
			}
			cut -= n % 2
			b.WriteString(inner[:cut])
			b.WriteString(`..." (` + strconv.Itoa(utf8.RuneCountInString(inner)) + " characters)")
		}
		msg = msg[j+1:]
	}
	b.WriteString(msg)
	return b.String()
}

// nextQuoted finds the first double-quoted token of msg as %q writes it:
// msg[i] is its opening quote and msg[j] its closing one.
func nextQuoted(msg string) (i, j int, ok bool) {
	i = strings.IndexByte(msg, '"')
	if i < 0 {
		return 0, 0, false
	}
	j = i + 1
	for j < len(msg) && msg[j] != '"' {
		if msg[j] == '\\' {
			j++
		}
		j++
	}
	return i, j, j < len(msg)
}

// asWritten rewrites each double-quoted token of msg, a message quoted
// as Go's %q quotes (a path 'C:\b\x.bak' shown "'C:\\b\\x.bak'"), as the
// text is written in the script: between double quotes, a double quote
// in it doubled as T-SQL doubles it in a delimited identifier, and each
// control character (a tab, a line break) shown as its Unicode picture
// (␉, ␊), which no terminal acts on. A part that does not unquote is
// left as it is.
func asWritten(msg string) string {
	if strings.IndexByte(msg, '\\') < 0 {
		return msg // nothing escaped: the same text (the usual)
	}
	var b strings.Builder
	for {
		i, j, ok := nextQuoted(msg)
		if !ok {
			break
		}
		b.WriteString(msg[:i])
		v, err := strconv.Unquote(msg[i : j+1])
		if err != nil {
			b.WriteString(msg[i : j+1])
		} else {
			b.WriteByte('"')
			for _, r := range v {
				switch {
				case r == '"':
					b.WriteString(`""`)
				case r < 0x20:
					b.WriteRune(0x2400 + r) // ␀ … ␟
				case r == 0x7f:
					b.WriteRune(0x2421) // ␡
				case r >= 0x80 && r < 0xa0:
					b.WriteRune(utf8.RuneError)
				default:
					b.WriteRune(r)
				}
			}
			b.WriteByte('"')
		}
		msg = msg[j+1:]
	}
	b.WriteString(msg)
	return b.String()
}
