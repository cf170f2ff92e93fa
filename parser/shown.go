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
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		j := i + 1
		for j < len(msg) && msg[j] != '"' {
			if msg[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(msg) {
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
