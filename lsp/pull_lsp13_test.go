package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// pullCaps is a client that pulls diagnostics and takes refresh
// requests, as vscode-languageclient 9 announces it.
const pullCaps = `{"textDocument":{"diagnostic":{"dynamicRegistration":true,"relatedDocumentSupport":false},` +
	`"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix"]}}}},` +
	`"workspace":{"diagnostics":{"refreshSupport":true},"didChangeWatchedFiles":{"dynamicRegistration":true}}}`

// pullReport is a report as the client decodes it.
type pullReport struct {
	Kind     string        `json:"kind"`
	ResultID string        `json:"resultId"`
	Items    *[]Diagnostic `json:"items"`
}

func (c *client) pull(uri, prev string) pullReport {
	c.t.Helper()
	var r pullReport
	c.result(c.call("textDocument/diagnostic", documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: uri}, PreviousResultID: prev}), &r)
	return r
}

// sendPull sends a pull without waiting for its answer and returns its ID.
func (c *client) sendPull(uri string) int {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(outgoing{JSONRPC: "2.0", ID: &id, Method: "textDocument/diagnostic", Params: documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: uri}}})
	return id
}

func (c *client) answer(id int) *message {
	c.t.Helper()
	want := mustJSON(c.t.(*testing.T), id)
	return c.next("answer "+want, func(m *message) bool { return m.Method == "" && string(m.ID) == want })
}

func (c *client) change(uri string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: version},
		ContentChanges: []contentChange{{Text: text}},
	})
}

// noPublished fails when the server published diagnostics.
func (c *client) noPublished() {
	c.t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "textDocument/publishDiagnostics" {
			c.t.Errorf("published to a client that pulls: %s", m.Params)
		}
	}
}

// TestPullDiagnostics: a client that pulls (textDocument.diagnostic)
// is offered diagnosticProvider and gets each document's findings in
// answer to textDocument/diagnostic, with a result ID; the same ID sent
// back gets "unchanged" while the findings are the same (an edit in a
// comment), a full report once they change; it is never published to
// (VS Code's client would list every finding twice).
func TestPullDiagnostics(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "V1__tune.sql"))
	c := newClient(t, Options{})
	res := c.initialize(pullCaps, `null`)
	p := res.Capabilities.DiagnosticProvider
	if p == nil || p.Identifier != "sqllint" || !p.InterFileDependencies || p.WorkspaceDiagnostics {
		t.Fatalf("diagnosticProvider %+v", p)
	}
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	c.send(response{JSONRPC: "2.0", ID: reg.ID, Result: nil})

	c.open(uri, "SELECT 1;\nCHECKPOINT 10;\n")
	r := c.pull(uri, "")
	if r.Kind != "full" || r.ResultID == "" || r.Items == nil || find(*r.Items, "SL302") == nil {
		t.Fatalf("first pull: %+v", r)
	}
	if again := c.pull(uri, r.ResultID); again.Kind != "unchanged" || again.ResultID != r.ResultID || again.Items != nil {
		t.Errorf("pull without a change: %+v, want unchanged %s", again, r.ResultID)
	}
	// A comment after the statements changes no finding.
	c.change(uri, 2, "SELECT 1;\nCHECKPOINT 10;\n-- tuned\n")
	if same := c.pull(uri, r.ResultID); same.Kind != "unchanged" || same.ResultID != r.ResultID {
		t.Errorf("after a comment: %+v, want unchanged", same)
	}
	// A line above the finding moves it: a full report.
	c.change(uri, 3, "-- tune\nSELECT 1;\nCHECKPOINT 10;\n")
	moved := c.pull(uri, r.ResultID)
	if moved.Kind != "full" || moved.ResultID == r.ResultID || moved.Items == nil {
		t.Fatalf("after the move: %+v", moved)
	}
	if d := find(*moved.Items, "SL302"); d == nil || d.Range.Start.Line != 2 {
		t.Errorf("after the move: %+v", *moved.Items)
	}
	// Fixed: an empty full report.
	c.change(uri, 4, "SELECT 1;\nCHECKPOINT;\n")
	if fixed := c.pull(uri, moved.ResultID); fixed.Kind != "full" || fixed.Items == nil || len(*fixed.Items) != 0 {
		t.Errorf("after the fix: %+v", fixed)
	}
	// Quick fixes still work from the pulled findings.
	c.change(uri, 5, "CHECKPOINT 10;\n")
	last := c.pull(uri, "")
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: (*last.Items)[0].Range}), &actions)
	if len(actions) != 2 {
		t.Errorf("code actions of a pulled finding: %+v", actions)
	}
	// A document that is not open, or not T-SQL: an empty report.
	if r := c.pull(pathURI(filepath.Join(dir, "other.sql")), ""); r.Kind != "full" || r.Items == nil || len(*r.Items) != 0 {
		t.Errorf("unknown document: %+v", r)
	}
	c.notify("textDocument/didClose", didCloseParams{TextDocument: textDocumentIdentifier{URI: uri}})
	c.shutdown()
	c.noPublished()
}

