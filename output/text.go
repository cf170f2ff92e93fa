package output

import (
	"bytes"
	"hash/maphash"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/sqllint/sqllint/report"
)

// ANSI escape sequences of the text format.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiGreen  = "\x1b[32m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
)

// continuation indents the second and later lines of a multi-line message.
const continuation = "    "

// tabWidth is the tab stop assumed when a tab falls inside an underlined
// range (tabs before the range are copied, so they align whatever the
// terminal's tab width).
const tabWidth = 8

type styler bool

func (s styler) paint(code, text string) string {
	if !s || text == "" {
		return text
	}
	return code + text + ansiReset
}

// appendPaint appends s.paint(code, text) to d.
func (s styler) appendPaint(d []byte, code, text string) []byte {
	if !s || text == "" {
		return append(d, text...)
	}
	d = append(d, code...)
	d = append(d, text...)
	return append(d, ansiReset...)
}

// appendSeverity appends sev to d, in its colour.
func (s styler) appendSeverity(d []byte, sev string) []byte {
	switch sev {
	case report.Error:
		return s.appendPaint(d, ansiRed, sev)
	case report.Warning:
		return s.appendPaint(d, ansiYellow, sev)
	default:
		return s.appendPaint(d, ansiBlue, sev)
	}
}

// writeText prints:
//
//	PATH:LINE:COL: SEVERITY SLnnn name: message
//	    continuation of a multi-line message
//	  LINE | source line
//	       | ^~~~~
//
// per finding, then the input errors (PATH: error: message), then a
// summary.
func writeText(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "text", r, opt)
}

// textFinding prints one finding and, when showSource is set and lineOf
// can give the line, its source line and marker.
func textFinding(b *bytes.Buffer, f *report.Finding, st styler, showSource bool, lineOf func(*report.Finding) (string, bool)) {
	textFindingWith(b, f, st, showSource, lineOf, nil)
}

// textFindingWith is textFinding reading long lines through sc (when not
// nil), which a printer keeps from one finding to the next. It reports
// whether what it wrote may hold "::" or "##", what defuseCI rewrites:
// when it does not, its lines need no rewrite (always true without sc).
func textFindingWith(b *bytes.Buffer, f *report.Finding, st styler, showSource bool, lineOf func(*report.Finding) (string, bool), sc *snippetCache) (risky bool) {
	path := sc.clean(f.Path)
	risky = path.risky || sc == nil
	// the finding's first line is appended to the buffer's free space
	// and written at once, not a piece at a time
	b.Grow(len(path.s) + len(f.RuleID) + len(f.RuleName) + len(f.Message) + 64)
	// the line's number, formatted once for the position and the snippet
	var numBuf [20]byte
	num := strconv.AppendInt(numBuf[:0], int64(f.Line), 10)
	d := appendPositionClean(b.AvailableBuffer(), path.s, f.Path, f.Line, num, f.Column)
	if sc == nil {
		var r bool
		d, r = appendRuleText(d, f, st, sc)
		risky = risky || r
	} else {
		seg := sc.ruleText(f, st)
		d = append(d, seg.text...)
		risky = risky || seg.risky
	}
	if c := sc.clean(f.Message); f.Confirmed == "" && c.oneLine {
		d = append(d, c.s...)
		d = append(d, '\n')
		b.Write(d)
		risky = risky || c.risky
	} else {
		b.Write(d)
		writeMessageLines(b, message(f))
		risky = true
	}
	if !showSource {
		return risky
	}
	src, ok := lineOf(f)
	if !ok {
		return risky
	}
	return writeSnippet(b, f, num, src, st, sc) || risky
}

