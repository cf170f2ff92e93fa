package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// wait bounds every wait of the test client: a server that never answers
// fails the test instead of hanging it. It is not a speed requirement.
const wait = 60 * time.Second

// client is a test LSP client talking to a Server over pipes.
type client struct {
	t      testing.TB
	srv    *Server
	reads  *readGate // holds the client's reading (hold, release)
	conn   *conn
	in     io.Closer
	mu     sync.Mutex
	queue  []*message // received, not yet consumed
	recv   chan struct{}
	closed bool
	nextID int
	exit   chan int
}

func newClient(t testing.TB, opt Options) *client {
	t.Helper()
	return newClientReading(t, opt, nil)
}

// newClientReading is newClient whose input, the server's output, is
// read through wrap (nil: as it is), e.g. slowly.
func newClientReading(t testing.TB, opt Options, wrap func(io.Reader) io.Reader) *client {
	t.Helper()
	inR, inW := io.Pipe()   // client -> server
	outR, outW := io.Pipe() // server -> client
	if opt.Debounce == 0 {
		opt.Debounce = 5 * time.Millisecond
	}
	srv := New(inR, outW, opt)
	g := newReadGate()
	var in io.Reader = gatedReader{outR, g}
	if wrap != nil {
		in = wrap(in)
	}
	c := &client{t: t, srv: srv, reads: g, conn: newConn(in, inW), in: inW, recv: make(chan struct{}, 1), exit: make(chan int, 1)}
	go func() {
		code := srv.Run()
		outW.Close()
		inR.Close()
		c.exit <- code
	}()
	go func() {
		for {
			m, err := c.conn.read()
			c.mu.Lock()
			if err != nil {
				c.closed = true
				c.mu.Unlock()
				c.signal()
				return
			}
			c.queue = append(c.queue, m)
			c.mu.Unlock()
			c.signal()
		}
	}()
	t.Cleanup(func() {
		g.release()
		inW.Close()
		select {
		case <-c.exit:
		case <-time.After(wait):
			t.Error("server did not stop")
		}
	})
	return c
}

func (c *client) signal() {
	select {
	case c.recv <- struct{}{}:
	default:
	}
}

// next removes and returns the first queued message that match accepts,
// waiting for it.
func (c *client) next(what string, match func(*message) bool) *message {
	c.t.Helper()
	deadline := time.After(wait)
	for {
		c.mu.Lock()
		for i, m := range c.queue {
			if match(m) {
				c.queue = append(c.queue[:i:i], c.queue[i+1:]...)
				c.mu.Unlock()
				return m
			}
		}
		closed := c.closed
		c.mu.Unlock()
		if closed {
			c.t.Fatalf("connection closed while waiting for %s", what)
		}
		select {
		case <-c.recv:
		case <-deadline:
			c.t.Fatalf("no %s from the server", what)
		}
	}
}

func (c *client) send(v any) {
	c.t.Helper()
	done := make(chan error, 1)
	go func() { done <- c.conn.write(v) }()
	select {
	case err := <-done:
		if err != nil {
			c.t.Fatalf("send: %v", err)
		}
	case <-time.After(wait):
		c.t.Fatalf("send: the server reads nothing")
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	c.send(outgoing{JSONRPC: "2.0", Method: method, Params: params})
}

// call sends a request and returns its response.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(outgoing{JSONRPC: "2.0", ID: &id, Method: method, Params: params})
	want := fmt.Sprint(id)
	return c.next("response to "+method, func(m *message) bool { return m.Method == "" && string(m.ID) == want })
}

// result decodes a successful response's result into v.
func (c *client) result(m *message, v any) {
	c.t.Helper()
	if m.Error != nil {
		c.t.Fatalf("error response: %v", m.Error)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		c.t.Fatalf("result %s: %v", m.Result, err)
	}
}

// diagnostics waits for the diagnostics of uri at the given version.
func (c *client) diagnostics(uri string, version int) []Diagnostic {
	c.t.Helper()
	m := c.next(fmt.Sprintf("diagnostics of %s v%d", filepath.Base(uri), version), func(m *message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		var p publishDiagnosticsParams
		return json.Unmarshal(m.Params, &p) == nil && p.URI == uri && p.Version != nil && *p.Version == version
	})
	var p publishDiagnosticsParams
	if err := json.Unmarshal(m.Params, &p); err != nil {
		c.t.Fatal(err)
	}
	return p.Diagnostics
}

