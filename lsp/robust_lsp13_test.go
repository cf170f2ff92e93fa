package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/sqllint/sqllint/report"
)

// TestRequestErrors pins the answers LSP 3.17 asks for: a "$/" request
// the server does not know is MethodNotFound, "$/" and unknown
// notifications get no answer at all, a string ID is echoed as it came,
// and exit before initialize ends the session with status 1.
func TestRequestErrors(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	if m := c.call("$/unknownRequest", struct{}{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("$/ request: %+v", m)
	}
	c.notify("$/setTrace", map[string]string{"value": "verbose"})
	c.notify("$/progress", map[string]any{"token": 1, "value": map[string]string{"kind": "end"}})
	c.notify("textDocument/unknownNotification", struct{}{})
	c.notify("$/cancelRequest", cancelParams{ID: json.RawMessage(`12345`)}) // nothing waits
	c.send(json.RawMessage(`{"jsonrpc":"2.0","id":"str-1","method":"textDocument/hover","params":{"textDocument":{"uri":"file:///x.sql"},"position":{"line":0,"character":0}}}`))
	m := c.next("answer str-1", func(m *message) bool { return m.Method == "" && len(m.ID) > 0 })
	if string(m.ID) != `"str-1"` || m.Error != nil {
		t.Errorf("string ID: the first answer is %s %+v, want the hover of \"str-1\" (notifications are not answered)", m.ID, m.Error)
	}
	c.shutdown()

	c = newClient(t, Options{})
	c.notify("exit", nil)
	if code, ok := c.exitStatus(); !ok || code != 1 {
		t.Errorf("exit before initialize: status %d (stopped %v), want 1", code, ok)
	}
}

// FuzzEdits: incremental changes with any positions (negative, past the
// end, inside a surrogate pair or a UTF-8 sequence, reversed, between CR
// and LF) never panic, leave valid UTF-8 from valid UTF-8 and keep the
// line index equal to one built afresh.
func FuzzEdits(f *testing.F) {
	f.Add("a😀b\r\nxé\ry\n", 0, 2, 1, 1, "Z", uint8(0))
	f.Add("😀😀\n", 0, 1, 0, 3, "", uint8(0))
	f.Add("ab\r\ncd", 0, 3, 5, -1, "\n", uint8(1))
	f.Add("", -4, -1, 99, 99, "GO\r", uint8(2))
	f.Fuzz(func(t *testing.T, s string, l1, c1, l2, c2 int, ins string, e uint8) {
		enc := []posEncoding{utf16, utf8Enc, utf32}[int(e)%3]
		tx := &text{}
		tx.set(s)
		tx.index()
		ch := []contentChange{{Range: &Range{Position{l1, c1}, Position{l2, c2}}, Text: ins}}
		tx.applyAll(ch, enc)
		if utf8.ValidString(s) && utf8.ValidString(ins) && !utf8.ValidString(tx.s) {
			t.Fatalf("an edit of valid text made invalid UTF-8: %q", tx.s)
		}
		got := append([]int(nil), tx.index()...)
		fresh := &text{s: tx.s}
		if want := fresh.index(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("line index %v, want %v for %q", got, want, tx.s)
		}
		_ = tx.position(tx.offset(Position{l2, c2}, enc), enc)
	})
}

// FuzzServer: any byte stream on the server's input ends the session
// (the input ends) without a panic and without a hang.
func FuzzServer(f *testing.F) {
	msg := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	init := msg(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":` + pullCaps + `}}`)
	open := msg(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.sql","languageId":"sql","version":1,"text":"CHECKPOINT 10;\n"}}}`)
	f.Add(init + open + msg(`{"jsonrpc":"2.0","id":2,"method":"textDocument/diagnostic","params":{"textDocument":{"uri":"file:///tmp/x.sql"}}}`))
	f.Add(init + open + msg(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///tmp/x.sql","version":2},"contentChanges":[{"range":{"start":{"line":-1,"character":7},"end":{"line":0,"character":99}},"text":"😀"}]}}`))
	f.Add(init + "Content-Length: 3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}}" + msg(`{"jsonrpc":"2.0","id":3,"method":"shutdown"}`))
	f.Add(init + "Content-Length: 999\r\n\r\n{}")
	f.Add(init + "Content-Type: x\r\n\r\n{}")
	f.Fuzz(func(t *testing.T, in string) {
		srv := New(strings.NewReader(in), io.Discard, Options{Debounce: time.Millisecond, Analyzer: nopAnalyzer{}})
		done := make(chan int, 1)
		go func() { done <- srv.Run() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the server did not end at the end of its input %q", in)
		}
	})
}

// nopAnalyzer finds nothing, at once: FuzzServer tests the protocol.
type nopAnalyzer struct{}

func (nopAnalyzer) Analyze(context.Context, string, map[string][]byte) ([]report.Finding, error) {
	return nil, nil
}

// TestShortContentLength: a client that counts a body's characters, not
// its bytes, cuts every message with a non-ASCII character short. The
// cut message is answered with a parse error; the bytes left of it ran
// into the next header, which ended the session ("no Content-Length").
// The next message is now found after them and the session goes on.
func TestShortContentLength(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	body := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/é.sql","languageId":"sql","version":1,"text":"SELECT 'é';"}}}`
	chars := utf8.RuneCountInString(body)
	if _, err := fmt.Fprintf(c.in.(io.Writer), "Content-Length: %d\r\n\r\n%s", chars, body); err != nil {
		t.Fatal(err)
	}
	c.next("parse error", func(m *message) bool { return m.Error != nil && m.Error.Code == codeParseError })
	var h json.RawMessage
	c.result(c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: "file:///tmp/x.sql"}}), &h)
	c.shutdown()
}
