// Package live connects read-only to a Microsoft SQL Server and reads the
// facts that confirm or sharpen sqllint's findings (`sqllint scan --server`).
//
// Live mode sends only the fixed statements listed by Queries: read-only
// SELECTs on catalog views and DMVs, and DBCC TRACESTATUS. Database names
// travel as query parameters; the scanned scripts are never sent. A fact the
// login may not read becomes unknown (nil) with a notice; a connection that
// fails or a server that stops answering is an error (*Error), whose text
// never holds the password.
package live

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	mssql "github.com/microsoft/go-mssqldb"
)

// Kinds of Error; test with errors.Is.
var (
	ErrConfig       = errors.New("invalid connection settings")
	ErrRefused      = errors.New("connection refused")
	ErrTimeout      = errors.New("timed out")
	ErrHostNotFound = errors.New("host not found")
	ErrLoginFailed  = errors.New("login failed")
	ErrTLS          = errors.New("TLS negotiation failed")
	ErrConnection   = errors.New("connection failed")
)

// Error is a failure to connect or a query that could not complete. Its
// text never contains the password.
type Error struct {
	Op     string // "connect" or "query NAME"
	Addr   string // host:port or host\instance
	Kind   error  // one of the Err* values
	Detail string // the cause, password scrubbed
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("live: ")
	b.WriteString(e.Op)
	if e.Addr != "" {
		if e.Op == "connect" {
			b.WriteString(" to ")
		} else {
			b.WriteString(" on ")
		}
		b.WriteString(e.Addr)
	}
	b.WriteString(": ")
	b.WriteString(e.Kind.Error())
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Kind }

// abortGrace is how long a query may still wait, after its timeout, for the
// server to confirm the cancellation (the driver sends ATTENTION) before
// the connection is closed under it.
const abortGrace = 500 * time.Millisecond

// Client is a connection to one server. It is not meant for concurrent use.
// After a query timed out the connection is unusable (go-mssqldb drops a
// connection whose context expired): Close it and connect again if needed.
type Client struct {
	cfg     Config
	addr    string
	secrets []string
	db      *sql.DB
	conn    *sql.Conn
	dialer  *trackingDialer
	// notices about the connection itself, given with the facts.
	notices []string
}

// Connect opens one connection and logs in, within c.ConnectTimeout.
func Connect(ctx context.Context, c Config) (*Client, error) {
	c = c.withDefaults()
	secrets := c.secrets()
	dsn, addr, err := c.connString()
	if err != nil {
		return nil, &Error{Op: "connect", Addr: c.Addr(), Kind: ErrConfig, Detail: scrub(err.Error(), secrets)}
	}
	connector, err := mssql.NewConnector(dsn)
	if err != nil {
		return nil, &Error{Op: "connect", Addr: addr, Kind: ErrConfig, Detail: scrub(err.Error(), secrets)}
	}
	d := &trackingDialer{}
	connector.Dialer = d
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)

	cctx, cancel := context.WithTimeout(ctx, c.ConnectTimeout)
	defer cancel()
	// go-mssqldb does not watch the context while it waits for the answers
	// to PRELOGIN and the TLS handshake: a server that accepts the TCP
	// connection and then says nothing would hold it forever. Close the
	// connection under it when the connect timeout expires.
	stop := context.AfterFunc(cctx, d.closeAll)
	// database/sql's Conn dials and logs in without a ping (a ping would
	// send "select 1", which is not in Queries).
	conn, err := db.Conn(cctx)
	if !stop() && err == nil {
		// The timeout fired just as the login completed.
		conn.Close()
		err = cctx.Err()
	}
	if err != nil {
		d.closeAll()
		db.Close()
		return nil, connectError(ctx, cctx, addr, c, err, secrets)
	}
	client := &Client{cfg: c, addr: addr, secrets: secrets, db: db, conn: conn, dialer: d}
	if enc, ok := d.preloginEncryption(); ok && enc == encryptNotSup && !c.encryptionDisabled() {
		client.notices = append(client.notices, fmt.Sprintf("the server %s does not support encryption: the login, "+
			"password included, and all data went unencrypted; use --encrypt mandatory (encrypt=true) to refuse such a server", addr))
	}
	return client, nil
}

