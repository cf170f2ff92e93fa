package baseline

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Fingerprint identifies a statement by its text, normalized so that what
// does not change its meaning does not change the fingerprint: comments
// are dropped, runs of white space become one space (none next to
// punctuation), everything outside string literals is lower-cased, a
// line break inside a literal or quoted name is "\n" (git checks the same
// commit out with CRLF on one machine and LF on another) and a trailing
// semicolon is dropped. It is 16 hex digits of a SHA-256.
func Fingerprint(statement string) string {
	sum := sha256.Sum256([]byte(Normalize(statement)))
	return hex.EncodeToString(sum[:8])
}

// Normalize is the text Fingerprint hashes.
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false // white space or a comment seen since the last token
	emit := func(tok string) {
		if space && b.Len() > 0 && wordByte(lastByte(&b)) && wordByte(tok[0]) {
			b.WriteByte(' ')
		}
		space = false
		b.WriteString(tok)
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			space = true
			i++
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			space = true
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			depth := 0
			for i < len(s) {
				if s[i] == '/' && i+1 < len(s) && s[i+1] == '*' {
					depth++
					i += 2
					continue
				}
				if s[i] == '*' && i+1 < len(s) && s[i+1] == '/' {
					depth--
					i += 2
					if depth == 0 {
						break
					}
					continue
				}
				i++
			}
			space = true
		case c == '\'':
			j := quoted(s, i, '\'')
			emit(lf(s[i:j]))
			i = j
		case c == '"':
			j := quoted(s, i, '"')
			emit(lf(strings.ToLower(s[i:j])))
			i = j
		case c == '[':
			j := quoted(s, i, ']')
			emit(lf(strings.ToLower(s[i:j])))
			i = j
		case (c == 'N' || c == 'n') && i+1 < len(s) && s[i+1] == '\'':
			j := quoted(s, i+1, '\'')
			emit("N" + lf(s[i+1:j]))
			i = j
		case wordByte(c):
			j := i
			for j < len(s) && wordByte(s[j]) {
				j++
			}
			emit(strings.ToLower(s[i:j]))
			i = j
		default:
			emit(s[i : i+1])
			i++
		}
	}
	return strings.TrimSuffix(b.String(), ";")
}

// quoted returns the offset after the literal that starts at s[i] and
// ends with end (doubled end characters are escapes).
func quoted(s string, i int, end byte) int {
	j := i + 1
	for j < len(s) {
		if s[j] == end {
			if j+1 < len(s) && s[j+1] == end {
				j += 2
				continue
			}
			return j + 1
		}
		j++
	}
	return len(s)
}

// lf is a literal with its CRLF line breaks made LF.
func lf(lit string) string {
	if strings.IndexByte(lit, '\r') < 0 {
		return lit
	}
	return strings.ReplaceAll(lit, "\r\n", "\n")
}

func lastByte(b *strings.Builder) byte { s := b.String(); return s[len(s)-1] }

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '@' || c == '#' || c == '$' || c >= 0x80 || c == '\'' || c == '"' || c == '[' || c == ']'
}