// literalSupport is textDocument's capability of every client since LSP
// 3.8 (VS Code, Neovim, Helix, Eglot, Sublime LSP, Zed): CodeAction
// literals in answer to textDocument/codeAction.
const literalSupport = `{"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["","quickfix","refactor","source"]}}}}`

// modern is the client capabilities the tests use unless they test
// others: a client that takes CodeAction literals.
const modern = `{"textDocument":` + literalSupport + `}`

// initialize runs the handshake with the given client capabilities.
func (c *client) initialize(caps string, opts string) initializeResult {
	c.t.Helper()
	params := json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":` + caps + `,"initializationOptions":` + opts + `}`)
	var res initializeResult
	c.result(c.call("initialize", params), &res)
	c.notify("initialized", struct{}{})
	return res
}

func (c *client) open(uri, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: uri, LanguageID: "sql", Version: 1, Text: text}})
}

func (c *client) shutdown() {
	c.t.Helper()
	m := c.call("shutdown", nil)
	if m.Error != nil || string(m.Result) != "null" {
		c.t.Fatalf("shutdown answered %s %v", m.Result, m.Error)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		c.exit <- code // for Cleanup
		if code != 0 {
			c.t.Errorf("exit status %d after shutdown, want 0", code)
		}
	case <-time.After(wait):
		c.t.Fatal("server did not exit")
	}
}

func codes(ds []Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Code)
	}
	return out
}

func find(ds []Diagnostic, code string) *Diagnostic {
	for i := range ds {
		if ds[i].Code == code {
			return &ds[i]
		}
	}
	return nil
}

// applyEdits applies LSP text edits (non-overlapping, positions in the
// original text) as a client does.
func applyEdits(t *testing.T, s string, edits []TextEdit, enc posEncoding) string {
	t.Helper()
	tx := &text{s: s}
	type off struct {
		a, b int
		s    string
	}
	var offs []off
	for _, e := range edits {
		offs = append(offs, off{tx.offset(e.Range.Start, enc), tx.offset(e.Range.End, enc), e.NewText})
	}
	for i := len(offs) - 1; i >= 0; i-- { // edits come in text order
		for j := 0; j < i; j++ {
			if offs[j].a > offs[j+1].a {
				offs[j], offs[j+1] = offs[j+1], offs[j]
			}
		}
	}
	for i := len(offs) - 1; i >= 0; i-- {
		s = s[:offs[i].a] + offs[i].s + s[offs[i].b:]
	}
	return s
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// filegroups returns n ALTER DATABASE ... ADD FILEGROUP statements with
// two files each, numbered from first.
func filegroups(first, n int) string {
	var b strings.Builder
	for i := first; i < first+n; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE Sales ADD FILEGROUP FG%d;\n", i)
		for f := 1; f <= 2; f++ {
			fmt.Fprintf(&b, "ALTER DATABASE Sales ADD FILE (NAME = F%d_%d, FILENAME = 'D:\\Data\\F%d_%d.ndf', SIZE = 8MB) TO FILEGROUP FG%d;\n", i, f, i, f, i)
		}
	}
	return b.String()
}

const createSales = "CREATE DATABASE Sales\nON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\\Data\\Sales.mdf', SIZE = 100MB)\nLOG ON (NAME = Sales_log, FILENAME = 'L:\\Log\\Sales.ldf', SIZE = 100MB);\nGO\n"