// TestPushUnlessPull: a client that does not pull, or pulls but cannot
// be asked to pull again (no workspace.diagnostics.refreshSupport: a
// config change would never reach it), is not offered pull and gets
// findings published, as before.
func TestPushUnlessPull(t *testing.T) {
	for _, caps := range []string{modern, `{"textDocument":{"diagnostic":{}}}`} {
		uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
		c := newClient(t, Options{})
		if res := c.initialize(caps, `null`); res.Capabilities.DiagnosticProvider != nil {
			t.Errorf("%s: diagnosticProvider offered", caps)
		}
		c.open(uri, "CHECKPOINT 10;\n")
		if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
			t.Errorf("%s: published %+v", caps, ds)
		}
		c.shutdown()
	}
}

// TestPullWaitsForTheCheck: a pull right after a change is answered with
// the findings of the new text, once its debounced check ends, not with
// those of the text before.
func TestPullWaitsForTheCheck(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: 50 * time.Millisecond})
	c.initialize(pullCaps, `null`)
	c.open(uri, "SELECT 1;\n")
	if r := c.pull(uri, ""); r.Items == nil || len(*r.Items) != 0 {
		t.Fatalf("clean script: %+v", r)
	}
	c.change(uri, 2, "CHECKPOINT 10;\n")
	if r := c.pull(uri, ""); r.Items == nil || find(*r.Items, "SL302") == nil {
		t.Errorf("pull after the change: %+v, want the new text's SL302", r)
	}
	c.shutdown()
}

// TestPullCancelled: LSP says a cancelled request still gets an answer;
// a pull waiting for a check is answered RequestCancelled (-32800) when
// the client cancels it (VS Code cancels the pull of a document at each
// change, and pulls again only once the cancelled one is answered). A
// pull waiting when the document closes gets an empty report; one
// waiting at shutdown ServerCancelled (-32802) without retrigger.
func TestPullCancelled(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Hour}) // a change is never checked
	c.initialize(pullCaps, `null`)
	c.open(uri, "SELECT 1;\n")
	c.pull(uri, "")
	c.change(uri, 2, "CHECKPOINT 10;\n")
	id := c.sendPull(uri)
	c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(mustJSON(t, id))})
	if m := c.answer(id); m.Error == nil || m.Error.Code != codeRequestCancelled {
		t.Errorf("cancelled pull answered %s %+v, want RequestCancelled", m.Result, m.Error)
	}
	// A cancellation of a request already answered is ignored.
	c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(mustJSON(t, id))})

	id = c.sendPull(uri)
	c.notify("textDocument/didClose", didCloseParams{TextDocument: textDocumentIdentifier{URI: uri}})
	var r pullReport
	c.result(c.answer(id), &r)
	if r.Kind != "full" || r.Items == nil || len(*r.Items) != 0 {
		t.Errorf("pull of a closed document: %+v", r)
	}

	c.open(uri, "SELECT 1;\n")
	c.pull(uri, "")
	c.change(uri, 2, "CHECKPOINT 10;\n")
	id = c.sendPull(uri)
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Fatal(m.Error)
	}
	if m := c.answer(id); m.Error == nil || m.Error.Code != codeServerCancelled {
		t.Fatalf("pull at shutdown answered %s %+v, want ServerCancelled", m.Result, m.Error)
	}
	c.notify("exit", nil)
	c.exitStatus()
	c.noPublished()
}

