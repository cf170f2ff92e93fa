package main

import (
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

// A server that answers the first queries and then stalls, or closes the
// connection mid-run: the run ends within the query timeout, exits 2
// with a message naming the server and what was asked, and still prints
// the static findings (they do not depend on the server), without any
// "confirmed".
func TestLiveFailureKeepsStaticFindings(t *testing.T) {
	for _, st := range []tdstest.State{
		{ServerName: "SQLPROD1", IFI: "N", Dead: live.QueryTraceFlags},
		{ServerName: "SQLPROD1", IFI: "N", Drop: live.QueryFiles,
			Databases: []tdstest.Database{{Name: "Sales", DataFiles: 1, LogFiles: 1}}},
	} {
		srv := startServer(t, st)
		start := time.Now()
		code, out, errs := liveScan(t, srv, livePassword, "--query-timeout", "1s")
		if code != 2 || time.Since(start) > 6*time.Second {
			t.Errorf("exit %d after %v, want 2 within the timeout", code, time.Since(start))
		}
		if !strings.Contains(errs, "live: query ") || !strings.Contains(errs, srv.Addr()) {
			t.Errorf("stderr does not name the query and the server: %q", errs)
		}
		if !strings.Contains(out, `"rule": "SL201"`) || strings.Contains(out, "confirmed_on") {
			t.Errorf("want the static SL201, unconfirmed:\n%s", out)
		}
	}
	// a diff made without the server's facts would not be the one asked
	// for: it stops
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "N", Dead: live.QueryTraceFlags})
	code, out, errs := liveScan(t, srv, livePassword, "--query-timeout", "1s", "--diff")
	if code != 2 || out != "" || strings.Contains(errs, "static findings") {
		t.Errorf("--diff: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// Settings that are wrong are a usage error, not a failed server: the
// run stops before any finding, as before.
func TestLiveBadSettingsStopTheRun(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", liveScript)
	for _, server := range []string{"db1,1433", "sqlserver://deployer:Secr3t@127.0.0.1:1"} {
		code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
			"--format", "json", "--server", server, p)
		if code != 2 || out != "" || strings.Contains(errs, "static findings") || strings.Contains(errs, "Secr3t") {
			t.Errorf("--server %s: exit %d, stdout %q, stderr %q", server, code, out, errs)
		}
	}
}
