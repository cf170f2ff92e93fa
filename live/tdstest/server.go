// Package tdstest is a small TDS 7.4 server for tests: enough of the
// protocol for go-mssqldb (and other clients such as FreeTDS) to log in and
// run queries against canned answers.
//
// It implements PRELOGIN (with optional TLS: login-only, full, and TDS 8
// "strict" where TLS comes first), LOGIN7 with SQL authentication, SQL
// batches, RPC requests (sp_executesql with its parameters), and ATTENTION.
// Every request is recorded; the answer comes from a Handler, which may
// return result sets, an error, informational messages, hang until the
// client gives up, or drop the connection. State describes a fake SQL Server
// and builds a Handler that answers package live's queries.
package tdstest

import (
	"bufio"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Config configures a Server.
type Config struct {
	// User and Password are the only SQL login accepted.
	User, Password string
	// Handler answers requests; nil answers every request with an empty
	// DONE.
	Handler func(Request) Response
	// Certificate enables TLS (PRELOGIN encryption and TDS 8 strict). nil:
	// the server answers ENCRYPT_NOT_SUP and refuses TLS.
	Certificate *tls.Certificate
	// ServerName is sent in messages (default "tdstest").
	ServerName string
	// Version is the server version in LOGINACK and PRELOGIN (default
	// 16.0.4135).
	Version [4]byte
	// Databases, if not nil, lists the databases a login may name as its
	// initial database (compared case-insensitively); others fail the login
	// with error 4060.
	Databases []string
}

// Request is one request a client sent.
type Request struct {
	// SQL is the batch text, or the statement of an sp_executesql RPC. For
	// another procedure it is "EXEC name".
	SQL string
	// Params are the parameter values (after sp_executesql's statement and
	// declarations): string, int64, bool, float64, []byte or nil.
	Params []any
	// ParamNames are the parameters' names (@p1 ...).
	ParamNames []string
	// Decl is sp_executesql's parameter declaration, e.g. "@p1 nvarchar(6)".
	Decl string
	// RPC tells an RPC request from a SQL batch.
	RPC bool
	// User is the login that sent it.
	User string
}

// Message is an ERROR or INFO token.
type Message struct {
	Number int32
	State  uint8
	Class  uint8 // severity; 11 and up is an error
	Text   string
	Line   int32
}

// Column describes a result column.
type Column struct {
	Name string
	Type ColType
}

// ResultSet is one result set.
type ResultSet struct {
	Columns []Column
	Rows    [][]any // values: integers, bools, strings, nil (NULL), or pointers to them
}

// Response is the answer to a request.
type Response struct {
	// Infos are sent first, as INFO tokens.
	Infos []Message
	// ResultSets are sent next.
	ResultSets []ResultSet
	// Error, if set, is sent after the result sets and fails the request.
	Error *Message
	// Hang: send the result sets without ending the response, then wait.
	// When the client sends ATTENTION, the response ends with DONE(ATTN).
	Hang bool
	// IgnoreAttention, with Hang: never answer again, not even ATTENTION;
	// the connection stays open until the client or Close closes it.
	IgnoreAttention bool
	// CloseConnection closes the connection instead of answering.
	CloseConnection bool
}

// Login is one LOGIN7 the server received. The password is not kept.
type Login struct {
	User       string
	Database   string
	AppName    string
	HostName   string
	ServerName string // the server name the client asked for
	Library    string // client interface name, e.g. "go-mssqldb"
	TDSVersion uint32
	PacketSize int
	// Encryption is "none", "login" (only the LOGIN7 packet), "full" or
	// "strict" (TDS 8).
	Encryption string
	OK         bool
}

// Server is a running TDS server on 127.0.0.1.
type Server struct {
	cfg Config
	ln  net.Listener
	wg  sync.WaitGroup

	mu         sync.Mutex
	conns      map[net.Conn]struct{}
	closed     bool
	requests   []Request
	logins     []Login
	attentions int
	errs       []error
}

// Start starts a server on 127.0.0.1 with a random port.
func Start(cfg Config) (*Server, error) {
	if cfg.ServerName == "" {
		cfg.ServerName = "tdstest"
	}
	if cfg.Version == ([4]byte{}) {
		cfg.Version = [4]byte{16, 0, 0x10, 0x27} // 16.0.4135
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, ln: ln, conns: map[net.Conn]struct{}{}}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Addr returns "127.0.0.1:port".
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Port returns the port the server listens on.
func (s *Server) Port() int { return s.ln.Addr().(*net.TCPAddr).Port }

// Close stops the server, closes every connection and waits for all of its
// goroutines.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	err := s.ln.Close()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
	return err
}

// Requests returns every request received so far, in order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// SQL returns the text of every request received so far.
func (s *Server) SQL() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, len(s.requests))
	for i, r := range s.requests {
		out[i] = r.SQL
	}
	return out
}

