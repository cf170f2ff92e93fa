package lsp

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestContentLengthTooLong: a Content-Length longer than the body (a
// client that counts it in another encoding) made the body swallow the
// start of the next message's header: the message was answered with a
// parse error, the next one had no Content-Length left, and the server
// ended. The message is now read up to the end of its JSON, the bytes
// after it are the next message's, when they start a header; a body
// with other bytes after its JSON is still a parse error, and the
// stream goes on.
func TestContentLengthTooLong(t *testing.T) {
	msg := func(id, over int) string {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"x"}`, id)
		return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+over, body)
	}
	junk := `{"jsonrpc":"2.0","id":9,"method":"x"} junk`
	in := msg(1, 3) + msg(2, 0) + msg(3, 30) + msg(4, 0) + fmt.Sprintf("content-length: %d\r\n\r\n%s", len(junk), junk) + msg(5, 0)
	c := newConn(strings.NewReader(in), io.Discard)
	for _, want := range []string{"1", "2", "3", "4", "parse error", "5"} {
		m, err := c.read()
		var pe *parseError
		switch {
		case want == "parse error":
			if !errors.As(err, &pe) {
				t.Errorf("a body with bytes after its JSON: %v, %v; want a parse error", m, err)
			}
		case err != nil || string(m.ID) != want:
			t.Fatalf("message %s: %+v, %v", want, m, err)
		}
	}
	if _, err := c.read(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last message: %v, want EOF", err)
	}

	// through the server: each request is answered
	cl := newClient(t, Options{})
	cl.initialize(modern, `null`)
	body := `{"jsonrpc":"2.0","id":70,"method":"textDocument/definition"}`
	if _, err := fmt.Fprintf(cl.in.(io.Writer), "Content-Length: %d\r\n\r\n%s", len(body)+5, body); err != nil {
		t.Fatal(err)
	}
	if m := cl.call("textDocument/definition", struct{}{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("the request after: %+v, want MethodNotFound", m)
	}
	if m := cl.next("the answer to 70", func(m *message) bool { return string(m.ID) == "70" }); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("request 70: %+v, want MethodNotFound", m)
	}
	cl.shutdown()
}
