package rules

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sqllint/sqllint/parser"
)

var sl301 = &Rule{
	ID: "SL301", Name: "target-recovery-time-zero", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for _, i := range p.effects(trtEffects) {
			e := &p.Model.Effects[i]
			if br, ok := builtRun(e); ok {
				builtTRT(p, e, br)
				continue
			}
			d := targetRecovery(e)
			if d == nil || !trtZero(d) {
				continue
			}
			fix := oneEdit("set TARGET_RECOVERY_TIME = 60 SECONDS", Edit{
				File: d.Span.Start.File, Start: d.Span.Start.Offset, End: d.Span.End.Offset,
				New: "TARGET_RECOVERY_TIME = 60 SECONDS",
			})
			if text := fileText(d.Span); !isTRTZero(text) {
				// comments inside the option stay: only the number and
				// the unit change; none when the option came (in part)
				// through a sqlcmd variable
				fix = nil
				if edits := trtZeroEdits(text, d.Span.Start.File, d.Span.Start.Offset); edits != nil {
					fix = &Fix{Description: "set TARGET_RECOVERY_TIME = 60 SECONDS", Edits: edits}
				}
			}
			db := dbName(e)
			p.report(d.ClauseSpan, fix, p.Model.memo(msgKey{rule: p.Rule, s: d.Raw, s2: db}, func() string {
				return trtMessage(d.Raw, db)
			}))
		}
	},
}

// targetRecovery is the TARGET_RECOVERY_TIME the statement of e sets: the
// parsed ALTER DATABASE's, or the copy Model.slim kept of a zero one when
// it let that go (nil when none).
func targetRecovery(e *Effect) *parser.Duration {
	if n, ok := e.Stmt.Node.(*parser.AlterDatabase); ok {
		return n.TargetRecovery
	}
	if e.more != nil {
		return e.more.trt
	}
	return nil
}

// trtZero reports whether d is a known TARGET_RECOVERY_TIME of 0, which
// turns indirect checkpoints off (SL301).
func trtZero(d *parser.Duration) bool { return d.Known && d.Seconds == 0 }

// isTRTZero reports whether s is text a TARGET_RECOVERY_TIME = 0 fix may
// replace: all of s as (?is)^TARGET_RECOVERY_TIME\s*=\s*0+\s+(SECONDS|MINUTES)$
// matches it, by hand (a regular expression cost more than the rule).
func isTRTZero(s string) bool {
	i := foldWordAt(s, 0, "TARGET_RECOVERY_TIME")
	if i < 0 {
		return false
	}
	i = skipSpaces(s, i)
	if i == len(s) || s[i] != '=' {
		return false
	}
	i = skipSpaces(s, i+1)
	j := i
	for j < len(s) && s[j] == '0' {
		j++
	}
	if j == i {
		return false
	}
	if i = skipSpaces(s, j); i == j {
		return false
	}
	if j = foldWordAt(s, i, "SECONDS"); j < 0 {
		j = foldWordAt(s, i, "MINUTES")
	}
	return j == len(s)
}

// trtZeroEdits are the edits that make s, the text at offset off of f,
// TARGET_RECOVERY_TIME = 60 SECONDS while keeping the comments it holds:
// s matches isTRTZero's pattern once its comments count as white space.
// nil when it does not.
func trtZeroEdits(s string, f *parser.File, off int) []Edit {
	i := foldWordAt(s, 0, "TARGET_RECOVERY_TIME")
	if i < 0 {
		return nil
	}
	i = skipTrivia(s, i)
	if i == len(s) || s[i] != '=' {
		return nil
	}
	num := skipTrivia(s, i+1)
	j := num
	for j < len(s) && s[j] == '0' {
		j++
	}
	if j == num {
		return nil
	}
	unit := skipTrivia(s, j)
	if unit == j {
		return nil
	}
	end := foldWordAt(s, unit, "SECONDS")
	if end < 0 {
		end = foldWordAt(s, unit, "MINUTES")
	}
	if end != len(s) {
		return nil
	}
	if skipSpaces(s, j) == unit {
		// the comments lie elsewhere: one edit for the number and unit
		return []Edit{{File: f, Start: off + num, End: off + end, New: "60 SECONDS"}}
	}
	return []Edit{
		{File: f, Start: off + num, End: off + j, New: "60"},
		{File: f, Start: off + unit, End: off + end, New: "SECONDS"},
	}
}

// skipTrivia returns the end of the run of white space and comments (--
// to the end of the line, /* */ nested as T-SQL nests them) at i in s; a
// block comment left open ends the run where it starts.
func skipTrivia(s string, i int) int {
	for {
		i = skipSpaces(s, i)
		switch {
		case strings.HasPrefix(s[i:], "--"):
			n := strings.IndexByte(s[i:], '\n')
			if n < 0 {
				return len(s)
			}
			i += n
		case strings.HasPrefix(s[i:], "/*"):
			k := blockCommentEnd(s, i)
			if k < 0 {
				return i // left open
			}
			i = k
		default:
			return i
		}
	}
}

// skipSpaces returns the end of the run of \s ([\t\n\f\r ]) at i in s.
func skipSpaces(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	return i
}

// foldWordAt returns the end of word (upper-case ASCII) in s at i, matched
// as (?i) matches it: ASCII letters in either case, and also the letters
// Unicode folds to S and K (ſ and the Kelvin sign); -1 when it is not
// there.
func foldWordAt(s string, i int, word string) int {
	for k := 0; k < len(word); k++ {
		c := word[k]
		switch {
		case i < len(s) && (s[i] == c || 'A' <= c && c <= 'Z' && s[i] == c+'a'-'A'):
			i++
		case c == 'S' && strings.HasPrefix(s[i:], "\u017f"):
			i += len("\u017f")
		case c == 'K' && strings.HasPrefix(s[i:], "\u212a"):
			i += len("\u212a")
		default:
			return -1
		}
	}
	return i
}

