// Package udiff writes unified diffs that git apply and patch -p1 accept,
// for sqllint scan --diff.
package udiff

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Context is the number of unchanged lines shown around each change.
const Context = 3

// lines splits text after each "\n" into substrings of it; the last
// line may lack one.
func lines(text string) []string {
	out := make([]string, 0, strings.Count(text, "\n")+1)
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// view is data as a string, without a copy: the lines of a diff are
// read while the diff is made and never kept (a copy of each line of a
// 200 MB script was twice its size again, with the copy of its fix).
func view(data []byte) string { return unsafe.String(unsafe.SliceData(data), len(data)) }

// op is one line of an edit script.
type op struct {
	kind byte // ' ', '-', '+'
	a, b int  // line indexes in a (for ' ' and '-') and b (for ' ' and '+')
}

// File returns the diff of one file from old to updated, named path
// (slash-separated, relative to where git apply runs) with a/ and b/
// prefixes, or "" when they are equal.
func File(path string, old, updated []byte) string {
	var out strings.Builder
	w := bufio.NewWriter(&out)
	write(w, path, old, updated)
	w.Flush()
	return out.String()
}

// Write writes File(path, old, updated) to w a hunk at a time, rather than
// holding the diff of a large script whole.
func Write(w io.Writer, path string, old, updated []byte) error {
	bw := bufio.NewWriter(w)
	write(bw, path, old, updated)
	return bw.Flush()
}

// write is File, writing to out.
func write(out *bufio.Writer, path string, old, updated []byte) {
	if bytes.Equal(old, updated) {
		return
	}
	a, b := lines(view(old)), lines(view(updated))
	ops := diff(a, b)
	// A name with a blank ends in a tab on the ---/+++ lines, as git
	// writes it: GNU patch reads a name up to the first blank otherwise.
	tab := ""
	if strings.Contains(path, " ") {
		tab = "\t"
	}
	fmt.Fprintf(out, "diff --git %s %s\n--- %s%s\n+++ %s%s\n", quote("a/"+path), quote("b/"+path), quote("a/"+path), tab, quote("b/"+path), tab)
	// group the ops into hunks with Context lines around changes
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-Context, 0)
		end := i // end of the hunk (exclusive) in ops
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			// a run of unchanged lines: the hunk goes on if another change comes within 2*Context
			j := end
			for j < len(ops) && ops[j].kind == ' ' {
				j++
			}
			if j == len(ops) || j-end > 2*Context {
				end = min(end+Context, len(ops))
				break
			}
			end = j
		}
		writeHunk(out, ops[start:end], a, b)
		i = end
	}
}

func writeHunk(out *bufio.Writer, ops []op, a, b []string) {
	var na, nb int
	sa, sb := -1, -1
	for _, o := range ops {
		if o.kind != '+' {
			if sa < 0 {
				sa = o.a
			}
			na++
		}
		if o.kind != '-' {
			if sb < 0 {
				sb = o.b
			}
			nb++
		}
	}
	// an empty side starts at the line before (0 for the start of the file)
	if sa < 0 {
		sa = startOf(ops, true)
	} else {
		sa++
	}
	if sb < 0 {
		sb = startOf(ops, false)
	} else {
		sb++
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", rng(sa, na), rng(sb, nb))
	for _, o := range ops {
		var text string
		switch o.kind {
		case '+':
			text = b[o.b]
		default:
			text = a[o.a]
		}
		// (a bufio.Writer keeps its first error for Flush, which Write
		// returns)
		_ = out.WriteByte(o.kind)
		_, _ = out.WriteString(text)
		if !strings.HasSuffix(text, "\n") {
			_, _ = out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// startOf is the 1-based line after which an empty side of a hunk sits:
// the count of that side's lines before the hunk.
func startOf(ops []op, aSide bool) int {
	o := ops[0]
	if aSide {
		return o.a // index of the next a line == count of lines before
	}
	return o.b
}

func rng(start, n int) string {
	if n == 1 {
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, n)
}

// quote writes a file name as git does: in double quotes with C escapes
// when it holds a quote, a backslash or a control character (\a, \b, \t,
// \n, \v, \f, \r, others in octal: ESC is \033, DEL \177), so that no
// name from a pull request moves the cursor or colors the terminal. A C1
// control or a bidirectional one (which reorders what a reviewer reads)
// is written in octal too, as git's default core.quotePath writes every
// byte of non-ASCII names; other characters are left as they are (as
// with core.quotePath=false). git apply reads all of them back.
func quote(name string) string {
	if utf8.ValidString(name) && !strings.ContainsFunc(name, mustQuote) {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n == 1 {
			// a byte that is no UTF-8 (0x9b is CSI on an 8-bit
			// terminal): in octal, as git writes it
			fmt.Fprintf(&b, "\\%03o", name[i])
			i++
			continue
		}
		if !mustQuote(r) {
			b.WriteString(name[i : i+n])
			i += n
			continue
		}
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		default:
			for k := i; k < i+n; k++ {
				fmt.Fprintf(&b, "\\%03o", name[k])
			}
		}
		i += n
	}
	b.WriteByte('"')
	return b.String()
}

// mustQuote reports whether quote writes r escaped: a quote, a
// backslash, a C0 or C1 control, DEL or a bidirectional control.
func mustQuote(r rune) bool {
	return r == '"' || r == '\\' || r < 0x20 || r >= 0x7f && r < 0xa0 || unicode.Is(unicode.Bidi_Control, r)
}

// diff is a shortest edit script from a to b (Myers' O(ND) algorithm
// after trimming the common prefix and suffix).
func diff(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	// an edit script has a line of each side at least
	ops := make([]op, 0, max(len(a), len(b)))
	for i := 0; i < pre; i++ {
		ops = append(ops, op{' ', i, i})
	}
	mid := myers(a[pre:len(a)-suf], b[pre:len(b)-suf])
	for _, o := range mid {
		o.a += pre
		o.b += pre
		ops = append(ops, o)
	}
	for i := 0; i < suf; i++ {
		ops = append(ops, op{' ', len(a) - suf + i, len(b) - suf + i})
	}
	return ops
}

// maxExactD bounds the edit distance diffed exactly: Myers keeps a trace
// of O(D²) ints, so a diff of more than this many changed lines (a
// --fix over a large script) goes through resync instead.
const maxExactD = 2048

func myers(a, b []string) []op {
	if ops, ok := myersBounded(a, b, maxExactD); ok {
		return ops
	}
	return resync(a, b)
}

// myersBounded is Myers' algorithm, giving up (false) when the shortest
// edit script is longer than limit. The trace keeps, for each step d,
// only the 2d+3 diagonals the walk back reads.
func myersBounded(a, b []string, limit int) ([]op, bool) {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil, true
	}
	maxD := min(n+m, limit)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int // trace[d] is V[-d-1..d+1] before step d
	found := false
search:
	for d := 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: insert b[y]
			} else {
				x = v[off+k-1] + 1 // right: delete a[x]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				found = true
				break search
			}
		}
	}
	if !found {
		return nil, false
	}
	var rev []op
	x, y := n, m
	for d := len(trace) - 1; d >= 0; d-- {
		vd := trace[d]
		at := func(k int) int { return vd[k+d+1] }
		k := x - y
		var pk int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py && x > 0 && y > 0 {
			x--
			y--
			rev = append(rev, op{' ', x, y})
		}
		if d == 0 {
			break
		}
		if pk == k+1 {
			rev = append(rev, op{'+', px, py})
		} else {
			rev = append(rev, op{'-', px, py})
		}
		x, y = px, py
	}
	ops := make([]op, len(rev))
	for i := range rev {
		ops[i] = rev[len(rev)-1-i]
	}
	return ops, true
}

