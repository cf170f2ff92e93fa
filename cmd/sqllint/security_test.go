package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live/tdstest"
	"github.com/sqllint/sqllint/output"
)

// secretScript references environment variables that must never reach
// the output or a server, one that the config allows (AllowedDb) and one
// it does not (TargetDb).
const secretScript = `ALTER DATABASE [$(SQLCMDPASSWORD)] SET TARGET_RECOVERY_TIME = 0 SECONDS;
ALTER DATABASE [$(MY_SECRET_TOKEN)] SET TARGET_RECOVERY_TIME = 0 SECONDS;
ALTER DATABASE [$(TargetDb)] SET TARGET_RECOVERY_TIME = 0 SECONDS;
ALTER DATABASE [$(AllowedDb)] SET TARGET_RECOVERY_TIME = 0 SECONDS;
PRINT N'$(DB_PASSWORD) $(API_KEY) $(GITHUB_TOKEN)';
USE [$(sqlcmdpassword)];
CHECKPOINT;
`

// secretEnv is the fake environment: no value may reach a report, and
// none but AllowedDb's (a database name, allowed) a request to the server.
var secretEnv = map[string]string{
	"SQLCMDPASSWORD":  livePassword,
	"MY_SECRET_TOKEN": "tok-5f1e0c2bd9",
	"TargetDb":        "EnvTargetDbValue",
	"DB_PASSWORD":     "dbpw-8c51aa",
	"API_KEY":         "apikey-44e3",
	"GITHUB_TOKEN":    "ghp_0123456789abcdef",
	"AllowedDb":       "AllowedSales",
}

func disallowedValues() []string {
	var out []string
	for k, v := range secretEnv {
		if k != "AllowedDb" {
			out = append(out, v)
		}
	}
	return out
}

// scanAllFormats scans secretScript writing every output format to a file
// and returns the exit status and each format's output (stdout and stderr
// under "-").
func scanAllFormats(t *testing.T, config string, extra ...string) (int, map[string]string) {
	t.Helper()
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", secretScript)
	args := []string{"scan"}
	if config == "" {
		args = append(args, "--no-config")
	} else {
		args = append(args, "--config", writeFile(t, dir, ".sqllint.yaml", config))
	}
	formats := output.Formats()
	if len(formats) != 8 {
		t.Fatalf("%d formats %v, want the 8 this test covers", len(formats), formats)
	}
	for _, f := range formats {
		args = append(args, "--format", f+"="+filepath.Join(dir, "out."+f))
	}
	args = append(args, extra...)
	code, stdout, stderr := runCmd(t, "", secretEnv, append(args, p)...)
	outs := map[string]string{"-": stdout + stderr}
	for _, f := range formats {
		data, err := os.ReadFile(filepath.Join(dir, "out."+f))
		if err != nil {
			t.Fatalf("%s: %v (exit %d, stderr %s)", f, err, code, stderr)
		}
		outs[f] = string(data)
	}
	return code, outs
}

func TestNoEnvironmentValueLeaks(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		allowed      bool // AllowedDb's value is expanded
	}{
		{"no config", "", false},
		{"allow-list", "env: [AllowedDb, TargetDB2]\n", true},
		{"all", "env: [\"*\"]\n", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, outs := scanAllFormats(t, tc.config)
			if code != 1 {
				t.Fatalf("exit %d\n%s", code, outs["-"])
			}
			for format, out := range outs {
				for _, v := range disallowedValues() {
					if tc.name == "all" && v == secretEnv["TargetDb"] {
						continue // "*" allows TargetDb: not a secret
					}
					if strings.Contains(out, v) {
						t.Errorf("%s: the environment value %q appears:\n%s", format, v, out)
					}
				}
				// An allowed value is expanded (no SL002 says to allow
				// it; the check can fail) but not printed: it is shown
				// as $(AllowedDb).
				if format != "-" && strings.Contains(out, "pass --env AllowedDb") == tc.allowed {
					t.Errorf("%s: AllowedDb expanded = %v, want %v", format, !tc.allowed, tc.allowed)
				}
				if strings.Contains(out, "AllowedSales") {
					t.Errorf("%s: the allowed environment value appears:\n%s", format, out)
				}
			}
			if !strings.Contains(outs["json"], "SL002") || !strings.Contains(outs["json"], "looks secret") {
				t.Errorf("json lacks the SL002 of the secret names:\n%s", outs["json"])
			}
			if !tc.allowed && !strings.Contains(outs["text"], "expands environment variables only when allowed") {
				t.Errorf("text lacks the not-allowed SL002:\n%s", outs["text"])
			}
		})
	}
}

