package parser

// This file holds the types shared by the parser's stages:
//
//	bytes --Decode--> *File --Preprocess (sqlcmd)--> *Script{Batches}
//	      --Scan--> []Token --Split + grammar--> []*Statement
//
// Every stage keeps exact positions in the original files: a Batch's text
// may differ from the file (sqlcmd lines removed, $(var) substituted, :r
// includes inlined), and its Segments map every batch offset back to a
// file offset.

import "strings"

// Encoding is the character encoding a file was decoded from.
type Encoding uint8

// Encodings a .sql file may come in.
const (
	UTF8 Encoding = iota
	UTF8BOM
	UTF16LE // with BOM
	UTF16BE // with BOM
	CP1252  // bytes that are not valid UTF-8
)

func (e Encoding) String() string {
	switch e {
	case UTF8:
		return "utf-8"
	case UTF8BOM:
		return "utf-8-bom"
	case UTF16LE:
		return "utf-16le"
	case UTF16BE:
		return "utf-16be"
	case CP1252:
		return "cp1252"
	}
	return "unknown"
}

// Position is a resolved, human-facing position: 1-based line and column in
// the original file. Columns count characters (Unicode code points), not
// bytes, so they match what an editor shows whatever the file's encoding.
type Position struct {
	Path   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Offset int    `json:"-"` // byte offset in File.Text
}

// Pos is an unresolved position: a byte offset into a decoded file. It is
// cheap to carry and resolved to line and column only when reported.
type Pos struct {
	File   *File
	Offset int
}

// IsValid reports whether p points into a file.
func (p Pos) IsValid() bool { return p.File != nil }

// Position resolves p to line and column.
func (p Pos) Position() Position {
	if p.File == nil {
		return Position{}
	}
	return p.File.Position(p.Offset)
}

// Span is a half-open range [Start, End) in one file.
type Span struct {
	Start Pos
	End   Pos
}

// Segment maps a run of a Batch's text back to the file it came from.
// Batch offsets [Out, next segment's Out) come from File.Text starting at
// In. When Subst is true the run is the value of a $(var) substitution and
// every offset in it maps to In, the position of the "$(" in the file.
type Segment struct {
	Out   int
	File  *File
	In    int
	Subst bool
}

// Batch is the text between two GO separators, as sqlcmd would send it to
// the server: sqlcmd command lines removed, variables substituted, :r
// includes inlined.
type Batch struct {
	Text  string
	Segs  []Segment // sorted by Out; Segs[0].Out == 0; never empty
	Index int       // 0-based batch number within the script
	// Count is the n of "GO n" that ends it (1 by default; a count past
	// math.MaxInt32 is that), AtGO whether a GO line ends it: the script
	// goes on after it (not so at its end, :quit or :exit). The two share
	// a word: a Batch is kept for each statement of interest, and 64
	// bytes is a size class (a field more took 2 MB of a 477 MB script's
	// peak).
	Count int32
	AtGO  bool
	// Dyn is set on the batch of a constant string that an EXEC runs as
	// T-SQL (constant dynamic SQL); nil for a script's batches.
	Dyn *DynSource
}

// Pos maps an offset in b.Text to a position in a file.
func (b *Batch) Pos(off int) Pos {
	s := b.seg(off)
	if s.Subst {
		return Pos{File: s.File, Offset: s.In}
	}
	return Pos{File: s.File, Offset: s.In + off - s.Out}
}

// seg returns the segment that holds offset off of b.Text.
func (b *Batch) seg(off int) Segment {
	segs := b.Segs
	// Binary search for the last segment with Out <= off.
	lo, hi := 0, len(segs)
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if segs[m].Out <= off {
			lo = m
		} else {
			hi = m
		}
	}
	return segs[lo]
}

// Span maps the batch range [start, end) to a file range. The end is taken
// from the last byte of the range, so that text the range does not reach
// (a sqlcmd command line, an include) is never in it; a range ending in a
// substituted variable ends after the ")" of its $(var) reference.
func (b *Batch) Span(start, end int) Span {
	if segs := b.Segs; len(segs) == 1 && !segs[0].Subst && end > start {
		// a batch of one file's text, as most are: no segment to look
		// up, and both ends in the same file (Segs[0].Out is 0)
		f, in := segs[0].File, segs[0].In
		return Span{Start: Pos{File: f, Offset: in + start}, End: Pos{File: f, Offset: in + end}}
	}
	s := b.Pos(start)
	if end <= start {
		return Span{Start: s, End: s}
	}
	last := b.seg(end - 1)
	e := Pos{File: last.File, Offset: last.In + end - last.Out}
	if last.Subst {
		e.Offset = substEnd(last.File.Text, last.In)
	}
	if e.File != s.File { // a range that crosses an include boundary
		e = Pos{File: s.File, Offset: s.Offset + 1}
	}
	return Span{Start: s, End: e}
}

// substEnd is the offset after the ")" of the $(var) reference at offset
// at of text (a substituted segment's In), or at+1 if none is there.
func substEnd(text string, at int) int {
	if !strings.HasPrefix(text[at:], "$(") {
		return at + 1
	}
	for i := at + 2; i < len(text); i++ {
		if text[i] == ')' {
			return i + 1
		}
		if !ppIsVarNameByte(text[i]) {
			break
		}
	}
	return at + 1
}

// Severity of a finding.
type Severity uint8

// Severities, from least to most severe.
const (
	SevInfo Severity = iota + 1
	SevWarning
	SevError
)

func (s Severity) String() string {
	switch s {
	case SevInfo:
		return "info"
	case SevWarning:
		return "warning"
	case SevError:
		return "error"
	}
	return "none"
}

// Diag is a problem found while reading a script: an SL001 parse error or
// an SL002 sqlcmd error. Rules turn these into findings.
type Diag struct {
	Rule    string // "SL001" or "SL002"
	Span    Span
	Message string
}

// Directive is a "-- sqllint:..." comment, kept for the suppression logic.
type Directive struct {
	Span Span
	Text string // the comment text after "sqllint:", trimmed: "ignore SL302 reason"
	// Trailing is true when a statement token precedes the comment on the
	// same line (the directive then applies to that line).
	Trailing bool
	// Scope, when not 0, is the offset in the file where what a directive
	// before a statement covers ends, found from the whole script before
	// its statements were compacted (rules.Compact): the end of the
	// statement with the body, ELSE arm or BEGIN ... END block it holds.
	Scope int
}
