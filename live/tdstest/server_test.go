package tdstest_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	mssql "github.com/microsoft/go-mssqldb"

	"github.com/sqllint/sqllint/live/tdstest"
)

func open(t *testing.T, h func(tdstest.Request) tdstest.Response) (*tdstest.Server, *sql.DB) {
	t.Helper()
	srv, err := tdstest.Start(tdstest.Config{User: "u", Password: "p", Handler: h})
	if err != nil {
		t.Fatal(err)
	}
	connector, err := mssql.NewConnector("sqlserver://u:p@" + srv.Addr() + "?encrypt=disable")
	if err != nil {
		t.Fatal(err)
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	t.Cleanup(func() {
		db.Close()
		srv.Close()
		for _, err := range srv.Errors() {
			t.Errorf("server: %v", err)
		}
	})
	return srv, db
}

func TestResultSetsAndMessages(t *testing.T) {
	srv, db := open(t, func(r tdstest.Request) tdstest.Response {
		return tdstest.Response{
			Infos: []tdstest.Message{{Number: 5701, Text: "hello"}},
			ResultSets: []tdstest.ResultSet{
				{Columns: []tdstest.Column{{Name: "i", Type: tdstest.Int}, {Name: "b", Type: tdstest.BigInt}, {Name: "s", Type: tdstest.SmallInt}, {Name: "bit", Type: tdstest.Bit}},
					Rows: [][]any{{1, int64(1) << 40, -3, true}, {-2, -5, 7, false}}},
				{Columns: []tdstest.Column{{Name: "in", Type: tdstest.IntN}, {Name: "bn", Type: tdstest.BigIntN}, {Name: "bitn", Type: tdstest.BitN}, {Name: "nv", Type: tdstest.NVarChar}},
					Rows: [][]any{{nil, nil, nil, nil}, {5, 6, true, "héllo ☃"}}},
			},
		}
	})
	rows, err := db.Query("SELECT 1;")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var i, b, s int64
		var bit bool
		if err := rows.Scan(&i, &b, &s, &bit); err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.Join([]string{itoa(i), itoa(b), itoa(s), btoa(bit)}, ","))
	}
	if !rows.NextResultSet() {
		t.Fatal("no second result set")
	}
	for rows.Next() {
		var in, bn sql.NullInt64
		var bitn sql.NullBool
		var nv sql.NullString
		if err := rows.Scan(&in, &bn, &bitn, &nv); err != nil {
			t.Fatal(err)
		}
		if !in.Valid {
			got = append(got, "NULL")
			continue
		}
		got = append(got, strings.Join([]string{itoa(in.Int64), itoa(bn.Int64), btoa(bitn.Bool), nv.String}, ","))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{"1,1099511627776,-3,true", "-2,-5,7,false", "NULL", "5,6,true,héllo ☃"}
	if !slices.Equal(got, want) {
		t.Errorf("rows = %q, want %q", got, want)
	}
	if r := srv.Requests(); len(r) != 1 || r[0].SQL != "SELECT 1;" || r[0].RPC {
		t.Errorf("requests = %+v", r)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func btoa(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

func TestRPCParameters(t *testing.T) {
	srv, db := open(t, func(r tdstest.Request) tdstest.Response { return tdstest.Response{} })
	long := strings.Repeat("x", 5000) // sent as nvarchar(max), PLP-encoded
	if _, err := db.Exec("SELECT @p1, @p2, @p3, @p4, @p5, @p6;", "Sales", int64(42), true, nil, "", long); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()
	if len(r) != 1 {
		t.Fatalf("requests = %+v", r)
	}
	req := r[0]
	if !req.RPC || req.SQL != "SELECT @p1, @p2, @p3, @p4, @p5, @p6;" || !strings.HasPrefix(req.Decl, "@p1 nvarchar(5),@p2 bigint,@p3 bit") {
		t.Errorf("request = %+v", req)
	}
	want := []any{"Sales", int64(42), true, nil, "", long}
	if len(req.Params) != len(want) {
		t.Fatalf("params = %v", req.Params)
	}
	for i := range want {
		if req.Params[i] != want[i] {
			t.Errorf("param %d = %#v, want %#v", i+1, req.Params[i], want[i])
		}
	}
	if !slices.Equal(req.ParamNames, []string{"@p1", "@p2", "@p3", "@p4", "@p5", "@p6"}) {
		t.Errorf("names = %v", req.ParamNames)
	}
}

func TestErrorToken(t *testing.T) {
	_, db := open(t, func(r tdstest.Request) tdstest.Response {
		if r.RPC {
			return tdstest.Response{Error: &tdstest.Message{Number: 229, State: 5, Class: 14, Text: "denied (rpc)"}}
		}
		return tdstest.Response{Error: &tdstest.Message{Number: 300, State: 1, Class: 14, Text: "denied"}}
	})
	for _, args := range [][]any{nil, {"x"}} {
		_, err := db.Query("SELECT @p1;", args...)
		var me mssql.Error
		if !errors.As(err, &me) {
			t.Fatalf("err = %v, want mssql.Error", err)
		}
		if (len(args) == 0 && me.Number != 300) || (len(args) > 0 && me.Number != 229) {
			t.Errorf("error %d %q", me.Number, me.Message)
		}
	}
	// The connection is still usable after an error.
	if err := db.QueryRow("SELECT 1;").Err(); err == nil {
		t.Error("want the canned error again")
	}
}

func TestHangAndAttention(t *testing.T) {
	srv, db := open(t, func(r tdstest.Request) tdstest.Response {
		if r.SQL == "SELECT slow;" {
			return tdstest.Response{Hang: true, ResultSets: []tdstest.ResultSet{{Columns: []tdstest.Column{{Name: "a", Type: tdstest.Int}}, Rows: [][]any{{1}}}}}
		}
		return tdstest.Response{ResultSets: []tdstest.ResultSet{{Columns: []tdstest.Column{{Name: "a", Type: tdstest.Int}}, Rows: [][]any{{2}}}}}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	rows, err := db.QueryContext(ctx, "SELECT slow;")
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
		rows.Close()
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("cancel took %v", d)
	}
	// go-mssqldb may send a second ATTENTION when the deadline also fires
	// in its reader (seen under -race); the server must have seen one.
	if srv.Attentions() < 1 {
		t.Errorf("attentions = %d", srv.Attentions())
	}
	// go-mssqldb drops a connection whose context expired; the pool opens
	// a new one and the server keeps serving.
	var a int
	if err := db.QueryRow("SELECT fast;").Scan(&a); err != nil || a != 2 {
		t.Errorf("after cancel: %v %d", err, a)
	}
}

func TestCloseWithOpenConnections(t *testing.T) {
	srv, err := tdstest.Start(tdstest.Config{User: "u", Password: "p"})
	if err != nil {
		t.Fatal(err)
	}
	connector, _ := mssql.NewConnector("sqlserver://u:p@" + srv.Addr())
	db := sql.OpenDB(connector)
	defer db.Close()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if srv.Conns() != 1 {
		t.Errorf("conns = %d", srv.Conns())
	}
	done := make(chan struct{})
	go func() { srv.Close(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Fatal("Close hangs with an open connection")
	}
	if srv.Conns() != 0 {
		t.Errorf("conns after Close = %d", srv.Conns())
	}
}

func TestProcedureCall(t *testing.T) {
	srv, db := open(t, func(r tdstest.Request) tdstest.Response { return tdstest.Response{} })
	if _, err := db.Exec("sp_who", "active"); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()
	if len(r) != 1 || r[0].SQL != "EXEC sp_who" || !r[0].RPC || len(r[0].Params) != 1 || r[0].Params[0] != "active" {
		t.Errorf("requests = %+v", r)
	}
}

func TestBadLogin(t *testing.T) {
	srv, err := tdstest.Start(tdstest.Config{User: "u", Password: "p"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	connector, _ := mssql.NewConnector("sqlserver://u:wrong@" + srv.Addr() + "?encrypt=disable")
	db := sql.OpenDB(connector)
	defer db.Close()
	_, err = db.Conn(context.Background())
	var me mssql.Error
	if !errors.As(err, &me) || me.Number != 18456 || !strings.Contains(me.Message, "Login failed for user 'u'.") {
		t.Errorf("err = %v", err)
	}
	if l := srv.Logins(); len(l) != 1 || l[0].OK || l[0].User != "u" {
		t.Errorf("logins = %+v", l)
	}
}

// TestMain fails the run if goroutines outlive the tests.
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
