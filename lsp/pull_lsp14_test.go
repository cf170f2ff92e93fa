package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// lsp14Diags is n diagnostics with text that JSON escapes (HTML
// characters, U+2028, bytes that are not UTF-8, quotes).
func lsp14Diags(n int) []Diagnostic {
	ds := make([]Diagnostic, n)
	for i := range ds {
		ds[i] = Diagnostic{
			Range:    Range{Position{i, 1}, Position{i, 7}},
			Severity: severityWarning, Code: "SL302", Source: "sqllint",
			Message:         fmt.Sprintf("finding %d: <b> & \"q\" \u2028 \xff é", i),
			CodeDescription: &codeDescription{Href: "https://example.com/SL302?a=1&b=<2>"},
		}
	}
	return ds
}

// TestPullAnswerBytes: the full report marshalled once is written as
// the report marshalled for each pull was, byte for byte, whatever the
// request ID (numbers, strings with characters JSON escapes, spacing a
// client left in it).
func TestPullAnswerBytes(t *testing.T) {
	for _, diags := range [][]Diagnostic{nil, {}, lsp14Diags(1), lsp14Diags(50)} {
		res := &result{diags: diags}
		res.id, res.full = pullAnswer(diags)
		for _, id := range []string{`7`, `-1.5e3`, `"x<&>\u2028"`, `"7"`, `null`, `{"a": [1, 2]}`} {
			var want, got bytes.Buffer
			if err := newConn(nil, &want).write(response{JSONRPC: "2.0", ID: json.RawMessage(id), Result: res.report("")}); err != nil {
				t.Fatal(err)
			}
			if err := newConn(nil, &got).reply(json.RawMessage(id), res.answer("")); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%d diagnostics, id %s:\n got %q\nwant %q", len(diags), id, got.Bytes(), want.Bytes())
			}
			// Another result ID than the client's: the full report too.
			got.Reset()
			_ = newConn(nil, &got).reply(json.RawMessage(id), res.answer("0123456789abcdef"))
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Errorf("%d diagnostics, id %s, another previous ID: got %q", len(diags), id, got.Bytes())
			}
		}
		if r := res.answer(res.id); r != (documentDiagnosticReport{Kind: "unchanged", ResultID: res.id}) {
			t.Errorf("pull with the current result ID: %+v", r)
		}
	}
}

// TestPullMarshalledOnce: the pulls of one result write the bytes
// marshalled when it was made, not a report marshalled anew each (a
// flood of pulls of a document with many findings marshalled gigabytes).
func TestPullMarshalledOnce(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	res := &result{diags: lsp14Diags(5000)}
	res.id, res.full = pullAnswer(res.diags)
	d := &document{uri: "file:///x.sql", lint: true, result: res}
	s.docs[d.uri] = d
	params := mustJSON(t, documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: d.uri}})
	const pulls = 20
	s.initialized = true
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range pulls {
		s.handle(&message{JSONRPC: "2.0", ID: json.RawMessage(fmt.Sprint(i + 1)), Method: "textDocument/diagnostic", Params: json.RawMessage(params)})
	}
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(len(res.full))/2 {
		t.Errorf("%d pulls of a %d-byte report allocated %d bytes: marshalled again", pulls, len(res.full), alloc)
	}
}

// TestCancelAmongManyPulls: a cancellation answers the pull with its ID
// (RequestCancelled), whichever document it waits for, and only it; the
// other waiting pulls are answered once the check ends, in the order
// they came, and a cancelled one is not answered again. IDs compare as
// JSON values: 9 and "9" are two requests; a client reusing an ID has
// its oldest pull of that ID cancelled first.
func TestCancelAmongManyPulls(t *testing.T) {
	dir := t.TempDir()
	a, b := pathURI(filepath.Join(dir, "a", "a.sql")), pathURI(filepath.Join(dir, "b", "b.sql"))
	c := newClient(t, Options{Debounce: time.Hour}) // only a save is checked
	c.initialize(pullCaps, `null`)
	c.open(a, "SELECT 1;\n")
	c.open(b, "SELECT 1;\n")
	c.pull(a, "")
	c.pull(b, "")
	c.change(a, 2, "CHECKPOINT 10;\n")
	c.change(b, 2, "CHECKPOINT 10;\n")
	send := func(id, uri string) {
		c.send(json.RawMessage(`{"jsonrpc":"2.0","id":` + id + `,"method":"textDocument/diagnostic","params":` + mustJSON(t, documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: uri}}) + `}`))
	}
	cancel := func(id string) {
		c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(id)})
	}
	var ids []string
	doc := map[string]string{}
	for i := 100; i < 160; i++ {
		id := fmt.Sprint(i)
		doc[id] = map[bool]string{true: a, false: b}[i%2 == 0]
		send(id, doc[id])
		ids = append(ids, id)
	}
	doc[`"9"`], doc[`9`] = a, a
	send(`"9"`, a)
	send(`9`, b)
	send(`9`, a) // an ID reused: the older one (b's) is cancelled first
	cancel(`9.0`)
	cancel(`131`)
	cancel(`130`)
	cancel(`130`) // already cancelled: ignored
	cancel(`"159"`)
	for i := 100; i < 120; i++ { // more than half of a's pulls: a's list is compacted
		if i%2 == 0 {
			cancel(fmt.Sprint(i))
		}
	}
	cancelled := map[string]bool{"9": true, "131": true, "130": true}
	for i := 100; i < 120; i += 2 {
		cancelled[fmt.Sprint(i)] = true
	}
	// The cancellations are answered at once.
	for range cancelled {
		m := c.next("a cancellation", func(m *message) bool { return m.Method == "" && m.Error != nil })
		if m.Error.Code != codeRequestCancelled || !cancelled[string(m.ID)] {
			t.Fatalf("answered %s with %+v", m.ID, m.Error)
		}
	}
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: a}})
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: b}})
	var wantA, wantB []string
	for _, id := range ids {
		if cancelled[id] {
			continue
		}
		if doc[id] == a {
			wantA = append(wantA, id)
		} else {
			wantB = append(wantB, id)
		}
	}
	wantA = append(wantA, `"9"`, `9`)
	got := map[string][]string{}
	for range len(wantA) + len(wantB) {
		m := c.next("a pull's answer", func(m *message) bool { return m.Method == "" && m.Result != nil })
		var r pullReport
		c.result(m, &r)
		if r.Kind != "full" || r.Items == nil || find(*r.Items, "SL302") == nil {
			t.Fatalf("pull %s answered %+v", m.ID, r)
		}
		got[doc[string(m.ID)]] = append(got[doc[string(m.ID)]], string(m.ID))
	}
	if fmt.Sprint(got[a]) != fmt.Sprint(wantA) || fmt.Sprint(got[b]) != fmt.Sprint(wantB) {
		t.Errorf("answered\n a %v\n b %v\nwant\n a %v\n b %v", got[a], got[b], wantA, wantB)
	}
	c.shutdown()
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range c.queue {
		if m.Method == "" {
			t.Errorf("answered again: %s %s %+v", m.ID, m.Result, m.Error)
		}
	}
}

