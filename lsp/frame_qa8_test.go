package lsp

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// endless is a stream of one byte that never ends, counting what is read
// and failing past a limit.
type endless struct {
	b     byte
	read  int
	limit int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.read >= e.limit {
		return 0, errors.New("read past the limit")
	}
	n := min(len(p), e.limit-e.read)
	for i := range p[:n] {
		p[i] = e.b
	}
	e.read += n
	return n, nil
}

// Header lines end at CRLF or LF; the body follows the blank line; a
// stream that ends inside a header is an error, at a message's start EOF.
func TestHeaderLines(t *testing.T) {
	body := `{"jsonrpc":"2.0","method":"x"}`
	long := "X-Pad: " + strings.Repeat("p", maxHeaderLine-len("X-Pad: ")) + "\r\n"
	in := "Content-Length: 30\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + body +
		"content-length: 30\n\n" + body + long + "Content-Length: 30\r\n\r\n" + body + "Content-Len"
	c := newConn(strings.NewReader(in), io.Discard)
	for i := 0; i < 3; i++ {
		m, err := c.read()
		if err != nil || m.Method != "x" {
			t.Fatalf("message %d: %v, %v", i, m, err)
		}
	}
	if _, err := c.read(); err == nil || errors.Is(err, io.EOF) {
		t.Errorf("a header cut short: %v, want an error other than EOF", err)
	}
	if _, err := newConn(strings.NewReader(""), io.Discard).read(); !errors.Is(err, io.EOF) {
		t.Errorf("empty stream: %v, want EOF", err)
	}
}

// A body that is not JSON is a parse error; JSON that is not a request
// object is an invalid request (JSON-RPC 2.0, "Error object"); both are
// answered with a null id and the server goes on.
func TestInvalidMessagesAnswered(t *testing.T) {
	c := newClient(t, Options{})
	c.initialize(modern, `null`)
	for _, tc := range []struct {
		body string
		code int
	}{
		{`{nope`, codeParseError},
		{`{"jsonrpc":"2.0","method":`, codeParseError},
		{`{}`, codeInvalidRequest},
		{`null`, codeInvalidRequest},
		{`[]`, codeInvalidRequest},
		{`17`, codeInvalidRequest},
		{`{"jsonrpc":"2.0","id":5,"method":1}`, codeInvalidRequest},
	} {
		if _, err := fmt.Fprintf(c.in.(io.Writer), "Content-Length: %d\r\n\r\n%s", len(tc.body), tc.body); err != nil {
			t.Fatal(err)
		}
		m := c.next("an error for "+tc.body, func(m *message) bool { return m.Error != nil && m.Method == "" })
		if m.Error.Code != tc.code || string(m.ID) != "null" {
			t.Errorf("%s: error %d with id %s, want %d with id null", tc.body, m.Error.Code, m.ID, tc.code)
		}
	}
	if m := c.call("textDocument/definition", struct{}{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("the server does not go on: %+v", m)
	}
}
