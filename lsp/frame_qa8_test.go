package lsp

import (
	"errors"
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

// A header line that never ends is a bad frame once it passes the
// limit: it is not read into memory to the end of the stream.
func TestHeaderLineBounded(t *testing.T) {
	src := &endless{b: 'a', limit: 64 << 20}
	c := newConn(src, io.Discard)
	_, err := c.read()
	if !errors.Is(err, errBadFrame) {
		t.Fatalf("read: %v, want a bad frame", err)
	}
	if src.read > 1<<20 {
		t.Errorf("read %d bytes of one header line", src.read)
	}
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