// TestPendingPullsForgotten: the index of waiting pulls keeps none that
// was answered, cancelled or dropped.
func TestPendingPullsForgotten(t *testing.T) {
	s := New(strings.NewReader(""), io.Discard, Options{})
	d := &document{uri: "file:///x.sql", lint: true}
	e := &document{uri: "file:///y.sql", lint: true}
	for i := range 10 {
		s.wait(d, &pullRequest{id: json.RawMessage(fmt.Sprint(i)), key: fmt.Sprint(i % 3)})
		s.wait(e, &pullRequest{id: json.RawMessage(fmt.Sprint(i)), key: fmt.Sprint(i % 3)})
	}
	s.cancelRequest(&cancelParams{ID: json.RawMessage(`1`)})
	s.cancelRequest(&cancelParams{ID: json.RawMessage(`1`)})
	d.result = &result{}
	d.result.id, d.result.full = pullAnswer(nil)
	s.answerPulls(d)
	s.dropPulls(e, pullsClosed)
	if len(s.pending) != 0 || len(d.pulls) != 0 || len(e.pulls) != 0 {
		t.Errorf("still waiting: %v, %d, %d", s.pending, len(d.pulls), len(e.pulls))
	}
}

// BenchmarkCancelFlood: 5,000 pulls wait for a check of their
// document, then the client cancels them all, newest first, through
// the server's message handling.
//
//	go test ./lsp -run '^$' -bench CancelFlood
func BenchmarkCancelFlood(b *testing.B) {
	const n = 5000
	params, _ := json.Marshal(documentDiagnosticParams{TextDocument: textDocumentIdentifier{URI: "file:///x.sql"}})
	var pulls, cancels []*message
	for i := range n {
		id := json.RawMessage(fmt.Sprint(i + 1))
		pulls = append(pulls, &message{JSONRPC: "2.0", ID: id, Method: "textDocument/diagnostic", Params: params})
		cancels = append(cancels, &message{JSONRPC: "2.0", Method: "$/cancelRequest", Params: json.RawMessage(`{"id":` + string(id) + `}`)})
	}
	for range b.N {
		b.StopTimer()
		s := New(strings.NewReader(""), io.Discard, Options{})
		s.initialized = true
		d := &document{uri: "file:///x.sql", lint: true, timer: time.NewTimer(time.Hour)} // a check to wait for
		s.docs[d.uri] = d
		for _, m := range pulls {
			s.handle(m)
		}
		b.StartTimer()
		for i := n - 1; i >= 0; i-- {
			s.handle(cancels[i])
		}
		b.StopTimer()
		if len(d.pulls) != 0 {
			b.Fatalf("%d pulls still wait", len(d.pulls))
		}
		d.timer.Stop()
	}
}

// TestPullReopened: a document opened again without a close (a client
// that lost track of it) answers the pulls that waited for its old text
// with the findings of the new one, or an empty report when it is no
// longer a script; before, they were never answered.
func TestPullReopened(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: time.Hour}) // a change is never checked
	c.initialize(pullCaps, `null`)
	c.open(uri, "SELECT 1;\n")
	c.pull(uri, "")
	c.change(uri, 2, "SELECT 2;\n")
	id := c.sendPull(uri)
	c.open(uri, "CHECKPOINT 10;\n")
	var r pullReport
	c.result(c.answer(id), &r)
	if r.Kind != "full" || r.Items == nil || find(*r.Items, "SL302") == nil {
		t.Errorf("pull waiting when the document was opened again: %+v", r)
	}
	txt := pathURI(filepath.Join(t.TempDir(), "notes.txt"))
	c.open(txt, "SELECT 1;\n") // the SQL language
	c.pull(txt, "")
	c.change(txt, 2, "SELECT 2;\n")
	id = c.sendPull(txt)
	c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: txt, LanguageID: "plaintext", Version: 1, Text: "# notes\n"}})
	r = pullReport{}
	c.result(c.answer(id), &r)
	if r.Kind != "full" || r.Items == nil || len(*r.Items) != 0 {
		t.Errorf("pull waiting when the document was opened again as plain text: %+v", r)
	}
	c.shutdown()
}