// Notices returns what the client noticed about the connection (for
// example that the server refused encryption and the login went in clear
// text). Facts includes them in its Notices.
func (c *Client) Notices() []string { return append([]string(nil), c.notices...) }

func connectError(ctx, cctx context.Context, addr string, c Config, err error, secrets []string) error {
	e := &Error{Op: "connect", Addr: addr, Kind: ErrConnection, Detail: scrub(err.Error(), secrets)}
	var me mssql.Error
	var dnsErr *net.DNSError
	var netErr net.Error
	switch {
	case ctx.Err() != nil && !errors.Is(ctx.Err(), context.DeadlineExceeded):
		e.Kind = ctx.Err()
	case errors.As(err, &me):
		e.Kind = ErrLoginFailed
		e.Detail = scrub(loginDetail(me), secrets)
	case errors.Is(err, syscall.ECONNREFUSED):
		e.Kind = ErrRefused
		e.Detail = "nothing listens on that port (is SQL Server running there, with TCP/IP enabled?)"
	case errors.As(err, &dnsErr):
		e.Kind = ErrHostNotFound
	case cctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) ||
		(errors.As(err, &netErr) && netErr.Timeout()):
		e.Kind = ErrTimeout
		e.Detail = fmt.Sprintf("no answer within %s (connect timeout)", c.ConnectTimeout)
	case strings.Contains(err.Error(), "TLS") || strings.Contains(err.Error(), "encryption") ||
		strings.Contains(err.Error(), "certificate"):
		e.Kind = ErrTLS
	}
	return e
}

func loginDetail(me mssql.Error) string {
	msg := strings.TrimPrefix(me.Message, "login error: ")
	detail := fmt.Sprintf("%s (error %d)", msg, me.Number)
	if me.Number == 18456 {
		detail += "; check the login name and the password"
	}
	return detail
}

// Addr returns the server's address as given (host:port or host\instance).
func (c *Client) Addr() string { return c.addr }

// Close closes the connection.
func (c *Client) Close() error {
	err := c.conn.Close()
	if err2 := c.db.Close(); err == nil {
		err = err2
	}
	c.dialer.closeAll()
	if err != nil && !errors.Is(err, sql.ErrConnDone) && !errors.Is(err, net.ErrClosed) {
		return &Error{Op: "close", Addr: c.addr, Kind: ErrConnection, Detail: scrub(err.Error(), c.secrets)}
	}
	return nil
}

// softError is a query the server answered with an error, or whose result
// had an unexpected shape: the fact it reads becomes unknown, the others
// still load.
type softError struct {
	q      *Query
	number int32 // SQL Server error number; 0 for a result of the wrong shape
	msg    string
}

func (e *softError) Error() string {
	if e.number == 0 {
		return fmt.Sprintf("%s returned an unexpected result: %s", e.q.Reads, e.msg)
	}
	return fmt.Sprintf("%s failed: %s (error %d)", e.q.Reads, e.msg, e.number)
}

// permission tells whether the error is a missing permission.
func (e *softError) permission() bool {
	switch e.number {
	case 0:
		return false
	case 229, 262, 297, 300, 916, 2571:
		return true
	}
	return strings.Contains(strings.ToLower(e.msg), "permission")
}

// shapeError is a result that does not scan as expected.
type shapeError struct{ err error }

func (e shapeError) Error() string { return e.err.Error() }

