package live_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

const (
	testUser     = "linter"
	testPassword = "S3cr3t;P@ss=w0rd 'x' {y}"
)

// TestMain fails the run if goroutines outlive the tests (servers,
// connections, watchdogs).
func TestMain(m *testing.M) {
	before := runtime.NumGoroutine()
	code := m.Run()
	if code == 0 {
		deadline := time.Now().Add(3 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<20)
			buf = buf[:runtime.Stack(buf, true)]
			fmt.Fprintf(os.Stderr, "goroutine leak: %d goroutines before the tests, %d after\n%s\n", before, n, buf)
			code = 1
		}
	}
	os.Exit(code)
}

// start runs a tdstest server for st and returns it with a Config that
// reaches it.
func start(t *testing.T, st tdstest.State) (*tdstest.Server, live.Config) {
	t.Helper()
	srv, err := tdstest.Start(tdstest.Config{User: testUser, Password: testPassword, Handler: st.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		srv.Close()
		for _, err := range srv.Errors() {
			t.Errorf("tdstest: %v", err)
		}
	})
	return srv, live.Config{
		// The test server has no certificate: say so, or every
		// connection carries the notice that the login went in clear.
		DSN:            "encrypt=disable",
		Server:         srv.Addr(),
		User:           testUser,
		Password:       testPassword,
		ConnectTimeout: 2 * time.Second,
		QueryTimeout:   2 * time.Second,
	}
}

