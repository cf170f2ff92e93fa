package lsp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestBadHeaderSkipped: a header part without a Content-Length (or with
// one that is not a length, or with a line that is not a field) ended
// the session, and the editor lost every diagnostic with it. LSP 3.17
// makes Content-Length required but says nothing of what a reader does
// without it; vscode-jsonrpc's reader drops the header part, reports
// the error and reads on. So does the server now: it logs the header
// and answers the next well-framed message.
func TestBadHeaderSkipped(t *testing.T) {
	var log syncBuffer
	c := newClient(t, Options{Log: &log})
	c.initialize(modern, `null`)
	body := `{"jsonrpc":"2.0","id":99,"method":"textDocument/hover","params":{}}`
	for _, bad := range []string{
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n",
		"Content-Length: ten\r\n\r\n" + body,
		"Content-Length: 99999999999\r\n\r\n" + body,
		"Content-Length 12\r\n\r\n" + body,
		"\r\n",
		"Content-Type: x\r\n\r\n" + strings.Repeat(" ", 3*maxHeaderLine) + body + "\r\n\r\n",
		"Content-Type: x\r\n\r\n{\n  \"jsonrpc\": \"2.0\",\n  \"method\": \"x\"\n}",
	} {
		if _, err := io.WriteString(c.in.(io.Writer), bad); err != nil {
			t.Fatal(err)
		}
		var h json.RawMessage
		c.result(c.call("textDocument/hover", hoverParams{TextDocument: textDocumentIdentifier{URI: "file:///tmp/x.sql"}}), &h)
	}
	c.shutdown()
	if l := log.String(); !strings.Contains(l, "no Content-Length") || !strings.Contains(l, `Content-Length "ten"`) {
		t.Errorf("log %q, want the bad headers named", l)
	}
}

// TestHeaderLineBounded: a header line that never ends is not read into
// memory (300 MB of "a" without a line break took 700 MB): the reader
// keeps its last bytes only, where the next header would start, and
// reads to the end of the stream.
func TestHeaderLineBounded(t *testing.T) {
	src := &endless{b: 'a', limit: 64 << 20}
	c := newConn(src, io.Discard)
	_, err := c.read()
	if err == nil || errors.Is(err, errBadFrame) {
		t.Fatalf("read: %v, want the stream's error", err)
	}
	if n := cap(c.line); n > 4*maxHeaderLine {
		t.Errorf("a header line buffer of %d bytes", n)
	}
}

// A header line too long is dropped, not the stream: a body sent
// without a Content-Length runs into the next header, which is found.
func TestLongLineThenHeader(t *testing.T) {
	body := `{"jsonrpc":"2.0","method":"x"}`
	in := "Content-Type: x\r\n\r\n" + strings.Repeat("p", 10*maxHeaderLine) + fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body)
	c := newConn(strings.NewReader(in), io.Discard)
	m, err := c.read()
	if !errors.Is(err, errBadFrame) {
		t.Fatalf("first read: %v %v, want the header without Content-Length", m, err)
	}
	if m, err = c.read(); err != nil || m.Method != "x" {
		t.Fatalf("second read: %v %v, want the message after the long line", m, err)
	}
	if c.skipped != 10*maxHeaderLine {
		t.Errorf("skipped %d bytes, want %d", c.skipped, 10*maxHeaderLine)
	}
}

// A line break after each body (some clients end them so) is skipped
// without a word: it is no rest of a message.
func TestBlankLinesBetweenMessages(t *testing.T) {
	body := `{"jsonrpc":"2.0","method":"x"}`
	in := fmt.Sprintf("Content-Length: %d\r\n\r\n%s\r\n\r\nContent-Length: %d\r\n\r\n%s\n", len(body), body, len(body), body)
	c := newConn(strings.NewReader(in), io.Discard)
	for i := 0; i < 2; i++ {
		if m, err := c.read(); err != nil || m.Method != "x" || c.skipped != 0 {
			t.Fatalf("message %d: %v %v, skipped %d", i, m, err, c.skipped)
		}
	}
	if _, err := c.read(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last line break: %v, want EOF", err)
	}
}