// Logins returns every login attempt so far.
func (s *Server) Logins() []Login {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Login(nil), s.logins...)
}

// Attentions returns the number of ATTENTION signals received.
func (s *Server) Attentions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.attentions
}

// Errors returns the protocol errors the server met (a client that hangs
// up is not one).
func (s *Server) Errors() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.errs...)
}

// Conns returns the number of open connections.
func (s *Server) Conns() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.serve(c)
	}
}

func (s *Server) serve(raw net.Conn) {
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.conns, raw)
		s.mu.Unlock()
		raw.Close()
	}()
	c := &conn{srv: s, raw: &bufConn{Conn: raw, r: bufio.NewReader(raw)}, packetSize: 4096}
	c.rw = c.raw
	if err := c.run(); err != nil && !isHangup(err) {
		s.mu.Lock()
		s.errs = append(s.errs, err)
		s.mu.Unlock()
	}
}

func isHangup(err error) bool {
	return errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed) || errors.Is(err, errHangup)
}

var errHangup = errors.New("connection closed by request")

// bufConn is a net.Conn whose reads go through a bufio.Reader (to peek at
// the first byte).
type bufConn struct {
	net.Conn
	r *bufio.Reader
}

func (b *bufConn) Read(p []byte) (int, error) { return b.r.Read(p) }

// conn is one client connection.
type conn struct {
	srv        *Server
	raw        *bufConn      // the TCP stream
	rw         io.ReadWriter // where TDS packets go: raw or TLS
	packetSize int           // negotiated packet size
	user       string        // logged-in user
	packetID   byte          // next outgoing packet number
	encryption string        // as in Login.Encryption
}

// readMessage reads packets up to end-of-message.
func (c *conn) readMessage() (typ byte, payload []byte, err error) {
	hdr := make([]byte, 8)
	first := true
	for {
		if _, err = io.ReadFull(c.rw, hdr); err != nil {
			return 0, nil, err
		}
		size := int(binary.BigEndian.Uint16(hdr[2:4]))
		if size < 8 {
			return 0, nil, fmt.Errorf("tdstest: bad packet length %d", size)
		}
		body := make([]byte, size-8)
		if _, err = io.ReadFull(c.rw, body); err != nil {
			return 0, nil, err
		}
		if first {
			typ = hdr[0]
			first = false
		}
		payload = append(payload, body...)
		if hdr[1]&0x01 != 0 {
			return typ, payload, nil
		}
	}
}

// writeMessage sends payload as packets of at most packetSize bytes; the
// last one ends the message when eom is set.
func (c *conn) writeMessage(w io.Writer, typ byte, payload []byte, eom bool) error {
	maxData := c.packetSize - 8
	for {
		n := len(payload)
		last := true
		if n > maxData {
			n, last = maxData, false
		}
		pkt := make([]byte, 8, 8+n)
		pkt[0] = typ
		if last && eom {
			pkt[1] = 0x01
		}
		binary.BigEndian.PutUint16(pkt[2:], uint16(8+n))
		binary.BigEndian.PutUint16(pkt[4:], 51) // SPID
		pkt[6] = c.packetID
		c.packetID++
		pkt = append(pkt, payload[:n]...)
		if _, err := w.Write(pkt); err != nil {
			return err
		}
		payload = payload[n:]
		if last {
			return nil
		}
	}
}

