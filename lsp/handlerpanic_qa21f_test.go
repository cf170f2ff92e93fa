package lsp

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// syncBuffer is a log the server writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestHandlerPanicAnswersInternalError: a panic in the handler of a
// request (a bug) ended the process, and the editor lost every script's
// diagnostics with it. The request is now answered with InternalError
// (JSON-RPC -32603), the panic is logged to stderr and to the editor's
// log (window/logMessage), and the session serves the next requests and
// notifications, with s.mu free.
func TestHandlerPanicAnswersInternalError(t *testing.T) {
	dir := t.TempDir()
	uri := pathURI(filepath.Join(dir, "a.sql"))
	var log syncBuffer
	c := newClient(t, Options{Log: &log, handling: func(m *message) {
		if m.Method == "textDocument/hover" || m.Method == "textDocument/didSave" {
			panic("a bug in " + m.Method)
		}
	}})
	c.initialize(modern, `null`)
	c.open(uri, "SELECT * FROM t;\n")
	c.diagnostics(uri, 1)

	m := c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}})
	if m.Error == nil || m.Error.Code != codeInternalError || !strings.Contains(m.Error.Message, "a bug in textDocument/hover") {
		t.Errorf("hover answered %s %v, want an InternalError (-32603)", m.Result, m.Error)
	}
	lm := c.next("window/logMessage", func(m *message) bool { return m.Method == "window/logMessage" })
	var p logMessageParams
	if err := json.Unmarshal(lm.Params, &p); err != nil || p.Type != messageError || !strings.Contains(p.Message, "a bug in textDocument/hover") {
		t.Errorf("logMessage %s, want an error naming the panic", lm.Params)
	}

	// a panicking notification has nothing to answer: logged, and on
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})
	c.next("window/logMessage", func(m *message) bool { return m.Method == "window/logMessage" })

	var actions []CodeAction
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}}), &actions)
	c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: 2}, ContentChanges: []contentChange{{Text: "SELECT 1;\n"}}})
	c.diagnostics(uri, 2)
	c.shutdown()
	if l := log.String(); !strings.Contains(l, "textDocument/hover: internal error: a bug in textDocument/hover") || !strings.Contains(l, "goroutine") {
		t.Errorf("log %q, want the panic with its stack", l)
	}
}