// appendRuleText appends what a finding's line prints between its
// position and its message, ": SEVERITY SLnnn name: ", and reports
// whether it may hold "::" or "##" (textFindingWith).
func appendRuleText(d []byte, f *report.Finding, st styler, sc *snippetCache) ([]byte, bool) {
	risky := false
	d = append(d, ": "...)
	d = st.appendSeverity(d, severity(f.Severity))
	if f.RuleID != "" {
		id := sc.clean(f.RuleID)
		d = append(d, ' ')
		d = st.appendPaint(d, ansiBold, id.s)
		risky = risky || id.risky
	}
	if f.RuleName != "" {
		name := sc.clean(f.RuleName)
		d = append(d, ' ')
		d = append(d, name.s...)
		risky = risky || name.risky
	}
	return append(d, ": "...), risky
}

// ruleText is appendRuleText's text for f through sc's table: a run's
// findings come from a few dozen rules, whose severity, ID and name are
// the same strings finding after finding. A slot is picked by the rule
// ID (ruleSlot), and answers only while its strings are f's (compared:
// equal pointers first).
func (sc *snippetCache) ruleText(f *report.Finding, st styler) *ruleText {
	e := &sc.rules[ruleSlot(f.RuleID, ruleTextSlots)]
	if !e.set || e.id != f.RuleID || e.name != f.RuleName || e.sev != f.Severity || e.st != st {
		text, risky := appendRuleText(e.text[:0], f, st, sc)
		*e = ruleText{set: true, id: f.RuleID, name: f.RuleName, sev: f.Severity, st: st, text: text, risky: risky}
	}
	return e
}

// ruleText is appendRuleText's text for a severity, rule ID and name.
type ruleText struct {
	set           bool
	id, name, sev string
	st            styler
	text          []byte
	risky         bool
}

// ruleTextSlots is the size of snippetCache's table of ruleText.
const ruleTextSlots = 64

// ruleSlot is the slot of rule ID id in a table of n slots, from its
// length and last four bytes: the catalog's IDs (SL + three digits) each
// get one of their own in 64 (TestRuleSlots). A slot picked by where the
// ID's bytes are depended on how the linker laid out the IDs' strings:
// two 5-byte IDs in one 8-byte word shared a slot, and one build made
// twice the rule texts another did on the same findings.
func ruleSlot(id string, n int) int {
	h := uint(len(id))
	for i := max(0, len(id)-4); i < len(id); i++ {
		h = h*10 + uint(id[i]-'0')
	}
	return int(h % uint(n))
}

// position is PATH:LINE:COL, leaving out what is unknown (0).
func position(path string, line, col int) string {
	if path == "" {
		return "sqllint" // a run-level finding (live mode) has no place
	}
	s := cleanPath(cleanText(path))
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if col > 0 {
			s += ":" + strconv.Itoa(col)
		}
	}
	return s
}

// appendPositionClean appends position(path, line, col) to d, given
// cleaned, cleanText(path), and num, line formatted.
func appendPositionClean(d []byte, cleaned, path string, line int, num []byte, col int) []byte {
	if path == "" || line <= 0 {
		return append(d, position(path, line, col)...)
	}
	d = append(d, cleanPath(cleaned)...)
	d = append(d, ':')
	d = append(d, num...)
	if col > 0 {
		d = append(d, ':')
		d = strconv.AppendInt(d, int64(col), 10)
	}
	return d
}

// writeMessageLines writes msg and a newline; the second and later lines of
// a multi-line message are indented, so only the first line has the
// PATH:LINE:COL shape.
func writeMessageLines(b *bytes.Buffer, msg string) {
	if strings.IndexByte(msg, '\n') < 0 && strings.IndexByte(msg, '\r') < 0 {
		b.WriteString(cleanText(msg))
		b.WriteByte('\n')
		return
	}
	lines := strings.Split(normalizeNewlines(msg), "\n")
	for i, line := range lines {
		line = cleanText(line)
		if i > 0 {
			b.WriteByte('\n')
			if line != "" {
				b.WriteString(continuation)
			}
		}
		b.WriteString(line)
	}
	b.WriteByte('\n')
}