func (c *conn) reply(t *tokens, eom bool) error {
	return c.writeMessage(c.rw, packReply, t.b, eom)
}

func (c *conn) run() error {
	// TDS 8 (encrypt=strict) starts with a TLS ClientHello instead of
	// PRELOGIN.
	first, err := c.raw.r.Peek(1)
	if err != nil {
		return err
	}
	if first[0] == 0x16 {
		if c.srv.cfg.Certificate == nil {
			return errors.New("tdstest: TLS ClientHello but no certificate configured")
		}
		tc := tls.Server(c.raw, &tls.Config{
			Certificates:           []tls.Certificate{*c.srv.cfg.Certificate},
			NextProtos:             []string{"tds/8.0"},
			SessionTicketsDisabled: true,
		})
		if err := tc.Handshake(); err != nil {
			return fmt.Errorf("tdstest: TDS 8 TLS handshake: %w", err)
		}
		c.rw, c.encryption = tc, "strict"
	}

	encrypt, err := c.prelogin()
	if err != nil {
		return err
	}
	loginOnly := false
	switch encrypt {
	case encryptOff, encryptOn:
		tc := tls.Server(&handshakeConn{c: c}, &tls.Config{
			Certificates:           []tls.Certificate{*c.srv.cfg.Certificate},
			SessionTicketsDisabled: true,
		})
		hc := tc.NetConn().(*handshakeConn)
		if err := tc.Handshake(); err != nil {
			return fmt.Errorf("tdstest: TLS handshake: %w", err)
		}
		if err := hc.flush(); err != nil {
			return err
		}
		hc.done = true
		c.rw = tc
		if encrypt == encryptOff {
			loginOnly, c.encryption = true, "login"
		} else {
			c.encryption = "full"
		}
	}
	if c.encryption == "" {
		c.encryption = "none"
	}

	typ, payload, err := c.readMessage()
	if err != nil {
		return err
	}
	if loginOnly {
		c.rw = c.raw // only LOGIN7 was encrypted
	}
	if typ != packLogin7 {
		return fmt.Errorf("tdstest: expected LOGIN7, got packet type %d", typ)
	}
	if ok, err := c.login7(payload); err != nil || !ok {
		return err
	}

	for {
		typ, payload, err := c.readMessage()
		if err != nil {
			return err
		}
		switch typ {
		case packSQLBatch, packRPC:
			req, err := parseRequest(typ, payload)
			if err != nil {
				return err
			}
			req.User = c.user
			if err := c.handle(req); err != nil {
				return err
			}
		case packAttention:
			// Nothing is running: confirm at once.
			c.srv.mu.Lock()
			c.srv.attentions++
			c.srv.mu.Unlock()
			var t tokens
			t.done(tokDone, doneAttn, 0, 0)
			if err := c.reply(&t, true); err != nil {
				return err
			}
		case packTransMgr:
			var t tokens
			t.done(tokDone, doneFinal, 0, 0)
			if err := c.reply(&t, true); err != nil {
				return err
			}
		default:
			return fmt.Errorf("tdstest: unexpected packet type %d", typ)
		}
	}
}

const (
	encryptOff    = 0
	encryptOn     = 1
	encryptNotSup = 2
	encryptReq    = 3
	encryptStrict = 4
)