// TestSession drives a whole session: handshake, diagnostics on open,
// an edit, a quick fix applied, a suppression, hover, shutdown and exit.
func TestSession(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "V1__checkpoint.sql")
	uri := pathURI(path)
	c := newClient(t, Options{Version: "test"})

	res := c.initialize(modern, `null`)
	if res.Capabilities.PositionEncoding != "utf-16" || res.Capabilities.TextDocumentSync.Change != syncIncremental ||
		!res.Capabilities.HoverProvider || res.Capabilities.CodeActionProvider.CodeActionKinds[0] != "quickfix" {
		t.Fatalf("capabilities: %+v", res.Capabilities)
	}
	if res.ServerInfo.Name != "sqllint" || res.ServerInfo.Version != "test" {
		t.Errorf("serverInfo %+v", res.ServerInfo)
	}

	text := "SELECT 1;\n    CHECKPOINT 10;\n"
	c.open(uri, text)
	ds := c.diagnostics(uri, 1)
	d := find(ds, "SL302")
	if d == nil {
		t.Fatalf("diagnostics on open: %v, want SL302", codes(ds))
	}
	if d.Range.Start != (Position{1, 4}) || d.Source != "sqllint" || d.Severity == 0 || d.CodeDescription == nil {
		t.Errorf("SL302 diagnostic: %+v", d)
	}

	// Type a line above: the finding moves with it.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- tune\n"}},
	})
	text = "-- tune\n" + text
	ds = c.diagnostics(uri, 2)
	if d = find(ds, "SL302"); d == nil || d.Range.Start.Line != 2 {
		t.Fatalf("after the edit: %+v", ds)
	}

	// The light bulb on the finding: the rule's fix, then a suppression.
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{
		TextDocument: textDocumentIdentifier{URI: uri}, Range: Range{d.Range.Start, d.Range.Start},
	}), &actions)
	if len(actions) != 2 {
		t.Fatalf("code actions: %+v", actions)
	}
	fix, sup := actions[0], actions[1]
	if fix.Kind != "quickfix" || !fix.IsPreferred || fix.Edit == nil || len(fix.Diagnostics) != 1 || fix.Diagnostics[0].Code != "SL302" {
		t.Fatalf("fix action: %+v", fix)
	}
	fixed := applyEdits(t, text, fix.Edit.Changes[uri], utf16)
	if want := "-- tune\nSELECT 1;\n    CHECKPOINT;\n"; fixed != want {
		t.Errorf("fixed text %q, want %q", fixed, want)
	}
	suppressed := applyEdits(t, text, sup.Edit.Changes[uri], utf16)
	if want := "-- tune\nSELECT 1;\n    -- sqllint:ignore SL302 reason\n    CHECKPOINT 10;\n"; suppressed != want {
		t.Errorf("suppressed text %q, want %q", suppressed, want)
	}
	if sup.Command != nil {
		t.Errorf("no select command was offered by the client, got %+v", sup.Command)
	}

	// The client applies the fix: the finding goes away.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 3},
		ContentChanges: []contentChange{{Text: fixed}},
	})
	if ds = c.diagnostics(uri, 3); find(ds, "SL302") != nil {
		t.Errorf("SL302 still reported after the fix: %+v", ds)
	}
	// The suppression, with a real reason, silences it too (and is used:
	// no SL003).
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 4},
		ContentChanges: []contentChange{{Text: strings.Replace(suppressed, "reason", "vendor script, measured", 1)}},
	})
	if ds = c.diagnostics(uri, 4); len(ds) != 0 {
		t.Errorf("suppressed script: %+v", ds)
	}

	// Hover over a finding shows the rule's documentation.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 5},
		ContentChanges: []contentChange{{Text: text}},
	})
	ds = c.diagnostics(uri, 5)
	var h hover
	c.result(c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}, Position: Position{2, 8}}), &h)
	if h.Contents.Kind != "markdown" || !strings.Contains(h.Contents.Value, "# SL302") || !strings.Contains(h.Contents.Value, "## Why") || h.Range == nil || *h.Range != find(ds, "SL302").Range {
		t.Errorf("hover: %+v", h)
	}
	m := c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}, Position: Position{0, 1}})
	if string(m.Result) != "null" {
		t.Errorf("hover off any finding: %s", m.Result)
	}

	c.notify("textDocument/didClose", didCloseParams{TextDocument: textDocumentIdentifier{URI: uri}})
	cleared := c.next("cleared diagnostics", func(m *message) bool {
		return m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), `"diagnostics":[]`)
	})
	_ = cleared
	c.shutdown()
}

// TestCrossFile: V1 on disk creates 700 files, the open V2 adds more:
// SL101 is reported on V2, and only because of V1. Editing V1 in an
// open buffer (not saved) changes V2's diagnostics: buffers override the
// disk.
func TestCrossFile(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "V1__create.sql")
	v2 := filepath.Join(dir, "V2__more.sql")
	v10 := filepath.Join(dir, "V10__later.sql")
	writeFile(t, v1, createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	writeFile(t, v10, "SELECT 1;\n")
	v2text := "USE Sales;\nGO\n" + filegroups(351, 60)
	writeFile(t, v2, v2text)

	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(pathURI(v2), v2text)
	ds := c.diagnostics(pathURI(v2), 1)
	d := find(ds, "SL101")
	if d == nil {
		t.Fatalf("V2 with V1 on disk: %v, want SL101", codes(ds))
	}
	for _, d := range ds {
		if d.Code == "SL101" && d.Range.Start.Line < 2 {
			t.Errorf("SL101 outside V2's statements: %+v", d)
		}
	}

	// Open V1 with only its CREATE DATABASE: V2 alone crosses nothing,
	// whatever V1 holds on disk.
	c.open(pathURI(v1), createSales)
	c.diagnostics(pathURI(v1), 1)
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: pathURI(v2), Version: 2},
		ContentChanges: []contentChange{{Range: &Range{Position{0, 0}, Position{0, 0}}, Text: "-- v2\n"}},
	})
	if ds = c.diagnostics(pathURI(v2), 2); find(ds, "SL101") != nil {
		t.Errorf("V2 with V1's buffer emptied: %v, want no SL101", codes(ds))
	}
	for _, d := range c.diagnostics(pathURI(v1), 1) {
		t.Errorf("V1 (context) diagnostics must only be V1's own: %+v", d)
	}
	c.shutdown()
}