// Long lines are clipped around the finding, as rustc and ruff do: a line
// of more than maxSnippetChars characters is shown as a window of that many
// characters that starts snippetContext characters before the finding's
// column (or ends at the end of the line for a finding near it), with
// clipMarker where text was left out. A one-line 50 MB file so prints a
// short line per finding, not the whole file.
const (
	maxSnippetChars = 120
	snippetContext  = 40
	clipMarker      = "…"
)

// clipWindow returns the character range [from, to) of a line of n
// characters to show for a finding whose range starts at character start
// (0-based): the whole line when it is short enough.
func clipWindow(n, start int) (from, to int) {
	if n <= maxSnippetChars {
		return 0, n
	}
	from = max(0, start-snippetContext)
	to = from + maxSnippetChars
	if to > n {
		to = n
		from = n - maxSnippetChars
	}
	return from, to
}

// charSpan returns the byte offsets in s of characters [from, to); it
// reads s only up to the character to.
func charSpan(s string, from, to int) (bfrom, bto int) {
	bfrom = len(s)
	i, off := 0, 0
	for off < len(s) {
		if i == from {
			bfrom = off
		}
		if i == to {
			return bfrom, off
		}
		if s[off] < utf8.RuneSelf {
			off++
		} else {
			_, size := utf8.DecodeRuneInString(s[off:])
			off += size
		}
		i++
	}
	if i == from {
		bfrom = off
	}
	return bfrom, len(s)
}

// snippetCache holds what writeSnippet learnt of the last long line it
// clipped: its length in characters and the byte offset of every
// snippetMark-th character. The findings of one line come in a row, so
// that thousands of findings on one long line read it once, not once
// each, from its start.
type snippetCache struct {
	src   string
	n     int
	marks []int
	// cleaned holds the cleaned paths, rule names and messages of the
	// last findings by their text, byAddr by their address (see clean)
	cleaned [cleanSlots]cleaned
	byAddr  [addrSlots]cleaned
	// rules holds the text between a finding's position and its
	// message, by rule (ruleText)
	rules [ruleTextSlots]ruleText
}

const (
	// snippetLong is the length in bytes from which a line's characters
	// are counted once through a snippetCache. (A source line lent from a
	// reused buffer, whose bytes may later hold other text, is shorter:
	// analysis.lendMax.)
	snippetLong = 4 << 10
	// snippetMark is how many characters apart the cache marks offsets.
	snippetMark = 64
)

// cleanSlots is the size of snippetCache's table of cleaned strings: the
// paths, rule names and messages of a run's findings repeat, a few dozen
// in a file.
const cleanSlots = 512

// addrSlots is the size of snippetCache's table of cleaned strings by
// their address.
const addrSlots = 64

// cleaned is cleanText of a string, whether that string is one line
// (no line feed or carriage return: writeMessageLines prints it as
// cleanText of it and a newline), and whether the cleaned text is risky
// (ciRisky) where a finding's line prints it.
type cleaned struct {
	in, s   string
	oneLine bool
	risky   bool
}

// clean returns cleanText(s), whether s is one line and whether the
// cleaned text is risky, through sc's table when sc is not nil: a slot
// is picked by a hash of s (a finding's path, rule and message are
// mostly the same few texts, though not the same strings: a rule's
// message is formatted anew for each finding), and holds a string only
// while it is equal to s (compared, so a slot never answers for other
// text).
func (sc *snippetCache) clean(s string) cleaned {
	if sc == nil || s == "" {
		return newCleaned(s)
	}
	// first by where s's bytes are: a path, a rule ID and name are the
	// same strings finding after finding, found without hashing them
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	a := &sc.byAddr[(p>>3^p>>9^uintptr(len(s)))%addrSlots]
	if a.in == s {
		return *a
	}
	*a = sc.cleanByText(s)
	return *a
}

