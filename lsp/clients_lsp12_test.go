package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
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

// markdownSyntax matches what Markdown would render: strong or emphasis
// marks, code fences and spans, headings, links, table rows.
var markdownSyntax = regexp.MustCompile("\\*\\*|\\*[^*\\s][^*]*\\*|```|`|(?m)^#+ |\\]\\(|(?m)^\\|.*\\|$")

// TestHoverPlainText: a client whose textDocument.hover.contentFormat
// names only plaintext (Eglot without markdown-mode, older clients) got
// MarkupContent of kind "plaintext" whose value was the Markdown source:
// "**SL302**", "# SL302 ...", fences and table bars shown as typed. It
// now gets the documentation as plain text, and a client naming
// plaintext first gets plaintext, the order being its preference (LSP
// 3.17 HoverClientCapabilities.contentFormat).
func TestHoverPlainText(t *testing.T) {
	for _, r := range rules.Default.All() {
		plain := plainText(rules.Markdown(r))
		if m := markdownSyntax.FindString(plain); m != "" {
			t.Errorf("%s: plain text keeps Markdown %q", r.ID, m)
		}
		last := "    -- sqllint:ignore " + r.ID + " the reason why it is fine here\n"
		if r.ID == "SL003" || r.ID == "SL004" { // no comment silences them
			last = "    severity:\n      " + r.ID + ": off\n"
		}
		if !strings.Contains(plain, last) || !strings.HasPrefix(plain, r.ID+" "+r.Name+"\n") {
			t.Errorf("%s: plain text lost its content:\n%s", r.ID, plain)
		}
	}
	if got := plainText("A *title* and **bold**, `code` and [a page](https://x.example/p).\n| `opt` | 10 s | meaning |\n|---|---|---|\n```sql\nSELECT * FROM t;\n\n-- x\n```\n"); got != "A title and bold, code and a page (https://x.example/p).\nopt | 10 s | meaning\n    SELECT * FROM t;\n\n    -- x\n" {
		t.Errorf("plainText: %q", got)
	}

	uri := pathURI(filepath.Join(t.TempDir(), "V1__tune.sql"))
	for _, c := range []struct{ formats, kind string }{
		{`["plaintext"]`, "plaintext"},
		{`["plaintext","markdown"]`, "plaintext"},
		{`["markdown","plaintext"]`, "markdown"},
		{`[]`, "markdown"},
	} {
		cl := newClient(t, Options{})
		cl.initialize(`{"textDocument":{"hover":{"contentFormat":`+c.formats+`}}}`, `null`)
		cl.open(uri, "CHECKPOINT 10;\n")
		if d := find(cl.diagnostics(uri, 1), "SL302"); d == nil {
			t.Fatal("no SL302")
		}
		var h hover
		cl.result(cl.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: uri}, Position: Position{0, 3}}), &h)
		if h.Contents.Kind != c.kind {
			t.Errorf("contentFormat %s: kind %q, want %q", c.formats, h.Contents.Kind, c.kind)
		}
		if m := markdownSyntax.FindString(h.Contents.Value); (m != "") != (c.kind == "markdown") {
			t.Errorf("contentFormat %s: Markdown syntax %q in a %s hover", c.formats, m, h.Contents.Kind)
		}
		if c.kind == "plaintext" && !strings.HasPrefix(h.Contents.Value, "SL302: CHECKPOINT 10 asks") {
			t.Errorf("plain hover starts %q", h.Contents.Value[:min(40, len(h.Contents.Value))])
		}
		cl.shutdown()
	}
}