func TestNoEnvironmentValueReachesServer(t *testing.T) {
	srv := startServer(t, tdstest.State{ServerName: "SQLSEC", IFI: "Y",
		Databases: []tdstest.Database{{Name: "AllowedSales", TargetRecoverySeconds: 0, DataFiles: 1, LogFiles: 1}}})
	code, outs := scanAllFormats(t, "env: [AllowedDb, TargetDb]\n",
		"-S", srv.Addr(), "-U", liveUser, "--connect-timeout", "3s", "--query-timeout", "3s")
	if code != 1 {
		t.Fatalf("exit %d\n%s", code, outs["-"])
	}
	onlyReadOnly(t, srv)
	var sent strings.Builder
	for _, r := range srv.Requests() {
		fmt.Fprintf(&sent, "%s %s %v\n", r.SQL, r.Decl, r.Params)
	}
	for _, l := range srv.Logins() {
		fmt.Fprintf(&sent, "login %s %s %s %s\n", l.Database, l.AppName, l.HostName, l.ServerName)
	}
	for _, v := range disallowedValues() {
		if v == secretEnv["TargetDb"] {
			continue // allowed in this run
		}
		if strings.Contains(sent.String(), v) {
			t.Errorf("the server received %q:\n%s", v, sent.String())
		}
		for format, out := range outs {
			if strings.Contains(out, v) {
				t.Errorf("%s: the environment value %q appears", format, v)
			}
		}
	}
	// The check can fail: the allowed names do reach the server.
	if !strings.Contains(sent.String(), "AllowedSales") || !strings.Contains(sent.String(), "EnvTargetDbValue") {
		t.Errorf("the allowed database names were not asked about:\n%s", sent.String())
	}
}

// :r from a scanned folder: inside it (or the config's folder) is read,
// outside it is SL002, and a pipe named x.sql does not hang the scan.
func TestIncludeConfinedToScannedFolders(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "outside/x.sql", "ALTER DATABASE Outside SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "proj/shared/ok.sql", "ALTER DATABASE Shared SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "proj/db/deploy.sql", ":r ../../outside/x.sql\n:r ../shared/ok.sql\n:r /etc/passwd\n")
	scripts := filepath.Join(dir, "proj", "db")

	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "json", scripts)
	if code != 1 {
		t.Fatalf("exit %d\n%s%s", code, out, errs)
	}
	if strings.Count(out, "is outside the folders sqllint checks") != 3 || strings.Contains(out, "Outside") || strings.Contains(out, "Shared") {
		t.Errorf("no config: want the three includes refused:\n%s", out)
	}
	// A config file in proj makes proj a root; include-roots adds outside.
	writeFile(t, dir, "proj/.sqllint.yaml", "include-roots: [../outside]\n")
	code, out, errs = runCmd(t, "", nil, "scan", "--format", "json", scripts)
	if code != 1 || strings.Count(out, "is outside the folders sqllint checks") != 1 || !strings.Contains(out, "Outside") || !strings.Contains(out, "Shared") {
		t.Errorf("with config: exit %d\n%s%s", code, out, errs)
	}
	// max-file-size applies to includes.
	writeFile(t, dir, "proj/.sqllint.yaml", "include-roots: [../outside]\nmax-file-size: 10\n")
	_, out, _ = runCmd(t, "", nil, "scan", "--format", "json", scripts)
	if strings.Count(out, "file is larger than the 10 bytes limit") != 2 {
		t.Errorf("max-file-size: \n%s", out)
	}
}

func TestEnvFlags(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "deploy.sql", "ALTER DATABASE [$(AllowedDb)] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	// not allowed: SL002, the value never shown
	code, out, _ := runCmd(t, "", secretEnv, "scan", "--no-config", "--no-source", p)
	if code != exitFindings || !strings.Contains(out, "SL002") || strings.Contains(out, "AllowedSales") {
		t.Fatalf("without --env: status %d\n%s", code, out)
	}
	// --env NAME and --allow-env let it expand; its value is shown as
	// its name
	for _, flag := range [][]string{{"--env", "AllowedDb"}, {"--allow-env"}} {
		args := append([]string{"scan", "--no-config", "--no-source"}, flag...)
		code, out, _ = runCmd(t, "", secretEnv, append(args, p)...)
		if code != exitFindings || strings.Contains(out, "SL002") || !strings.Contains(out, "for $(AllowedDb)") || strings.Contains(out, "AllowedSales") {
			t.Fatalf("%v: status %d\n%s", flag, code, out)
		}
	}
	// a name that looks secret is refused, never expanded
	code, _, errOut := runCmd(t, "", secretEnv, "scan", "--no-config", "--env", "MY_SECRET_TOKEN", p)
	if code != exitError || !strings.Contains(errOut, "looks like a secret") {
		t.Fatalf("--env MY_SECRET_TOKEN: status %d\n%s", code, errOut)
	}
}
