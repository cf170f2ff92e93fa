package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sqllint/sqllint/report"
)

// readGate holds a test client's reading: a client that stops reading its
// input, as an editor busy elsewhere does. The read in progress when it
// closes still completes.
type readGate struct {
	mu   sync.Mutex
	cond *sync.Cond
	held bool
}

func newReadGate() *readGate {
	g := &readGate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *readGate) hold() {
	g.mu.Lock()
	g.held = true
	g.mu.Unlock()
}

func (g *readGate) release() {
	g.mu.Lock()
	g.held = false
	g.mu.Unlock()
	g.cond.Broadcast()
}

type gatedReader struct {
	r io.Reader
	g *readGate
}

func (r gatedReader) Read(p []byte) (int, error) {
	r.g.mu.Lock()
	for r.g.held {
		r.g.cond.Wait()
	}
	r.g.mu.Unlock()
	return r.r.Read(p)
}

// recorder is the pipeline, telling the test each text it analysed.
type recorder struct{ seen chan string }

func newRecorder() *recorder { return &recorder{seen: make(chan string, 1000)} }

func (r *recorder) Analyze(ctx context.Context, path string, overlay map[string][]byte) ([]report.Finding, error) {
	f, err := Pipeline{}.Analyze(ctx, path, overlay)
	select {
	case r.seen <- string(overlay[path]):
	default:
	}
	return f, err
}

// analysed waits until r analysed text.
func (r *recorder) analysed(t *testing.T, text string) {
	t.Helper()
	deadline := time.After(wait)
	for {
		select {
		case s := <-r.seen:
			if s == text {
				return
			}
		case <-deadline:
			t.Fatalf("%q was not analysed", text)
		}
	}
}

// eventually waits until cond holds.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func (c *client) sendRequest(method string, params any) int {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(outgoing{JSONRPC: "2.0", ID: &id, Method: method, Params: params})
	return id
}

// TestSlowClientDoesNotStopTheServer: a client that stops reading (the
// server's writes block on a full pipe) still gets its changes analysed
// and its shutdown and exit obeyed. When handlers wrote to the client
// holding the server's lock, the first blocked write stopped the server
// from reading: the change below was never analysed and exit never read.
func TestSlowClientDoesNotStopTheServer(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	rec := newRecorder()
	c := newClient(t, Options{Analyzer: rec})
	c.initialize(modern, `null`)
	c.open(uri, "SELECT 1;\n")
	c.diagnostics(uri, 1)
	c.reads.hold()
	for range 3 { // the first answer ends the read in progress, the next ones block
		c.sendRequest("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}})
	}
	c.change(uri, 2, "CHECKPOINT 10;\n")
	rec.analysed(t, "CHECKPOINT 10;\n")
	c.sendRequest("shutdown", nil)
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		c.exit <- code
		if code != 0 {
			t.Errorf("exit status %d after shutdown, want 0", code)
		}
	case <-time.After(wait):
		t.Fatal("the server did not exit while its client read nothing")
	}
}

// TestSlowClientAnswersInOrder: while the client reads nothing, its
// requests are handled, cancellations too, and once it reads again the
// answers come in the order of the requests they answer (a pull that
// waits for a check is answered when it is cancelled or its document
// changes, before the requests sent after that).
func TestSlowClientAnswersInOrder(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Hour}) // a change is never checked
	c.initialize(pullCaps, `null`)
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	c.send(response{JSONRPC: "2.0", ID: reg.ID, Result: nil})
	c.open(uri, "CHECKPOINT 10;\n")
	first := c.pull(uri, "")
	c.reads.hold()
	hover := func() int {
		return c.sendRequest("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}})
	}
	var order []int
	order = append(order, hover(), c.sendPull(uri), hover()) // answered at once
	c.change(uri, 2, "CHECKPOINT 20;\n")
	cancelled := c.sendPull(uri) // waits for the check of version 2
	c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(mustJSON(t, cancelled))})
	order = append(order, cancelled, hover())
	changed := c.sendPull(uri) // waits, until the next change
	c.change(uri, 3, "CHECKPOINT 30;\n")
	order = append(order, changed, hover())
	sd := c.sendRequest("shutdown", nil)
	eventually(t, "shutdown handled", func() bool {
		if !c.srv.mu.TryLock() { // a server blocked holding it fails the test
			return false
		}
		defer c.srv.mu.Unlock()
		return c.srv.shutdown
	})
	c.reads.release()
	if m := c.answer(sd); m.Error != nil {
		t.Fatalf("shutdown: %v", m.Error)
	}
	c.mu.Lock()
	var got []int
	answers := map[int]*message{}
	for _, m := range c.queue {
		var id int
		if m.Method == "" && json.Unmarshal(m.ID, &id) == nil {
			got = append(got, id)
			answers[id] = m
		}
	}
	c.mu.Unlock()
	if fmt.Sprint(got) != fmt.Sprint(order) {
		t.Fatalf("answers in the order %v, want %v", got, order)
	}
	var r pullReport
	c.result(answers[order[1]], &r)
	if r.Kind != "full" || r.ResultID != first.ResultID {
		t.Errorf("pull of the checked text: %+v", r)
	}
	if e := answers[cancelled].Error; e == nil || e.Code != codeRequestCancelled {
		t.Errorf("cancelled pull: %s %+v", answers[cancelled].Result, e)
	}
	if e := answers[changed].Error; e == nil || e.Code != codeServerCancelled {
		t.Errorf("pull of a document that changed: %s %+v", answers[changed].Result, e)
	}
	c.notify("exit", nil)
	c.exitStatus()
}

