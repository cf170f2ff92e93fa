package parser

import (
	"fmt"
	"sort"
	"strings"
)

// A merge with a conflict leaves markers in a file (git, Mercurial and
// Subversion write the same ones): a <<<<<<< line, a ||||||| line (diff3's
// base), a ======= line and a >>>>>>> line. SQL Server refuses a script
// that holds them, so a statement of interest that runs into one is an
// SL001 that says so, once for the block (parseError): the finder of
// statements of interest does not look for them, so a block among other
// statements only is not reported.

// conflictMarker is the marker line that starts at off in text, "" when
// none: <<<<<<<, ||||||| or >>>>>>> at the start of a line, alone or
// followed by a blank and a label, or ======= alone on its line.
func conflictMarker(text string, off int) string {
	if off < 0 || off > 0 && text[off-1] != '\n' && text[off-1] != '\r' {
		return ""
	}
	line := text[off:]
	if i := strings.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	line = strings.TrimRight(line, " \t\r")
	if len(line) < 7 {
		return ""
	}
	switch m := line[:7]; m {
	case "<<<<<<<", "|||||||", ">>>>>>>":
		if len(line) == 7 || line[7] == ' ' || line[7] == '\t' {
			return m
		}
	case "=======":
		if len(line) == 7 {
			return m
		}
	}
	return ""
}

// conflictIn is the offset of the first marker line (conflictMarker)
// that starts in the lines of text from the one holding from to the one
// holding to, -1 when none. A marker counts only where token says one
// starts: a line of ======= inside a comment or string is text.
func conflictIn(text string, from, to int, token func(off int) bool) int {
	for p := strings.LastIndexByte(text[:from], '\n') + 1; p <= to && p < len(text); {
		if conflictMarker(text, p) != "" && token(p) {
			return p
		}
		i := strings.IndexByte(text[p:], '\n')
		if i < 0 {
			break
		}
		p += i + 1
	}
	return -1
}

// conflictBlock is the block of the marker line at off in text: the
// offset of its <<<<<<< line (off when the text before holds none since
// the last >>>>>>>), and the end of its >>>>>>> line (the text's end when
// none follows).
func conflictBlock(text string, off int) (start, end int) {
	start, end = off, len(text)
	for p := off; p > 0; {
		p = strings.LastIndexByte(text[:p-1], '\n') + 1
		if m := conflictMarker(text, p); m == "<<<<<<<" {
			start = p
			break
		} else if m == ">>>>>>>" {
			break
		}
	}
	for p := off; p < len(text); {
		if conflictMarker(text, p) == ">>>>>>>" {
			if i := strings.IndexByte(text[p:], '\n'); i >= 0 {
				end = p + i + 1
			}
			break
		}
		i := strings.IndexByte(text[p:], '\n')
		if i < 0 {
			break
		}
		p += i + 1
	}
	return start, end
}

// conflictError reports the SL001 of a statement of interest from
// offset from, of tokens toks, whose parse failed at offset to when a
// merge conflict marker line starts in the lines between (true): once
// for each conflict block of the batch, at the block's first marker.
func (s *splitter) conflictError(from, to int, toks []Token) bool {
	token := func(off int) bool {
		i := sort.Search(len(toks), func(i int) bool { return int(toks[i].Start) >= off })
		return i < len(toks) && int(toks[i].Start) == off
	}
	if from < 0 || from > len(s.text) {
		return false
	}
	off := conflictIn(s.text, from, min(to, len(s.text)), token)
	if off < 0 {
		return false
	}
	if off < s.conflictEnd {
		return true // the block's SL001 is reported
	}
	start, end := conflictBlock(s.text, off)
	s.conflictEnd = end
	m := conflictMarker(s.text, start)
	s.r.Diags = append(s.r.Diags, Diag{
		Rule: "SL001",
		Span: Span{Start: s.b.Pos(start), End: s.b.Pos(start + len(m))},
		Message: fmt.Sprintf("merge conflict marker %s: the script holds a merge conflict that was not resolved, "+
			"which SQL Server refuses at deployment; resolve it and remove the markers (a statement that runs into one is not checked)", m),
	})
	return true
}
