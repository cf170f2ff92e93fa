package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandsForClientsWithoutLiterals: LSP 3.17 says of
// codeAction.codeActionLiteralSupport "If the property is not set the
// request can only return Command literals", but the server answered
// every client with CodeAction literals, which such a client (a pre-3.8
// one) drops or fails to decode. It now offers each action as a Command
// that the client runs with workspace/executeCommand; the server then
// sends the edit back with workspace/applyEdit - unless the document
// changed meanwhile (ContentModified). A client that cannot apply an
// edit gets no actions, and the command is announced only to the clients
// that need it.
func TestCommandsForClientsWithoutLiterals(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "V1__tune.sql"))
	text := "SELECT 1;\nCHECKPOINT 10;\n"

	c := newClient(t, Options{})
	res := c.initialize(`{"workspace":{"applyEdit":true},"textDocument":{"codeAction":{"dynamicRegistration":false}}}`, `{"selectCommand":"x.select"}`)
	if p := res.Capabilities.ExecuteCommandProvider; p == nil || len(p.Commands) != 1 || p.Commands[0] != applyEditCommand {
		t.Fatalf("executeCommandProvider %+v, want [%s]", p, applyEditCommand)
	}
	c.open(uri, text)
	d := find(c.diagnostics(uri, 1), "SL302")
	if d == nil {
		t.Fatal("no SL302")
	}
	var raw []map[string]json.RawMessage
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &raw)
	if len(raw) != 2 {
		t.Fatalf("%d actions, want the fix and the suppression", len(raw))
	}
	var cmds []Command
	for _, r := range raw {
		for k := range r {
			if k != "title" && k != "command" && k != "arguments" {
				t.Errorf("a Command has no %q", k)
			}
		}
		var cmd Command
		if err := json.Unmarshal(r["command"], &cmd.Command); err != nil || cmd.Command != applyEditCommand {
			t.Fatalf("command %s, want %q", r["command"], applyEditCommand)
		}
		_ = json.Unmarshal(r["title"], &cmd.Title)
		_ = json.Unmarshal(r["arguments"], &cmd.Arguments)
		cmds = append(cmds, cmd)
	}
	if cmds[0].Title != "remove the duration" || !strings.HasPrefix(cmds[1].Title, "Suppress SL302") {
		t.Errorf("titles %q, %q", cmds[0].Title, cmds[1].Title)
	}

	// Running the fix: the edit comes back as workspace/applyEdit.
	m := c.call("workspace/executeCommand", map[string]any{"command": cmds[0].Command, "arguments": cmds[0].Arguments})
	if m.Error != nil || string(m.Result) != "null" {
		t.Fatalf("executeCommand: %s %v", m.Result, m.Error)
	}
	req := c.next("workspace/applyEdit", func(m *message) bool { return m.Method == "workspace/applyEdit" })
	if len(req.ID) == 0 {
		t.Fatal("workspace/applyEdit is a request: it has an id")
	}
	var p struct {
		Edit WorkspaceEdit `json:"edit"`
	}
	if err := json.Unmarshal(req.Params, &p); err != nil {
		t.Fatal(err)
	}
	if got := applyEdits(t, text, p.Edit.Changes[uri], utf16); got != "SELECT 1;\nCHECKPOINT;\n" {
		t.Errorf("applied %q", got)
	}
	c.send(response{JSONRPC: "2.0", ID: req.ID, Result: map[string]bool{"applied": true}})

	// The document changes: the old command is refused, nothing applied.
	c.notify("textDocument/didChange", didChangeParams{TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: 2}, ContentChanges: []contentChange{{Text: "-- x\n" + text}}})
	m = c.call("workspace/executeCommand", map[string]any{"command": cmds[1].Command, "arguments": cmds[1].Arguments})
	if m.Error == nil || m.Error.Code != codeContentModified {
		t.Errorf("a stale command: %s %v, want ContentModified", m.Result, m.Error)
	}
	if m = c.call("workspace/executeCommand", map[string]any{"command": "nope"}); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("an unknown command: %v", m.Error)
	}
	c.mu.Lock()
	for _, q := range c.queue {
		if q.Method == "workspace/applyEdit" {
			t.Errorf("an edit applied for a stale command: %s", q.Params)
		}
	}
	c.mu.Unlock()
	c.shutdown()

	// Neither literals nor applyEdit: nothing the client could run.
	c = newClient(t, Options{})
	if res = c.initialize(`{}`, `null`); res.Capabilities.ExecuteCommandProvider != nil {
		t.Errorf("executeCommandProvider for a client that cannot apply edits: %+v", res.Capabilities.ExecuteCommandProvider)
	}
	c.open(uri, text)
	if d = find(c.diagnostics(uri, 1), "SL302"); d == nil {
		t.Fatal("no SL302")
	}
	c.result(c.call("textDocument/codeAction", codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: d.Range}), &raw)
	if len(raw) != 0 {
		t.Errorf("actions for a client that can run none: %v", raw)
	}
	c.shutdown()

	// A client that takes literals: no command announced.
	c = newClient(t, Options{})
	if res = c.initialize(`{"workspace":{"applyEdit":true},"textDocument":`+literalSupport+`}`, `null`); res.Capabilities.ExecuteCommandProvider != nil {
		t.Errorf("executeCommandProvider for a client that takes literals: %+v", res.Capabilities.ExecuteCommandProvider)
	}
	c.shutdown()
}
