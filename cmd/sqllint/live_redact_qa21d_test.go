package main

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live"
)

// A value expanded from the environment is not printed (security.md,
// "What is expanded from the environment"), also in live mode's notices
// on standard error: a notice that names the database a restore
// replaces printed the value of $(DB), "Sales" here, where the findings
// showed $(DB).
func TestLiveNoticeRedactsEnvironmentValues(t *testing.T) {
	st := restoreState("N")
	st.Deny = []string{live.QueryBackupHistory}
	srv := startServer(t, st)
	p := writeFile(t, t.TempDir(), "restore.sql", "RESTORE DATABASE [$(DB)] FROM DISK = N'\\\\backup\\Sales_full.bak' WITH REPLACE, RECOVERY;\n")
	code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword, "DB": "Sales"}, "scan", "--no-config", "--env", "DB",
		"--format", "json", "-S", srv.Addr(), "-U", liveUser, "--connect-timeout", "3s", "--query-timeout", "3s", p)
	if code != 1 || !strings.Contains(out, `"rule": "SL207"`) {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if !strings.Contains(errs, `notice: backup history of "$(DB)" unknown`) || strings.Contains(errs, "Sales") {
		t.Errorf("stderr:\n%s", errs)
	}
	if strings.Contains(out, "Sales") {
		t.Errorf("output:\n%s", out)
	}
}
