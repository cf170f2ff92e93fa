package live_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/live"
)

// TestRealServer checks Facts against a real SQL Server. It runs only when
// SQLLINT_TEST_SERVER holds a DSN (SQLCMDPASSWORD is used when the DSN has
// no password), e.g.
//
//	SQLLINT_TEST_SERVER='sqlserver://sa@localhost:1433?encrypt=true' \
//	SQLCMDPASSWORD=... go test -run TestRealServer ./live/
func TestRealServer(t *testing.T) {
	dsn := os.Getenv("SQLLINT_TEST_SERVER")
	if dsn == "" {
		t.Skip("SQLLINT_TEST_SERVER is not set")
	}
	cfg, err := live.ConfigFromEnv(func(k string) string {
		if k == "SQLLINT_SERVER" {
			return dsn
		}
		return os.Getenv(k)
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.TrustServerCertificate = os.Getenv("SQLLINT_TEST_TRUST") != ""
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := live.Connect(ctx, cfg)
	if err != nil {
		t.Fatalf("Connect(%s): %v", cfg.Redacted(), err)
	}
	defer c.Close()

	f, err := c.Facts(ctx, []string{"master", "TEMPDB", "model", "sqllint_no_such_database_42"})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("server %q version %s (%s) edition %q", f.Server, f.ProductVersion, live.VersionName(f.Major), f.Edition)
	if f.IFI != nil {
		t.Logf("IFI %v", *f.IFI)
	}
	t.Logf("global trace flags %v", f.TraceFlags)
	for _, n := range f.Notices {
		t.Logf("notice: %s", n)
	}
	if f.Server == "" || f.Major < 11 || !strings.Contains(f.ProductVersion, ".") {
		t.Errorf("server facts: %q %q %d", f.Server, f.ProductVersion, f.Major)
	}
	if f.IFI == nil && !strings.Contains(strings.Join(f.Notices, "\n"), "IFI state unknown") {
		t.Error("IFI unknown without a notice")
	}
	if f.TraceFlags == nil && !strings.Contains(strings.Join(f.Notices, "\n"), "trace flags unknown") {
		t.Error("trace flags unknown without a notice")
	}
	for _, name := range []string{"master", "tempdb", "model"} {
		d := f.Database(name)
		if d == nil || !d.Exists {
			t.Errorf("%s: %+v", name, d)
			continue
		}
		if d.TargetRecoverySeconds == nil || d.Encrypted == nil {
			t.Errorf("%s: target recovery %v, encrypted %v", name, d.TargetRecoverySeconds, d.Encrypted)
		}
		if d.Files != nil && (d.CountFiles("ROWS") < 1 || d.CountFiles("LOG") < 1 || d.FilegroupCount < 1) {
			t.Errorf("%s: files %+v", name, d.Files)
		}
		t.Logf("%s: target recovery %v s, encrypted %v, %d files, %d filegroups", d.Name,
			deref(d.TargetRecoverySeconds), deref(d.Encrypted), len(d.Files), d.FilegroupCount)
	}
	if d := f.Database("sqllint_no_such_database_42"); d == nil || d.Exists {
		t.Errorf("missing database: %+v", d)
	}
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
