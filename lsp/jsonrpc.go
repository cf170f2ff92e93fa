package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The base protocol of LSP 3.17: JSON-RPC 2.0 messages, each preceded by
// a Content-Length header (and an optional Content-Type) and a blank line.

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
	codeContentModified      = -32801
)

// maxMessage bounds one message's body: a 5 MB script in UTF-16-escaped
// JSON stays well below it, a corrupt header does not make us allocate
// gigabytes.
const maxMessage = 256 << 20

// message is any JSON-RPC message: a request (ID and Method), a
// notification (Method only) or a response (ID with Result or Error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func (m *message) isRequest() bool      { return m.Method != "" && len(m.ID) > 0 }
func (m *message) isNotification() bool { return m.Method != "" && len(m.ID) == 0 }

// rpcError is a response's error object.
type rpcError struct {
	Code    int             `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("%s (code %d)", e.Message, e.Code) }

// response is what the server sends back for a request. Result is
// always present on success (null when there is nothing), as JSON-RPC
// requires.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type outgoing struct {
	JSONRPC string `json:"jsonrpc"`
	ID      *int   `json:"id,omitempty"`
	Method  string `json:"method"`
	Params  any    `json:"params,omitempty"`
}

// conn reads and writes framed messages. Reads happen on one goroutine.
// The server's writes are queued to its outbox, written in order by the
// outbox's goroutine; without one (the tests' client) they are written
// at once, serialised.
type conn struct {
	// skipped counts the bytes before the header of the last message
	// read, the rest of a body cut short (0 for a well-framed stream)
	skipped int
	// overran counts the bytes past the JSON of the last message read
	// that its Content-Length counted, the start of the next message
	// (0 for a well-framed stream); pending holds those not read yet
	overran int
	pending []byte
	// line holds the header line being read (at most maxHeaderLine+2
	// bytes of it); lineLen counts its bytes on the stream
	// bytes (dropped: those before its last maxHeaderLine+2)
	line             []byte
	lineLen, dropped int

	r   *bufio.Reader
	mu  sync.Mutex
	w   io.Writer
	out *outbox
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReaderSize(r, 64<<10), w: w}
}

// errBadFrame is a header part the reader cannot use: no
// Content-Length, or one that is not a length. read has then read it to
// the blank line that ends it and dropped it, as vscode-jsonrpc's reader
// does; the next read goes on from there (the body that followed, if
// any, is skipped up to the next header).
var errBadFrame = errors.New("lsp: bad message header")

// read returns the next message. A body that is not valid JSON gives a
// *message nil and a *json.SyntaxError-like error with framing intact,
// so the caller can answer with a parse error and go on; a header part
// it cannot use gives errBadFrame, and the caller goes on too. Bytes
// that are no header field (the rest of a body cut short, a line that
// has no colon) are skipped, counted in c.skipped; so are blank lines
// between messages, uncounted (a client that ends each body with a line
// break).
func (c *conn) read() (*message, error) {
	length := -1
	fields := 0   // header fields read
	var bad error // why the header part is unusable
	c.skipped, c.overran = 0, 0
	for {
		line, err := c.headerLine()
		if err != nil {
			if errors.Is(err, io.EOF) && length < 0 {
				return nil, io.EOF
			}
			return nil, err
		}
		if line == "" {
			if fields == 0 {
				continue // not the end of a header: none has started
			}
			break
		}
		if i := indexASCIIFold(line, "content-length:"); i > 0 && length < 0 {
			// The tail of a body whose Content-Length was too short (a
			// client that counts characters, not bytes, cuts a body with
			// é short), or of one sent without a usable header: the
			// message it belonged to was answered with a parse error or
			// dropped; the next one starts here.
			c.skipped += c.dropped + i
			line = line[i:]
			fields, bad = 0, nil
		} else if c.dropped > 0 {
			line = "" // longer than any header field
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			// not a header field: skipped, and the header starts after it
			c.skipped += c.lineLen
			length, fields, bad = -1, 0, nil
			continue
		}
		fields++
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > maxMessage {
				bad = fmt.Errorf("%w: Content-Length %q", errBadFrame, strings.TrimSpace(value))
				continue
			}
			length = n
		}
	}
	if bad != nil {
		return nil, bad
	}
	if length < 0 {
		return nil, fmt.Errorf("%w: no Content-Length", errBadFrame)
	}
	body := make([]byte, length)
	n := copy(body, c.pending)
	c.pending = c.pending[n:]
	if _, err := io.ReadFull(c.r, body[n:]); err != nil {
		return nil, err
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		end := jsonEnd(body)
		if end < 0 || !startsHeader(body[end:]) {
			return nil, &parseError{err}
		}
		// A Content-Length too long (a client that counts it in another
		// encoding): the body holds the start of the next message,
		// which is read from there.
		c.overran = len(body) - end
		c.pending = append(body[end:len(body):len(body)], c.pending...)
		if err := json.Unmarshal(body[:end], &m); err != nil {
			return nil, &parseError{err}
		}
	}
	return &m, nil
}

// jsonEnd is the offset of the end of the JSON value body starts with,
// -1 when it does not start with one.
func jsonEnd(body []byte) int {
	dec := json.NewDecoder(bytes.NewReader(body))
	var v json.RawMessage
	if dec.Decode(&v) != nil {
		return -1
	}
	return int(dec.InputOffset())
}

// startsHeader reports whether b starts with a message header (a
// Content-Length or Content-Type field) or is the start of one.
func startsHeader(b []byte) bool {
	for _, h := range []string{"content-length:", "content-type:"} {
		n := min(len(b), len(h))
		if n > 0 && indexASCIIFold(string(b[:n]), h[:n]) == 0 {
			return true
		}
	}
	return false
}

// indexASCIIFold is the offset of the first match of word (lower-case
// ASCII) in s, ASCII letters matched in either case, or -1. Not
// strings.ToLower: it rewrites bytes that are not UTF-8 as U+FFFD, so
// its offsets are not s's (a header with such bytes before a
// Content-Length cut line at the wrong place, past its end).
func indexASCIIFold(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		j := 0
		for ; j < len(word); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != word[j] {
				break
			}
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// maxHeaderLine bounds one header line: a header is a name and a
// number, and a line that never ends is not read into memory (300 MB of
// "a" without a line break took 700 MB): of a longer line only the last
// maxHeaderLine bytes are kept, where a header after a body sent
// without one starts.
const maxHeaderLine = 4 << 10

// headerLine reads one header line without its line break, setting
// c.lineLen to the bytes it took from the stream. Of a line longer than
// maxHeaderLine it returns the end, counting the bytes dropped in
// c.dropped.
func (c *conn) headerLine() (string, error) {
	// first the bytes of a body that overran its JSON
	if i := bytes.IndexByte(c.pending, '\n'); i >= 0 {
		line := c.pending[:i]
		c.pending = c.pending[i+1:]
		c.lineLen, c.dropped = i+1, 0
		return string(bytes.TrimSuffix(line, []byte("\r"))), nil
	}
	line := append(c.line[:0], c.pending...)
	c.pending = nil
	c.lineLen, c.dropped = len(line), 0
	defer func() { c.line = line[:0] }()
	for {
		frag, err := c.r.ReadSlice('\n')
		c.lineLen += len(frag)
		if n := len(line) + len(frag) - (maxHeaderLine + 2); n > 0 { // +2: the CRLF
			c.dropped += n
			k := min(n, len(line))
			line = line[:copy(line, line[k:])]
			frag = frag[n-k:]
		}
		line = append(line, frag...)
		switch {
		case err == nil:
			line = line[:len(line)-1]
			return string(bytes.TrimSuffix(line, []byte("\r"))), nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && c.lineLen > 0:
			return "", io.ErrUnexpectedEOF
		default:
			return "", err
		}
	}
}

// parseError is a well-framed message whose body is not JSON-RPC.
type parseError struct{ err error }

func (e *parseError) Error() string { return "lsp: message is not JSON: " + e.err.Error() }

// code is the JSON-RPC error that answers e: a parse error for text that
// is not JSON, an invalid request for JSON that is not a request object
// (an array, a number, a method that is not a string).
func (e *parseError) code() int {
	var se *json.SyntaxError
	if errors.As(e.err, &se) || errors.Is(e.err, io.ErrUnexpectedEOF) {
		return codeParseError
	}
	return codeInvalidRequest
}

// send queues f to the outbox, or writes it when there is none.
func (c *conn) send(f *frame) error {
	if c.out != nil {
		c.out.put(f)
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, err := c.w.Write(f.data); err != nil {
		return err
	}
	_, err := c.w.Write(f.tail)
	return err
}

func (c *conn) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.send(&frame{data: fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(body)), tail: body})
}

// writeLatest sends v, marshalled when it is written; a message with
// the same key not yet written is dropped: v supersedes it (a
// document's diagnostics, a refresh request).
func (c *conn) writeLatest(key string, v any) error {
	if c.out != nil {
		c.out.put(&frame{key: key, msg: v})
		return nil
	}
	return c.write(v)
}

func (c *conn) reply(id json.RawMessage, result any) error {
	if raw, ok := result.(rawResult); ok {
		return c.replyRaw(id, raw)
	}
	return c.write(response{JSONRPC: "2.0", ID: id, Result: result})
}

// rawResult is a result marshalled beforehand, followed by the closing
// brace of the response: the bytes that json.Marshal of a response with
// that result writes after `"result":`.
type rawResult []byte

// replyRaw writes the response with result raw, as reply would write
// it, without copying raw.
func (c *conn) replyRaw(id json.RawMessage, raw rawResult) error {
	head, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
	}{"2.0", id})
	if err != nil {
		return err
	}
	head = append(head[:len(head)-1], `,"result":`...) // the ID as response writes it
	data := fmt.Appendf(make([]byte, 0, 32+len(head)), "Content-Length: %d\r\n\r\n", len(head)+len(raw))
	data = append(data, head...)
	return c.send(&frame{data: data, tail: raw})
}

func (c *conn) replyError(id json.RawMessage, code int, msg string) error {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return c.write(errorResponse{JSONRPC: "2.0", ID: id, Error: &rpcError{Code: code, Message: msg}})
}

// notifyLatest sends a notification that supersedes the one with the
// same key not yet written.
func (c *conn) notifyLatest(key, method string, params any) error {
	return c.writeLatest(key, outgoing{JSONRPC: "2.0", Method: method, Params: params})
}

func (c *conn) request(id int, method string, params any) error {
	return c.write(outgoing{JSONRPC: "2.0", ID: &id, Method: method, Params: params})
}

// requestLatest sends a request that supersedes the one with the same
// key not yet written (the server waits for no answer).
func (c *conn) requestLatest(key string, id int, method string, params any) error {
	return c.writeLatest(key, outgoing{JSONRPC: "2.0", ID: &id, Method: method, Params: params})
}
