package rules

import (
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// DBCC SHRINKFILE and SHRINKDATABASE make files smaller: space a later
// MODIFY FILE (or an autogrowth) gives back is allocated, and zero-filled,
// anew. The model takes a shrunk file's size as the target the statement
// gives (the size it shrinks to when the file holds less data), or as
// unknown without one (or with target 0, or TRUNCATEONLY, which ignores
// the target), so that SL201 and SL202 weigh the growth after it
// (shrink-then-grow, as deployment scripts that "reclaim space" do)
// rather than take the file as still at its old size. NOTRUNCATE and
// EMPTYFILE leave the file's size as it is.

// isShrink reports whether st, an ordinary statement, may be a DBCC
// SHRINKFILE or SHRINKDATABASE: it starts with DBCC. Told by its first
// bytes: asked of every ordinary statement.
func isShrink(st *parser.Statement) bool {
	// inlined: the first byte alone tells most statements
	return st.Batch.Text[st.Start]|0x20 == 'd' && startsDBCC(st)
}

// startsDBCC reports whether st, a statement starting with d or D, is
// long enough for a DBCC SHRINKFILE and starts with DBCC.
func startsDBCC(st *parser.Statement) bool {
	t := st.Batch.Text
	return st.End-st.Start > len("DBCC SHRINKFILE") && strings.EqualFold(t[st.Start:st.Start+4], "DBCC")
}

// shrink applies DBCC SHRINKFILE (file [, target_mb | NOTRUNCATE |
// TRUNCATEONLY | EMPTYFILE]) or DBCC SHRINKDATABASE (db [, percent] [,
// NOTRUNCATE | TRUNCATEONLY]) to the files of the database it acts on
// (SHRINKFILE: the USE context's, ctx).
func (m *Model) shrink(e *Effect, ctx string) {
	st := e.Stmt
	toks := st.Tokens()
	if len(toks) < 4 || toks[1].Kind != parser.TokIdent || !isPunct(st, toks[2], "(") {
		return
	}
	var args []string // the arguments' text, as written
	var kinds []parser.TokKind
	for i := 3; i < len(toks); i++ {
		if isPunct(st, toks[i], ")") {
			break
		}
		if isPunct(st, toks[i], ",") {
			continue
		}
		args = append(args, st.TokenText(toks[i]))
		kinds = append(kinds, toks[i].Kind)
	}
	if len(args) == 0 {
		return
	}
	truncOnly := false // TRUNCATEONLY ignores any target
	for _, a := range args[1:] {
		if strings.EqualFold(a, "NOTRUNCATE") || strings.EqualFold(a, "EMPTYFILE") {
			return // the file keeps its size
		}
		truncOnly = truncOnly || strings.EqualFold(a, "TRUNCATEONLY")
	}
	switch cmd := st.TokenText(toks[1]); {
	case strings.EqualFold(cmd, "SHRINKFILE"):
		d := m.Databases[ctx]
		if d == nil || ctx == "" || d.Key == "tempdb" {
			return
		}
		if m.branch != nil {
			m.touch(d.Key)
		}
		var df DBFile
		var ok bool
		if kinds[0] == parser.TokNumber {
			df, ok = fileByID(d, args[0])
		} else {
			name := args[0]
			if kinds[0] == parser.TokString || kinds[0] == parser.TokNString {
				name = parser.StringValue(name)
			} else {
				name = parser.Unquote(name)
			}
			df, ok = d.Files.Get(strings.ToLower(name))
		}
		if !ok || df.Size == 0 {
			return
		}
		size := int64(0) // unknown, also after target 0: as far as it can
		if len(args) > 1 && kinds[1] == parser.TokNumber && !truncOnly {
			if mb, err := strconv.ParseInt(args[1], 10, 64); err == nil && mb > 0 && mb < df.Size>>20 {
				size = mb << 20
			} else if err == nil && mb > 0 {
				return // no smaller than the file: nothing shrinks
			}
		}
		// a copy, set back; a target is a lower bound: the shrink stops
		// short of it when the file holds more
		df.Size, df.AtLeast = size, size > 0
		d.Files.Set(df)
	case strings.EqualFold(cmd, "SHRINKDATABASE"):
		var d *Database
		switch {
		case kinds[0] == parser.TokNumber && args[0] == "0":
			d = m.Databases[ctx] // 0: the current database
		case kinds[0] == parser.TokString || kinds[0] == parser.TokNString:
			d = m.Databases[strings.ToLower(parser.StringValue(args[0]))]
		case kinds[0] == parser.TokIdent || kinds[0] == parser.TokQuoted:
			d = m.Databases[strings.ToLower(parser.Unquote(args[0]))]
		}
		if d == nil || d.Key == "tempdb" {
			return
		}
		if m.branch != nil {
			m.touch(d.Key)
		}
		var shrunk []DBFile
		for _, df := range d.Files.All() {
			shrunk = append(shrunk, df) // set back once all are read
		}
		for _, df := range shrunk {
			df.Size, df.AtLeast = 0, false
			d.Files.Set(df)
		}
	}
}

// fileByID is the file DBCC SHRINKFILE names by file id, and whether it
// is known: file id 1 is always the primary data file and 2 the first log
// file ("DBCC SHRINKFILE (2, 1)" is how log cleanup scripts shrink the
// log), told when d has only one file of that kind and no file whose name
// is not known. Not ok otherwise: which file is not known.
func fileByID(d *Database, id string) (df DBFile, ok bool) {
	if d.Unnamed != 0 || id != "1" && id != "2" {
		return DBFile{}, false
	}
	log := id == "2"
	for _, f := range d.Files.All() {
		if f.Log == log {
			if ok {
				return DBFile{}, false // more than one
			}
			df, ok = f, true
		}
	}
	return df, ok
}

// isPunct reports whether t, a token of st, is the punctuation p.
func isPunct(st *parser.Statement, t parser.Token, p string) bool {
	return t.Kind == parser.TokPunct && st.TokenText(t) == p
}