// run sends one query under QueryTimeout and hands its rows to scan.
func (c *Client) run(ctx context.Context, q *Query, scan func(*resultRows) error, args ...any) error {
	qctx, cancel := context.WithTimeout(ctx, c.cfg.QueryTimeout)
	defer cancel()
	done := make(chan struct{})
	defer close(done)
	// The driver answers a timeout with ATTENTION and waits for the server
	// to confirm; a server that answers nothing at all would keep it waiting
	// for seconds more, so close the connection under it after a grace.
	stop := context.AfterFunc(qctx, func() {
		t := time.NewTimer(abortGrace)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			c.dialer.closeAll()
		}
	})
	defer stop()

	err := c.query(qctx, q, scan, args)
	if err == nil {
		return nil
	}
	op := "query " + q.Name
	var me mssql.Error
	var se shapeError
	switch {
	case ctx.Err() != nil:
		return &Error{Op: op, Addr: c.addr, Kind: ctx.Err(), Detail: q.Reads}
	case qctx.Err() != nil:
		return &Error{Op: op, Addr: c.addr, Kind: ErrTimeout,
			Detail: fmt.Sprintf("%s did not answer within %s (query timeout)", q.Reads, c.cfg.QueryTimeout)}
	case errors.As(err, &se):
		return &softError{q: q, msg: scrub(se.Error(), c.secrets)}
	case errors.As(err, &me) && !isServerAbort(err):
		return &softError{q: q, number: me.Number, msg: scrub(me.Message, c.secrets)}
	default:
		return &Error{Op: op, Addr: c.addr, Kind: ErrConnection, Detail: scrub(err.Error(), c.secrets)}
	}
}

func isServerAbort(err error) bool {
	var se mssql.ServerError
	return errors.As(err, &se)
}

// resultRows are the rows of one query's result, at most its maxRows: a
// server that sends more is not one whose answer can be believed, and
// its rows are not all kept in memory.
type resultRows struct {
	*sql.Rows
	q    *Query
	n    int
	over bool
}

// Next is sql.Rows.Next, false after maxRows rows.
func (r *resultRows) Next() bool {
	if r.over || !r.Rows.Next() {
		return false
	}
	if r.n++; r.q.maxRows > 0 && r.n > r.q.maxRows {
		r.over = true
		return false
	}
	return true
}