// cleanByText is clean through the table by text.
func (sc *snippetCache) cleanByText(s string) cleaned {
	h := maphash.String(cleanSeed, s)
	// two slots a string may be in, so that two texts of a run whose
	// findings alternate seldom take each other's place
	e, f := &sc.cleaned[h%cleanSlots], &sc.cleaned[(h>>32)%cleanSlots]
	if e.in == s {
		return *e
	}
	if f.in == s {
		return *f
	}
	if e.in != "" && f.in == "" {
		e = f
	}
	*e = newCleaned(s)
	return *e
}

var cleanSeed = maphash.MakeSeed()

func newCleaned(s string) cleaned {
	c := cleanText(s)
	return cleaned{s, c, strings.IndexByte(s, '\n') < 0 && strings.IndexByte(s, '\r') < 0, ciRisky(c)}
}

// ciRisky reports whether s, printed between the separators of a
// finding's line (which hold no ':' or '#' next to it but the ":" after
// the path and the rule), may make that line hold "::" or "##": whether
// it holds either, or starts or ends with ':' or '#'.
func ciRisky(s string) bool {
	if s == "" {
		return false
	}
	if c := s[0]; c == ':' || c == '#' {
		return true
	}
	if c := s[len(s)-1]; c == ':' || c == '#' {
		return true
	}
	return hasCIPair(s)
}

// hasCIPair reports whether s holds "::" or "##", the text defuseCI
// looks for.
func hasCIPair(s string) bool {
	for _, c := range [...]byte{':', '#'} {
		for t := s; ; {
			i := strings.IndexByte(t, c)
			if i < 0 || i+1 == len(t) {
				break
			}
			if t[i+1] == c {
				return true
			}
			t = t[i+2:] // no pair starts at i+1 either
		}
	}
	return false
}

// span returns the number of characters of src and the byte offsets in
// it of clipWindow for a finding at character start, reading src through
// the cache when it is long.
func (sc *snippetCache) span(src string, start int) (n, bfrom, bto int) {
	if sc == nil || len(src) < snippetLong {
		n = utf8.RuneCountInString(src)
		from, to := clipWindow(n, start)
		bfrom, bto = charSpan(src, from, to)
		return n, bfrom, bto
	}
	if sc.src != src {
		sc.src, sc.n, sc.marks = src, 0, sc.marks[:0]
		for off := 0; off < len(src); sc.n++ {
			if sc.n%snippetMark == 0 {
				sc.marks = append(sc.marks, off)
			}
			if src[off] < utf8.RuneSelf {
				off++
			} else {
				_, size := utf8.DecodeRuneInString(src[off:])
				off += size
			}
		}
	}
	n = sc.n
	from, to := clipWindow(n, start)
	c := from / snippetMark
	if c >= len(sc.marks) {
		return n, len(src), len(src)
	}
	base := sc.marks[c]
	bfrom, bto = charSpan(src[base:], from-c*snippetMark, to-c*snippetMark)
	return n, base + bfrom, base + bto
}

// snippetWindow returns what writeSnippet shows of src for a finding at
// character start: the character the window starts at, the byte offset
// in src where it ends, the cleaned text shown and, unless it is ASCII,
// its characters. With fast set, a short line of printable ASCII
// characters is taken as it is (the same answer, read once).
func snippetWindow(src string, start int, sc *snippetCache, fast bool) (from, bto int, shown string, runes []rune, ascii bool) {
	from, bto, shown, runes, ascii, _ = snippetWindowMarks(src, start, sc, fast)
	return from, bto, shown, runes, ascii
}