// TestNewestDiagnosticsWin: a client that reads nothing while its
// document is checked again and again does not make the server queue
// every set of diagnostics: the newest replaces those not yet written,
// so the queue holds one per document, and once the client reads again
// it gets the newest, after those already on their way, never an older
// one after a newer one.
func TestNewestDiagnosticsWin(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Nanosecond})
	c.initialize(modern, `null`)
	c.open(uri, "SELECT 1;\n")
	c.diagnostics(uri, 1)
	c.reads.hold()
	const last = 300
	for v := 2; v <= last; v++ {
		c.change(uri, v, fmt.Sprintf("CHECKPOINT %d;\n", v))
		// Its diagnostics are queued with the result, under the lock.
		eventually(t, fmt.Sprintf("version %d checked", v), func() bool {
			if !c.srv.mu.TryLock() { // a server blocked holding it fails the test
				return false
			}
			defer c.srv.mu.Unlock()
			d := c.srv.docs[uri]
			return d != nil && d.result != nil && d.result.version == v
		})
	}
	o := c.srv.conn.out
	o.mu.Lock()
	waiting, queued := len(o.q)-o.head-o.dropped, len(o.q)
	o.mu.Unlock()
	if waiting != 1 || queued > 64 {
		t.Errorf("%d messages waiting (%d in the queue) for a client that read nothing, want 1: the newest diagnostics", waiting, queued)
	}
	c.reads.release()
	var versions []int
	for {
		m := c.next("diagnostics", func(m *message) bool { return m.Method == "textDocument/publishDiagnostics" })
		var p publishDiagnosticsParams
		if err := json.Unmarshal(m.Params, &p); err != nil || p.Version == nil {
			t.Fatalf("published %s", m.Params)
		}
		versions = append(versions, *p.Version)
		if *p.Version == last {
			if find(p.Diagnostics, "SL302") == nil {
				t.Errorf("diagnostics of the last version: %+v", p.Diagnostics)
			}
			break
		}
	}
	for i := 1; i < len(versions); i++ {
		if versions[i] <= versions[i-1] {
			t.Errorf("versions published in the order %v", versions)
		}
	}
	if len(versions) > 4 {
		t.Errorf("%d diagnostics published once the client read again (%v), want the newest and those on their way", len(versions), versions)
	}
	c.shutdown()
}

// serverGoroutines counts the goroutines of servers: their writer,
// reader and analyses.
func serverGoroutines() int {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	count := 0
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "lsp.(*outbox).run") || strings.Contains(g, "lsp.(*Server).readLoop") || strings.Contains(g, "lsp.(*Server).analyze") {
			count++
		}
	}
	return count
}