func (c *Client) query(ctx context.Context, q *Query, scan func(*resultRows) error, args []any) error {
	sqlRows, err := c.conn.QueryContext(ctx, q.SQL, args...)
	if err != nil {
		return err
	}
	defer sqlRows.Close()
	rows := &resultRows{Rows: sqlRows, q: q}
	err = scan(rows)
	if err == nil && rows.over {
		err = errors.New("more rows than " + q.rowLimit)
	}
	if err != nil {
		if rerr := rows.Err(); rerr != nil {
			return rerr
		}
		return shapeError{err}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return rows.Close()
}

// Facts reads the server's facts and those of the named databases (names
// compared case-insensitively; empty names ignored). A fact the login may
// not read becomes unknown with a notice; an error is returned only when
// the server cannot be talked to (connection lost, timeout, cancelled).
func (c *Client) Facts(ctx context.Context, databases []string) (*Facts, error) {
	f := &Facts{Databases: map[string]*Database{}, Notices: c.Notices()}

	// soft turns a server-side error into a notice.
	soft := func(err error, what string) error { return c.soft(f, err, what) }

	// Server name and version.
	err := c.run(ctx, query(QueryServer), func(rows *resultRows) error {
		for rows.Next() {
			var name, version, edition sql.NullString
			if err := rows.Scan(&name, &version, &edition); err != nil {
				return err
			}
			f.Server, f.ProductVersion, f.Edition = name.String, version.String, edition.String
		}
		return nil
	})
	if err := soft(err, "server version"); err != nil {
		return nil, err
	}
	if f.Server == "" {
		f.Server = c.cfg.serverHost()
	}
	// Azure SQL Database and Managed Instance (Edition "SQL Azure") report
	// 12 whatever their engine: their version says nothing of features.
	if f.ProductVersion != "" && !strings.EqualFold(strings.TrimSpace(f.Edition), "SQL Azure") {
		major, _, _ := strings.Cut(f.ProductVersion, ".")
		f.Major, _ = strconv.Atoi(major)
	}

	// Instant file initialization.
	rowsSeen := 0
	err = c.run(ctx, query(QueryIFI), func(rows *resultRows) error {
		for rows.Next() {
			var v sql.NullString
			if err := rows.Scan(&v); err != nil {
				return err
			}
			rowsSeen++
			if rowsSeen > 1 || !v.Valid {
				continue
			}
			switch strings.ToUpper(strings.TrimSpace(v.String)) {
			case "Y":
				f.IFI = ptr(true)
			case "N":
				f.IFI = ptr(false)
			}
		}
		return nil
	})
	if err := soft(err, "IFI state"); err != nil {
		return nil, err
	}
	if err == nil && f.IFI == nil {
		if rowsSeen == 0 {
			f.Notices = append(f.Notices, "IFI state unknown: sys.dm_server_services has no row for the SQL Server engine service")
		} else {
			f.Notices = append(f.Notices, "IFI state unknown: sys.dm_server_services.instant_file_initialization_enabled is NULL")
		}
	}

	// Global trace flags.
	flags := map[int]bool{}
	err = c.run(ctx, query(QueryTraceFlags), func(rows *resultRows) error {
		cols, err := rows.Columns()
		if err != nil {
			return err
		}
		flagCol, globalCol := -1, -1
		for i, name := range cols {
			switch strings.ToLower(name) {
			case "traceflag":
				flagCol = i
			case "global":
				globalCol = i
			}
		}
		var shapeErr error
		if len(cols) > 0 && (flagCol < 0 || globalCol < 0) {
			shapeErr = fmt.Errorf("columns %v, want TraceFlag and Global", cols)
		}
		for rows.Next() {
			vals := make([]sql.NullInt64, len(cols))
			dest := make([]any, len(cols))
			for i := range vals {
				dest[i] = &vals[i]
			}
			if err := rows.Scan(dest...); err != nil {
				return err
			}
			if shapeErr != nil {
				continue
			}
			if vals[flagCol].Valid && vals[globalCol].Valid && vals[globalCol].Int64 == 1 {
				flags[int(vals[flagCol].Int64)] = true
			}
		}
		return shapeErr
	})
	if err == nil {
		f.TraceFlags = flags
	} else if err := soft(err, "trace flags"); err != nil {
		return nil, err
	}

	// Databases.
	for _, name := range databases {
		if strings.TrimSpace(name) == "" {
			continue
		}
		key := strings.ToLower(name)
		if _, done := f.Databases[key]; done {
			continue
		}
		d := &Database{Name: name}
		f.Databases[key] = d
		known := true
		err := c.run(ctx, query(QueryDatabase), func(rows *resultRows) error {
			for rows.Next() {
				var (
					dbName    sql.NullString
					id        sql.NullInt64
					trt       sql.NullInt64
					encrypted sql.NullBool
				)
				if err := rows.Scan(&dbName, &id, &trt, &encrypted); err != nil {
					return err
				}
				d.Exists = true
				if dbName.Valid && dbName.String != "" {
					d.Name = dbName.String
				}
				if trt.Valid {
					d.TargetRecoverySeconds = ptr(int(trt.Int64))
				}
				if encrypted.Valid {
					d.Encrypted = ptr(encrypted.Bool)
				}
			}
			return nil
		}, name)
		if err != nil {
			known = false
			if err := soft(err, fmt.Sprintf("database %q", name)); err != nil {
				return nil, err
			}
		}
		if !known || !d.Exists {
			continue
		}
		var files []File
		err = c.run(ctx, query(QueryFiles), func(rows *resultRows) error {
			for rows.Next() {
				var (
					id, dataSpace, growth sql.NullInt64
					size                  sql.NullInt64
					fname, typ            sql.NullString
					pct                   sql.NullBool
				)
				if err := rows.Scan(&id, &fname, &typ, &dataSpace, &size, &growth, &pct); err != nil {
					return err
				}
				files = append(files, File{
					FileID: int(id.Int64), Name: fname.String, Type: typ.String,
					DataSpaceID: int(dataSpace.Int64), SizeBytes: size.Int64,
					Growth: int(growth.Int64), IsPercentGrowth: pct.Bool,
				})
			}
			return nil
		}, name)
		if err != nil {
			if err := soft(err, fmt.Sprintf("files of database %q", name)); err != nil {
				return nil, err
			}
			continue
		}
		if len(files) == 0 {
			// A database always has files: no rows means no permission.
			q := query(QueryFiles)
			f.Notices = append(f.Notices, fmt.Sprintf("files of database %q unknown: %s permission is needed (%s shows no rows without it)",
				name, q.Permission, q.Reads))
			continue
		}
		d.Files = files
		spaces := map[int]bool{}
		for _, fl := range files {
			if strings.EqualFold(fl.Type, "ROWS") || strings.EqualFold(fl.Type, "FILESTREAM") {
				spaces[fl.DataSpaceID] = true
			}
		}
		d.FilegroupCount = len(spaces)
	}
	return f, nil
}

// soft turns a server-side error into a notice on f and returns nil; any
// other error is returned as is.
func (c *Client) soft(f *Facts, err error, what string) error {
	var se *softError
	if !errors.As(err, &se) {
		return err
	}
	switch {
	case se.permission() && strings.HasPrefix(se.q.Permission, "none"):
		f.Notices = append(f.Notices, scrub(fmt.Sprintf("%s unknown: %s was denied (it normally needs no special permission): %s",
			what, se.q.Reads, se.msg), c.secrets))
	case se.permission():
		f.Notices = append(f.Notices, scrub(fmt.Sprintf("%s unknown: %s permission is needed (%s): %s",
			what, se.q.Permission, se.q.Reads, se.msg), c.secrets))
	default:
		f.Notices = append(f.Notices, scrub(what+" unknown: "+se.Error(), c.secrets))
	}
	return nil
}

// serverHost returns the host the configuration names, for Facts.Server
// when the server does not tell its name.
func (c Config) serverHost() string {
	p, err := c.params()
	if err != nil {
		return ""
	}
	return p[keyServer]
}

func ptr[T any](v T) *T { return &v }

// trackingDialer dials like go-mssqldb's default dialer and remembers the
// TCP connections, so that a query whose server stopped answering can be
// cut off.
type trackingDialer struct {
	mu          sync.Mutex
	conns       []net.Conn
	serverEnc   byte // see preloginEncryption
	sawPrelogin bool
}

func (d *trackingDialer) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	nd := net.Dialer{KeepAlive: 30 * time.Second}
	conn, err := nd.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	d.mu.Lock()
	d.conns = append(d.conns, conn)
	d.mu.Unlock()
	return &sniffConn{Conn: conn, d: d}, nil
}