// fileText is the file's text under s, "" when s is not one range of one
// file.
func fileText(s parser.Span) string {
	if s.Start.File == nil || s.Start.File != s.End.File || s.Start.Offset > s.End.Offset || s.End.Offset > len(s.Start.File.Text) {
		return ""
	}
	return s.Start.File.Slice(s.Start.Offset, s.End.Offset)
}

// sameText reports whether the file text at s starts with prefix (case
// insensitive): fixes are only offered where the file says what the batch
// says.
func sameText(s parser.Span, prefix string) bool {
	f := s.Start.File
	return len(f.Text)-s.Start.Offset >= len(prefix) && strings.EqualFold(f.Slice(s.Start.Offset, s.Start.Offset+len(prefix)), prefix)
}

func dbName(e *Effect) string {
	if e.DB != nil {
		return shown(e.DB.Name)
	}
	if n := e.Stmt.Database(); n != nil {
		return shown(n.Value)
	}
	return "the current database"
}

var sl302 = &Rule{
	ID: "SL302", Name: "checkpoint-duration", Severity: parser.SevWarning,
	Options: []Option{{Name: "max-duration", Default: 0, Unit: "s",
		Doc: "largest CHECKPOINT duration accepted; 0 flags any explicit duration"}},
	Run: func(p *Pass) {
		effects := p.effects(checkpointEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		limit := p.Opt("max-duration")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			c, ok := e.Stmt.Node.(*parser.Checkpoint)
			if !ok {
				if br, ok := builtRun(e); ok {
					builtCheckpoints(p, e, br, limit)
				}
				continue
			}
			n, unit, overInt, zero, ok := checkpointDuration(c, limit)
			if !ok {
				continue
			}
			var fix *Fix
			kw := e.Stmt.Span().Start
			if c.DurationSpan.Start.File == kw.File && sameText(e.Stmt.Span(), "CHECKPOINT") && fileText(c.DurationSpan) == c.DurationRaw {
				start := kw.Offset + len("CHECKPOINT")
				if gap := kw.File.Slice(start, c.DurationSpan.Start.Offset); strings.TrimSpace(gap) != "" {
					// a comment between keyword and duration stays: only
					// the duration and the blanks before it on its line go
					start += len(strings.TrimRight(gap, " \t"))
				}
				fix = oneEdit("remove the duration", Edit{
					File: kw.File, Start: start, End: c.DurationSpan.End.Offset,
				})
			}
			if overInt {
				p.report(e.Stmt.Span(), fix, overIntMessage(n))
				continue
			}
			if zero {
				p.report(e.Stmt.Span(), fix, zeroMessage(n))
				continue
			}
			p.report(e.Stmt.Span(), fix, p.Model.memo(msgKey{rule: p.Rule, s: n, s2: unit}, func() string {
				return checkpointMessage(n, unit)
			}))
		}
	},
}

// trtMessage is SL301's message for TARGET_RECOVERY_TIME = raw set for
// the database db names.
func trtMessage(raw, db string) string {
	return "TARGET_RECOVERY_TIME = " + shownDuration(raw) + " turns off indirect checkpoints for " + db +
		": automatic checkpoints then write dirty pages in bursts; use 60 SECONDS, the default since SQL Server 2016"
}

// checkpointMessage is SL302's message for CHECKPOINT n (in unit).
func checkpointMessage(n, unit string) string {
	return "CHECKPOINT " + n + " asks SQL Server to stretch the checkpoint over " + n +
		unit + "; a duration throttles a checkpoint and never speeds it up (measured: 20 dirty pages took 4 ms with a plain CHECKPOINT, 6,274 ms with CHECKPOINT 10)"
}

// zeroMessage is SL302's message for CHECKPOINT n of 0 s.
func zeroMessage(n string) string {
	return "CHECKPOINT " + shownNumber(n) + " asks for a duration of 0 s: SQL Server accepts only an int greater than zero, so the statement fails; remove the duration"
}

// overIntMessage is SL302's message for CHECKPOINT n over the largest int.
func overIntMessage(n string) string {
	return "CHECKPOINT " + shownNumber(n) + " asks for a duration over the largest int, 2,147,483,647 s: SQL Server accepts only an int greater than zero, so the statement fails; remove the duration"
}

// checkpointDuration is the duration of c that SL302 reports with the
// limit max-duration, as a message shows it (n, and its unit); overInt
// when it is over the largest int, zero when it is 0: SQL Server rejects
// both. ok is false when SL302 reports none.
func checkpointDuration(c *parser.Checkpoint, limit float64) (n, unit string, overInt, zero, ok bool) {
	switch {
	case c.Duration != nil && *c.Duration > math.MaxInt32 || c.Duration == nil && allDigits(c.DurationRaw):
		// The duration is an int: SQL Server rejects a larger one
		// whatever max-duration says.
		return c.DurationRaw, " s", true, false, true
	case c.Duration != nil && *c.Duration == 0:
		// and one greater than zero: 0 is not a duration either,
		// whatever max-duration says
		return c.DurationRaw, " s", false, true, true
	case c.Duration != nil && float64(*c.Duration) > limit:
		return strconv.FormatInt(*c.Duration, 10), " s", false, false, true
	case c.Duration == nil && limit == 0 && (strings.HasPrefix(c.DurationRaw, "@") || numberText(c.DurationRaw)):
		// a variable, or a number not written as a whole number
		// of seconds (0x10, 1e3, 10.5): a duration all the same
		return c.DurationRaw, " seconds", false, false, true
	}
	return "", "", false, false, false
}

// passedOver are the statements SL303 looks through between a CHECKPOINT
// and the BACKUP after it.
var passedOver = map[string]bool{"PRINT": true, "SET": true, "DECLARE": true}