// TestNoGoroutineLeftAfterExit: a session whose client stopped reading
// ends at exit, and once the stream's owner closes it (as the process's
// end does), none of the server's goroutines is left, the writer that
// was blocked on the client included.
func TestNoGoroutineLeftAfterExit(t *testing.T) {
	before := serverGoroutines()
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	c.open(uri, "CHECKPOINT 10;\n")
	c.diagnostics(uri, 1)
	c.reads.hold()
	for v := 2; v < 50; v++ {
		c.sendRequest("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}})
		c.change(uri, v, fmt.Sprintf("CHECKPOINT %d;\n", v))
	}
	c.sendRequest("shutdown", nil)
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		c.exit <- code
	case <-time.After(wait):
		t.Fatal("the server did not exit while its client read nothing")
	}
	// newClient closed the server's ends of the pipes when Run returned.
	eventually(t, "the server's goroutines ended", func() bool { return serverGoroutines() <= before })
}

// TestPullOfAChangedDocument: LSP 3.17 asks a pull for the diagnostics
// of the document as synchronised when it is sent. A change while it
// waits for them abandons that check: the pull is answered
// ServerCancelled with retriggerRequest true, so that the client asks
// again for the new text. A pull that waits while only the document's
// context or config changes keeps waiting.
func TestPullOfAChangedDocument(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Hour}) // a change is never checked
	c.initialize(pullCaps, `null`)
	c.open(uri, "SELECT 1;\n")
	c.pull(uri, "")
	c.change(uri, 2, "CHECKPOINT 10;\n")
	id := c.sendPull(uri)
	c.change(uri, 3, "CHECKPOINT 20;\n")
	m := c.answer(id)
	if m.Error == nil || m.Error.Code != codeServerCancelled {
		t.Fatalf("pull of a document that changed answered %s %+v, want ServerCancelled", m.Result, m.Error)
	}
	if string(m.Error.Data) != `{"retriggerRequest":true}` {
		t.Errorf("pull of a document that changed: data %s, want retriggerRequest true", m.Error.Data)
	}

	id = c.sendPull(uri)
	c.notify("workspace/didChangeConfiguration", struct{}{})
	c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(mustJSON(t, id))})
	if m := c.answer(id); m.Error == nil || m.Error.Code != codeRequestCancelled {
		t.Errorf("pull waiting while the config changed answered %s %+v, want it waiting until cancelled", m.Result, m.Error)
	}
	c.shutdown()
}

// TestOutboxOrder: the client reads the messages in the order they were
// queued, less those superseded: a keyed message replaces the one with
// its key not yet written and takes its place at the end, so nothing
// queued after the old one comes after the new one.
func TestOutboxOrder(t *testing.T) {
	var out strings.Builder
	o := newOutbox(&out, log.New(io.Discard, "", 0))
	plain := func(s string) { o.put(&frame{data: []byte(s + ";")}) }
	keyed := func(k, s string) { o.put(&frame{key: k, msg: s}) }
	plain("a")
	keyed("x", "x1")
	plain("b")
	keyed("y", "y1")
	for i := 2; i <= 100; i++ { // enough to compact the queue
		keyed("x", fmt.Sprintf("x%d", i))
		plain(fmt.Sprintf("p%d", i))
	}
	o.start()
	o.close(wait)
	got := regexp.MustCompile(`Content-Length: \d+\r\n\r\n"([^"]*)"`).ReplaceAllString(out.String(), "$1;")
	var want strings.Builder
	want.WriteString("a;b;y1;")
	for i := 2; i <= 99; i++ {
		fmt.Fprintf(&want, "p%d;", i)
	}
	want.WriteString("x100;p100;")
	if got != want.String() {
		t.Errorf("written %q\nwant    %q", got, want.String())
	}
	plain("late") // after close: dropped
	if strings.Contains(out.String(), "late") {
		t.Error("written after close")
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }

// TestOutboxClientGone: once a write fails (the client closed its end),
// the writer stops, says so once, and nothing more is queued: a server
// whose client is gone does not pile up its messages.
func TestOutboxClientGone(t *testing.T) {
	var logged lockedBuffer
	o := newOutbox(failingWriter{}, log.New(&logged, "", 0))
	o.start()
	o.put(&frame{data: []byte("x")})
	select {
	case <-o.done:
	case <-time.After(wait):
		t.Fatal("the writer did not stop")
	}
	for range 100 {
		o.put(&frame{data: []byte("y")})
	}
	o.mu.Lock()
	n := len(o.q)
	o.mu.Unlock()
	if n != 0 {
		t.Errorf("%d messages queued for a client that is gone", n)
	}
	if got := logged.String(); strings.Count(got, "writing to the client") != 1 {
		t.Errorf("logged %q", got)
	}
	o.close(wait)
}
