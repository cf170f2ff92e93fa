package parser

import (
	"fmt"
	"strings"
)

// unterminatedDiag is the SL001 of batch b, whose text ends inside open.
//
// When open is a string and an earlier string of the batch, closed, runs
// over a GO line, the message names that string too: sqlcmd ends no
// batch inside a string, so a quote missing before a GO makes that
// string run on to the next quote, and the quotes after it pair up the
// other way round, until the last one opens a string the file ends in.
// The opening reported is then far from the quote that is missing (a
// real backup script: MEDIADESCRIPTION = '... database; then GO, and
// SL001 pointed at a quote of the next statement, which looks closed).
//
// A batch that a GO line ends, or that ends before its file does (a
// variable's value opened the string or comment: sqlcmd finds GO lines
// before it substitutes, so the GO after it still ends the batch), has
// only the rest of the batch inside it: the file of its last run may
// end with it where the script goes on (the value in an included file).
func unterminatedDiag(b *Batch, open Unterminated) Diag {
	rest := "the rest of the file is inside it, so nothing after it is checked"
	if b.Dyn == nil && (b.AtGO || endsBeforeFile(b)) {
		rest = "the rest of its batch is inside it, so nothing after it in the batch is checked (sqlcmd finds GO lines before it substitutes variables: the batches after it still run)"
	}
	msg := fmt.Sprintf("unterminated %s starting here: %s", open.What, rest)
	if open.What == "string" {
		if str, goAt, ok := stringOverGO(b.Text[:open.Start]); ok {
			s, g := b.Pos(str).Position(), b.Pos(goAt).Position()
			msg += fmt.Sprintf("; the string at line %d, column %d runs over the GO of line %d, which ends no batch inside a string: "+
				"if that GO was meant to end one, the string lacks its closing quote", s.Line, s.Column, g.Line)
		}
	}
	return Diag{Rule: "SL001", Span: b.Span(open.Start, open.Start+1), Message: msg}
}

// stringOverGO finds the last string literal of text (a batch's text up
// to where it ends inside an unterminated token) that holds a GO line:
// it returns the offsets of the string's opening quote and of the first
// GO line in it. Only text with a GO line is scanned, a bounded run of
// tokens at a time.
func stringOverGO(text string) (str, goAt int, ok bool) {
	at := nextGOLine(text, 0) // the first GO line not before the tokens looked at
	if at < 0 {
		return 0, 0, false
	}
	sc := scannerPool.Get().(*Scanner)
	defer scannerPool.Put(sc)
	const step = 4096
	toks := sc.scan(text, step)
	for seen := 0; ; seen = 1 { // toks[0] was looked at in the last run
		for _, t := range toks[seen:] {
			for at >= 0 && at < int(t.Start) {
				at = nextGOLine(text, at+1)
			}
			if at < 0 {
				return str, goAt, ok
			}
			if (t.Kind == TokString || t.Kind == TokNString) && at < int(t.End) {
				str, goAt, ok = int(t.Start), at, true
			}
		}
		if len(toks) < step {
			return str, goAt, ok
		}
		toks = sc.scanMore(text, append(toks[:0], toks[len(toks)-1]), step)
	}
}

// nextGOLine returns the offset of the GO of the first line starting at
// or after from whose first non-blank bytes are GO followed by the end
// of the line, a blank or "--", as lineCommand reads a GO line, or -1.
func nextGOLine(text string, from int) int {
	i := from
	if i > 0 && text[i-1] != '\n' && text[i-1] != '\r' {
		i = lineAfter(text, i)
	}
	for ; i < len(text); i = lineAfter(text, i) {
		j := i
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j+1 >= len(text) || text[j]|0x20 != 'g' || text[j+1]|0x20 != 'o' {
			continue
		}
		k := j + 2
		if k == len(text) || ppIsBlank(text[k]) || text[k] == '\n' || text[k] == '\r' || k+1 < len(text) && text[k] == '-' && text[k+1] == '-' {
			return j
		}
	}
	return -1
}

// lineAfter returns the offset of the line after the one holding offset
// i (len(text) when there is none).
func lineAfter(text string, i int) int {
	if n := strings.IndexByte(text[i:], '\n'); n >= 0 {
		return i + n + 1
	}
	return len(text)
}

// endsBeforeFile reports whether the text of the file that batch b ends
// in goes on after the batch: its last run is not the end of its file
// (for a variable's value, the reference is not the last of the file).
func endsBeforeFile(b *Batch) bool {
	if len(b.Segs) == 0 {
		return false
	}
	sg := b.Segs[len(b.Segs)-1]
	if sg.File == nil {
		return false
	}
	t := sg.File.Text
	end := sg.In + len(b.Text) - sg.Out
	if sg.Subst {
		// the value stands for $(name): the batch ends after its ')'
		k := strings.IndexByte(t[min(sg.In, len(t)):], ')')
		if k < 0 {
			return false
		}
		end = sg.In + k + 1
	}
	return end < len(t)
}