// TestBaselineRewrittenIsPickedUp: after `sqllint scan --write-baseline`
// rewrote the baseline that .sqllint.yaml names, the open scripts kept
// the findings of the old one until the next edit: the server watched
// the config files and the scripts, not the baseline, and a change
// reported for it re-checked only the scripts of its own folder. The
// server now asks the client to watch each baseline its scripts use (a
// relative pattern, for a baseline outside the workspace too, when the
// client supports them), and a change of it - reported, or saved in the
// editor - re-checks the scripts that use it.
func TestBaselineRewrittenIsPickedUp(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "migrations", "V1__tune.sql")
	writeAll(t, v1, "CHECKPOINT 30;\nGO\n")
	fs, err := Pipeline{}.Analyze(context.Background(), v1, nil)
	if err != nil || ruleLines(fs) != "SL302@1" {
		t.Fatalf("before the baseline: %s, %v", ruleLines(fs), err)
	}
	base := filepath.Join(dir, "ci", "sqllint-baseline.json")
	writeBaseline := func(fs []report.Finding) {
		t.Helper()
		data, err := baseline.Encode(base, fs)
		if err != nil {
			t.Fatal(err)
		}
		writeAll(t, base, string(data))
	}
	writeBaseline(fs)
	writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "baseline: ci/sqllint-baseline.json\n")
	uri := pathURI(v1)

	c := newClient(t, Options{})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true}}}`, `null`)
	c.open(uri, "CHECKPOINT 30;\nGO\n")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Fatalf("the baselined script: %v", codes(ds))
	}
	reg := c.next("the baseline's watcher", func(m *message) bool {
		return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), "sqllint-baseline.json")
	})
	var rp struct {
		Registrations []struct {
			Method          string `json:"method"`
			RegisterOptions struct {
				Watchers []struct {
					GlobPattern relativePattern `json:"globPattern"`
				} `json:"watchers"`
			} `json:"registerOptions"`
		} `json:"registrations"`
	}
	if err := json.Unmarshal(reg.Params, &rp); err != nil || len(rp.Registrations) != 1 || rp.Registrations[0].Method != "workspace/didChangeWatchedFiles" ||
		len(rp.Registrations[0].RegisterOptions.Watchers) != 1 ||
		rp.Registrations[0].RegisterOptions.Watchers[0].GlobPattern != (relativePattern{BaseURI: pathURI(filepath.Dir(base)), Pattern: "sqllint-baseline.json"}) {
		t.Errorf("baseline watcher %s (%v)", reg.Params, err)
	}

	// The baseline is rewritten without the finding: the client reports it.
	writeBaseline(nil)
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(base), Type: 2}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
		t.Errorf("after the baseline dropped the finding: %v, want SL302", codes(ds))
	}
	// Written again with it, and saved in the editor.
	writeBaseline(fs)
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: pathURI(base)}})
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("after the baseline recorded the finding again: %v, want none", codes(ds))
	}
	c.shutdown()

	// A client without relative patterns gets a glob for the name.
	c = newClient(t, Options{})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}`, `null`)
	c.open(uri, "CHECKPOINT 30;\nGO\n")
	c.diagnostics(uri, 1)
	reg = c.next("the baseline's watcher", func(m *message) bool {
		return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), "sqllint-baseline.json")
	})
	if !strings.Contains(string(reg.Params), `"globPattern":"**/sqllint-baseline.json"`) {
		t.Errorf("baseline watcher %s, want the glob **/sqllint-baseline.json", reg.Params)
	}
	c.shutdown()
}

// TestConfigFileWatchedInItsFolder: the file `sqllint lsp --config FILE`
// names usually lies outside the workspace (a team's shared config),
// where the watcher **/NAME the server asked for sees nothing: VS Code
// and Neovim match a plain glob within the workspace folders. A client
// that announces relativePatternSupport now gets a RelativePattern on
// the file's folder, and a change it reports re-checks the scripts.
func TestConfigFileWatchedInItsFolder(t *testing.T) {
	shared := filepath.Join(t.TempDir(), "team")
	cfg := filepath.Join(shared, ".sqllint.yaml")
	writeAll(t, cfg, "rules: [all, -SL302]\n")
	load := func(string) (*config.Config, error) { return config.Load(cfg, rules.Default) }
	path := filepath.Join(t.TempDir(), "V1__tune.sql")
	uri := pathURI(path)

	c := newClient(t, Options{Analyzer: Pipeline{LoadConfig: load}, ConfigFile: cfg})
	c.initialize(`{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true}}}`, `null`)
	reg := c.next("client/registerCapability", func(m *message) bool { return m.Method == "client/registerCapability" })
	want, _ := json.Marshal(relativePattern{BaseURI: pathURI(shared), Pattern: ".sqllint.yaml"})
	if !strings.Contains(string(reg.Params), `"globPattern":`+string(want)) {
		t.Errorf("watchers %s, want one on %s", reg.Params, want)
	}
	c.open(uri, "CHECKPOINT 10;\n")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Fatalf("SL302 is off: %v", codes(ds))
	}
	writeAll(t, cfg, "severity:\n  SL302: error\n")
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: pathURI(cfg), Type: 2}}})
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") == nil {
		t.Errorf("after the config turned SL302 back on: %v", codes(ds))
	}
	c.shutdown()
}

// TestRootPathOfOldClients: a client that names its workspace only by
// rootPath (deprecated by rootUri, still in LSP 3.17's InitializeParams,
// what clients before 3.0 send) had no workspace for the server: an
// untitled query then got the defaults, not the folder's config.
func TestRootPathOfOldClients(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".sqllint.yaml"), "rules: [all, -SL302]\n")
	const uri = "untitled:Untitled-1"
	c := newClient(t, Options{})
	root, _ := json.Marshal(dir)
	var res initializeResult
	c.result(c.call("initialize", json.RawMessage(`{"processId":null,"rootPath":`+string(root)+`,"capabilities":{}}`)), &res)
	c.notify("initialized", struct{}{})
	c.open(uri, "CHECKPOINT 10;\nBACKUP DATABASE Sales TO DISK = 'NUL';\n")
	if ds := c.diagnostics(uri, 1); find(ds, "SL302") != nil || find(ds, "SL304") == nil {
		t.Errorf("untitled in a rootPath workspace without SL302: %v, want SL304 only", codes(ds))
	}
	c.shutdown()
}