// TestPullRefresh: a change the client did not make (here a config file
// saved on disk) changes the findings it pulled: the server asks it to
// pull again (workspace/diagnostic/refresh), once; the next pull gets
// the new findings.
func TestPullRefresh(t *testing.T) {
	dir := t.TempDir()
	a, b := pathURI(filepath.Join(dir, "a.sql")), pathURI(filepath.Join(dir, "b.sql"))
	// Analyses ending within 200 ms give one refresh.
	c := newClient(t, Options{Debounce: 600 * time.Millisecond})
	c.initialize(pullCaps, `null`)
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	c.send(response{JSONRPC: "2.0", ID: reg.ID, Result: nil})
	c.open(a, "CHECKPOINT 10;\n")
	c.open(b, "CHECKPOINT 10;\n")
	ra, rb := c.pull(a, ""), c.pull(b, "")
	cfg := filepath.Join(dir, ".sqllint.yaml")
	writeFile(t, cfg, "rules: [all, -SL302]\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 1}}})
	ref := c.next("workspace/diagnostic/refresh", func(m *message) bool { return m.Method == "workspace/diagnostic/refresh" })
	c.send(response{JSONRPC: "2.0", ID: ref.ID, Result: nil})
	ids := map[string]string{}
	for _, p := range []struct {
		uri  string
		prev pullReport
	}{{a, ra}, {b, rb}} {
		r := c.pull(p.uri, p.prev.ResultID)
		if r.Kind != "full" || r.Items == nil || len(*r.Items) != 0 {
			t.Errorf("%s after the config: %+v", filepath.Base(p.uri), r)
		}
		ids[p.uri] = r.ResultID
	}
	if n := c.count("workspace/diagnostic/refresh"); n != 0 {
		t.Errorf("%d more refreshes for one change", n)
	}
	// A re-check that changes nothing asks for no pull.
	c.notify("workspace/didChangeConfiguration", json.RawMessage(`{"settings":{}}`))
	for _, u := range []string{a, b} {
		if r := c.pull(u, ids[u]); r.Kind != "unchanged" {
			t.Errorf("%s after a re-check: %+v", filepath.Base(u), r)
		}
	}
	time.Sleep(400 * time.Millisecond) // a refresh would be sent 200 ms after the checks
	if n := c.count("workspace/diagnostic/refresh"); n != 0 {
		t.Errorf("%d refreshes after a re-check that changed nothing", n)
	}
	c.shutdown()
	c.noPublished()
}

// count removes the queued messages of method and returns how many
// there were.
func (c *client) count(method string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	c.queue = slices.DeleteFunc(c.queue, func(m *message) bool {
		if m.Method == method {
			n++
			return true
		}
		return false
	})
	return n
}

// TestServerCancelledData: a pull the server gives up at shutdown says
// the client should not ask again (DiagnosticServerCancellationData).
func TestServerCancelledData(t *testing.T) {
	var out strings.Builder
	s := New(strings.NewReader(""), &out, Options{})
	d := &document{pulls: []*pullRequest{{id: json.RawMessage(`7`)}}}
	s.dropPulls(d, pullsShutdown)
	s.conn.out.start()
	s.conn.out.close(wait)
	if want := `{"jsonrpc":"2.0","id":7,"error":{"code":-32802,"message":"the server is shutting down","data":{"retriggerRequest":false}}}`; !strings.HasSuffix(out.String(), want) {
		t.Errorf("wrote %q, want the message %s", out.String(), want)
	}
	if len(d.pulls) != 0 {
		t.Error("the pull is still waiting")
	}
}

// TestNoRefreshAfterRun: a refresh pending when the session ends (the
// client sent exit, or its process died) is not sent after Run returned.
func TestNoRefreshAfterRun(t *testing.T) {
	var out lockedBuffer
	s := New(strings.NewReader(""), &out, Options{Debounce: 30 * time.Millisecond})
	s.mu.Lock()
	s.refreshSoon()
	s.mu.Unlock()
	if code := s.Run(); code != 1 {
		t.Errorf("status %d at the end of the input, want 1", code)
	}
	time.Sleep(60 * time.Millisecond) // the refresh was due 10 ms after it was scheduled
	if got := out.String(); got != "" {
		t.Errorf("written after Run returned: %q", got)
	}
}

// lockedBuffer is a strings.Builder safe for a timer's goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
