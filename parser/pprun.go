package parser

import (
	"math/bits"
	"unsafe"
)

// ppPassOn is the entry ppRun returns for a stop it leaves to the scanner
// at the byte itself (scanFile's "stop"): no bit of a line start, an
// indented line or a '<', whatever the mask.
const ppPassOn = ppPPlain | ppPLoud

// ppRunPass are the bits of a mask with which ppRun is ppStop: ppPNL
// (the tests set them all, to compare with the scanner alone).
var ppRunPass uint8 = ppPNL

// ppPCommand is the entry ppRun returns for a line that may be a GO line
// or a command: it then returns the offset of the line's first byte past
// its blanks, and the line's start as the start of the line. (No entry of
// ppPairTab has this bit.)
const ppPCommand = 1 << 7

// ppRun is ppStop, and the stops that need no more than a look at a few
// bytes taken care of on the way, in a function whose few live values
// survive its calls cheaply (in scanFile every stop cost a call that
// saved and reloaded a dozen of them): a quoted run with no '$' (while
// the batch may be plain, a single-quoted one when ppStringMatters, a
// name when ppNameMatters, says it does not matter), a line or an
// indented line that cannot start a GO line or a command, a letter where
// no word of interest starts, a CR, and comments that are not sqllint:
// directives. It returns, as ppStop, the first stop it leaves to
// scanFile and its entry (ppPLine for a line start, ppPassOn for a stop
// at the byte, ppPCommand), or len(s), with ls the start of the line it
// is on. It is the scanner's own logic, in the same order, for the masks
// of a line with no '<' or "${" (no ppPNL bit; with one it is ppStop).
// Its loop looks for stops up to lim, and no line start at or after lim
// is passed over: it returns max(i, lim) and a zero entry when it
// reaches lim without a stop, so that scanFile can look for the first
// line start at or after lim (where it calls p.reading).
func ppRun(s string, i, ls, lim int, mask uint8) (int, uint8, int) {
	n := len(s)
	base := unsafe.Pointer(unsafe.StringData(s))
	var e uint8
	if mask&ppRunPass != 0 {
		if i < lim {
			i, e = ppStop(base, i, lim, mask)
		}
		return i, e, ls
	}
	var j int
	// the finder for mask, the same all through the call: looked up
	// once, not at each stop that goes on far
	ft := ppFindFor(mask)
	goto scan
far:
	// After a stop that is seldom followed by another within sixteen bytes
	// (a letter passed over, a blank before a word, a quoted run: on 1,000
	// typical files, none, none and a quarter of them), the finder at once
	// where there is one, without the loop below first.
	if ft != nil && i+16 <= lim {
		if i, e = ppFind(base, i, lim, ft, mask); e != 0 {
			goto found
		}
	}
scan:
	// ppStop's loop, here so that a stop costs no call: the entries of
	// four bytes are ORed and tested once (most fours have no stop: a test
	// and branch less for three bytes in four), and when one of them
	// stops it is looked for at exact. (Eight at once cost more on lines
	// of a few bytes, whose stops are closer.)
	for ; i+16 <= lim; i += 16 {
		w := unsafe.Add(base, i-1)
		if (ppPairTab[ppPairLoad(w, 0)]|ppPairTab[ppPairLoad(w, 1)]|ppPairTab[ppPairLoad(w, 2)]|ppPairTab[ppPairLoad(w, 3)])&mask != 0 {
			goto exact
		}
		if (ppPairTab[ppPairLoad(w, 4)]|ppPairTab[ppPairLoad(w, 5)]|ppPairTab[ppPairLoad(w, 6)]|ppPairTab[ppPairLoad(w, 7)])&mask != 0 {
			i += 4
			goto exact
		}
		if (ppPairTab[ppPairLoad(w, 8)]|ppPairTab[ppPairLoad(w, 9)]|ppPairTab[ppPairLoad(w, 10)]|ppPairTab[ppPairLoad(w, 11)])&mask != 0 {
			i += 8
			goto exact
		}
		if (ppPairTab[ppPairLoad(w, 12)]|ppPairTab[ppPairLoad(w, 13)]|ppPairTab[ppPairLoad(w, 14)]|ppPairTab[ppPairLoad(w, 15)])&mask != 0 {
			i += 12
			goto exact
		}
		// Sixteen bytes without a stop: on with the finder (ppFindFor),
		// where there is one, to lim (it costs more than this loop for
		// the stops closer than that, such as the next line's GO after
		// a short line).
		if ft != nil {
			if i, e = ppFind(base, i+16, lim, ft, mask); e != 0 {
				goto found
			}
			break
		}
	}
	for ; i < lim; i++ {
		if e = ppPairTab[ppPairLoad(base, uintptr(i-1))]; e&mask != 0 {
			goto found
		}
	}
	return max(i, lim), 0, ls // (past lim after a quoted run or comment)
exact:
	// one of the four bytes from i stops
	if e = ppPairTab[ppPairLoad(base, uintptr(i-1))]; e&mask != 0 {
		goto found
	}
	if e = ppPairTab[ppPairLoad(base, uintptr(i))]; e&mask != 0 {
		i++
		goto found
	}
	if e = ppPairTab[ppPairLoad(base, uintptr(i+1))]; e&mask != 0 {
		i += 2
		goto found
	}
	e = ppPairTab[ppPairLoad(base, uintptr(i+2))]
	i += 3
found:
	if e&mask&ppPLines == 0 {
		if e&mask&ppPLess != 0 {
			return i, e, ls
		}
		if e&mask&ppPIndent == 0 {
			goto stop
		}
		// After a blank, a byte that may start a GO line or a command
		// (scanFile's rule).
		j = i - 1
		for j > 0 && (s[j-1] == ' ' || s[j-1] == '\t') {
			j--
		}
		if j > ls && s[j-1] == '\n' {
			i = j
			goto lineStart
		}
		if e&mask&^ppPIndent != 0 {
			goto stop
		}
		i++
		goto far
	}
	if e&mask&ppPBlank == 0 {
		// After a line feed, a byte that may start a GO line or a
		// command (ppPLine, no blank): lineStart's look, its blanks
		// left out.
		if i >= lim {
			return i, ppPLine, ls
		}
		if ppCommandHead(s, i) {
			return i, ppPCommand, i
		}
		ls = i
		goto first
	}
lineStart:
	j = i
	for j+4 <= n && s[j:j+4] == "    " {
		j += 4
	}
	for j < n && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	if j >= n || i >= lim {
		return i, ppPLine, ls
	}
	if ppLineStart[s[j]] && ppCommandHead(s, j) {
		return j, ppPCommand, i
	}
	ls, i = i, j
first:
	// The first byte after a line start or a comment, against the byte
	// before it (i > 0), as scanFile's "first".
	if i >= n {
		return n, 0, ls
	}
	if e = ppPairTab[uint16(s[i-1])|uint16(s[i])<<8]; e&mask&^(ppPLines|ppPIndent|ppPLess) == 0 {
		i++
		goto scan
	}
stop:
	switch c := s[i]; {
	// (the commonest stops first: quotes and brackets, half of them)
	case c == '\'' || c == '"' || c == '[':
		q := c
		if c == '[' {
			q = ']'
		}
		k := i + 1
		if k+8 <= n {
			x := ppLoad8(base, uintptr(k))
			a, b := x^(ppLo*uint64(q)), x^(ppLo*'$')
			if z := ((a-ppLo)&^a | (b-ppLo)&^b) & ppHi; z != 0 {
				k += bits.TrailingZeros64(z) >> 3
			} else {
				k = ppQuoteEndRest(s, k+8, q)
			}
		} else {
			k = ppQuoteEndRest(s, k, q)
		}
		if k >= n || s[k] != q {
			break // a '$', or no end
		}
		if k+1 >= n || s[k+1] != q {
			if mask&ppPPlain != 0 && (c == '\'' && ppStringMatters(s[i+1:k]) || c != '\'' && ppNameMatters(s[i+1:k])) {
				break
			}
			i = k + 1
			goto far
		}
		// Doubled quotes, escapes: on to the end, as scanFile's quoted
		// state, which looks at the string with its opening quote.
		for k+1 < n && s[k] == q && s[k+1] == q {
			k = ppQuoteEnd(s, k+2, q)
		}
		if k < n && s[k] == q && !(c == '\'' && mask&ppPPlain != 0 && ppStringMatters(s[i:k])) {
			i = k + 1
			goto far
		}
	case ppTabPlain[c]&ppAlways == 0:
		// A letter where a word of interest may start or show (only
		// the plain table stops at those): one makes the batch loud,
		// which scanFile sees to. The first letter of USE or RESTORE
		// (not the u of bacKUp) is passed over at once when the two
		// letters after it cannot continue either (ppInterestAt).
		if l := c | 0x20; (l == 'r' || l == 'u' && s[i-1]|0x20 != 'k') && !ppPairAt(s, i) || !ppInterestAt(s, i) {
			i++
			goto far
		}
		return i, ppPassOn, ls
	case c == '-':
		// A line comment (the scan stops at its second dash), passed
		// over to its line break unless it may be a sqllint: directive
		// or ends at a CR the T-SQL scanner reads on past.
		d := i - 1
		if s[d] != '-' {
			d = i
		}
		if d+1 < n && s[d+1] == '-' {
			if mask&ppPPlain != 0 && ppDirectiveAt(s, d+2) {
				return i, ppPassOn, ls
			}
			k := ppCommentEnd(s, d+2)
			if mask&ppPPlain != 0 && k+1 < n && s[k] == '\r' && s[k+1] != '\n' {
				return i, ppPassOn, ls
			}
			i = k
			goto first
		}
		i++
		goto first
	case c == '/':
		// A block comment, passed over to its end (they nest) unless it
		// may be a sqllint: directive or does not end.
		if i+1 < n && s[i+1] == '*' {
			if mask&ppPPlain != 0 && ppDirectiveAt(s, i+2) {
				return i, ppPassOn, ls
			}
			k, depth := i+2, 1
			for depth > 0 {
				if k = ppCommentStop(s, k); k+1 >= n {
					return i, ppPassOn, ls
				}
				switch {
				case s[k] == '/' && s[k+1] == '*':
					depth++
					k += 2
				case s[k] == '*' && s[k+1] == '/':
					depth--
					k += 2
				default:
					k++
				}
			}
			i = k
			goto first
		}
		i++
		goto first
	case c == '\r':
		i++
		if i < n && s[i] == '\n' {
			i++
		}
		goto lineStart
	}
	return i, ppPassOn, ls
}