// resync is a valid edit script from a to b in bounded memory, for
// inputs too different to diff exactly: equal lines are kept as they
// come; at a difference the nearest line of a's next resyncWindow lines
// found among b's next resyncWindow lines is the next anchor, and the gap
// before it is diffed exactly when small (otherwise deleted, then
// inserted). Not always the shortest script, always a correct one.
func resync(a, b []string) []op {
	const resyncWindow = 512
	var ops []op
	var first map[string]int // made once, for a difference with no near anchor
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		if i < len(a) && j < len(b) && a[i] == b[j] {
			ops = append(ops, op{' ', i, j})
			i++
			j++
			continue
		}
		p, q := min(len(a), i+resyncWindow), min(len(b), j+resyncWindow)
		// the anchor: the first of a's lines found among b's, at its first
		// place there. Most differences of a --fix are a line changed,
		// whose anchor is the next line, found by looking (a map of b's
		// lines made for each was 600 MB of garbage for 40,000 fixes)
		x, y := nearAnchor(a[i:p], b[j:q], resyncNear)
		if x < 0 && p-i > resyncNear {
			if first == nil {
				first = make(map[string]int, resyncWindow)
			}
			clear(first)
			for y := q - 1; y >= j; y-- {
				first[b[y]] = y - j
			}
			for x1 := i + resyncNear; x1 < p; x1++ {
				if y1, ok := first[a[x1]]; ok {
					x, y = x1-i, y1
					break
				}
			}
		}
		if x >= 0 {
			p, q = i+x, j+y
		}
		if gap, ok := myersBounded(a[i:p], b[j:q], resyncWindow/2); ok {
			for _, o := range gap {
				ops = append(ops, op{o.kind, o.a + i, o.b + j})
			}
		} else {
			for x := i; x < p; x++ {
				ops = append(ops, op{'-', x, j})
			}
			for y := j; y < q; y++ {
				ops = append(ops, op{'+', p, y})
			}
		}
		i, j = p, q
	}
	return ops
}

// resyncNear is how many of a's lines resync looks for among b's one by
// one before it makes a map of b's lines.
const resyncNear = 4

// nearAnchor is the index in a of the first of a's first n lines that b
// holds, and its first index in b; -1, -1 for none.
func nearAnchor(a, b []string, n int) (int, int) {
	for x := range min(n, len(a)) {
		for y, l := range b {
			if l == a[x] {
				return x, y
			}
		}
	}
	return -1, -1
}

// LineMap maps the lines of updated to the lines of old they come from:
// m[i] is the 1-based line of old for line i+1 of updated. An unchanged
// line maps to itself; a changed line to the old line it replaces (the
// last one removed just before it), or an inserted line to the old line
// it comes before.
func LineMap(old, updated []byte) []int {
	a, b := lines(view(old)), lines(view(updated))
	m := make([]int, len(b))
	lastDel := -1
	for _, o := range diff(a, b) {
		switch o.kind {
		case ' ':
			m[o.b] = o.a + 1
			lastDel = -1
		case '-':
			lastDel = o.a
		case '+':
			if lastDel >= 0 {
				m[o.b] = lastDel + 1
			} else {
				m[o.b] = min(o.a+1, max(len(a), 1))
			}
		}
	}
	return m
}
