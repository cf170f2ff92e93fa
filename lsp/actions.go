package lsp

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/parser"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

func ruleByID(id string) *rules.Rule { return rules.Default.Lookup(id) }

// current returns the document's last result when it was computed for
// the document's current version (positions and edits of an older one
// would land in the wrong place), with the document. s.mu is held.
func (s *Server) current(uri string) (*document, *result) {
	d := s.docs[uri]
	if d == nil || d.result == nil || d.result.version != d.version || d.result.text.s != d.text.s {
		return d, nil
	}
	return d, d.result
}

// workspaceEdit is the WorkspaceEdit applying edits to the document at
// version: a TextDocumentEdit naming the version for a client that
// announces workspace.workspaceEdit.documentChanges, which then refuses
// an edit of a version it no longer has (the text changed since the
// findings were computed) instead of applying it to the wrong text;
// plain changes for the others (LSP 3.17).
func (c *clientCapabilities) workspaceEdit(uri string, version int, edits []TextEdit) *WorkspaceEdit {
	if ws := c.Workspace; ws != nil && ws.WorkspaceEdit != nil && ws.WorkspaceEdit.DocumentChanges {
		list := make([]any, len(edits))
		for i, e := range edits {
			list[i] = e
		}
		return &WorkspaceEdit{DocumentChanges: []textDocumentEdit{{
			TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: version},
			Edits:        list,
		}}}
	}
	return &WorkspaceEdit{Changes: map[string][]TextEdit{uri: edits}}
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// touches reports whether ranges a and b overlap or meet (an empty
// range at the cursor touches a finding it is in or next to).
func touches(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func quickfixWanted(only []string) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == "quickfix" || k == "" {
			return true
		}
	}
	return false
}

// fixAllKind is the kind of the action applying every fix of the
// document (VS Code runs it on save with "editor.codeActionsOnSave").
const fixAllKind = "source.fixAll.sqllint"

// fixAllWanted reports whether the client asked for fixAllKind: a kind
// in only that is it or one of its parents ("source", "source.fixAll").
// A source action must be asked for: it is never offered without only,
// so that the light bulb shows the quick fixes alone (LSP 3.17).
func fixAllWanted(only []string) bool {
	for _, k := range only {
		if k != "" && (k == fixAllKind || strings.HasPrefix(fixAllKind, k+".")) {
			return true
		}
	}
	return false
}

// codeActions offers, for each finding touching the requested range, the
// rule's fix and a suppression with a reason, and, when asked for, the
// action applying every fix of the document, with the version of the
// document they edit.
func (s *Server) codeActions(p *codeActionParams) ([]CodeAction, int) {
	actions := []CodeAction{}
	quick, all := quickfixWanted(p.Context.Only), fixAllWanted(p.Context.Only)
	if !quick && !all {
		return actions, 0
	}
	s.mu.Lock()
	d, res := s.current(p.TextDocument.URI)
	enc, caps, init := s.enc, s.caps, s.init
	s.mu.Unlock()
	if res == nil {
		return actions, 0
	}
	if all {
		if a, ok := fixAllAction(d.uri, res, enc, caps); ok {
			actions = append(actions, a)
		}
	}
	if !quick {
		return actions, res.version
	}
	for i, f := range res.findings {
		diag := res.diags[i]
		if f.Line < 1 || !touches(diag.Range, p.Range) {
			continue
		}
		if f.Fix != nil && len(f.Fix.Edits) > 0 {
			var edits []TextEdit
			for _, e := range f.Fix.Edits {
				edits = append(edits, TextEdit{Range: findingRange(res.text, enc, e.Line, e.Column, e.EndLine, e.EndColumn), NewText: e.NewText})
			}
			title := f.Fix.Description
			if title == "" {
				title = "Fix " + f.RuleID
			}
			actions = append(actions, CodeAction{
				Title: title, Kind: "quickfix", Diagnostics: []Diagnostic{diag}, IsPreferred: true,
				Edit: caps.workspaceEdit(d.uri, res.version, edits),
			})
		}
		if f.RuleID == "SL003" {
			if a, ok := unusedSuppressionAction(d.uri, res, enc, caps, f, diag); ok {
				actions = append(actions, a)
			}
		}
		if a, ok := suppressAction(d.uri, res.version, res, enc, caps, init, f, diag); ok {
			actions = append(actions, a)
		}
	}
	return actions, res.version
}