// prelogin answers PRELOGIN and returns the encryption agreed on.
func (c *conn) prelogin() (byte, error) {
	typ, payload, err := c.readMessage()
	if err != nil {
		return 0, err
	}
	if typ != packPrelogin {
		return 0, fmt.Errorf("tdstest: expected PRELOGIN, got packet type %d", typ)
	}
	clientEnc := byte(encryptNotSup)
	for i := 0; i+5 <= len(payload) && payload[i] != 0xFF; i += 5 {
		off := int(binary.BigEndian.Uint16(payload[i+1:]))
		n := int(binary.BigEndian.Uint16(payload[i+3:]))
		if payload[i] == 1 && n >= 1 && off < len(payload) {
			clientEnc = payload[off]
		}
	}
	enc := byte(encryptNotSup)
	switch {
	case c.encryption == "strict":
		enc = encryptNotSup // already encrypted: no further TLS
	case c.srv.cfg.Certificate == nil:
		enc = encryptNotSup
	case clientEnc == encryptOff:
		enc = encryptOff
	case clientEnc == encryptOn || clientEnc == encryptReq:
		enc = encryptOn
	}
	v := c.srv.cfg.Version
	opts := []struct {
		token byte
		data  []byte
	}{
		{0, []byte{v[0], v[1], v[2], v[3], 0, 0}}, // VERSION
		{1, []byte{enc}}, // ENCRYPTION
		{2, []byte{0}},   // INSTOPT
		{3, nil},         // THREADID
		{4, []byte{0}},   // MARS
	}
	var t tokens
	off := 5*len(opts) + 1
	for _, o := range opts {
		t.u8(o.token)
		t.b = binary.BigEndian.AppendUint16(t.b, uint16(off))
		t.b = binary.BigEndian.AppendUint16(t.b, uint16(len(o.data)))
		off += len(o.data)
	}
	t.u8(0xFF)
	for _, o := range opts {
		t.b = append(t.b, o.data...)
	}
	return enc, c.reply(&t, true)
}

// login7 checks a LOGIN7 and answers it; ok is false after a failed login.
func (c *conn) login7(p []byte) (ok bool, err error) {
	if len(p) < 94 {
		return false, fmt.Errorf("tdstest: LOGIN7 too short (%d bytes)", len(p))
	}
	field := func(at int) string {
		off := int(binary.LittleEndian.Uint16(p[at:]))
		n := 2 * int(binary.LittleEndian.Uint16(p[at+2:]))
		if off+n > len(p) {
			return ""
		}
		return fromUCS2(p[off : off+n])
	}
	l := Login{
		TDSVersion: binary.LittleEndian.Uint32(p[4:]),
		PacketSize: int(binary.LittleEndian.Uint32(p[8:])),
		HostName:   field(36),
		User:       field(40),
		AppName:    field(48),
		ServerName: field(52),
		Library:    field(60),
		Database:   field(68),
		Encryption: c.encryption,
	}
	// The password is obfuscated: each byte nibble-swapped, then XOR 0xA5.
	pwOff := int(binary.LittleEndian.Uint16(p[44:]))
	pwLen := 2 * int(binary.LittleEndian.Uint16(p[46:]))
	var password string
	if pwOff+pwLen <= len(p) {
		b := make([]byte, pwLen)
		for i := range b {
			x := p[pwOff+i] ^ 0xA5
			b[i] = x<<4 | x>>4
		}
		password = fromUCS2(b)
	}
	if l.PacketSize >= 512 && l.PacketSize <= 32767 {
		c.packetSize = l.PacketSize
	}
	l.PacketSize = c.packetSize

	var fail *Message
	switch {
	case l.User != c.srv.cfg.User || password != c.srv.cfg.Password:
		fail = &Message{Number: 18456, State: 1, Class: 14,
			Text: fmt.Sprintf("Login failed for user '%s'.", l.User)}
	case l.Database != "" && c.srv.cfg.Databases != nil && !containsFold(c.srv.cfg.Databases, l.Database):
		fail = &Message{Number: 4060, State: 1, Class: 11,
			Text: fmt.Sprintf("Cannot open database \"%s\" requested by the login. The login failed.", l.Database)}
	}
	l.OK = fail == nil
	c.srv.mu.Lock()
	c.srv.logins = append(c.srv.logins, l)
	c.srv.mu.Unlock()

	var t tokens
	if fail != nil {
		t.message(tokError, *fail, c.srv.cfg.ServerName)
		t.done(tokDone, doneError, 0, 0)
		if err := c.reply(&t, true); err != nil {
			return false, err
		}
		return false, nil
	}
	c.user = l.User
	db := l.Database
	if db == "" {
		db = "master"
	}
	t.envChange(1, db, "master")
	t.message(tokInfo, Message{Number: 5701, State: 2, Class: 0,
		Text: fmt.Sprintf("Changed database context to '%s'.", db)}, c.srv.cfg.ServerName)
	t.envChange(2, "us_english", "")
	t.envChange(4, strconv.Itoa(c.packetSize), strconv.Itoa(c.packetSize))
	v := c.srv.cfg.Version
	t.loginAck(0x74000004, "Microsoft SQL Server", v)
	t.done(tokDone, doneFinal, 0, 0)
	return true, c.reply(&t, true)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if equalFold(x, s) {
			return true
		}
	}
	return false
}