// passesOver reports whether SL303 looks through st (a statement that is
// not of interest): PRINT, SET, DECLARE, and the BEGIN of a BEGIN ... END
// or BEGIN TRY block, which executes nothing itself. BEGIN TRAN, BEGIN
// DIALOG and the like do execute, a BEGIN CATCH body runs only after an
// error, and a BEGIN the splitter kept together with more words (a
// procedure called by name) holds code: those stop it.
func passesOver(st *parser.Statement) bool {
	if st.Start >= st.End {
		return false // no word
	}
	// told by the first byte when it is ASCII and starts none of the
	// words taken (INSERT, UPDATE, EXEC, IF: most of the statements the
	// Compactor asks about), without reading the word; a byte that is not
	// ASCII may be a letter Keyword upper-cases to one of theirs
	if c := st.Batch.Text[st.Start]; c < utf8.RuneSelf {
		switch c | 0x20 {
		case 'b', 'd', 'p', 's':
		default:
			return false
		}
	}
	var kw string
	switch w, ok := asciiKeyword(st); {
	case !ok:
		kw = st.Keyword()
	case len(w) == 5 && asciiFold(w, "BEGIN"):
		kw = "BEGIN"
	default:
		// PRINT, SET or DECLARE in any case, without Keyword's upper-case
		// copy or a map: the Compactor asks for every statement it drops
		return len(w) == 3 && asciiFold(w, "SET") || len(w) == 5 && asciiFold(w, "PRINT") || len(w) == 7 && asciiFold(w, "DECLARE")
	}
	if kw != "BEGIN" {
		return passedOver[kw]
	}
	return blockBegins(st)
}

// blockBegins reports whether st, a statement starting with BEGIN, is
// only the start of a BEGIN ... END or BEGIN TRY block.
func blockBegins(st *parser.Statement) bool {
	toks := st.Tokens()
	if n := len(toks); n > 1 && toks[n-1].Kind == parser.TokPunct && st.TokenText(toks[n-1]) == ";" {
		toks = toks[:n-1]
	}
	switch len(toks) {
	case 1:
		return true
	case 2:
		return toks[1].Kind == parser.TokIdent && strings.EqualFold(st.TokenText(toks[1]), "TRY")
	}
	return false
}

// asciiKeyword is st's first word (st.Keyword, as written) when it is
// made of ASCII letters only (ok); "" and true when it is ASCII but more
// than letters (digits, _, #, @, $: no keyword passesOver takes). A word
// with other bytes is not ok: Keyword upper-cases it as Unicode does.
func asciiKeyword(st *parser.Statement) (string, bool) {
	t := st.Batch.Text
	i := st.Start
	for i < st.End && ('a' <= t[i]|0x20 && t[i]|0x20 <= 'z') {
		i++
	}
	if i < st.End {
		switch c := t[i]; {
		case c >= 0x80:
			return "", false
		case '0' <= c && c <= '9', c == '_', c == '#', c == '@', c == '$':
			return "", true
		}
	}
	return t[st.Start:i], true
}

// asciiFold reports whether w is upper, an upper-case ASCII word, in any
// case.
func asciiFold(w, upper string) bool {
	if len(w) != len(upper) {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i]&^0x20 != upper[i] {
			return false
		}
	}
	return true
}

var sl303 = &Rule{
	ID: "SL303", Name: "checkpoint-before-backup", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		effects := p.Model.Effects
		for i := range effects {
			e := &effects[i]
			if _, ok := e.Stmt.Node.(*parser.Checkpoint); !ok {
				continue
			}
			ctx := e.Context
			if ctx == "" && !connectedBefore(p.Model.Scripts[e.Script], e.Stmt) {
				ctx = startKey // no -d and no USE: where the script starts
			}
			if ctx == "" {
				continue
			}
			j := nextRun(effects, e.Next)
			if j < 0 {
				continue
			}
			k := runText(effects, j, dynOf(e.Stmt))
			next := &effects[k]
			b, ok := next.Stmt.Node.(*parser.Backup)
			if !ok || b.Log || !keyIs(&b.Database, ctx) || k == j && dynOf(e.Stmt) != dynOf(next.Stmt) || acrossConnect(p.Model.Scripts[e.Script], e.Stmt, next.Stmt) ||
				e.Stmt.InModule && next.Stmt.Batch.Index != e.Stmt.Batch.Index || leavesLoop(e.Stmt, effects[j].Stmt) {
				continue
			}
			var fix *Fix
			if r := p.Model.Scripts[e.Script]; fileOwnsPair(r, e.Stmt, next.Stmt) {
				fix = removeStatement(e.Stmt, r)
			}
			p.report(e.Stmt.Span(), fix, p.Model.memo(msgKey{rule: p.Rule, s: b.Database.Value}, func() string {
				return "CHECKPOINT right before BACKUP DATABASE " + shown(b.Database.Value) +
					" adds nothing: the backup runs its own checkpoint and writes the dirty pages itself (measured: the backup flushed all 15,790 dirty pages); remove the CHECKPOINT"
			}))
		}
	},
}

// leavesLoop reports whether checkpoint is in the body of a WHILE loop
// that ends before next, the statement that runs after it (the EXEC of
// the text the backup is in, or the backup), or in a batch that GO n runs
// n times and next is not: when the body or the batch ends with the
// CHECKPOINT (or with statements passed over), the next round runs after
// it, and only the last round's CHECKPOINT comes right before next.
// (Another loop's statement comes after a WHILE, which SL303 does not
// look through; a loop nested in another is not told apart from it.)
func leavesLoop(checkpoint, next *parser.Statement) bool {
	return checkpoint.InLoop && !next.InLoop ||
		checkpoint.Batch.Count > 1 && next.Batch.Index != checkpoint.Batch.Index
}