// snippetWindowMarks is snippetWindow, and whether the text shown is
// known to hold neither ':' nor '#' (so no "::" or "##": read with the
// test for printable ASCII).
func snippetWindowMarks(src string, start int, sc *snippetCache, fast bool) (from, bto int, shown string, runes []rune, ascii, noMarks bool) {
	if fast && len(src) < snippetLong {
		if printable, marks := printableMarks(src); printable {
			// one byte a character and nothing cleanText replaces: the
			// window's characters are its bytes
			from, bto = clipWindow(len(src), start)
			return from, bto, src[from:bto], nil, true, !marks
		}
	}
	chars, bfrom, bto := sc.span(src, start)
	from, _ = clipWindow(chars, start)
	// The shown text, one character per element: an ASCII line is
	// indexed as it is, any other as runes.
	shown = cleanText(src[bfrom:bto])
	if end := marksAt(src, bto); end > bto {
		// a window that ends among the marks of its last character
		// ends after them: "é…", not "e…"
		shown, bto = shown+src[bto:end], end
	}
	ascii = isASCII(shown)
	if !ascii {
		runes = []rune(shown)
		if from > 0 {
			// a window that starts among the marks of a character cut
			// (é written e and U+0301) leaves them out, up to the
			// finding: after the clip marker they would decorate it
			k := 0
			for k < len(runes) && from+k < start && runes[k] != '\t' && runeWidth(runes[k]) == 0 {
				k++
			}
			from, runes = from+k, runes[k:]
		}
		shown = string(runes)
	}
	return from, bto, shown, runes, ascii, false
}

// marksAt returns the end of the combining marks (at most
// snippetContext of them) that start at s[i:], i itself when none does.
func marksAt(s string, i int) int {
	for k := 0; i < len(s) && s[i] >= utf8.RuneSelf && k < snippetContext; k++ {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !unicode.In(r, unicode.Mn, unicode.Me) {
			break
		}
		i += size
	}
	return i
}

// writeSnippet prints the source line under a gutter with the line number,
// and a marker line underlining the range from the finding's column to its
// end column (or to the end of the line when the range spans lines). A
// long line is clipped around the range (see maxSnippetChars). It
// reports whether the text shown holds "::" or "##" (the marker line and
// the gutter hold neither ':' nor '#').
//
// num is f.Line formatted, when the finding's first line printed it
// already (nil: formatted here).
func writeSnippet(b *bytes.Buffer, f *report.Finding, num []byte, src string, st styler, sc *snippetCache) (risky bool) {
	var numBuf [20]byte
	if num == nil {
		num = strconv.AppendInt(numBuf[:0], int64(f.Line), 10)
	}
	gutterLen := 2 + len(num) + 3 // "  " + num + " | "

	start := f.Column - 1
	if start < 0 {
		start = 0
	}
	from, bto, shown, runes, ascii, noMarks := snippetWindowMarks(src, start, sc, true)
	n := len(shown)
	if !ascii {
		n = len(runes)
	}
	at := func(i int) rune {
		if ascii {
			return rune(shown[i])
		}
		return runes[i]
	}
	var prefix, suffix string
	if from > 0 {
		prefix = clipMarker
	}
	if bto < len(src) {
		suffix = clipMarker
	}

	// The source line and the marker line are appended to the buffer's
	// free space and written at once, not a piece at a time.
	b.Grow(2*(gutterLen+len(prefix)+len(shown)+len(suffix)) + 16)
	line := b.AvailableBuffer()
	line = append(line, "  "...)
	line = append(line, num...)
	line = append(line, " | "...)
	line = append(line, prefix...)
	line = append(line, shown...)
	line = append(line, suffix...)
	line = append(line, '\n')

	start -= from
	if start > n+1 {
		start = n + 1 // a column far past the end of the line
	}
	end := n
	if f.EndLine == f.Line && f.EndColumn > 0 {
		end = f.EndColumn - 1 - from
	}
	if end > n {
		end = n
	}

	// blank gutter, then the indentation: tabs are copied so the marker
	// aligns under the source whatever the tab width; other characters
	// become as many spaces as they take columns. vis tracks the visual
	// column (for tabs inside the range), counted from the start of the
	// gutter.
	line = append(line, "  "...)
	for range num {
		line = append(line, ' ')
	}
	line = append(line, " | "...)
	vis := gutterLen
	for _, r := range prefix {
		w := runeWidth(r)
		line = appendRepeat(line, ' ', w)
		vis += w
	}
	i := 0
	if ascii {
		// a run of characters of one column each, but tabs: spaces
		if k := min(start, n); strings.IndexByte(shown[:k], '\t') < 0 {
			line = appendRepeat(line, ' ', k)
			vis += k
			i = k
		}
	}
	for ; i < start; i++ {
		if i >= n {
			line = append(line, ' ')
			vis++
			continue
		}
		if ascii {
			// after cleanText an ASCII line holds no control
			// character but tabs: every other character is one column
			if shown[i] == '\t' {
				line = append(line, '\t')
				vis += tabWidth - vis%tabWidth
			} else {
				line = append(line, ' ')
				vis++
			}
			continue
		}
		r := at(i)
		if r == '\t' {
			line = append(line, '\t')
			vis += tabWidth - vis%tabWidth
			continue
		}
		w := runeWidth(r)
		line = appendRepeat(line, ' ', w)
		vis += w
	}
	width := 0
	if ascii && start < end && strings.IndexByte(shown[start:end], '\t') < 0 {
		width = end - start // one column a character
	} else {
		for i := start; i < end; i++ {
			var w int
			if ascii && shown[i] != '\t' {
				w = 1
			} else {
				r := at(i)
				w = runeWidth(r)
				if r == '\t' {
					w = tabWidth - (vis+width)%tabWidth
				}
			}
			width += w
		}
	}
	if st {
		line = append(line, ansiGreen...)
	}
	line = append(line, '^')
	line = appendRepeat(line, '~', width-1)
	if st {
		line = append(line, ansiReset...)
	}
	line = append(line, '\n')
	b.Write(line)
	return !noMarks && hasCIPair(shown)
}