// TestTypingSyntaxError: a half-typed statement is an SL001 finding, the
// server carries on.
func TestTypingSyntaxError(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "x.sql"))
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, "SELECT 1;\n")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Fatalf("clean script: %+v", ds)
	}
	text := "SELECT 1;\n"
	for v, s := range []string{"A", "L", "TER DATABASE Sales ADD FILE (NAME = a, FILENAME = 'a.ndf'", ", SIZE = 10 GB"} {
		c.notify("textDocument/didChange", didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: v + 2},
			ContentChanges: []contentChange{{Range: &Range{Position{1, len([]rune(text)) - len("SELECT 1;\n")}, Position{1, len([]rune(text)) - len("SELECT 1;\n")}}, Text: s}},
		})
		text += s
	}
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})
	ds := c.diagnostics(uri, 5)
	if d := find(ds, "SL001"); d == nil || d.Range.Start.Line != 1 {
		t.Fatalf("unfinished statement: %+v, want SL001", ds)
	}
	// The server is still alive and answering.
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: Range{Position{1, 0}, Position{1, 5}}}), &actions)
	for _, a := range actions {
		if strings.Contains(a.Title, "Suppress") {
			t.Errorf("a syntax error is not suppressed: %+v", a)
		}
	}
	// A NUL character makes the buffer binary: one error saying so.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 6},
		ContentChanges: []contentChange{{Text: "SELECT 1;\x00\n"}},
	})
	if ds := c.diagnostics(uri, 6); len(ds) != 1 || ds[0].Severity != severityError || !strings.Contains(ds[0].Message, "binary") || ds[0].Code != "" {
		t.Errorf("binary buffer: %+v", ds)
	}
	c.shutdown()
}