func connect(t *testing.T, cfg live.Config) *live.Client {
	t.Helper()
	c, err := live.Connect(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c
}

func facts(t *testing.T, st tdstest.State, dbs ...string) (*live.Facts, *tdstest.Server) {
	t.Helper()
	srv, cfg := start(t, st)
	c := connect(t, cfg)
	f, err := c.Facts(context.Background(), dbs)
	if err != nil {
		t.Fatal(err)
	}
	assertOnlyKnownQueries(t, srv)
	return f, srv
}

// assertOnlyKnownQueries checks that the server saw nothing but live's
// fixed queries, and parameters only where a query takes them.
func assertOnlyKnownQueries(t *testing.T, srv *tdstest.Server) {
	t.Helper()
	known := map[string]live.Query{}
	for _, q := range live.Queries() {
		known[q.SQL] = q
	}
	for _, r := range srv.Requests() {
		q, ok := known[r.SQL]
		if !ok {
			t.Errorf("server received a query not in live.Queries: %q", r.SQL)
			continue
		}
		if (q.Params == "") != (len(r.Params) == 0) {
			t.Errorf("query %s sent with parameters %v", q.Name, r.Params)
		}
		for _, p := range r.Params {
			if _, ok := p.(string); !ok {
				t.Errorf("query %s: parameter %v (%T) is not a database name", q.Name, p, p)
			}
		}
	}
}

func notices(f *live.Facts) string { return strings.Join(f.Notices, "\n") }

func TestFactsServer(t *testing.T) {
	f, srv := facts(t, tdstest.State{
		ServerName: `SQLPROD01\MAIN`, ProductVersion: "15.0.4375.4", Edition: "Enterprise Edition: Core-based Licensing (64-bit)",
		IFI: "Y", TraceFlags: []int{1806, 3226}, SessionTraceFlags: []int{4199},
	})
	if f.Server != `SQLPROD01\MAIN` || f.ProductVersion != "15.0.4375.4" || f.Major != 15 ||
		f.Edition != "Enterprise Edition: Core-based Licensing (64-bit)" {
		t.Errorf("server facts = %q %q %d %q", f.Server, f.ProductVersion, f.Major, f.Edition)
	}
	if f.IFI == nil || !*f.IFI {
		t.Errorf("IFI = %v, want true", f.IFI)
	}
	if want := map[int]bool{1806: true, 3226: true}; !mapsEqual(f.TraceFlags, want) {
		t.Errorf("TraceFlags = %v, want %v (session flag 4199 excluded)", f.TraceFlags, want)
	}
	if on, known := f.TraceFlag(1806); !on || !known {
		t.Errorf("TraceFlag(1806) = %v, %v", on, known)
	}
	if len(f.Notices) != 0 {
		t.Errorf("unexpected notices:\n%s", notices(f))
	}
	if got := len(srv.Requests()); got != 3 {
		t.Errorf("server got %d requests, want 3", got)
	}
	logins := srv.Logins()
	if len(logins) != 1 || logins[0].AppName != "sqllint" || logins[0].User != testUser || !logins[0].OK {
		t.Errorf("logins = %+v", logins)
	}
}

func mapsEqual(a, b map[int]bool) bool {
	if len(a) != len(b) || a == nil {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestFactsIFIAndTraceFlags(t *testing.T) {
	tests := []struct {
		name       string
		st         tdstest.State
		ifi        *bool // nil: unknown
		flags      map[int]bool
		flagsKnown bool
		notice     string
	}{
		{name: "IFI off, no flag", st: tdstest.State{IFI: "N"}, ifi: ptr(false), flags: map[int]bool{}, flagsKnown: true},
		{name: "IFI on, TF 1806 on", st: tdstest.State{IFI: "Y", TraceFlags: []int{1806}}, ifi: ptr(true), flags: map[int]bool{1806: true}, flagsKnown: true},
		{name: "TF 1806 on for the session only", st: tdstest.State{IFI: "Y", SessionTraceFlags: []int{1806}}, ifi: ptr(true), flags: map[int]bool{}, flagsKnown: true},
		{name: "IFI denied", st: tdstest.State{IFI: "Y", TraceFlags: []int{1806}, Deny: []string{live.QueryIFI}},
			flags: map[int]bool{1806: true}, flagsKnown: true,
			notice: "IFI state unknown: VIEW SERVER STATE permission is needed (sys.dm_server_services)"},
		{name: "IFI NULL", st: tdstest.State{}, flags: map[int]bool{}, flagsKnown: true, notice: "instant_file_initialization_enabled is NULL"},
		{name: "no engine service row", st: tdstest.State{IFI: "Y", NoEngineRow: true}, flags: map[int]bool{}, flagsKnown: true,
			notice: "no row for the SQL Server engine service"},
		{name: "IFI column missing (old build)", st: tdstest.State{IFI: "Y", Fail: []string{live.QueryIFI}}, flags: map[int]bool{}, flagsKnown: true,
			notice: "IFI state unknown: sys.dm_server_services failed: Invalid column name"},
		{name: "TRACESTATUS denied", st: tdstest.State{IFI: "N", TraceFlags: []int{1806}, Deny: []string{live.QueryTraceFlags}}, ifi: ptr(false),
			notice: "trace flags unknown: DBCC TRACESTATUS was denied (it normally needs no special permission): User 'linter' does not have permission"},
		{name: "both denied", st: tdstest.State{IFI: "Y", TraceFlags: []int{1806}, Deny: []string{live.QueryIFI, live.QueryTraceFlags}},
			notice: "VIEW SERVER STATE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, _ := facts(t, tt.st)
			switch {
			case tt.ifi == nil && f.IFI != nil:
				t.Errorf("IFI = %v, want unknown", *f.IFI)
			case tt.ifi != nil && (f.IFI == nil || *f.IFI != *tt.ifi):
				t.Errorf("IFI = %v, want %v", f.IFI, *tt.ifi)
			}
			if !tt.flagsKnown {
				if f.TraceFlags != nil {
					t.Errorf("TraceFlags = %v, want unknown (nil)", f.TraceFlags)
				}
			} else if !mapsEqual(f.TraceFlags, tt.flags) {
				t.Errorf("TraceFlags = %v, want %v", f.TraceFlags, tt.flags)
			}
			if tt.notice == "" && len(f.Notices) > 0 {
				t.Errorf("unexpected notices:\n%s", notices(f))
			}
			if !strings.Contains(notices(f), tt.notice) {
				t.Errorf("notices lack %q:\n%s", tt.notice, notices(f))
			}
			if f.Server == "" || f.Major != 16 {
				t.Errorf("the other facts did not load: server %q major %d", f.Server, f.Major)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

func TestFactsDatabases(t *testing.T) {
	st := tdstest.State{
		ServerName: "SQL1", IFI: "Y",
		Databases: []tdstest.Database{
			{Name: "Sales", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1},
			{Name: "Warehouse", TargetRecoverySeconds: 60, Encrypted: true, DataFiles: 899, LogFiles: 1, Filegroups: 7, FileSizeBytes: 3 << 30},
			{Name: "Staging", TargetRecoverySeconds: 60, DataFiles: 4, LogFiles: 2, Filegroups: 2},
		},
	}
	f, srv := facts(t, st, "sales", "Warehouse", "SALES", "Missing", "", "staging")

	if len(f.Databases) != 4 {
		t.Fatalf("Databases has %d entries, want 4 (duplicates and empty names dropped): %v", len(f.Databases), f.Databases)
	}
	sales := f.Database("Sales")
	if sales == nil || !sales.Exists || sales.Name != "Sales" {
		t.Fatalf("Sales = %+v", sales)
	}
	if sales.TargetRecoverySeconds == nil || *sales.TargetRecoverySeconds != 0 {
		t.Errorf("Sales target recovery = %v, want 0", sales.TargetRecoverySeconds)
	}
	if sales.Encrypted == nil || *sales.Encrypted {
		t.Errorf("Sales encrypted = %v, want false", sales.Encrypted)
	}
	if len(sales.Files) != 2 || sales.FilegroupCount != 1 || sales.CountFiles("ROWS") != 1 || sales.CountFiles("LOG") != 1 {
		t.Errorf("Sales files = %+v, filegroups %d", sales.Files, sales.FilegroupCount)
	}
	if got := sales.Files[0]; got.Type != "ROWS" || got.SizeBytes != 8<<20 || got.Growth != 8192 || got.GrowthBytes() != 64<<20 || got.IsPercentGrowth {
		t.Errorf("Sales data file = %+v", got)
	}
	if got := sales.Files[1]; got.Type != "LOG" || got.DataSpaceID != 0 || !got.IsPercentGrowth || got.Growth != 10 || got.GrowthBytes() != 0 {
		t.Errorf("Sales log file = %+v", got)
	}

	wh := f.Database("warehouse")
	if wh == nil || !wh.Exists || len(wh.Files) != 900 || wh.CountFiles("ROWS") != 899 || wh.FilegroupCount != 7 {
		t.Fatalf("Warehouse: exists %v, %d files, %d filegroups", wh != nil && wh.Exists, len(wh.Files), wh.FilegroupCount)
	}
	if *wh.TargetRecoverySeconds != 60 || !*wh.Encrypted || wh.Files[0].SizeBytes != 3<<30 {
		t.Errorf("Warehouse: trt %d, encrypted %v, size %d", *wh.TargetRecoverySeconds, *wh.Encrypted, wh.Files[0].SizeBytes)
	}
	for i, fl := range wh.Files {
		if fl.FileID != i+1 {
			t.Fatalf("file %d has file_id %d", i, fl.FileID)
		}
	}

	staging := f.Database("STAGING")
	if staging == nil || staging.FilegroupCount != 2 || staging.CountFiles("LOG") != 2 {
		t.Errorf("Staging = %+v", staging)
	}

	missing := f.Database("missing")
	if missing == nil || missing.Exists || missing.Files != nil || missing.TargetRecoverySeconds != nil || missing.Encrypted != nil || missing.CountFiles("ROWS") != -1 {
		t.Errorf("Missing = %+v", missing)
	}
	if len(f.Notices) != 0 {
		t.Errorf("unexpected notices:\n%s", notices(f))
	}

	// One sys.databases query per distinct name, one sys.master_files query
	// per existing database, each with the name as @p1.
	var dbParams, fileParams []string
	for _, r := range srv.Requests() {
		switch r.SQL {
		case queryText(live.QueryDatabase):
			dbParams = append(dbParams, r.Params[0].(string))
		case queryText(live.QueryFiles):
			fileParams = append(fileParams, r.Params[0].(string))
		}
		if r.RPC != (len(r.Params) > 0) {
			t.Errorf("%q: RPC %v with %d parameters", r.SQL, r.RPC, len(r.Params))
		}
	}
	if want := []string{"sales", "Warehouse", "Missing", "staging"}; !slices.Equal(dbParams, want) {
		t.Errorf("sys.databases parameters = %q, want %q", dbParams, want)
	}
	if want := []string{"sales", "Warehouse", "staging"}; !slices.Equal(fileParams, want) {
		t.Errorf("sys.master_files parameters = %q, want %q", fileParams, want)
	}
}

func queryText(name string) string {
	for _, q := range live.Queries() {
		if q.Name == name {
			return q.SQL
		}
	}
	panic(name)
}

func TestFactsDatabasePermissions(t *testing.T) {
	db := tdstest.Database{Name: "Sales", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1}

	t.Run("files not visible", func(t *testing.T) {
		f, _ := facts(t, tdstest.State{IFI: "Y", Databases: []tdstest.Database{db}, Deny: []string{live.QueryFiles}}, "Sales")
		d := f.Database("sales")
		if !d.Exists || d.TargetRecoverySeconds == nil || *d.TargetRecoverySeconds != 0 {
			t.Errorf("Sales = %+v", d)
		}
		if d.Files != nil || d.FilegroupCount != 0 {
			t.Errorf("Files = %v, want unknown", d.Files)
		}
		if want := `files of database "Sales" unknown: VIEW ANY DEFINITION`; !strings.Contains(notices(f), want) {
			t.Errorf("notices lack %q:\n%s", want, notices(f))
		}
	})
	t.Run("sys.databases denied", func(t *testing.T) {
		f, _ := facts(t, tdstest.State{IFI: "Y", Databases: []tdstest.Database{db}, Deny: []string{live.QueryDatabase}}, "Sales")
		d := f.Database("sales")
		if d.Exists || d.Files != nil {
			t.Errorf("Sales = %+v", d)
		}
		if want := `database "Sales" unknown: VIEW ANY DATABASE`; !strings.Contains(notices(f), want) {
			t.Errorf("notices lack %q:\n%s", want, notices(f))
		}
		if f.IFI == nil || !*f.IFI {
			t.Errorf("IFI did not load")
		}
	})
}

func TestServerNameFallsBackToHost(t *testing.T) {
	f, _ := facts(t, tdstest.State{IFI: "Y"}) // @@SERVERNAME NULL
	if f.Server != "127.0.0.1" {
		t.Errorf("Server = %q, want the host", f.Server)
	}
}

func TestBadPassword(t *testing.T) {
	srv, cfg := start(t, tdstest.State{})
	wrong := "Wr0ng;P@ss%word!"
	forms := map[string]live.Config{
		"fields": {Server: cfg.Server, User: testUser, Password: wrong},
		"URL":    {DSN: "sqlserver://" + url.UserPassword(testUser, wrong).String() + "@" + srv.Addr() + "?database=master"},
		"ADO":    {DSN: fmt.Sprintf(`server=127.0.0.1,%d;user id=%s;password="%s";database=master`, srv.Port(), testUser, wrong)},
	}
	for name, c := range forms {
		t.Run(name, func(t *testing.T) {
			c.ConnectTimeout = 2 * time.Second
			start := time.Now()
			client, err := live.Connect(context.Background(), c)
			if err == nil {
				client.Close()
				t.Fatal("Connect succeeded with a wrong password")
			}
			if time.Since(start) > 1500*time.Millisecond {
				t.Errorf("a failed login took %v", time.Since(start))
			}
			msg := err.Error()
			for _, secret := range []string{wrong, url.QueryEscape(wrong), url.PathEscape(wrong), "Wr0ng"} {
				if strings.Contains(msg, secret) {
					t.Errorf("error shows the password (%q): %s", secret, msg)
				}
			}
			if !errors.Is(err, live.ErrLoginFailed) {
				t.Errorf("error is not ErrLoginFailed: %v", err)
			}
			for _, want := range []string{srv.Addr(), "Login failed for user 'linter'", "18456"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error lacks %q: %s", want, msg)
				}
			}
		})
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("server got %d requests after failed logins", n)
	}
}

func TestDatabaseOverrideAndPasswordPrecedence(t *testing.T) {
	srv, cfg := start(t, tdstest.State{})
	// The DSN's password wins over Password (SQLCMDPASSWORD); Database
	// overrides the DSN's database.
	c := connect(t, live.Config{
		DSN:      "sqlserver://" + url.UserPassword(testUser, testPassword).String() + "@" + srv.Addr() + "?database=master&app+name=ci",
		Password: "not-this-one",
		Database: "Sales",
	})
	_ = c
	_ = cfg
	l := srv.Logins()
	if len(l) != 1 || l[0].Database != "Sales" || l[0].AppName != "ci" {
		t.Errorf("logins = %+v", l)
	}
}

func TestLoginDatabaseMissing(t *testing.T) {
	srv, err := tdstest.Start(tdstest.Config{User: testUser, Password: testPassword, Databases: []string{"master"}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	_, err = live.Connect(context.Background(), live.Config{Server: srv.Addr(), User: testUser, Password: testPassword, Database: "Nope"})
	if !errors.Is(err, live.ErrLoginFailed) || !strings.Contains(err.Error(), `Cannot open database "Nope"`) {
		t.Errorf("err = %v", err)
	}
	if err != nil && strings.Contains(err.Error(), testPassword) {
		t.Errorf("error shows the password: %v", err)
	}
}

func TestClosedPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	start := time.Now()
	_, err = live.Connect(context.Background(), live.Config{Server: addr, User: testUser, Password: testPassword, ConnectTimeout: 2 * time.Second})
	if err == nil {
		t.Fatal("Connect to a closed port succeeded")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	if !errors.Is(err, live.ErrRefused) {
		t.Errorf("error is not ErrRefused: %v", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, addr) || !strings.Contains(msg, "connection refused") || strings.Contains(msg, testPassword) {
		t.Errorf("error = %s", msg)
	}
}

func TestConnectTimeout(t *testing.T) {
	t.Parallel() // mostly waiting for timeouts
	// A server that accepts TCP connections and never answers.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(accepted)
				return
			}
			accepted <- c
		}
	}()
	defer func() {
		ln.Close()
		for c := range accepted {
			c.Close()
		}
	}()

	start := time.Now()
	_, err = live.Connect(context.Background(), live.Config{Server: ln.Addr().String(), User: testUser, Password: testPassword, ConnectTimeout: time.Second})
	elapsed := time.Since(start)
	if err == nil {
		t.Fatal("Connect succeeded")
	}
	if elapsed < 900*time.Millisecond || elapsed > 2*time.Second {
		t.Errorf("Connect gave up after %v, want about 1s", elapsed)
	}
	if !errors.Is(err, live.ErrTimeout) || !strings.Contains(err.Error(), ln.Addr().String()) {
		t.Errorf("err = %v", err)
	}
}

func TestConnectCancelled(t *testing.T) {
	_, cfg := start(t, tdstest.State{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := live.Connect(ctx, cfg)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestQueryHangs(t *testing.T) {
	t.Parallel() // mostly waiting for timeouts
	for _, name := range []string{live.QueryIFI, live.QueryFiles} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st := tdstest.State{IFI: "Y", Hang: name, Databases: []tdstest.Database{{Name: "db", DataFiles: 1, LogFiles: 1}}}
			srv, cfg := start(t, st)
			cfg.QueryTimeout = time.Second
			c := connect(t, cfg)
			start := time.Now()
			_, err := c.Facts(context.Background(), []string{"db"})
			elapsed := time.Since(start)
			if err == nil {
				t.Fatal("Facts succeeded against a hanging server")
			}
			if !errors.Is(err, live.ErrTimeout) || !strings.Contains(err.Error(), "query "+name) {
				t.Errorf("err = %v", err)
			}
			// The server confirms the ATTENTION at once, so Facts returns
			// about when the timeout expires, before the grace period that
			// TestServerStopsAnswering exercises.
			// (The upper bound leaves room for a loaded CI machine.)
			if elapsed < 900*time.Millisecond || elapsed > 3*time.Second {
				t.Errorf("Facts returned after %v, want about 1s", elapsed)
			}
			if srv.Attentions() < 1 {
				t.Errorf("server got %d ATTENTION signals, want at least 1", srv.Attentions())
			}
			assertOnlyKnownQueries(t, srv)
		})
	}
}

func TestServerStopsAnswering(t *testing.T) {
	t.Parallel() // mostly waiting for timeouts
	// The server goes silent, not even confirming ATTENTION: before any
	// row (trace flags) or in the middle of a result set (files).
	for _, name := range []string{live.QueryTraceFlags, live.QueryFiles} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st := tdstest.State{IFI: "Y", Dead: name, Databases: []tdstest.Database{{Name: "db", DataFiles: 1, LogFiles: 1}}}
			_, cfg := start(t, st)
			cfg.QueryTimeout = time.Second
			c := connect(t, cfg)
			start := time.Now()
			_, err := c.Facts(context.Background(), []string{"db"})
			elapsed := time.Since(start)
			if !errors.Is(err, live.ErrTimeout) || !strings.Contains(err.Error(), "query "+name) {
				t.Fatalf("err = %v, want a timeout of query %s", err, name)
			}
			if elapsed < time.Second || elapsed > 2500*time.Millisecond {
				t.Errorf("Facts returned after %v, want about 1.5s (query timeout and grace)", elapsed)
			}
			// The connection is gone: the next call fails at once.
			start = time.Now()
			if _, err := c.Facts(context.Background(), nil); err == nil || time.Since(start) > 500*time.Millisecond {
				t.Errorf("Facts on a dead connection: %v after %v", err, time.Since(start))
			}
		})
	}
}

func TestConnectionDropped(t *testing.T) {
	_, cfg := start(t, tdstest.State{IFI: "Y", Drop: live.QueryIFI})
	c := connect(t, cfg)
	_, err := c.Facts(context.Background(), nil)
	if !errors.Is(err, live.ErrConnection) || !strings.Contains(err.Error(), "query ifi") {
		t.Errorf("err = %v", err)
	}
}

func TestFactsCancelled(t *testing.T) {
	t.Parallel() // mostly waiting for timeouts
	_, cfg := start(t, tdstest.State{IFI: "Y", Hang: live.QueryIFI})
	c := connect(t, cfg)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := c.Facts(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the caller's deadline", err)
	}
}

func TestTLS(t *testing.T) {
	cert, certPEM, err := tdstest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	pemPath := filepath.Join(t.TempDir(), "server.pem")
	if err := os.WriteFile(pemPath, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	st := tdstest.State{ServerName: "SQLTLS", IFI: "Y"}
	srv, err := tdstest.Start(tdstest.Config{User: testUser, Password: testPassword, Handler: st.Handler(), Certificate: &cert})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	userinfo := url.UserPassword(testUser, testPassword).String()

	tests := []struct {
		name  string
		cfg   live.Config
		mode  string // Login.Encryption; "" when the connection must fail
		check func(error) bool
	}{
		{"default: login packet only", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr()}, "login", nil},
		{"encrypt=disable", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=disable"}, "none", nil},
		{"encrypt=true, trusted", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=true", TrustServerCertificate: true}, "full", nil},
		{"encrypt=true, untrusted", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=true"}, "",
			func(err error) bool { return errors.Is(err, live.ErrTLS) }},
		{"strict (TDS 8), CA given", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=strict&certificate=" + url.QueryEscape(pemPath)}, "strict", nil},
		{"strict (TDS 8), pinned", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=strict&servercertificate=" + url.QueryEscape(pemPath)}, "strict", nil},
		// go-mssqldb ignores TrustServerCertificate with encrypt=strict.
		{"strict (TDS 8), trust only", live.Config{DSN: "sqlserver://" + userinfo + "@" + srv.Addr() + "?encrypt=strict", TrustServerCertificate: true}, "",
			func(err error) bool { return errors.Is(err, live.ErrTLS) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.cfg.ConnectTimeout = 2 * time.Second
			before := len(srv.Logins())
			c, err := live.Connect(context.Background(), tt.cfg)
			if tt.mode == "" {
				if err == nil {
					c.Close()
					t.Fatal("Connect succeeded")
				}
				if !tt.check(err) {
					t.Errorf("err = %v", err)
				}
				if strings.Contains(err.Error(), testPassword) {
					t.Errorf("error shows the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			f, err := c.Facts(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if f.Server != "SQLTLS" || f.IFI == nil || !*f.IFI {
				t.Errorf("facts = %+v", f)
			}
			logins := srv.Logins()
			if len(logins) != before+1 || logins[before].Encryption != tt.mode {
				t.Errorf("logins = %+v, want encryption %q", logins[before:], tt.mode)
			}
		})
	}
	for _, err := range srv.Errors() {
		if !strings.Contains(err.Error(), "handshake") { // the refused handshakes
			t.Errorf("tdstest: %v", err)
		}
	}
}

func TestQueriesAreReadOnly(t *testing.T) {
	qs := live.Queries()
	if len(qs) == 0 {
		t.Fatal("no queries")
	}
	names := map[string]bool{}
	for _, q := range qs {
		if names[q.Name] {
			t.Errorf("duplicate query name %q", q.Name)
		}
		names[q.Name] = true
		upper := strings.ToUpper(q.SQL)
		if !strings.HasPrefix(upper, "SELECT ") && upper != "DBCC TRACESTATUS(-1) WITH NO_INFOMSGS;" {
			t.Errorf("%s is neither a SELECT nor DBCC TRACESTATUS: %s", q.Name, q.SQL)
		}
		for _, bad := range []string{"INSERT", "UPDATE ", "DELETE", "MERGE", "EXEC", "CREATE", "ALTER", "DROP", "GRANT", "INTO", "DECLARE", "SET ", "QUOTENAME", "+ N'", "USE "} {
			if strings.Contains(upper, bad) {
				t.Errorf("%s contains %q: %s", q.Name, bad, q.SQL)
			}
		}
		if strings.Count(q.SQL, ";") != 1 || !strings.HasSuffix(q.SQL, ";") {
			t.Errorf("%s is not a single statement: %s", q.Name, q.SQL)
		}
		if (q.Params != "") != strings.Contains(q.SQL, "@p1") {
			t.Errorf("%s: Params %q does not match the text", q.Name, q.Params)
		}
		if q.Purpose == "" || q.Reads == "" || q.Permission == "" {
			t.Errorf("%s is not documented: %+v", q.Name, q)
		}
	}
	qs[0].SQL = "DROP DATABASE x;"
	if live.Queries()[0].SQL == qs[0].SQL {
		t.Error("Queries() exposes the package's own slice")
	}
}