// parseRequest decodes a SQL batch or an RPC request.
func parseRequest(typ byte, p []byte) (Request, error) {
	r := &reader{b: p}
	if err := r.skipAllHeaders(); err != nil {
		return Request{}, err
	}
	if typ == packSQLBatch {
		return Request{SQL: fromUCS2(p[r.pos:])}, nil
	}
	req := Request{RPC: true}
	nameLen, err := r.u16()
	if err != nil {
		return req, err
	}
	proc := ""
	procID := uint16(0)
	if nameLen == 0xFFFF {
		if procID, err = r.u16(); err != nil {
			return req, err
		}
	} else {
		b, err := r.bytes(2 * int(nameLen))
		if err != nil {
			return req, err
		}
		proc = fromUCS2(b)
	}
	if _, err := r.u16(); err != nil { // option flags
		return req, err
	}
	var names []string
	var values []any
	for r.pos < len(r.b) {
		if b := r.b[r.pos]; b == 0xFF || b == 0x80 || b == 0xFE {
			break // batch separator: only one RPC is handled
		}
		name, v, err := r.param()
		if err != nil {
			return req, err
		}
		names = append(names, name)
		values = append(values, v)
	}
	if procID == 10 || equalFold(proc, "sp_executesql") {
		if len(values) > 0 {
			req.SQL, _ = values[0].(string)
		}
		if len(values) > 1 {
			req.Decl, _ = values[1].(string)
		}
		if len(values) > 2 {
			req.Params, req.ParamNames = values[2:], names[2:]
		}
		return req, nil
	}
	if proc == "" {
		proc = fmt.Sprintf("proc#%d", procID)
	}
	req.SQL = "EXEC " + proc
	req.Params, req.ParamNames = values, names
	return req, nil
}

func equalFold(a, b string) bool { return strings.EqualFold(a, b) }