// TestConfigChange: a new .sqllint.yaml turning SL302 off re-runs the
// open documents when the client reports it.
func TestConfigChange(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "migrations")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	uri := pathURI(filepath.Join(sub, "x.sql"))
	c := newClient(t, Options{})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`, `null`)
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	if !strings.Contains(string(reg.Params), `"**/.sqllint.yaml"`) {
		t.Errorf("watchers: %s", reg.Params)
	}
	c.send(response{JSONRPC: "2.0", ID: reg.ID, Result: nil})

	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
		t.Fatalf("before the config: %+v", ds)
	}
	cfg := filepath.Join(dir, ".sqllint.yaml") // found from the file's folder upward
	writeFile(t, cfg, "rules: [all, -SL302]\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 1}}})
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("SL302 turned off: %+v", ds)
	}
	// A broken config is shown, not swallowed.
	writeFile(t, cfg, "rules: [all, -SL999]\n")
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: pathURI(cfg)}})
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, ".sqllint.yaml") {
		t.Errorf("bad config: %+v", ds)
	}
	c.shutdown()
}

// TestLifecycle: requests before initialize are refused, exit without
// shutdown is status 1, unknown requests get MethodNotFound.
func TestLifecycle(t *testing.T) {
	c := newClient(t, Options{})
	if m := c.call("textDocument/hover", hoverParams{}); m.Error == nil || m.Error.Code != codeServerNotInitialized {
		t.Errorf("hover before initialize: %+v", m)
	}
	c.initialize(modern, `null`)
	if m := c.call("initialize", json.RawMessage(`{"capabilities":{}}`)); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("second initialize: %+v", m)
	}
	if m := c.call("textDocument/definition", struct{}{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", m)
	}
	if m := c.call("textDocument/codeAction", json.RawMessage(`{"range":"nope"}`)); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("bad params: %+v", m)
	}
	// A body that is not JSON: a parse error, and the server goes on.
	if _, err := fmt.Fprintf(c.in.(io.Writer), "Content-Length: 5\r\n\r\n{nope"); err != nil {
		t.Fatal(err)
	}
	c.next("parse error", func(m *message) bool { return m.Error != nil && m.Error.Code == codeParseError })
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: "file:///nowhere.sql"}}), &actions)
	if len(actions) != 0 {
		t.Errorf("actions for an unknown document: %+v", actions)
	}
	c.notify("exit", nil)
	if code := <-c.exit; code != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
	c.exit <- 1
}

// gate is an Analyzer that records the text it analyses and blocks until
// released or cancelled.
type gate struct {
	mu      sync.Mutex
	seen    []string
	release chan struct{}
	block   bool
}

func (g *gate) Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	g.mu.Lock()
	g.seen = append(g.seen, string(overlay[path]))
	block := g.block
	g.mu.Unlock()
	if block {
		select {
		case <-g.release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return []report.Finding{{RuleID: "SL302", Severity: report.Warning, Message: "seen " + string(overlay[path]), Path: path, Line: 1, Column: 1, EndLine: 1, EndColumn: 2}}, nil
}

// TestDebounceAndCancel: changes within the debounce delay give one
// analysis of the last text; a change during an analysis cancels it and
// its result is never published.
func TestDebounceAndCancel(t *testing.T) {
	g := &gate{release: make(chan struct{})}
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Analyzer: g, Debounce: time.Hour})
	c.initialize(modern, `null`)
	c.open(uri, "a")
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Message != "seen a" {
		t.Fatalf("open: %+v", ds)
	}
	for v, s := range []string{"b", "c", "d"} {
		c.notify("textDocument/didChange", didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: v + 2},
			ContentChanges: []contentChange{{Range: &Range{Position{0, v + 1}, Position{0, v + 1}}, Text: s}},
		})
	}
	// Saving runs at once, superseding the pending (hour-long) debounce.
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})
	if ds := c.diagnostics(uri, 4); len(ds) != 1 || ds[0].Message != "seen abcd" {
		t.Fatalf("after save: %+v", ds)
	}
	g.mu.Lock()
	if got := strings.Join(g.seen, ","); got != "a,abcd" {
		t.Errorf("analysed %q, want a,abcd: the intermediate versions were debounced away", got)
	}
	g.block = true
	g.mu.Unlock()

	// An analysis in flight is cancelled by the next one.
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})
	for {
		g.mu.Lock()
		n := len(g.seen)
		g.mu.Unlock()
		if n == 3 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 5},
		ContentChanges: []contentChange{{Text: "e"}},
	})
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})
	for {
		g.mu.Lock()
		n := len(g.seen)
		g.mu.Unlock()
		if n == 4 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	close(g.release)
	if ds := c.diagnostics(uri, 5); len(ds) != 1 || ds[0].Message != "seen e" {
		t.Fatalf("after the cancelled run: %+v", ds)
	}
	c.shutdown()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if strings.Contains(string(m.Params), `"version":4`) {
			t.Errorf("the cancelled analysis was published: %s", m.Params)
		}
	}
}

// TestSuppressSnippetAndSelect: a 3.18 client gets a snippet with the
// reason as a placeholder; the VS Code extension gets plain text and a
// command that selects "reason".
func TestSuppressSnippetAndSelect(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	text := "\tCHECKPOINT 10;\r\n"

	c := newClient(t, Options{})
	c.initialize(`{"workspace":{"workspaceEdit":{"documentChanges":true,"snippetEditSupport":true}},"textDocument":`+literalSupport+`}`, `null`)
	c.open(uri, text)
	d := find(c.diagnostics(uri, 1), "SL302")
	if d == nil {
		t.Fatal("no SL302")
	}
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
	raw, _ := json.Marshal(actions[len(actions)-1].Edit)
	var snip struct {
		DocumentChanges []struct {
			TextDocument versionedTextDocumentIdentifier
			Edits        []snippetTextEdit
		}
	}
	if err := json.Unmarshal(raw, &snip); err != nil || len(snip.DocumentChanges) != 1 || len(snip.DocumentChanges[0].Edits) != 1 {
		t.Fatalf("snippet edit %s: %v", raw, err)
	}
	dc := snip.DocumentChanges[0]
	e := dc.Edits[0]
	if dc.TextDocument.URI != uri || dc.TextDocument.Version != 1 || e.Range != (Range{}) || e.Snippet.Kind != "snippet" ||
		e.Snippet.Value != "\t-- sqllint:ignore SL302 ${1:reason}\r\n" {
		t.Errorf("snippet edit %s", raw)
	}
	c.shutdown()

	// Another statement starts the line: the line is broken before ours.
	text = "SELECT 1; CHECKPOINT 10;\r\n"
	c = newClient(t, Options{})
	c.initialize(modern, `{"selectCommand":"sqllint.select"}`)
	c.open(uri, text)
	d = find(c.diagnostics(uri, 1), "SL302")
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
	sup := actions[len(actions)-1]
	got := applyEdits(t, text, sup.Edit.Changes[uri], utf16)
	if want := "SELECT 1;\r\n-- sqllint:ignore SL302 reason\r\nCHECKPOINT 10;\r\n"; got != want {
		t.Errorf("suppressed %q, want %q", got, want)
	}
	if sup.Command == nil || sup.Command.Command != "sqllint.select" || len(sup.Command.Arguments) != 2 || sup.Command.Arguments[0] != uri {
		t.Fatalf("select command: %+v", sup.Command)
	}
	raw, _ = json.Marshal(sup.Command.Arguments[1])
	var sel Range
	_ = json.Unmarshal(raw, &sel)
	lines := strings.Split(got, "\n")
	if l := lines[sel.Start.Line]; sel.Start.Line != sel.End.Line || l[sel.Start.Character:sel.End.Character] != "reason" {
		t.Errorf("selection %+v in %q", sel, got)
	}
	// With a reason typed, the finding is gone and nothing else appears.
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []contentChange{{Text: strings.Replace(got, "reason", "measured: 2 s", 1)}},
	})
	if ds := c.diagnostics(uri, 2); len(ds) != 0 {
		t.Errorf("after the suppression: %+v", ds)
	}
	c.shutdown()
}

// TestSuppressAboveStatement: a finding on a clause of a statement that
// spans lines gets its suppression above the statement's first line, and
// the suppression then holds.
func TestSuppressAboveStatement(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	text := "GO\n  CREATE DATABASE Sales\n  ON PRIMARY (NAME = d, FILENAME = 'D:\\d.mdf', SIZE = 1GB)\n  LOG ON (NAME = l, FILENAME = 'L:\\l.ldf', SIZE = 100MB, FILEGROWTH = 10%);\n"
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, text)
	d := find(c.diagnostics(uri, 1), "SL203")
	if d == nil || d.Range.Start.Line != 3 {
		t.Fatalf("SL203 on the LOG ON line: %+v", d)
	}
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: Range{d.Range.Start, d.Range.Start}}), &actions)
	var sup *CodeAction
	for i := range actions {
		if actions[i].Title == "Suppress SL203 here, with a reason" {
			sup = &actions[i]
		}
	}
	if sup == nil {
		t.Fatalf("no suppression for SL203 in %+v", actions)
	}
	got := applyEdits(t, text, sup.Edit.Changes[uri], utf16)
	if want := "GO\n  -- sqllint:ignore SL203 reason\n  CREATE DATABASE Sales\n"; !strings.HasPrefix(got, want) {
		t.Fatalf("suppressed %q, want it to start %q", got, want)
	}
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []contentChange{{Text: strings.Replace(got, "reason", "the log is pre-grown by ops", 1)}},
	})
	ds := c.diagnostics(uri, 2)
	if find(ds, "SL203") != nil || find(ds, "SL003") != nil {
		t.Errorf("after the suppression: %v", codes(ds))
	}
	c.shutdown()
}

// TestContextChangedOnDisk: a script of the folder changed on disk (a
// checkout, another tool) re-checks the open scripts of that folder.
func TestContextChangedOnDisk(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "V1__create.sql")
	v2 := filepath.Join(dir, "V2__more.sql")
	writeFile(t, v1, createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	v2text := "USE Sales;\nGO\n" + filegroups(351, 60)
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(pathURI(v2), v2text) // a new script, not saved yet
	d := find(c.diagnostics(pathURI(v2), 1), "SL101")
	if d == nil {
		t.Fatal("no SL101 on V2")
	}
	// Code actions of other kinds than quick fixes: none.
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", json.RawMessage(`{"textDocument":{"uri":"`+pathURI(v2)+`"},"range":`+mustJSON(t, d.Range)+`,"context":{"diagnostics":[],"only":["refactor"]}}`)), &actions)
	if len(actions) != 0 {
		t.Errorf("refactor actions: %+v", actions)
	}

	writeFile(t, v1, createSales)
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(v1), Type: 2}}})
	if ds := c.diagnostics(pathURI(v2), 1); find(ds, "SL101") != nil {
		t.Errorf("V1 shrank on disk, V2 still has SL101: %v", codes(ds))
	}
	c.shutdown()
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestAfterShutdown: requests after shutdown are refused, notifications
// dropped, and exit then ends the session with status 0.
func TestAfterShutdown(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	if m := c.call("shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %v", m.Error)
	}
	if m := c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}}); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("hover after shutdown: %+v", m)
	}
	c.open(uri, "CHECKPOINT 10;\n")
	c.notify("exit", nil)
	if code := <-c.exit; code != 0 {
		t.Errorf("exit after shutdown: status %d", code)
	}
	c.exit <- 0
	// Everything the server wrote has been read once the stream closes.
	deadline := time.Now().Add(wait)
	for {
		c.mu.Lock()
		closed := c.closed
		c.mu.Unlock()
		if closed || time.Now().After(deadline) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "textDocument/publishDiagnostics" {
			t.Errorf("diagnostics after shutdown: %s", m.Params)
		}
	}
}

// TestSuppressLineBreaks: the suppression comment ends with a line break
// that ends a "--" comment for the lexer, whatever the text's line
// breaks: with a lone CR the comment used to swallow the statement, so
// the finding vanished and SL003 reported the suppression as unused.
func TestSuppressLineBreaks(t *testing.T) {
	stmt := "ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;"
	for _, tc := range []struct{ name, text, want string }{
		{"LF", "SELECT 1;\n" + stmt + "\n", "SELECT 1;\n-- sqllint:ignore SL301 reason\n" + stmt + "\n"},
		{"CRLF", "SELECT 1;\r\n" + stmt + "\r\n", "SELECT 1;\r\n-- sqllint:ignore SL301 reason\r\n" + stmt + "\r\n"},
		{"CR", "SELECT 1;\r" + stmt + "\r", "SELECT 1;\r-- sqllint:ignore SL301 reason\r\n" + stmt + "\r"},
		// Another statement before ours on its line: the line is broken
		// before ours, and the blanks between them do not trail.
		{"same line", "  SELECT 1;  \t" + stmt + "\n", "  SELECT 1;\n  -- sqllint:ignore SL301 reason\n  " + stmt + "\n"},
		{"same line CRLF", "SELECT 1; " + stmt + "\r\n", "SELECT 1;\r\n-- sqllint:ignore SL301 reason\r\n" + stmt + "\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
			c := newClient(t, Options{})
			c.initialize(modern, `null`)
			c.open(uri, tc.text)
			d := find(c.diagnostics(uri, 1), "SL301")
			if d == nil {
				t.Fatal("no SL301")
			}
			var actions []CodeAction
			c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
			var sup *CodeAction
			for i := range actions {
				if actions[i].Title == "Suppress SL301 here, with a reason" {
					sup = &actions[i]
				}
			}
			if sup == nil {
				t.Fatalf("no suppression in %+v", actions)
			}
			got := applyEdits(t, tc.text, sup.Edit.Changes[uri], utf16)
			if got != tc.want {
				t.Fatalf("suppressed %q, want %q", got, tc.want)
			}
			c.notify("textDocument/didChange", didChangeParams{
				TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
				ContentChanges: []contentChange{{Text: strings.Replace(got, "reason", "tested on staging", 1)}},
			})
			if ds := c.diagnostics(uri, 2); len(ds) != 0 {
				t.Errorf("after the suppression: %v", codes(ds))
			}
			c.shutdown()
		})
	}
}

// TestByteOrderMark: a client that keeps the byte order mark in the
// buffer gets ranges and fixes where they belong on the first line:
// sqllint's columns count from after the mark, so the fix used to
// replace the text one character to the left of the duration.
func TestByteOrderMark(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	text := "\ufeffALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, text)
	d := find(c.diagnostics(uri, 1), "SL301")
	if d == nil {
		t.Fatal("no SL301")
	}
	if want := (Range{Position{0, 22}, Position{0, 58}}); d.Range != want {
		t.Errorf("SL301 at %v, want %v (from SET, after the mark)", d.Range, want)
	}
	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
	if len(actions) == 0 || actions[0].Edit == nil {
		t.Fatalf("no fix in %+v", actions)
	}
	got := applyEdits(t, text, actions[0].Edit.Changes[uri], utf16)
	if want := "\ufeffALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 60 SECONDS;\n"; got != want {
		t.Errorf("fixed %q, want %q", got, want)
	}
	c.shutdown()
}

// TestContextOutsideWorkspace: a script inside a workspace folder has its
// folder walked with its subfolders as context, as scan walks it; one
// outside every workspace folder (a query opened from /tmp or ~) only has
// the scripts beside it, or each change read every script below it.
func TestContextOutsideWorkspace(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "sub", "V1__create.sql"), createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	x := filepath.Join(dir, "x.sql")
	text := "USE Sales;\nGO\n" + filegroups(351, 60)
	writeFile(t, x, text)
	for _, tc := range []struct {
		name, folder string
		want         bool
	}{
		{"inside", dir, true},
		{"outside", t.TempDir(), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newClient(t, Options{})
			params := json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":{},"workspaceFolders":[{"uri":` + mustJSON(t, pathURI(tc.folder)) + `,"name":"w"}]}`)
			var res initializeResult
			c.result(c.call("initialize", params), &res)
			c.notify("initialized", struct{}{})
			c.open(pathURI(x), text)
			if got := find(c.diagnostics(pathURI(x), 1), "SL101") != nil; got != tc.want {
				t.Errorf("SL101 from sub/V1 as context: %v, want %v", got, tc.want)
			}
			c.shutdown()
		})
	}
}

