package main

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
)

// The server's PRIMARY filegroup (data_space_id 1) is the PRIMARY the
// scripts name and that every database has: live mode counted it twice,
// so a database with PRIMARY alone on the server and one filegroup added
// by the scripts read "in 3 filegroups" (and SL102's 32,767 came one
// filegroup early).
func TestLiveServerPrimaryIsPrimary(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y",
		Databases: []tdstest.Database{{Name: "Sales", TargetRecoverySeconds: 60, DataFiles: 2, LogFiles: 1}}})
	dir := t.TempDir()
	cfg := writeFile(t, dir, "sqllint.yaml", "options:\n  SL101:\n    startup-budget: 0.001\n")
	p := writeFile(t, dir, "deploy.sql", `ALTER DATABASE Sales ADD FILE (NAME = more, FILENAME = 'D:\more.ndf', SIZE = 8MB) TO FILEGROUP [PRIMARY];
ALTER DATABASE Sales ADD FILEGROUP FG1;
`)
	_, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--config", cfg, "--format", "json",
		"-S", srv.Addr(), "-U", liveUser, "--connect-timeout", "3s", "--query-timeout", "3s", p)
	if !strings.Contains(out, "database Sales reaches 4 files in 1 filegroup:") {
		t.Errorf("want 4 files in 1 filegroup (PRIMARY)\n%s\n%s", out, errs)
	}
	onlyReadOnly(t, srv)
}

// -S takes sqlcmd's server forms, but a connection string given there by
// mistake (the DSN of --server, an ADO string) was not refused as
// --server refuses one that holds a password: it went to the driver and
// the error printed it, password included.
func TestLiveServerHostWithPasswordRefused(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	const secret = "Secr3tPw"
	for _, s := range []string{
		"sqlserver://deployer:" + secret + "@127.0.0.1:1",
		"server=127.0.0.1,1;user id=deployer;password=" + secret,
	} {
		code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
			"-S", s, "--connect-timeout", "2s", p)
		if code != 2 || strings.Contains(out+errs, secret) || !strings.Contains(errs, "-S holds a password") {
			t.Errorf("-S %s: exit %d, stdout %q, stderr %q", s, code, out, errs)
		}
	}
}

// SQLCMDSERVER, SQLCMDUSER and SQLCMDDBNAME are sqlcmd's general
// defaults: a DSN given by --server (as one in SQLLINT_SERVER) names the
// server, the login and the database. They overrode it: with
// SQLCMDSERVER set in the environment, --server's host was replaced and
// the login and SQLCMDPASSWORD went to the other server.
func TestLiveServerFlagBeatsSqlcmdEnvironment(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y"})
	dir := t.TempDir()
	p := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	code, out, errs := runCmd(t, "", map[string]string{
		"SQLCMDPASSWORD": livePassword,
		"SQLCMDSERVER":   "127.0.0.1,1",
		"SQLCMDUSER":     "someone_else",
		"SQLCMDDBNAME":   "NoSuchDb",
	}, "scan", "--no-config", "--server", "sqlserver://"+liveUser+"@"+srv.Addr()+"?encrypt=disable",
		"--connect-timeout", "3s", "--query-timeout", "3s", p)
	if code != 0 || len(srv.Logins()) != 1 {
		t.Fatalf("exit %d, logins %+v\n%s\n%s", code, srv.Logins(), out, errs)
	}
	if l := srv.Logins()[0]; l.User != liveUser || l.Database != "" {
		t.Errorf("login %+v, want %s without a database", l, liveUser)
	}
}