// appendRepeat appends n copies of c to buf: a marker line's tildes and
// spaces, of a clipped line's width at most, are copied from a run of
// them rather than appended one by one.
func appendRepeat(buf []byte, c byte, n int) []byte {
	var run string
	switch c {
	case '~':
		run = tildes
	case ' ':
		run = spaces
	}
	for n > 0 && len(run) > 0 {
		k := min(n, len(run))
		buf = append(buf, run[:k]...)
		n -= k
	}
	for range n {
		buf = append(buf, c)
	}
	return buf
}

var (
	tildes = strings.Repeat("~", 2*maxSnippetChars)
	spaces = strings.Repeat(" ", 2*maxSnippetChars)
)

// isASCII reports whether s is all ASCII.
// printableASCII reports whether every byte of s is a printable ASCII
// character (0x20-0x7e): no tab, no control, no other character.
func printableASCII(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := word8(s[i : i+8])
		// a byte below 0x20, or one of 0x7f or above (x+1 sets its high
		// bit; a carry from 0xff only follows a byte already flagged)
		if ((x-ones*0x20)&^x|x|(x+ones))&highs != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// printableMarks is printableASCII(s) and, when s is printable, whether
// it holds ':' or '#': the test for printable bytes sixteen at a time
// without a branch a word, then the two bytes looked for with
// strings.IndexByte (half the instructions of one loop testing all three).
func printableMarks(s string) (printable, marks bool) {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	var bad uint64
	i := 0
	for ; i+16 <= len(s); i += 16 {
		x, y := word8(s[i:i+8]), word8(s[i+8:i+16])
		// a byte below 0x20, or one of 0x7f or above (x+1 sets its high
		// bit; a carry from 0xff only follows a byte already flagged)
		bad |= (x-ones*0x20)&^x | x | (x + ones) | (y-ones*0x20)&^y | y | (y + ones)
	}
	if i+8 <= len(s) {
		x := word8(s[i : i+8])
		bad |= (x-ones*0x20)&^x | x | (x + ones)
		i += 8
	}
	if i < len(s) && len(s) >= 8 {
		// the last bytes, as the last eight (read again in part)
		x := word8(s[len(s)-8:])
		bad |= (x-ones*0x20)&^x | x | (x + ones)
		i = len(s)
	}
	if bad&highs != 0 {
		return false, false
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false, false
		}
	}
	return true, strings.IndexByte(s, ':') >= 0 || strings.IndexByte(s, '#') >= 0
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func textSummary(b *bytes.Buffer, r *report.Report, t *tally) {
	files := plural(r.Files, "file", "files")
	if t.n == 0 {
		b.WriteString("no findings in " + files)
	} else {
		b.WriteString(plural(t.n, "finding", "findings"))
		b.WriteString(" (")
		b.WriteString(plural(t.errors, "error", "errors"))
		b.WriteString(", ")
		b.WriteString(plural(t.warnings, "warning", "warnings"))
		b.WriteString(", ")
		b.WriteString(plural(t.infos, "info", "infos"))
		b.WriteString(") in " + files)
	}
	if len(r.Errors) > 0 {
		b.WriteString(", " + plural(len(r.Errors), "input error", "input errors"))
	}
	b.WriteByte('\n')

	ids := make([]string, 0, len(t.byRule))
	for id := range t.byRule {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		rc := t.byRule[id]
		label := rc.id
		if rc.name != "" {
			label += " " + rc.name
		}
		b.WriteString("  " + cleanText(label) + ": " + strconv.Itoa(rc.n) + "\n")
	}
}

// cleanText makes text safe to print on a terminal: control characters
// other than tab (and newline, which callers split on first) are replaced
// by their Unicode control pictures (or U+FFFD), one character for one, so
// a source file cannot send escape sequences to the terminal and columns
// still line up. Unicode's bidirectional controls (U+202E and its kind)
// become U+FFFD too: in a snippet or a file name they reorder what a
// reviewer sees ("Trojan Source", CVE-2021-42574), and no script needs
// them to show right-to-left text.
func cleanText(s string) string {
	return replaceControls(s, false)
}

// cleanPath is a path cleaned by cleanText with its line breaks shown
// as ␊: a finding is one line, PATH:LINE:COL: ..., whatever the file's
// name (git allows a newline in one: "x\ndb/V1.sql" must not print a
// line that reads as a finding of db/V1.sql).
func cleanPath(cleaned string) string {
	if strings.IndexByte(cleaned, '\n') < 0 {
		return cleaned
	}
	return strings.ReplaceAll(cleaned, "\n", "\u240a")
}

// cleanLine is cleanText for the CI command formats, which escape CR and
// LF themselves: it keeps them.
func cleanLine(s string) string {
	return replaceControls(s, true)
}

func replaceControls(s string, keepCR bool) string {
	isControl := func(r rune) bool {
		if r == '\t' || r == '\n' || (keepCR && r == '\r') {
			return false
		}
		return r < 0x20 || (r >= 0x7f && r < 0xa0) || isBidiControl(r)
	}
	if !hasControl(s, keepCR) {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		switch {
		case !isControl(r):
			sb.WriteRune(r)
		case r < 0x20:
			sb.WriteRune(0x2400 + r) // ␀ … ␟
		case r == 0x7f:
			sb.WriteRune(0x2421) // ␡
		default:
			sb.WriteRune(utf8.RuneError)
		}
	}
	return sb.String()
}

// hasControl reports whether s holds a character replaceControls
// replaces: C0 controls (but tab, newline and, with keepCR, CR), DEL, and
// C1 controls (U+0080–U+009F, encoded C2 80–C2 9F), or a byte that is no
// UTF-8 (a file name's: 0x9B is CSI to a terminal that reads 8-bit
// controls).
func hasControl(s string, keepCR bool) bool {
	i := 0
	// eight bytes at a time while none is below 0x20, 0x7f, 0xc2 (the
	// lead byte of U+0080-U+009F), 0xd8 or 0xe2 (those of the
	// bidirectional controls): a message or a source line is mostly such
	// bytes, and each was tested on its own
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	for ; i+8 <= len(s); i += 8 {
		x := word8(s[i : i+8])
		below := (x - ones*0x20) &^ x & highs // some byte < 0x20
		del := x ^ ones*0x7f
		c2 := x ^ ones*0xc2
		d8 := x ^ ones*0xd8
		e2 := x ^ ones*0xe2
		if below|(del-ones)&^del&highs|(c2-ones)&^c2&highs|(d8-ones)&^d8&highs|(e2-ones)&^e2&highs != 0 {
			break // look at these bytes one by one
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c < 0x20:
			if c != '\t' && c != '\n' && !(keepCR && c == '\r') {
				return true
			}
		case c == 0x7f:
			return true
		case c == 0xc2:
			if i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] < 0xa0 {
				return true
			}
		case c == 0xd8 || c == 0xe2:
			if r, _ := utf8.DecodeRuneInString(s[i:]); isBidiControl(r) {
				return true
			}
		}
	}
	return !utf8.ValidString(s)
}