// TestSuppressByteOrderMark: with a byte order mark in the buffer, the
// suppression goes after the mark (before it, the mark landed inside the
// text and the statement no longer parsed), above the right statement
// (the parser's offsets, counted without the mark, put it 3 bytes early).
func TestSuppressByteOrderMark(t *testing.T) {
	stmt := "ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"
	for _, tc := range []struct{ name, text, want string }{
		{"first line", "\ufeff" + stmt, "\ufeff-- sqllint:ignore SL301 reason\n" + stmt},
		{"second line", "\ufeffSELECT 1;\n  " + stmt, "\ufeffSELECT 1;\n  -- sqllint:ignore SL301 reason\n  " + stmt},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
			c := newClient(t, Options{})
			c.initialize(modern, `null`)
			c.open(uri, tc.text)
			d := find(c.diagnostics(uri, 1), "SL301")
			if d == nil {
				t.Fatal("no SL301")
			}
			var actions []CodeAction
			c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &actions)
			var sup *CodeAction
			for i := range actions {
				if actions[i].Title == "Suppress SL301 here, with a reason" {
					sup = &actions[i]
				}
			}
			if sup == nil {
				t.Fatalf("no suppression in %+v", actions)
			}
			got := applyEdits(t, tc.text, sup.Edit.Changes[uri], utf16)
			if got != tc.want {
				t.Fatalf("suppressed %q, want %q", got, tc.want)
			}
			c.notify("textDocument/didChange", didChangeParams{
				TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: 2},
				ContentChanges: []contentChange{{Text: strings.Replace(got, "reason", "tested on staging", 1)}},
			})
			if ds := c.diagnostics(uri, 2); len(ds) != 0 {
				t.Errorf("after the suppression: %v", codes(ds))
			}
			c.shutdown()
		})
	}
}

// TestContextChangedBelow: a script in a subfolder is context of the
// scripts of the folders above it (their folder is walked with its
// subfolders); its change on disk or in a buffer re-checks them. Only
// the scripts of the very same folder used to be re-checked.
func TestContextChangedBelow(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	v1 := filepath.Join(dir, "sub", "V1__create.sql")
	writeFile(t, v1, createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	x := filepath.Join(dir, "x.sql")
	text := "USE Sales;\nGO\n" + filegroups(351, 60)
	writeFile(t, x, text)
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(pathURI(x), text)
	if find(c.diagnostics(pathURI(x), 1), "SL101") == nil {
		t.Fatal("no SL101 with sub/V1 as context")
	}
	writeFile(t, v1, createSales)
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(v1), Type: 2}}})
	if ds := c.diagnostics(pathURI(x), 1); find(ds, "SL101") != nil {
		t.Errorf("sub/V1 shrank on disk, x.sql still has SL101: %v", codes(ds))
	}
	// The buffer of sub/V1 grows it back.
	c.open(pathURI(v1), createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	if find(c.diagnostics(pathURI(x), 1), "SL101") == nil {
		t.Error("sub/V1's buffer grown: no SL101 on x.sql")
	}
	c.shutdown()
}
