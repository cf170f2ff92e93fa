package main

import (
	"net"
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

const (
	liveUser     = "deployer"
	livePassword = "Pa55;word=sEcReT"
)

func startServer(t *testing.T, st tdstest.State) *tdstest.Server {
	t.Helper()
	srv, err := tdstest.Start(tdstest.Config{User: liveUser, Password: livePassword, Handler: st.Handler()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	return srv
}

// onlyReadOnly fails when the server received anything but live's fixed
// read-only queries.
func onlyReadOnly(t *testing.T, srv *tdstest.Server) {
	t.Helper()
	known := map[string]bool{}
	for _, q := range live.Queries() {
		known[q.SQL] = true
	}
	for _, sql := range srv.SQL() {
		if !known[sql] {
			t.Errorf("server received %q", sql)
		}
	}
}

const liveScript = `USE Sales;
ALTER DATABASE Sales ADD FILE (NAME = big, FILENAME = 'D:\big.ndf', SIZE = 10GB);
CHECKPOINT;
`

func liveScan(t *testing.T, srv *tdstest.Server, password string, extra ...string) (int, string, string) {
	t.Helper()
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", liveScript)
	args := append([]string{"scan", "--no-config", "--format", "json", "-S", srv.Addr(), "-U", liveUser,
		"--connect-timeout", "3s", "--query-timeout", "3s"}, extra...)
	return runCmd(t, "", map[string]string{"SQLCMDPASSWORD": password}, append(args, p)...)
}

func TestLiveConfirmsFindings(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "N", TraceFlags: []int{1806},
		Databases: []tdstest.Database{{Name: "Sales", TargetRecoverySeconds: 0, DataFiles: 899, LogFiles: 1, FileSizeBytes: 8 << 20}}})
	code, out, errs := liveScan(t, srv, livePassword)
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, want := range []string{
		`"rule": "SL101"`, `"rule": "SL201"`, `"rule": "SL206"`, `"rule": "SL305"`,
		`"confirmed_on": "SQLPROD1"`, `"severity": "error"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
	if strings.Contains(out+errs, livePassword) {
		t.Error("the password appears in the output")
	}
	onlyReadOnly(t, srv)
}

func TestLiveIFIOnDropsDataZeroing(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLDEV", IFI: "Y",
		Databases: []tdstest.Database{{Name: "Sales", TargetRecoverySeconds: 60, DataFiles: 1, LogFiles: 1}}})
	code, out, errs := liveScan(t, srv, livePassword)
	if code != 0 || strings.Contains(out, "SL201") {
		t.Errorf("exit %d, want no finding\n%s\n%s", code, out, errs)
	}
	onlyReadOnly(t, srv)
}

func TestLiveBadPassword(t *testing.T) {
	srv := startServer(t, tdstest.State{IFI: "Y"})
	wrong := "not-the-Pa55word"
	code, out, errs := liveScan(t, srv, wrong)
	if code != 2 || !strings.Contains(errs, "login failed") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if strings.Contains(out+errs, wrong) {
		t.Error("the password appears in the output")
	}
}

func TestLiveClosedPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	start := time.Now()
	code, _, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
		"--server", "sqlserver://u@"+addr+"?encrypt=disable", "--connect-timeout", "2s", p)
	if code != 2 || errs == "" || time.Since(start) > 5*time.Second {
		t.Errorf("exit %d after %v, stderr %q", code, time.Since(start), errs)
	}
}

func TestLiveServerHangs(t *testing.T) {
	srv := startServer(t, tdstest.State{IFI: "Y", Dead: live.QueryIFI})
	start := time.Now()
	code, _, errs := liveScan(t, srv, livePassword, "--query-timeout", "1s")
	if code != 2 || time.Since(start) > 6*time.Second {
		t.Errorf("exit %d after %v, stderr %q", code, time.Since(start), errs)
	}
}

func TestLiveRunLevelFinding(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD2", IFI: "Y", TraceFlags: []int{1806}})
	dir := t.TempDir()
	p := writeFile(t, dir, "q.sql", "SELECT 1;\n")
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
			"--format", format, "-S", srv.Addr(), "-U", liveUser, p)
		if code != 1 || !strings.Contains(out, "SL206") || !strings.Contains(out, "SQLPROD2") {
			t.Errorf("%s: exit %d\n%s%s", format, code, out, errs)
		}
		if bad := map[string]string{"text": "\n: warning", "github": "file="}[format]; bad != "" && strings.Contains("\n"+out, bad) {
			t.Errorf("%s: a run-level finding printed with an empty location:\n%s", format, out)
		}
	}
}

// TestLiveSL305OnlyChangedDatabases: master and msdb are at
// target_recovery_time_in_seconds = 0 on every real server; SL305 reports
// only the databases the scripts change, never a system database nor one
// they only USE.
func TestLiveSL305OnlyChangedDatabases(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD3", IFI: "Y", Databases: []tdstest.Database{
		{Name: "master", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1},
		{Name: "msdb", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1},
		{Name: "Archive", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1},
		{Name: "Sales", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1},
	}})
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", `USE [master];
GO
IF DB_ID(N'Sales') IS NULL PRINT N'Sales is missing';
GO
USE msdb;
EXEC dbo.sp_update_job @job_name = N'nightly', @enabled = 1;
GO
USE Archive;
GO
USE Sales;
GO
ALTER DATABASE Sales SET RECOVERY FULL;
`)
	code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
		"--format", "text", "--no-source", "-S", srv.Addr(), "-U", liveUser, p)
	if code != 1 || strings.Count(out, "warning SL305") != 1 || !strings.Contains(out, "deploy.sql:12:1: warning SL305") ||
		!strings.Contains(out, "database Sales has target_recovery_time_in_seconds = 0 on SQLPROD3") {
		t.Errorf("exit %d, want one SL305 for Sales at line 12\n%s%s", code, out, errs)
	}
	for _, name := range []string{"master", "msdb", "Archive"} {
		if strings.Contains(out, "database "+name+" has") {
			t.Errorf("SL305 reports %s:\n%s", name, out)
		}
	}
	onlyReadOnly(t, srv)
}

// A server named only in the config file (which a pull request can change)
// is contacted only with --live: otherwise the CI job's login and password
// would go wherever the pull request points it.
func TestConfigServerNeedsLive(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "N",
		Databases: []tdstest.Database{{Name: "Sales", TargetRecoverySeconds: 60, DataFiles: 1, LogFiles: 1, FileSizeBytes: 8 << 20}}})
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", liveScript)
	cfg := writeFile(t, dir, ".sqllint.yaml", "server: \"sqlserver://"+liveUser+"@"+srv.Addr()+"?encrypt=disable\"\n")
	env := map[string]string{"SQLCMDPASSWORD": livePassword}
	args := []string{"scan", "--config", cfg, "--format", "json", "--connect-timeout", "3s", "--query-timeout", "3s"}

	_, out, errs := runCmd(t, "", env, append(args, p)...)
	if len(srv.SQL()) != 0 || strings.Contains(out, "SQLPROD1") || !strings.Contains(errs, "only with --live") {
		t.Fatalf("without --live the config's server was contacted (%d queries) or not explained:\n%s%s", len(srv.SQL()), out, errs)
	}
	_, out, errs = runCmd(t, "", env, append(append(args, "--live"), p)...)
	if len(srv.SQL()) == 0 || !strings.Contains(out, "SQLPROD1") {
		t.Fatalf("--live did not use the config's server:\n%s%s", out, errs)
	}
	onlyReadOnly(t, srv)
}