// handle answers one request.
func (c *conn) handle(req Request) error {
	c.srv.mu.Lock()
	c.srv.requests = append(c.srv.requests, req)
	c.srv.mu.Unlock()

	resp := Response{}
	if c.srv.cfg.Handler != nil {
		resp = c.srv.cfg.Handler(req)
	}
	if resp.CloseConnection {
		return errHangup
	}
	doneTok := byte(tokDone)
	if req.RPC {
		doneTok = tokDoneInProc
	}
	var t tokens
	for _, m := range resp.Infos {
		t.message(tokInfo, m, c.srv.cfg.ServerName)
	}
	for i, rs := range resp.ResultSets {
		if err := t.colMetadata(rs.Columns); err != nil {
			return err
		}
		for _, row := range rs.Rows {
			if err := t.row(rs.Columns, row); err != nil {
				return err
			}
		}
		if resp.Hang && i == len(resp.ResultSets)-1 {
			break // hang in the middle of the last result set
		}
		status := uint16(doneCount)
		if req.RPC || resp.Error != nil || i < len(resp.ResultSets)-1 || resp.Hang {
			status |= doneMore
		}
		t.done(doneTok, status, curCmdSelect, uint64(len(rs.Rows)))
	}
	if resp.Hang {
		if len(t.b) > 0 {
			if err := c.reply(&t, false); err != nil {
				return err
			}
		}
		return c.hang(resp.IgnoreAttention)
	}
	switch {
	case resp.Error != nil:
		t.message(tokError, *resp.Error, c.srv.cfg.ServerName)
		if req.RPC {
			t.done(tokDoneProc, doneError, 0, 0)
		} else {
			t.done(tokDone, doneError, 0, 0)
		}
	case req.RPC:
		t.u8(tokReturnStatus)
		t.u32(0)
		t.done(tokDoneProc, doneFinal, 0, 0)
	case len(resp.ResultSets) == 0:
		t.done(tokDone, doneFinal, 0, 0)
	}
	return c.reply(&t, true)
}

// hang waits for ATTENTION and confirms it, or, with ignore, swallows
// everything until the connection closes.
func (c *conn) hang(ignore bool) error {
	for {
		typ, _, err := c.readMessage()
		if err != nil {
			return err
		}
		if typ != packAttention {
			return fmt.Errorf("tdstest: packet type %d while a request is running", typ)
		}
		c.srv.mu.Lock()
		c.srv.attentions++
		c.srv.mu.Unlock()
		if ignore {
			continue
		}
		var t tokens
		t.done(tokDone, doneAttn, 0, 0)
		return c.reply(&t, true)
	}
}

// handshakeConn carries the TLS handshake of TDS 7.x inside PRELOGIN
// packets: writes are collected into one message, sent when the TLS
// server turns to reading. After the handshake (done) it passes through to
// the TCP stream.
type handshakeConn struct {
	c       *conn
	pending []byte
	rbuf    []byte
	done    bool
}

func (h *handshakeConn) flush() error {
	if len(h.pending) == 0 {
		return nil
	}
	p := h.pending
	h.pending = nil
	return h.c.writeMessage(h.c.raw, packPrelogin, p, true)
}

func (h *handshakeConn) Read(b []byte) (int, error) {
	if h.done {
		return h.c.raw.Read(b)
	}
	if err := h.flush(); err != nil {
		return 0, err
	}
	if len(h.rbuf) == 0 {
		typ, payload, err := h.c.readMessage() // c.rw is still the TCP stream
		if err != nil {
			return 0, err
		}
		if typ != packPrelogin {
			return 0, fmt.Errorf("tdstest: packet type %d during the TLS handshake", typ)
		}
		h.rbuf = payload
	}
	n := copy(b, h.rbuf)
	h.rbuf = h.rbuf[n:]
	return n, nil
}

func (h *handshakeConn) Write(b []byte) (int, error) {
	if h.done {
		return h.c.raw.Write(b)
	}
	h.pending = append(h.pending, b...)
	return len(b), nil
}

func (h *handshakeConn) Close() error                       { return h.c.raw.Close() }
func (h *handshakeConn) LocalAddr() net.Addr                { return h.c.raw.LocalAddr() }
func (h *handshakeConn) RemoteAddr() net.Addr               { return h.c.raw.RemoteAddr() }
func (h *handshakeConn) SetDeadline(t time.Time) error      { return h.c.raw.SetDeadline(t) }
func (h *handshakeConn) SetReadDeadline(t time.Time) error  { return h.c.raw.SetReadDeadline(t) }
func (h *handshakeConn) SetWriteDeadline(t time.Time) error { return h.c.raw.SetWriteDeadline(t) }