// nextRun returns the index of the first of effects from j on (a
// chain of Next) that runs when the statement before j completes, -1
// when there is none: the statements passesOver takes are passed over,
// and so is a CATCH block reached that way (it follows a TRY block that
// completed), with the statements in it and the dynamic SQL they run.
func nextRun(effects []Effect, j int32) int32 {
	for j >= 0 {
		st := effects[j].Stmt
		if st.Kind != parser.KindOther {
			return j
		}
		if end := catchEnd(st); end > 0 {
			b := st.Batch
			for j = effects[j].Next; j >= 0; j = effects[j].Next {
				in := effects[j].Stmt
				if dynOf(in) == nil && (in.Batch.Index != b.Index || int32(in.Start) >= end) {
					break
				}
			}
			continue
		}
		if !passesOver(st) {
			return j
		}
		j = effects[j].Next
	}
	return j
}

// runText returns, when effects[j] is an EXEC of constant text (EXEC
// ('...'), sp_executesql N'...') run in dyn's text (nil: the script's)
// and that text starts with the statement after it, the index of that
// statement: what the EXEC runs first. Otherwise it returns j. A
// statement kept from the text is its first only when nothing but blanks,
// comments and semicolons come before it (a passed-over statement there
// is not looked through: the Compactor holds only the EXEC).
func runText(effects []Effect, j int32, dyn *parser.DynSource) int32 {
	exec := effects[j].Stmt
	k := effects[j].Next
	if exec.Kind != parser.KindOther || k < 0 {
		return j
	}
	st := effects[k].Stmt
	d := dynOf(st)
	if d == nil || d.Parent != dyn || d.Via != parser.DynExec && d.Via != parser.DynExecuteSQL || len(d.Lits) == 0 {
		return j
	}
	span, lit := exec.Span(), d.Lits[0].Start
	if lit.File != span.Start.File || lit.Offset < span.Start.Offset || lit.Offset >= span.End.Offset {
		return j // the text of another EXEC
	}
	t := st.Batch.Text
	for i := 0; i < st.Start; {
		switch t[i] {
		case ' ', '\t', '\n', '\r', '\f', ';':
			i++
		default:
			if i = commentEnd(t, i); i < 0 {
				return j
			}
		}
	}
	return k
}

// fileOwnsPair reports whether SL303 may remove checkpoint for the
// backup after it: they are in one file, or the CHECKPOINT is in the root
// script. A CHECKPOINT that an included script ends with pairs with what
// the including script runs next, and removed from the included file it
// would be gone from every script that includes it, before whatever those
// run after it (DBCC DROPCLEANBUFFERS needs it).
func fileOwnsPair(r *parser.Result, checkpoint, backup *parser.Statement) bool {
	f := checkpoint.Span().Start.File
	return f == backup.Span().Start.File || r != nil && r.Script != nil && f == r.Script.File
}

// connectedBefore reports whether script r runs a :connect before
// statement st: st then runs on that connection.
func connectedBefore(r *parser.Result, st *parser.Statement) bool {
	if r == nil || r.Script == nil || len(r.Script.Connects) == 0 {
		return false
	}
	return r.Script.Connects[0] <= st.Batch.Index
}

// acrossConnect reports whether a :connect lies between statements a and
// b of script r: they then run on different connections (and servers).
func acrossConnect(r *parser.Result, a, b *parser.Statement) bool {
	if r == nil || r.Script == nil || len(r.Script.Connects) == 0 {
		return false
	}
	conns := r.Script.Connects
	// the number of connections started up to each statement's batch
	na, _ := slices.BinarySearch(conns, a.Batch.Index+1)
	nb, _ := slices.BinarySearch(conns, b.Batch.Index+1)
	return na != nb
}

// removeStatement is a fix that deletes a statement, its semicolon, and
// its line when nothing else is on it; none for the whole body of an IF,
// ELSE or WHILE or the only statement of a block. The sqllint:ignore
// comments of script r that apply to that statement alone (trailing it,
// or before it: leadingIgnores) go with it: left behind, one would apply
// to the statement after it, which no reviewer chose, and match nothing
// there (SL003).
func removeStatement(st *parser.Statement, r *parser.Result) *Fix {
	if st.Body {
		return nil // the next statement would become the body, or the block empty
	}
	span := st.Span()
	s, e := span.Start, span.End
	if s.File == nil || s.File != e.File || e.Offset <= s.Offset {
		return nil
	}
	text := s.File.Text
	defer s.File.Touched() // a large script's pages may go
	end := e.Offset
	if end < len(text) && text[end] == ';' {
		end++
	} else if semi := semicolonAfter(text, end); semi > 0 {
		// CHECKPOINT /* c */; : its semicolon goes too (keepComments
		// keeps the comment), not left alone as /* c */;
		end = semi + 1
	}
	start := s.Offset
	var dirs []parser.Directive
	if r != nil {
		dirs = r.Directives
	}
	before := leadingIgnores(dirs, r, s.File, text, start)
	trail, kept := trailingIgnore(dirs, s.File, text, start, end)
	kept = append(kept, lineIgnores(dirs, s.File, text, start, end)...)
	if edits := keepComments(s.File, text[start:end], start); edits != nil {
		// the fix removes the statement's words and keeps its comments
		if trail >= 0 {
			edits = append(edits, Edit{File: s.File, Start: end, End: trail})
		}
		return &Fix{Description: "remove the CHECKPOINT", Edits: append(append(before, edits...), kept...)}
	}
	ls := start
	for ls > 0 && (text[ls-1] == ' ' || text[ls-1] == '\t') {
		ls--
	}
	le := end
	for le < len(text) && (text[le] == ' ' || text[le] == '\t') {
		le++
	}
	if trail >= 0 {
		le = trail // its suppression goes to the end of the line
	}
	switch {
	case (ls == 0 || text[ls-1] == '\n' || text[ls-1] == '\r') && (le == len(text) || text[le] == '\n' || text[le] == '\r'):
		start = ls
		end = le
		if end < len(text) && text[end] == '\r' {
			end++
		}
		if end < len(text) && text[end] == '\n' {
			end++
		}
	case ls == start && (ls == 0 || text[ls-1] == '\n' || text[ls-1] == '\r'):
		// first on its line, more after it (CHECKPOINT; /* c */): the
		// blanks after it go too, so that the rest starts the line
		end = le
	case trail >= 0:
		// after another statement on its line, its suppression after
		// it: the line ends with that statement
		start, end = ls, le
	case ls < start && le > end:
		// blanks on both sides, after others or an indent on its line
		// (PRINT 1; CHECKPOINT; BACKUP ...): one run of them stays
		end = le
	}
	ed := Edit{File: s.File, Start: start, End: end}
	if before == nil && kept == nil {
		return oneEdit("remove the CHECKPOINT", ed)
	}
	return &Fix{Description: "remove the CHECKPOINT", Edits: append(append(before, ed), kept...)}
}