// fixAllAction applies the fixes of every finding of the document (the
// ones "sqllint scan --fix" applies), in one round: a fix with an edit
// overlapping an edit of a fix before it (in the order of the text) is
// left out whole, for the next time the action runs, where "--fix"
// analyzes again and goes on until nothing more is fixable. Identical
// edits (one fix reported twice) apply once. The edits are in the order
// of the text and never overlap; none when nothing is to fix.
func fixAllAction(uri string, res *result, enc posEncoding, caps clientCapabilities) (CodeAction, bool) {
	type span struct {
		a, b int
		s    string
	}
	type fix struct{ edits []span }
	var fixes []fix
	for _, f := range res.findings {
		if f.Line < 1 || f.Fix == nil || len(f.Fix.Edits) == 0 {
			continue
		}
		var fx fix
		for _, e := range f.Fix.Edits {
			a := res.text.lineColOffset(e.Line, e.Column)
			b := a
			if e.EndLine > 0 {
				b = max(a, res.text.lineColOffset(e.EndLine, e.EndColumn))
			}
			fx.edits = append(fx.edits, span{a, b, e.NewText})
		}
		sort.Slice(fx.edits, func(i, j int) bool { return fx.edits[i].a < fx.edits[j].a })
		fixes = append(fixes, fx)
	}
	sort.SliceStable(fixes, func(i, j int) bool { return fixes[i].edits[0].a < fixes[j].edits[0].a })
	// conflict reports whether x and y cannot both apply: they overlap,
	// or insert at the same place (whose order would be a guess).
	conflict := func(x, y span) bool {
		return x.a < y.b && y.a < x.b || x.a == y.a && (x.a == x.b || y.a == y.b)
	}
	var taken []span // sorted by start
	for _, fx := range fixes {
		ok := true
		var add []span
		for k, e := range fx.edits {
			if k > 0 && conflict(fx.edits[k-1], e) {
				ok = false // a fix at odds with itself
				break
			}
			i := sort.Search(len(taken), func(i int) bool { return taken[i].b >= e.a })
			dup := false
			for j := i; j < len(taken) && taken[j].a <= e.b; j++ {
				if taken[j] == e {
					dup = true
				} else if conflict(taken[j], e) {
					ok = false
				}
			}
			if !ok {
				break
			}
			if !dup {
				add = append(add, e)
			}
		}
		if !ok {
			continue
		}
		for _, e := range add {
			i := sort.Search(len(taken), func(i int) bool { return taken[i].a > e.a })
			taken = append(taken, span{})
			copy(taken[i+1:], taken[i:])
			taken[i] = e
		}
	}
	if len(taken) == 0 {
		return CodeAction{}, false
	}
	edits := make([]TextEdit, 0, len(taken))
	for _, e := range taken {
		edits = append(edits, TextEdit{Range: Range{Start: res.text.position(e.a, enc), End: res.text.position(e.b, enc)}, NewText: e.s})
	}
	return CodeAction{
		Title: "Fix all sqllint findings that have a safe fix", Kind: fixAllKind,
		Edit: caps.workspaceEdit(uri, res.version, edits),
	}, true
}

