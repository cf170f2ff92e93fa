package lsp

import (
	"encoding/json"
	"testing"
)

// TestCodeActionProviderByClient: the server answered every client with
// CodeActionOptions (its kinds), which LSP 3.17 makes valid only for a
// client that announces codeActionLiteralSupport; a client that takes
// Commands must get codeActionProvider true, and one that can apply no
// action (no literals, no workspace/applyEdit) was told of a provider
// that always answers nothing.
func TestCodeActionProviderByClient(t *testing.T) {
	for _, tc := range []struct {
		caps, want string
	}{
		{modern, `{"codeActionKinds":["quickfix","source.fixAll.sqllint"]}`},
		{`{"workspace":{"applyEdit":true}}`, `true`},
		{`{}`, ``},
	} {
		c := newClient(t, Options{})
		m := c.call("initialize", json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":`+tc.caps+`}`))
		var res struct {
			Capabilities map[string]json.RawMessage `json:"capabilities"`
		}
		c.result(m, &res)
		if got := string(res.Capabilities["codeActionProvider"]); got != tc.want {
			t.Errorf("client %s: codeActionProvider %q, want %q", tc.caps, got, tc.want)
		}
		c.shutdown()
	}
}