// isIgnore reports whether directive d is a sqllint:ignore (not
// ignore-file, which applies to the whole file wherever it is).
func isIgnore(d *parser.Directive) bool {
	verb, _, _ := strings.Cut(strings.TrimSpace(d.Text), " ")
	return strings.EqualFold(verb, "ignore")
}

// commentEnd is the end of the comment at i in text: its line's end for
// --, after */ for a block comment; -1 when there is none at i.
func commentEnd(text string, i int) int {
	switch {
	case strings.HasPrefix(text[i:], "--"):
		n := strings.IndexByte(text[i:], '\n')
		if n < 0 {
			return len(text)
		}
		if n > 0 && text[i+n-1] == '\r' {
			n--
		}
		return i + n
	case strings.HasPrefix(text[i:], "/*"):
		return blockCommentEnd(text, i)
	}
	return -1
}

// blanksTo returns the end of the run of blanks (spaces and tabs) at i.
func blanksTo(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// lineEnds reports whether i is the end of a line of text (before its
// CR LF or LF) or of the text.
func lineEnds(text string, i int) bool {
	return i == len(text) || text[i] == '\n' || text[i] == '\r'
}

// trailingIgnore is the end of the line of a sqllint:ignore of dirs that
// trails the statement [start, end) in f's text, with only blanks
// between and after it, and that goes with it; -1 when there is none.
//
// A trailing suppression covers every finding on its line: when another
// statement starts that line before this one, the comment goes only if
// it names nothing but CHECKPOINT rules and the other is no CHECKPOINT
// (checkpointOnly). Otherwise it stays, and kept is the edit that drops
// the CHECKPOINT rules it names when the other is no CHECKPOINT: left,
// they would silence nothing (SL003).
func trailingIgnore(dirs []parser.Directive, f *parser.File, text string, start, end int) (trail int, kept []Edit) {
	for i := range dirs {
		d := &dirs[i]
		at := d.Span.Start.Offset
		if !d.Trailing || d.Span.Start.File != f || at < end || at >= len(text) || blanksTo(text, end) != at || !isIgnore(d) {
			continue
		}
		ce := commentEnd(text, at)
		if ce < 0 || !lineEnds(text, blanksTo(text, ce)) {
			continue
		}
		if before := lineBefore(text, start); !strings.ContainsAny(text[start:at], "\r\n") && strings.TrimSpace(before) != "" {
			if !checkpointOnly(d.Text, before) {
				if ed, ok := dropCheckpointRules(f, text, at, ce, before); ok {
					kept = append(kept, ed)
				}
				continue
			}
		}
		return blanksTo(text, ce), kept
	}
	return -1, kept
}

// lineIgnores are the edits for the sqllint:ignore comments that trail
// other statements on the line where the CHECKPOINT [start, end) of f's
// text starts (not the one right after it: trailingIgnore): such a
// comment covers the whole line, the CHECKPOINT's SL302 and SL303 too.
// Once the CHECKPOINT is gone, one that names nothing but those rules,
// on a line with no other CHECKPOINT, silences nothing (SL003): it goes;
// one that names other rules too loses those two.
func lineIgnores(dirs []parser.Directive, f *parser.File, text string, start, end int) []Edit {
	ls := strings.LastIndexAny(text[:start], "\r\n") + 1
	le := start
	for le < len(text) && !lineEnds(text, le) {
		le++
	}
	var edits []Edit
	for i := range dirs {
		d := &dirs[i]
		at := d.Span.Start.Offset
		if !d.Trailing || d.Span.Start.File != f || at < ls || at >= le || at >= start && at < end || at >= end && blanksTo(text, end) == at || !isIgnore(d) {
			continue
		}
		ce := commentEnd(text, at)
		if ce < 0 || ce > le || at < start && ce > start {
			continue
		}
		// the rest of the line, without the CHECKPOINT and the comment
		other := text[ls:min(at, start)]
		if at < start {
			other += text[ce:start]
		} else {
			other += text[end:at]
		}
		other += text[max(ce, end):le]
		if checkpointOnly(d.Text, other) {
			from := at
			for from > ls && (text[from-1] == ' ' || text[from-1] == '\t') {
				from--
			}
			if at >= end && from < end {
				from = end
			}
			edits = append(edits, Edit{File: f, Start: from, End: ce})
			continue
		}
		if ed, ok := dropCheckpointRules(f, text, at, ce, other); ok {
			edits = append(edits, ed)
		}
	}
	return edits
}

// dropCheckpointRules is the edit that removes SL302 and SL303 (by ID or
// name) from the rule list of the sqllint:ignore comment text[at:ce],
// when it names another rule too and other, the rest of its line, holds
// no CHECKPOINT.
func dropCheckpointRules(f *parser.File, text string, at, ce int, other string) (Edit, bool) {
	if strings.Contains(strings.ToUpper(other), "CHECKPOINT") {
		return Edit{}, false
	}
	start, end, list, ok := IgnoreListEdit(text[at:ce], checkpointRule)
	if !ok {
		return Edit{}, false
	}
	return Edit{File: f, Start: at + start, End: at + end, New: list}, true
}

// IgnoreListEdit reads the rule list of c, a sqllint: comment, as
// parseDirective does, and returns where it is ([start, end) in c) and
// the list without the rules drop reports (given each as written: an ID
// or a name), joined with the list's separator. ok is false when it
// drops none, would leave none, or the list cannot be read. The fixes
// that shorten a suppression (SL303's, the language server's for SL003)
// share it.
func IgnoreListEdit(c string, drop func(word string) bool) (start, end int, list string, ok bool) {
	i := strings.Index(strings.ToLower(c), "sqllint:")
	if i < 0 {
		return 0, 0, "", false
	}
	i += len("sqllint:")
	i += len(c[i:]) - len(strings.TrimLeft(c[i:], " \t")) // "sqllint: ignore" too, as parseDirective reads it
	i += len(firstWord(c[i:]))                            // the verb
	i += len(c[i:]) - len(strings.TrimLeft(c[i:], " \t"))
	start = i
	var keep []string
	dropped, sep := false, ""
	for {
		word := firstWord(c[i:])
		if word == "" {
			return 0, 0, "", false
		}
		if drop(word) {
			dropped = true
		} else {
			keep = append(keep, word)
		}
		i += len(word)
		rest := strings.TrimLeft(c[i:], " \t")
		if !strings.HasPrefix(rest, ",") {
			if ruleRef.MatchString(firstWord(rest)) {
				// IDs separated by blanks, as parseDirective reads them
				if sep == "" {
					sep = " "
				}
				i = len(c) - len(rest)
				continue
			}
			break
		}
		if sep == "" {
			sep = ","
			if strings.HasPrefix(rest[1:], " ") {
				sep = ", "
			}
		}
		i = len(c) - len(strings.TrimLeft(rest[1:], " \t"))
	}
	if !dropped || len(keep) == 0 {
		return 0, 0, "", false
	}
	return start, i, strings.Join(keep, sep), true
}

// checkpointRule reports whether word names SL302 or SL303, the rules
// that report CHECKPOINT statements.
func checkpointRule(word string) bool {
	switch strings.ToUpper(word) {
	case "SL302", "SL303", "CHECKPOINT-DURATION", "CHECKPOINT-BEFORE-BACKUP":
		return true
	}
	return false
}

// lineBefore is the text of the line holding off, before off.
func lineBefore(text string, off int) string {
	ls := strings.LastIndexAny(text[:off], "\r\n") + 1
	return text[ls:off]
}

// checkpointOnly reports whether the sqllint:ignore of text (the
// directive's body) names only rules that report CHECKPOINT statements
// (SL302, SL303, by ID or name) and other, the text that shares its line
// with the CHECKPOINT removed, holds no other CHECKPOINT: it then
// silences nothing on that line once the CHECKPOINT is gone.
func checkpointOnly(text, other string) bool {
	if strings.Contains(strings.ToUpper(other), "CHECKPOINT") {
		return false
	}
	_, rest, _ := strings.Cut(strings.TrimSpace(text), " ")
	rest = strings.TrimSpace(rest)
	for {
		word := firstWord(rest)
		if !checkpointRule(word) {
			return false
		}
		rest = strings.TrimSpace(rest[len(word):])
		if !strings.HasPrefix(rest, ",") {
			if ruleRef.MatchString(firstWord(rest)) {
				continue // IDs separated by blanks, as parseDirective reads them
			}
			return true
		}
		rest = strings.TrimSpace(rest[1:])
	}
}

// leadingIgnores are the edits that delete the sqllint:ignore comments of
// dirs that apply to the statement starting at start in f's text and to
// no other: those before it that suppress binds to it (stmtStarts over
// r's statements: the first statement after the comment, across comments,
// GO and sqlcmd lines; not a comment inside another statement, whose rest
// it covers too). A comment alone on its line goes with the line.
func leadingIgnores(dirs []parser.Directive, r *parser.Result, f *parser.File, text string, start int) []Edit {
	var edits []Edit
	var starts *stmtStarts // made for the first candidate: most have none
	for i := range dirs {
		d := &dirs[i]
		at := d.Span.Start.Offset
		if d.Trailing || d.Span.Start.File != f || at >= start || !isIgnore(d) {
			continue
		}
		if starts == nil {
			starts = newStmtStarts(r.Statements)
		}
		if s, _ := starts.after(f, d.Span.End.Offset); s != start || starts.inside(f, at) >= 0 {
			continue
		}
		ce := commentEnd(text, at)
		if ce < 0 || ce > start {
			continue
		}
		ls := at
		for ls > 0 && (text[ls-1] == ' ' || text[ls-1] == '\t') {
			ls--
		}
		le := blanksTo(text, ce)
		if (ls == 0 || text[ls-1] == '\n' || text[ls-1] == '\r') && lineEnds(text, le) && le < start {
			// alone on its line: the line goes
			if le < len(text) && text[le] == '\r' {
				le++
			}
			if le < len(text) && text[le] == '\n' {
				le++
			}
			edits = append(edits, Edit{File: f, Start: ls, End: le})
			continue
		}
		edits = append(edits, Edit{File: f, Start: at, End: min(le, start)})
	}
	return edits
}

// semicolonAfter is the offset of the semicolon that ends the statement
// ending at end in text, when only blanks and comments come between
// (CHECKPOINT /* c */;), else -1.
func semicolonAfter(text string, end int) int {
	for i := end; i < len(text); {
		switch c := text[i]; {
		case c == ';':
			return i
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			i++
		case strings.HasPrefix(text[i:], "--"):
			n := strings.IndexByte(text[i:], '\n')
			if n < 0 {
				return -1
			}
			i += n
		case strings.HasPrefix(text[i:], "/*"):
			k := blockCommentEnd(text, i)
			if k < 0 {
				return -1
			}
			i = k
		default:
			return -1
		}
	}
	return -1
}

// keepComments are the edits that delete the words of stmt, the text of
// a statement (and its semicolon) at offset off of f, and leave its
// comments: each run of words goes with the blanks before it on its
// line, the first with the blanks after it. nil when stmt holds no
// comment.
func keepComments(f *parser.File, stmt string, off int) []Edit {
	if !strings.Contains(stmt, "--") && !strings.Contains(stmt, "/*") {
		return nil
	}
	const blank = " \t\r\n\f"
	var edits []Edit
	cut := func(from, to int) { // the words in stmt[from:to], with blanks
		gap := stmt[from:to]
		if strings.TrimSpace(gap) == "" {
			return
		}
		a := to - len(strings.TrimLeft(gap, blank))
		b := from + len(strings.TrimRight(gap, blank))
		if from == 0 {
			for b < to && (stmt[b] == ' ' || stmt[b] == '\t') {
				b++
			}
		} else {
			for a > from && (stmt[a-1] == ' ' || stmt[a-1] == '\t') {
				a--
			}
		}
		edits = append(edits, Edit{File: f, Start: off + a, End: off + b})
	}
	last := 0
	for i := 0; i < len(stmt); {
		var end int
		switch {
		case strings.HasPrefix(stmt[i:], "--"):
			end = len(stmt)
			if n := strings.IndexByte(stmt[i:], '\n'); n >= 0 {
				end = i + n
			}
		case strings.HasPrefix(stmt[i:], "/*"):
			if end = blockCommentEnd(stmt, i); end < 0 {
				end = len(stmt) // left open: the rest is the comment
			}
		default:
			i++
			continue
		}
		cut(last, i)
		last, i = end, end
	}
	cut(last, len(stmt))
	return edits
}

// blockCommentEnd is the end of the block comment at i in s, nested as
// T-SQL nests them; -1 when it is left open.
func blockCommentEnd(s string, i int) int {
	k, depth := i+2, 1
	for depth > 0 && k < len(s) {
		switch {
		case strings.HasPrefix(s[k:], "/*"):
			depth++
			k += 2
		case strings.HasPrefix(s[k:], "*/"):
			depth--
			k += 2
		default:
			k++
		}
	}
	if depth > 0 {
		return -1
	}
	return k
}

// oneEditFix holds a fix of one edit and its edit: one allocation, not
// two, for a fix made for every finding of a rule.
type oneEditFix struct {
	fix  Fix
	edit [1]Edit
}

// oneEdit returns the fix description of the one edit e.
func oneEdit(description string, e Edit) *Fix {
	b := &oneEditFix{edit: [1]Edit{e}}
	b.fix = Fix{Description: description, Edits: b.edit[:]}
	return &b.fix
}

// everyCopyToNul reports whether every copy of a backup has a device on
// the null device. The TO devices hold one copy and each MIRROR TO as
// many devices again another, whole: a backup with one copy free of NUL
// can be restored from it.
//
// It walks ts in place rather than splitting it into two new lists: it
// runs for every BACKUP.
func everyCopyToNul(ts []parser.Target) bool { return everyCopyTo(ts, false) }

// everyCopyMayBeNul is everyCopyToNul counting a file named NUL with an
// extension (parser.IsNulWithExtension) as the null device too: SL304
// reports such a backup (nulExtension), so the model keeps its devices.
// Asked only of a backup some device of which may be such a file
// (anyNulExtension).
func everyCopyMayBeNul(ts []parser.Target) bool { return everyCopyTo(ts, true) }

// everyCopyTo is everyCopyToNul, or everyCopyMayBeNul when ext.
func everyCopyTo(ts []parser.Target, ext bool) bool {
	primary, nul := 0, false
	for _, t := range ts {
		if !t.Mirror {
			primary++
			nul = nul || deviceIsNul(t) || ext && deviceNulExtension(t)
		}
	}
	if !nul {
		return false
	}
	per := max(primary, 1)
	// the mirrors in order, per at a time: each run is one copy
	n := 0
	nul = false
	for _, t := range ts {
		if !t.Mirror {
			continue
		}
		nul = nul || deviceIsNul(t) || ext && deviceNulExtension(t)
		if n++; n == per {
			if !nul {
				return false
			}
			n, nul = 0, false
		}
	}
	return n == 0 || nul
}

// deviceIsNul reports whether t is DISK = 'NUL', or a logical device
// that sp_addumpdevice added on NUL (Target.OnNul).
func deviceIsNul(t parser.Target) bool {
	return t.Type == "DISK" && t.Known && isNul(t.Value) || t.OnNul
}

// deviceNulExtension reports whether t is DISK = a file named NUL with an
// extension ('NUL.bak'), which Windows Server 2022 and earlier take for
// the null device.
func deviceNulExtension(t parser.Target) bool {
	return t.Type == "DISK" && t.Known && parser.IsNulWithExtension(t.Value)
}

// anyNulExtension reports whether a device of ts may be a file named NUL
// with an extension: the last part of its name (after the last \ or /,
// blanks before it passed over) starts with "nul." in any case. Asked of
// every BACKUP: only the last part of each name is looked at, from its
// end, and few start so.
func anyNulExtension(ts []parser.Target) bool {
	for _, t := range ts {
		v := t.Value
		i := len(v)
		for i > 0 && v[i-1] != '\\' && v[i-1] != '/' {
			i--
		}
		for i < len(v) && v[i] == ' ' {
			i++
		}
		if len(v)-i > 4 && v[i]|0x20 == 'n' && v[i+1]|0x20 == 'u' && v[i+2]|0x20 == 'l' && v[i+3] == '.' {
			return true
		}
	}
	return false
}

// nulExtension is SL304 for BACKUP b, every copy of which goes to DISK =
// 'NUL' or a file named NUL with an extension, and at least one to such
// a file ('NUL.bak', 'D:\Backup\nul.txt'): Windows before Windows 11
// and Windows Server 2025 takes the file for the null device (Microsoft's
// "Naming Files, Paths, and Namespaces": NUL.txt is equivalent to NUL),
// so the backup writes nothing there, while Windows 11, Windows Server
// 2025 and Linux write a real file. A warning, which says so; with
// COPY_ONLY (and no DIFFERENTIAL) nothing is reported, as no chain is
// broken either way.
func nulExtension(p *Pass, e *Effect, b *parser.Backup, what, harm string) {
	if b.HasOption("COPY_ONLY") && (b.Log || !b.HasOption("DIFFERENTIAL")) {
		return
	}
	name := ""
	for _, t := range b.Targets {
		if t.Type == "DISK" && t.Known && parser.IsNulWithExtension(t.Value) {
			name = strings.TrimSpace(t.Value)
			break
		}
	}
	if strings.ContainsFunc(name, unicode.IsControl) {
		name = "NUL.*"
	}
	f := p.Report(e.Stmt.Span(), nil,
		"%s %s goes to DISK = '%s', a file named NUL with an extension: on Windows Server 2022 and earlier (and Windows 10) that name is the null device, so the backup writes nothing there, yet SQL Server records it as a backup: %s; on Windows Server 2025, Windows 11 and Linux it is a real file; name the file otherwise",
		what, shown(b.Database.Value), shown(strings.ReplaceAll(name, "'", "''")), harm)
	f.Severity = lower(f.Severity)
}

// copyOnlyNul reports whether every device of a backup is DISK = 'NUL'.
func copyOnlyNul(ts []parser.Target) bool {
	for _, t := range ts {
		if !deviceIsNul(t) {
			return false
		}
	}
	return true
}

// nulShown is the first device of ts on NUL as a message names it:
// DISK = 'NUL' when the script wrote NUL, else as it wrote it, said to
// be the null device (DISK = 'C:\x\NUL' (the null device)); a logical
// device by its name, said to be on it.
func nulShown(ts []parser.Target) string {
	for _, t := range ts {
		if !deviceIsNul(t) {
			continue
		}
		v := strings.TrimSpace(t.Value)
		if t.OnNul {
			return shown(v) + " (a backup device that sp_addumpdevice put on the null device)"
		}
		if strings.EqualFold(v, "NUL") || strings.ContainsFunc(v, unicode.IsControl) {
			break
		}
		return "DISK = '" + shown(strings.ReplaceAll(v, "'", "''")) + "' (the null device)"
	}
	return "DISK = 'NUL'"
}

// isNul reports whether v names the null device (parser.IsNulDevice).
// Such a name ends, past blanks and dots, in NUL or NUL: in any case:
// the path of nearly every backup, to a real file, is told from its last
// bytes (IsNulDevice trimmed and compared it whole, about 550
// instructions for each BACKUP of a dense run).
func isNul(v string) bool { return mayEndInNul(v) && parser.IsNulDevice(v) }

// mayEndInNul is false when v, past the blanks and dots at its end and a
// colon, does not end in NUL in any case (its last bytes ASCII): then it
// names no null device.
func mayEndInNul(v string) bool {
	i := len(v)
	for ; i > 0; i-- {
		c := v[i-1]
		if c >= utf8.RuneSelf {
			return true // a blank strings.TrimSpace knows, maybe
		}
		if c != '.' && c != ' ' && (c < '\t' || c > '\r') {
			break
		}
	}
	if i > 0 && v[i-1] == ':' {
		i--
	}
	if i < 3 {
		return false
	}
	a, b, c := v[i-3], v[i-2], v[i-1]
	if a|b|c >= utf8.RuneSelf {
		return true
	}
	return a|0x20 == 'n' && b|0x20 == 'u' && c|0x20 == 'l'
}

var sl304 = &Rule{
	ID: "SL304", Name: "backup-to-nul", Severity: parser.SevError,
	Run: func(p *Pass) {
		for _, i := range p.effects(backupEffects) {
			e := &p.Model.Effects[i]
			b, ok := e.Stmt.Node.(*parser.Backup)
			if !ok {
				if pb, ok := e.Stmt.Node.(*parser.NulBackup); ok {
					nulBackup(p, e, pb)
				}
				continue
			}
			nul := everyCopyToNul(b.Targets)
			if !nul && !(anyNulExtension(b.Targets) && everyCopyMayBeNul(b.Targets)) {
				continue
			}
			what := "BACKUP DATABASE"
			harm := "it resets the differential base, so the next differential backup depends on a backup that does not exist"
			switch {
			case b.Log:
				what = "BACKUP LOG"
				harm = "it breaks the log chain: the log records it discards are in no backup, so point-in-time restore stops working"
			case b.HasOption("DIFFERENTIAL"):
				// a differential leaves the base alone
				harm = "a restore that takes the latest differential backup from the backup history finds nothing to restore"
			}
			if !nul {
				nulExtension(p, e, b, what, harm)
				continue
			}
			// striped over NUL and real devices, the rest of the data is
			// written, and of no use
			dev := nulShown(b.Targets)
			writes, never := "TO "+dev+" writes nothing", "TO "+dev+" writes nothing: never a real backup"
			if !copyOnlyNul(b.Targets) {
				writes = "writes part of its data to " + dev + ", which keeps none of it, so it cannot be restored"
				never = "writes part of its data to " + dev + ", which keeps none of it: never a real backup"
			}
			// "If DIFFERENTIAL and COPY_ONLY are used together, COPY_ONLY
			// is ignored, and a differential backup is created" (BACKUP)
			if b.HasOption("COPY_ONLY") && (b.Log || !b.HasOption("DIFFERENTIAL")) {
				f := p.Report(e.Stmt.Span(), nil,
					"%s %s %s; COPY_ONLY keeps the backup chain intact, so use it only to test backup speed",
					what, shown(b.Database.Value), never)
				f.Severity = lower(f.Severity)
				continue
			}
			p.Report(e.Stmt.Span(), nil,
				"%s %s %s, yet SQL Server records it as a backup: %s",
				what, shown(b.Database.Value), writes, harm)
		}
	},
}
