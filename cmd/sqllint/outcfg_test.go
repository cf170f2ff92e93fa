package main

import (
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
)

// TestConfigFoundAboveIsNamed: a config file found in a parent folder is
// named on standard error; one in the scanned folder is not.
func TestConfigFoundAboveIsNamed(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	root := t.TempDir()
	cfg := writeFile(t, root, ".sqllint.yaml", "fail-on: never\n")
	script := writeFile(t, root, "db/migrations/V1.sql", "CHECKPOINT 30;\n")

	code, _, stderr := runCmd(t, "", nil, "scan", script)
	if code != 0 {
		t.Errorf("exit %d, want 0 (the parent's fail-on: never)", code)
	}
	if want := "sqllint: using config " + cfg + " (found in a parent folder)\n"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}

	_, _, stderr = runCmd(t, "", nil, "scan", writeFile(t, root, "x.sql", "SELECT 1;\n"))
	if strings.Contains(stderr, "using config") {
		t.Errorf("a config in the scanned folder is named:\n%s", stderr)
	}
}

// TestServerFlagWithPassword: a password in --server is refused, pointing
// at SQLCMDPASSWORD, and never printed; the server is not contacted.
func TestServerFlagWithPassword(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y"})
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", liveScript)
	for _, dsn := range []string{
		"sqlserver://" + liveUser + ":" + url.QueryEscape(livePassword) + "@" + srv.Addr(),
		"server=" + srv.Addr() + ";user id=" + liveUser + ";Password={" + livePassword + "}",
	} {
		code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--server", dsn, p)
		if code != exitError {
			t.Errorf("%s: exit %d, want %d", dsn, code, exitError)
		}
		if !strings.Contains(errs, "--server holds a password") || !strings.Contains(errs, "SQLCMDPASSWORD") {
			t.Errorf("stderr: %s", errs)
		}
		if strings.Contains(out+errs, "Pa55") {
			t.Errorf("the password is printed:\n%s\n%s", out, errs)
		}
	}
	if n := len(srv.Logins()); n != 0 {
		t.Errorf("%d logins, want none", n)
	}
}

// TestServerEnvWithPassword: SQLLINT_SERVER may carry the password (an
// environment variable is not a command line); it never shows in messages.
func TestServerEnvWithPassword(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "N"})
	p := writeFile(t, t.TempDir(), "deploy.sql", liveScript)
	env := map[string]string{"SQLLINT_SERVER": "sqlserver://" + liveUser + ":" + url.QueryEscape(livePassword) + "@" + srv.Addr() + "?encrypt=disable"}
	code, out, errs := runCmd(t, "", env, "scan", "--no-config", "--format", "json", "--connect-timeout", "3s", p)
	if code != 1 || !strings.Contains(out, `"confirmed_on": "SQLPROD1"`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	// A wrong password: the login fails, and the message does not show it.
	wrong := "Wr0ng;Secret=zz"
	env["SQLLINT_SERVER"] = "sqlserver://" + liveUser + ":" + url.QueryEscape(wrong) + "@" + srv.Addr() + "?encrypt=disable"
	code, out, errs = runCmd(t, "", env, "scan", "--no-config", "--connect-timeout", "3s", p)
	if code != exitError {
		t.Errorf("exit %d, want %d", code, exitError)
	}
	if strings.Contains(out+errs, "Wr0ng") || strings.Contains(out+errs, url.QueryEscape(wrong)) {
		t.Errorf("the password is printed:\n%s\n%s", out, errs)
	}
}

// TestTimeoutFlagsMustBePositive: 0 or a negative timeout is an error, not
// the default.
func TestTimeoutFlagsMustBePositive(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y"})
	for _, args := range [][]string{
		{"--connect-timeout", "0s"},
		{"--connect-timeout", "-5s"},
		{"--query-timeout", "0s"},
	} {
		code, _, errs := liveScan(t, srv, livePassword, args...)
		if code != exitError || !strings.Contains(errs, args[0]+" "+strings.TrimPrefix(args[1], "+")) || !strings.Contains(errs, "must be more than 0") {
			t.Errorf("%v: exit %d, stderr %s", args, code, errs)
		}
	}
}

// TestClearTextLoginNotice: a server without encryption gets a notice on
// stderr; --encrypt mandatory refuses it.
func TestClearTextLoginNotice(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y"})
	code, _, errs := liveScan(t, srv, livePassword)
	if code == exitError || !strings.Contains(errs, "sqllint: notice: the server "+srv.Addr()+" does not support encryption") {
		t.Errorf("exit %d, stderr: %s", code, errs)
	}
	code, _, errs = liveScan(t, srv, livePassword, "--encrypt", "mandatory", "--trust-server-certificate")
	if code != exitError || strings.Contains(errs, "Pa55") {
		t.Errorf("--encrypt mandatory: exit %d, stderr: %s", code, errs)
	}
	code, _, errs = liveScan(t, srv, livePassword, "--encrypt", "always")
	if code != exitError || !strings.Contains(errs, "strict, mandatory or optional") {
		t.Errorf("--encrypt always: exit %d, stderr: %s", code, errs)
	}
}

// TestFixKeepsUndecodableBytes: --fix on a UTF-8 (BOM) file with invalid
// bytes changes only the fixed text; the invalid bytes stay as they were.
func TestFixKeepsUndecodableBytes(t *testing.T) {
	dir := t.TempDir()
	src := "\xEF\xBB\xBFSELECT 'caf\xE9 \xFF';\nCHECKPOINT 30;\n"
	p := writeFile(t, dir, "V1.sql", src)
	runCmd(t, "", nil, "scan", "--no-config", "--fix", p)
	got, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\xEF\xBB\xBFSELECT 'caf\xE9 \xFF';\nCHECKPOINT;\n"; string(got) != want {
		t.Errorf("after --fix:\n got %q\nwant %q", got, want)
	}
}
