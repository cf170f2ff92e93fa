package lsp

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// Pull diagnostics (LSP 3.17 textDocument/diagnostic): the client asks
// for a document's findings when it shows or changes it, rather than the
// server publishing them. A client gets one model, never both: VS Code's
// client (vscode-languageclient 9) keeps pulled and published
// diagnostics in two collections and would list every finding twice, as
// other servers that did both found (sourcekit-lsp, Roslyn, ryl). So the
// server offers pull to a client that declares textDocument.diagnostic
// and can be told to pull again (workspace.diagnostics.refreshSupport:
// a config file, a baseline or another script changes a document's
// findings without the client changing it), and for that client stops
// publishing. Every other client keeps push.

// diagnosticOptions is the server's diagnosticProvider.
type diagnosticOptions struct {
	Identifier            string `json:"identifier,omitempty"`
	InterFileDependencies bool   `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool   `json:"workspaceDiagnostics"`
}

type documentDiagnosticParams struct {
	TextDocument     textDocumentIdentifier `json:"textDocument"`
	Identifier       string                 `json:"identifier,omitempty"`
	PreviousResultID string                 `json:"previousResultId,omitempty"`
}

// documentDiagnosticReport is a full report (Items) or, with kind
// "unchanged", one saying the client's previous report still holds.
type documentDiagnosticReport struct {
	Kind     string        `json:"kind"` // "full" or "unchanged"
	ResultID string        `json:"resultId,omitempty"`
	Items    *[]Diagnostic `json:"items,omitempty"`
}

type cancelParams struct {
	ID json.RawMessage `json:"id"`
}

// diagnosticServerCancellationData is the data of a ServerCancelled
// answer to a pull: whether the client should ask again.
type diagnosticServerCancellationData struct {
	RetriggerRequest bool `json:"retriggerRequest"`
}

// pullCancelled is the answer to a pull the server gave up.
type pullCancelled struct {
	JSONRPC string             `json:"jsonrpc"`
	ID      json.RawMessage    `json:"id"`
	Error   pullCancelledError `json:"error"`
}

type pullCancelledError struct {
	Code    int                              `json:"code"`
	Message string                           `json:"message"`
	Data    diagnosticServerCancellationData `json:"data"`
}

// codeServerCancelled answers a pull the server gave up (LSP 3.17).
const codeServerCancelled = -32802

// pullRequest is a textDocument/diagnostic request waiting for the
// analysis in progress of its document.
type pullRequest struct {
	id   json.RawMessage
	prev string // the client's previousResultId
	key  string // canonicalID(id): the server's index of waiting pulls
	doc  *document
	done bool // cancelled: skipped when the pulls of doc are answered
	// the other waiting pulls with the same key (a client that reuses
	// IDs), oldest first: a cancellation answers the oldest
	older, newer *pullRequest
}

// pullChain is the oldest and the newest waiting pull of one key.
type pullChain struct{ oldest, newest *pullRequest }

// wait makes p a pull waiting for d's analysis, found by its ID when
// the client cancels it. s.mu is held.
func (s *Server) wait(d *document, p *pullRequest) {
	p.doc = d
	d.pulls = append(d.pulls, p)
	c := s.pending[p.key]
	if c.newest != nil {
		c.newest.newer, p.older = p, c.newest
	} else {
		c.oldest = p
	}
	c.newest = p
	s.pending[p.key] = c
}

// unwait removes p from the index of waiting pulls: it is answered or
// cancelled. s.mu is held.
func (s *Server) unwait(p *pullRequest) {
	c, ok := s.pending[p.key]
	if !ok || p.older == nil && c.oldest != p {
		return // not waiting
	}
	if p.older != nil {
		p.older.newer = p.newer
	} else {
		c.oldest = p.newer
	}
	if p.newer != nil {
		p.newer.older = p.older
	} else {
		c.newest = p.older
	}
	p.older, p.newer = nil, nil
	if c.oldest == nil {
		delete(s.pending, p.key)
	} else {
		s.pending[p.key] = c
	}
}

// deferred is the result of a request answered later, by the server
// itself (handle then sends nothing).
type deferred struct{}

// pullDiagnostics reports whether the client takes pulled diagnostics,
// and can be asked to pull again.
func (c *clientCapabilities) pullDiagnostics() bool {
	return c.TextDocument != nil && c.TextDocument.Diagnostic != nil &&
		c.Workspace != nil && c.Workspace.Diagnostics != nil && c.Workspace.Diagnostics.RefreshSupport
}

// pullAnswer is what a result marshals once for the pulls that get its
// full report: its result ID and the JSON of the full report followed
// by the closing brace of the response that carries it. Every such pull
// writes these bytes instead of marshalling the report again (10,000
// pulls of a document with 60,000 findings marshalled 14 GB).
//
// The result ID names a document's diagnostics: the same findings at the
// same places give the same ID, so the client, sending it back, is told
// "unchanged" after an edit that changed no finding (typing in a
// comment) and after a re-check of the context that changed nothing.
func pullAnswer(diags []Diagnostic) (id string, tail rawResult) {
	items, _ := json.Marshal(diags)
	h := fnv.New64a()
	_, _ = h.Write(items)
	id = fmt.Sprintf("%016x", h.Sum64())
	if diags == nil {
		items = []byte("[]")
	}
	const head, mid = `{"kind":"full","resultId":"`, `","items":`
	tail = make(rawResult, 0, len(head)+len(id)+len(mid)+len(items)+2)
	tail = append(tail, head...)
	tail = append(tail, id...) // hexadecimal digits: nothing to escape
	tail = append(tail, mid...)
	tail = append(tail, items...)
	return id, append(tail, "}}"...)
}

// answer is the result of a pull whose client last got prev: the full
// report's bytes marshalled once, when r has them.
func (r *result) answer(prev string) any {
	if r.full != nil && (prev == "" || prev != r.id) {
		return r.full
	}
	return r.report(prev)
}

// report is the answer to a pull whose client last got prev.
func (r *result) report(prev string) documentDiagnosticReport {
	if prev != "" && prev == r.id {
		return documentDiagnosticReport{Kind: "unchanged", ResultID: r.id}
	}
	items := r.diags
	if items == nil {
		items = []Diagnostic{}
	}
	return documentDiagnosticReport{Kind: "full", ResultID: r.id, Items: &items}
}

// emptyReport is the report of a document the server does not check (not
// open, not T-SQL, closed meanwhile).
func emptyReport() documentDiagnosticReport {
	return documentDiagnosticReport{Kind: "full", Items: &[]Diagnostic{}}
}

// pullDocument answers textDocument/diagnostic: at once when the
// document's findings are those of its text as it is, else once the
// pending analysis ends (a change is debounced, so a pull right after
// it waits for the check of the new text, not the old findings).
func (s *Server) pullDocument(id json.RawMessage, raw json.RawMessage) (any, *rpcError) {
	var p documentDiagnosticParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, invalidParams(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[p.TextDocument.URI]
	if d == nil || !d.lint {
		return emptyReport(), nil
	}
	if d.timer == nil && d.cancel == nil {
		if d.result == nil {
			return emptyReport(), nil
		}
		d.reported = d.result.id
		return d.result.answer(p.PreviousResultID), nil
	}
	s.wait(d, &pullRequest{id: id, prev: p.PreviousResultID, key: canonicalID(id)})
	return deferred{}, nil
}

// answerPulls answers the pulls waiting for d's analysis, which has just
// given d.result; without any, it asks a client in pull mode to pull
// again when the findings it last pulled changed. s.mu is held.
func (s *Server) answerPulls(d *document) {
	answered := false
	for _, p := range d.pulls {
		if p.done {
			continue
		}
		s.unwait(p)
		_ = s.conn.reply(p.id, d.result.answer(p.prev))
		d.reported = d.result.id
		answered = true
	}
	d.pulls, d.cancelled = nil, 0
	if answered {
		return
	}
	if s.pull && d.reported != "" && d.reported != d.result.id {
		s.refreshSoon()
	}
}

// Why the waiting pulls of a document are answered without its findings.
const (
	pullsShutdown = iota // the session shuts down
	pullsClosed          // the document was closed
	pullsChanged         // the document changed
)

// dropPulls answers d's waiting pulls when d is closed (an empty report:
// the client forgets a closed document's diagnostics anyway), the
// session shuts down (cancelled, not to be asked again) or d changed
// (cancelled, to be asked again). s.mu is held.
//
// A pull asks for the findings of the document as synchronised when it
// is sent (LSP 3.17, "Document Diagnostics": "the server is asked to
// compute the diagnostics for the currently synced version of the
// document"). A change that comes while it waits abandons the check of
// that text, so the server answers ServerCancelled, "the server can't
// compute the result right now", with retriggerRequest true: the client
// asks again, for the new text (vscode-languageclient and Neovim both
// pull again on it). Not ContentModified: vscode-languageclient turns
// that into an empty report for textDocument/diagnostic, which would
// hide the document's findings until the next pull. The pulls of a
// document whose folder changed still wait: the document is as it was
// synchronised, only its findings are being checked again.
func (s *Server) dropPulls(d *document, why int) {
	for _, p := range d.pulls {
		if p.done {
			continue
		}
		s.unwait(p)
		if why == pullsClosed {
			_ = s.conn.reply(p.id, emptyReport())
			continue
		}
		msg, retrigger := "the server is shutting down", false
		if why == pullsChanged {
			msg, retrigger = "the document changed: pull its diagnostics again", true
		}
		_ = s.conn.write(pullCancelled{JSONRPC: "2.0", ID: p.id, Error: pullCancelledError{
			Code: codeServerCancelled, Message: msg,
			Data: diagnosticServerCancellationData{RetriggerRequest: retrigger},
		}})
	}
	d.pulls, d.cancelled = nil, 0
}

// cancelRequest answers a waiting pull that the client cancelled with
// RequestCancelled, as LSP asks (a cancelled request still gets an
// answer). Every other request is answered before the next message is
// read, so its cancellation comes too late and is ignored.
func (s *Server) cancelRequest(p *cancelParams) {
	want := canonicalID(p.ID)
	s.mu.Lock()
	defer s.mu.Unlock()
	// Found by its ID, not by a scan of every waiting pull with a
	// canonicalID each: a flood of pulls and cancellations was quadratic.
	c, ok := s.pending[want]
	if !ok {
		return
	}
	r := c.oldest
	s.unwait(r)
	r.done = true
	d := r.doc
	d.cancelled++
	if d.cancelled > len(d.pulls)/2 {
		d.pulls = slices.DeleteFunc(d.pulls, func(p *pullRequest) bool { return p.done })
		d.cancelled = 0
	}
	_ = s.conn.replyError(r.id, codeRequestCancelled, "cancelled by the client")
}

// canonicalID is a request ID as a comparable string: "7" and 7 differ
// (a string ID is not a number), spacing does not count, and a number is
// compared by its value as a float64 (7 and 7.0 are one ID; the protocol's
// integer IDs fit, as LSP's integer is 32 bits).
func canonicalID(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// refreshSoon asks the client to pull every document again, once for
// the analyses that end within a third of the debounce delay (a change
// re-checks the other open scripts of its folder, which end one after
// the other). s.mu is held.
func (s *Server) refreshSoon() {
	if s.refresh != nil || s.shutdown || s.stopped {
		return
	}
	s.refresh = time.AfterFunc(s.opt.Debounce/3, func() { s.safely("workspace/diagnostic/refresh", s.sendRefresh) })
}

// sendRefresh sends the refresh refreshSoon scheduled.
func (s *Server) sendRefresh() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refresh = nil
	if s.shutdown || s.stopped {
		return
	}
	s.nextID++
	// One refresh not yet read is enough: it makes the client pull
	// every document, and the pulls get the newest findings.
	_ = s.conn.requestLatest("refresh", s.nextID, "workspace/diagnostic/refresh", nil)
}