// isBidiControl reports whether r is one of Unicode's bidirectional
// formatting characters: the marks ALM, LRM and RLM, the embeddings and
// overrides LRE, RLE, PDF, LRO and RLO, and the isolates LRI, RLI, FSI
// and PDI.
func isBidiControl(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

// runeWidth is the number of terminal columns r takes: 0 for combining
// and format characters, 2 for East Asian wide and fullwidth characters
// and emoji, 1 otherwise. It is an approximation (no new dependency).
func runeWidth(r rune) int {
	if r < 0xAD { // below the first format character (soft hyphen)
		return 1
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	for _, w := range wideRanges {
		if r < w[0] {
			break
		}
		if r <= w[1] {
			return 2
		}
	}
	return 1
}

var wideRanges = [][2]rune{
	{0x1100, 0x115F},
	{0x2E80, 0x303E},
	{0x3041, 0x33FF},
	{0x3400, 0x4DBF},
	{0x4E00, 0x9FFF},
	{0xA000, 0xA4CF},
	{0xAC00, 0xD7A3},
	{0xF900, 0xFAFF},
	{0xFE30, 0xFE4F},
	{0xFF00, 0xFF60},
	{0xFFE0, 0xFFE6},
	{0x1F300, 0x1F64F},
	{0x1F900, 0x1F9FF},
	{0x20000, 0x2FFFD},
	{0x30000, 0x3FFFD},
}

// defuseCI rewrites the text written to b from start on so that no line
// is taken for a CI command when the text lands in a CI log (a pre-commit
// hook, "run: sqllint scan db"): the GitHub runner reads a line that
// starts with "::" (after spaces) as a workflow command, and the Azure
// agent reads "##vso[" anywhere in a line (and a leading "##[") as a
// logging command. File names, identifiers and comments of the scripts
// reach the text, so a pull request could otherwise forge annotations or
// set pipeline variables. The rewrite is visible but readable: "::"
// becomes ":%3A" and the "[" of "##vso[" becomes "%5B", as the azure
// format does for its plain lines.
func defuseCI(b *bytes.Buffer, start int) {
	text := b.Bytes()[start:]
	if !bytes.Contains(text, []byte("::")) && !bytes.Contains(text, []byte("##")) {
		return
	}
	lines := strings.SplitAfter(string(text), "\n")
	b.Truncate(start)
	for _, line := range lines {
		b.WriteString(DefuseCILine(line))
	}
}

// DefuseCILine is the rewrite of defuseCI for one line of plain text
// (without a newline inside), for other commands that print script text.
func DefuseCILine(line string) string {
	line = azureDefuse(line)
	body := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(body, "::") {
		line = line[:len(line)-len(body)] + ":%3A" + body[2:]
	}
	return line
}

// word8 is the eight bytes of w (len(w) == 8) as a little-endian word: one
// load, where eight byte reads of s[i+k] each kept a bounds check and
// were not combined.
func word8(w string) uint64 {
	_ = w[7]
	return uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 |
		uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
}