// preloginEncryption returns the ENCRYPTION option of the first PRELOGIN
// answer read on any of the dialer's connections, and whether one was
// seen (not when TLS came first: TDS 8 strict).
func (d *trackingDialer) preloginEncryption() (byte, bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.serverEnc, d.sawPrelogin
}

// TDS PRELOGIN ENCRYPTION values (MS-TDS 2.2.6.5).
const (
	encryptOff    = 0 // encrypt the login packet only
	encryptOn     = 1
	encryptNotSup = 2 // no encryption at all: the login goes in clear text
	encryptReq    = 3
)

// sniffConn reads the server's first TDS packet as it passes, to learn
// what encryption the PRELOGIN answer agreed on: go-mssqldb does not tell.
type sniffConn struct {
	net.Conn
	d    *trackingDialer
	buf  []byte
	done bool
}

// maxSniff bounds the bytes kept: a PRELOGIN answer is a few dozen.
const maxSniff = 4096

func (c *sniffConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if !c.done && n > 0 {
		c.buf = append(c.buf, p[:n]...)
		c.sniff()
	}
	return n, err
}

func (c *sniffConn) sniff() {
	const header = 8
	if c.buf[0] != 4 { // not a tabular result (PRELOGIN answer): TLS first
		c.done = true
		return
	}
	if len(c.buf) < header {
		return
	}
	size := int(c.buf[2])<<8 | int(c.buf[3])
	if size > maxSniff || size < header {
		c.done = true
		return
	}
	if len(c.buf) < size {
		return
	}
	c.done = true
	payload := c.buf[header:size]
	for i := 0; i+5 <= len(payload) && payload[i] != 0xFF; i += 5 {
		off := int(payload[i+1])<<8 | int(payload[i+2])
		n := int(payload[i+3])<<8 | int(payload[i+4])
		if payload[i] == 1 && n >= 1 && off < len(payload) {
			c.d.mu.Lock()
			if !c.d.sawPrelogin {
				c.d.serverEnc, c.d.sawPrelogin = payload[off], true
			}
			c.d.mu.Unlock()
			break
		}
	}
	c.buf = nil
}

func (d *trackingDialer) closeAll() {
	d.mu.Lock()
	conns := d.conns
	d.conns = nil
	d.mu.Unlock()
	for _, c := range conns {
		c.Close()
	}
}