// suppressAction inserts "-- sqllint:ignore SLnnn reason" on its own line
// above the finding's statement, indented like it.
func suppressAction(uri string, version int, res *result, enc posEncoding, caps clientCapabilities, init initOptions, f report.Finding, diag Diagnostic) (CodeAction, bool) {
	switch f.RuleID {
	case "SL001", "SL002", "SL003", "SL004":
		return CodeAction{}, false // errors in the script and in suppressions themselves
	}
	t := res.text
	off := t.lineColOffset(f.Line, f.Column)
	start := res.statementStart(off)
	line := t.position(start, utf32).Line
	ls, _ := t.lineBounds(line)
	if ls == 0 && strings.HasPrefix(t.s, "\ufeff") {
		ls = len("\ufeff") // the mark stays first
	}
	indent := leadingSpace(t.s[ls:start])
	eol := lineBreak(t.s)
	prefix := indent + "-- sqllint:ignore " + f.RuleID + " "
	at, end := ls, ls // the range the edit replaces
	head := ""
	if strings.TrimSpace(t.s[ls:start]) != "" {
		// Another statement starts the line: break the line before ours
		// so that the comment precedes it and nothing else.
		// The blanks before our statement go: they would trail the line.
		at, end, head = ls+len(strings.TrimRight(t.s[ls:start], " \t")), start, eol
		indent = leadingSpace(t.s[ls:])
		prefix = indent + "-- sqllint:ignore " + f.RuleID + " "
	}
	tail := eol
	if at != ls {
		tail = eol + indent
	}
	pos := t.position(at, enc)
	rng := Range{Start: pos, End: t.position(end, enc)}
	action := CodeAction{Title: "Suppress " + f.RuleID + " here, with a reason", Kind: "quickfix", Diagnostics: []Diagnostic{diag}}
	ws := caps.Workspace
	if ws != nil && ws.WorkspaceEdit != nil && ws.WorkspaceEdit.SnippetEditSupport && ws.WorkspaceEdit.DocumentChanges {
		snippet := snippetEscape(head+prefix) + "${1:reason}" + snippetEscape(tail)
		action.Edit = &WorkspaceEdit{DocumentChanges: []textDocumentEdit{{
			TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: version},
			Edits:        []any{snippetTextEdit{Range: rng, Snippet: stringValue{Kind: "snippet", Value: snippet}}},
		}}}
		return action, true
	}
	action.Edit = caps.workspaceEdit(uri, version, []TextEdit{{Range: rng, NewText: head + prefix + "reason" + tail}})
	if init.SelectCommand != "" {
		// Where "reason" lands once the edit is applied.
		rl := pos.Line
		rc := pos.Character + enc.count(prefix)
		if head != "" {
			rl, rc = pos.Line+1, enc.count(prefix)
		}
		sel := Range{Start: Position{rl, rc}, End: Position{rl, rc + len("reason")}}
		action.Command = &Command{Title: "Select the reason", Command: init.SelectCommand, Arguments: []any{uri, sel}}
	}
	return action, true
}

func leadingSpace(s string) string {
	return s[:len(s)-len(strings.TrimLeft(s, " \t"))]
}

// lineBreak is the line break to end an inserted comment with: the
// text's first one, LF when it has none, CRLF when it is a lone CR. A
// "--" comment runs to the next LF (sqllint's lexer, as SQL Server's
// reads it), so a comment ended by a lone CR would swallow the statement
// it is meant to suppress.
func lineBreak(s string) string {
	if i := strings.IndexAny(s, "\r\n"); i >= 0 && s[i] == '\r' {
		return "\r\n"
	}
	return "\n"
}

func snippetEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`).Replace(s)
}

// stmtSpan is a statement's byte range in the document.
type stmtSpan struct{ start, end int }

// statementStart returns the start of the statement holding off (the
// suppression comment goes above it), or off when no statement does.
func (r *result) statementStart(off int) int {
	r.once.Do(func() {
		f := parser.NewFile("buffer.sql", r.text.s)
		opt := &parser.PreprocessOptions{Load: func(string) (*parser.File, error) { return nil, errNoInclude }}
		r.stmts = parseStatements(f, opt)
		// The parser reads the text without its byte order mark: its
		// offsets are that many bytes short of the buffer's.
		if bom := len(r.text.s) - len(f.Text); bom > 0 {
			for i := range r.stmts {
				r.stmts[i].start += bom
				r.stmts[i].end += bom
			}
		}
		sort.Slice(r.stmts, func(i, j int) bool { return r.stmts[i].start < r.stmts[j].start })
	})
	i := sort.Search(len(r.stmts), func(i int) bool { return r.stmts[i].start > off }) - 1
	if i >= 0 && off <= r.stmts[i].end {
		return r.stmts[i].start
	}
	return off
}

type noInclude struct{}

func (noInclude) Error() string { return "includes are not read to place a suppression" }

var errNoInclude error = noInclude{}

// parseStatements returns the spans of f's own statements (a parser
// panic gives none: the comment then goes above the finding's line).
// The statements of dynamic SQL are not its own: the comment goes above
// the EXEC, outside the string (where a suppression covers its text).
func parseStatements(f *parser.File, opt *parser.PreprocessOptions) (out []stmtSpan) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	for _, st := range parser.ParseFile(f, opt).Statements {
		sp := st.Span()
		if sp.Start.File == f && (st.Batch == nil || st.Batch.Dyn == nil) {
			out = append(out, stmtSpan{sp.Start.Offset, sp.End.Offset})
		}
	}
	return out
}

// hover shows the documentation of the rules whose findings cover the
// position.
func (s *Server) hover(p *hoverParams) *hover {
	s.mu.Lock()
	_, res := s.current(p.TextDocument.URI)
	caps := s.caps
	s.mu.Unlock()
	if res == nil {
		return nil
	}
	kind := hoverKind(caps)
	var parts []string
	var rng *Range
	seen := map[string]bool{}
	for i, f := range res.findings {
		r := res.diags[i].Range
		if f.Line < 1 || before(p.Position, r.Start) || before(r.End, p.Position) {
			continue
		}
		rule := ruleByID(f.RuleID)
		if rule == nil || seen[f.RuleID] {
			continue
		}
		seen[f.RuleID] = true
		if rng == nil {
			rr := r
			rng = &rr
		}
		if kind == "plaintext" {
			parts = append(parts, f.RuleID+": "+f.Message+"\n\n"+plainText(rules.Markdown(rule)))
			continue
		}
		parts = append(parts, "**"+f.RuleID+"** "+f.Message+"\n\n"+rules.Markdown(rule))
	}
	if len(parts) == 0 {
		return nil
	}
	sep := "\n\n---\n\n"
	if kind == "plaintext" {
		sep = "\n\n"
	}
	return &hover{Contents: markupContent{Kind: kind, Value: strings.Join(parts, sep)}, Range: rng}
}

// hoverKind is the MarkupKind of the hover: the first of the client's
// textDocument.hover.contentFormat (its order of preference, LSP 3.17)
// that the server writes; Markdown when the client names none.
func hoverKind(caps clientCapabilities) string {
	if h := caps.TextDocument; h != nil && h.Hover != nil {
		for _, k := range h.Hover.ContentFormat {
			if k == "markdown" || k == "plaintext" {
				return k
			}
		}
	}
	return "markdown"
}

// applyEditCommand is the command of the quick fixes offered to a
// client that takes no CodeAction literals: its arguments are the
// document's URI, its version and the WorkspaceEdit, which the server
// sends back with workspace/applyEdit when the client runs it.
const applyEditCommand = "sqllint.applyEdit"

// literalActions reports whether the client takes CodeAction literals
// in answer to textDocument/codeAction; without
// codeAction.codeActionLiteralSupport, LSP 3.17 allows only Command
// literals.
func (c *clientCapabilities) literalActions() bool {
	return c.TextDocument != nil && c.TextDocument.CodeAction != nil && c.TextDocument.CodeAction.CodeActionLiteralSupport != nil
}

// applyEdit reports whether the client applies workspace/applyEdit.
func (c *clientCapabilities) applyEdit() bool {
	return c.Workspace != nil && c.Workspace.ApplyEdit
}

// codeActionResult is the answer to textDocument/codeAction: the actions
// themselves for a client that takes CodeAction literals, else each as a
// Command running applyEditCommand (none when the client cannot apply an
// edit the server sends: it could not run them). A command cannot be
// followed by another, so the "select the reason" one is dropped.
func (s *Server) codeActionResult(uri string, actions []CodeAction, version int) any {
	s.mu.Lock()
	caps := s.caps
	s.mu.Unlock()
	if caps.literalActions() {
		return actions
	}
	cmds := []Command{}
	if !caps.applyEdit() {
		return cmds
	}
	for _, a := range actions {
		if a.Edit != nil {
			cmds = append(cmds, Command{Title: a.Title, Command: applyEditCommand, Arguments: []any{uri, version, a.Edit}})
		}
	}
	return cmds
}

// executeCommand runs applyEditCommand: it sends the edit to the client
// with workspace/applyEdit, unless the document changed since the
// command was offered (its positions would then be wrong).
func (s *Server) executeCommand(p *executeCommandParams) (any, *rpcError) {
	if p.Command != applyEditCommand {
		return nil, &rpcError{Code: codeInvalidParams, Message: "unknown command: " + p.Command}
	}
	var uri string
	var version int
	if len(p.Arguments) != 3 || json.Unmarshal(p.Arguments[0], &uri) != nil || json.Unmarshal(p.Arguments[1], &version) != nil {
		return nil, &rpcError{Code: codeInvalidParams, Message: applyEditCommand + " takes a document URI, its version and an edit"}
	}
	s.mu.Lock()
	d := s.docs[uri]
	changed := d == nil || d.version != version
	s.nextID++
	id := s.nextID
	s.mu.Unlock()
	if changed {
		return nil, &rpcError{Code: codeContentModified, Message: "the document changed (or was closed) since the action was offered"}
	}
	_ = s.conn.request(id, "workspace/applyEdit", applyWorkspaceEditParams{Label: "sqllint", Edit: p.Arguments[2]})
	return nil, nil
}

// unusedSuppressionAction is the quick fix of SL003: it removes the
// sqllint:ignore comment of the finding, and its line when the comment is
// alone on it, when the message says to remove it ("...: remove it"),
// or the rules the message names from its list ("...: remove SL301,
// SL302 from it"), keeping the others, their order and the reason.
func unusedSuppressionAction(uri string, res *result, enc posEncoding, caps clientCapabilities, f report.Finding, diag Diagnostic) (CodeAction, bool) {
	t := res.text
	at := t.lineColOffset(f.Line, f.Column)
	s := t.s
	if at >= len(s) {
		return CodeAction{}, false
	}
	var end int // the comment's end
	switch {
	case strings.HasPrefix(s[at:], "--"):
		end = at + len(strings.TrimRight(strings.SplitN(s[at:], "\n", 2)[0], "\r"))
	case strings.HasPrefix(s[at:], "/*"):
		i := strings.Index(s[at+2:], "*/")
		if i < 0 {
			return CodeAction{}, false
		}
		end = at + 2 + i + 2
	default:
		return CodeAction{}, false
	}
	_, what, ok := strings.Cut(f.Message, "matched no finding: remove ")
	if !ok {
		return CodeAction{}, false
	}
	var edit TextEdit
	title := "Remove the unused suppression"
	if what == "it" {
		a, b := removalSpan(s, at, end)
		edit = TextEdit{Range: Range{Start: t.position(a, enc), End: t.position(b, enc)}}
	} else {
		list, ok := strings.CutSuffix(what, " from it")
		if !ok {
			return CodeAction{}, false
		}
		drop := map[string]bool{}
		for _, id := range strings.Split(list, ", ") {
			drop[id] = true
		}
		a, b, repl, ok := dropRules(s[at:end], drop)
		if !ok {
			return CodeAction{}, false
		}
		edit = TextEdit{Range: Range{Start: t.position(at+a, enc), End: t.position(at+b, enc)}, NewText: repl}
		title = "Remove " + list + " from the suppression"
	}
	return CodeAction{
		Title: title, Kind: "quickfix", Diagnostics: []Diagnostic{diag},
		Edit: caps.workspaceEdit(uri, res.version, []TextEdit{edit}),
	}, true
}

// removalSpan is what goes with the comment [at, end) of s: its whole
// line, line break included, when it is alone on it; else the comment
// and the blanks that part it from the code before it (or, when it
// starts the line, after it).
func removalSpan(s string, at, end int) (int, int) {
	bom := 0
	if strings.HasPrefix(s, "\ufeff") {
		bom = len("\ufeff") // the mark stays
	}
	ls := max(strings.LastIndexAny(s[:at], "\r\n")+1, bom)
	le := end
	for le < len(s) && s[le] != '\r' && s[le] != '\n' {
		le++
	}
	head, tail := s[ls:at], s[end:le]
	blank := func(x string) bool { return strings.Trim(x, " \t") == "" }
	switch {
	case blank(head) && blank(tail) && !strings.ContainsAny(s[at:end], "\r\n"):
		switch {
		case strings.HasPrefix(s[le:], "\r\n"):
			return ls, le + 2
		case le < len(s):
			return ls, le + 1
		case ls > bom:
			// the last line, with no break after it: the one before goes
			a := ls - 1
			if a > 0 && s[a] == '\n' && s[a-1] == '\r' {
				a--
			}
			return a, le
		}
		return ls, le
	case blank(head):
		return at, end + len(tail) - len(strings.TrimLeft(tail, " \t"))
	}
	return ls + len(strings.TrimRight(head, " \t")), end
}

// dropRules returns the edit of the comment c (its [a, b) and the new
// text) that removes the rules of drop (by ID) from the list of its
// sqllint:ignore, keeping the others with the list's separator; false
// when none would be left or the list cannot be read.
func dropRules(c string, drop map[string]bool) (int, int, string, bool) {
	return rules.IgnoreListEdit(c, func(word string) bool {
		r := ruleByID(strings.ToUpper(word))
		if r == nil {
			r = ruleByID(strings.ToLower(word))
		}
		return r != nil && drop[r.ID]
	})
}
