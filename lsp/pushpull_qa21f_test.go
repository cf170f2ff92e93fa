package lsp

import (
	"path/filepath"
	"testing"
	"time"
)

// TestPullInPushModeAnswered: a client that was not offered pull (no
// refreshSupport, or no textDocument.diagnostic) may still send
// textDocument/diagnostic. Answered at once when the document's check
// was done, it waited forever when the check was still pending (after
// an edit, right after didOpen): only a server in pull mode answered
// the waiting pulls, so the request never got a response, which JSON-RPC
// requires. It is now answered once the check ends, with its findings;
// the findings are still published.
func TestPullInPushModeAnswered(t *testing.T) {
	uri := pathURI(filepath.Join(t.TempDir(), "x.sql"))
	c := newClient(t, Options{Debounce: 50 * time.Millisecond})
	c.initialize(`{"textDocument":{"diagnostic":{}}}`, `null`)
	c.open(uri, "SELECT 1;\n")
	c.diagnostics(uri, 1)
	c.change(uri, 2, "CHECKPOINT 10;\n")
	if r := c.pull(uri, ""); r.Items == nil || find(*r.Items, "SL302") == nil {
		t.Errorf("pull after the change: %+v, want the new text's SL302", r)
	}
	if ds := c.diagnostics(uri, 2); find(ds, "SL302") == nil {
		t.Errorf("published %v, want SL302", codes(ds))
	}
	c.shutdown()
}
