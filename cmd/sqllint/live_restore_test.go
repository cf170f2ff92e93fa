package main

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

// A restore of Sales over itself from a backup the scripts did not take:
// the sizes come from the server's backup history, or from the database
// being replaced when msdb may not be read.
const restoreScript = `RESTORE DATABASE Sales FROM DISK = N'\\backup\Sales_full.bak' WITH REPLACE, RECOVERY;
`

func restoreState(ifi string) tdstest.State {
	return tdstest.State{ServerName: "SQLPROD1", IFI: ifi,
		Databases: []tdstest.Database{{Name: "Sales", TargetRecoverySeconds: 60, DataFiles: 1, LogFiles: 1, FileSizeBytes: 1 << 30}},
		Backups: []tdstest.Backup{{Database: "Sales", Finished: "2026-11-30T22:00:07.000", Files: []tdstest.BackupFile{
			{Name: "Sales_dat", Type: "D", Filegroup: "PRIMARY", Size: 100 << 30}, {Name: "Sales_log", Type: "L", Size: 4 << 30}}}},
	}
}

func restoreScan(t *testing.T, st tdstest.State) (string, string, *tdstest.Server) {
	t.Helper()
	srv := startServer(t, st)
	p := writeFile(t, t.TempDir(), "restore.sql", restoreScript)
	code, out, errs := runCmd(t, "", map[string]string{"SQLCMDPASSWORD": livePassword}, "scan", "--no-config",
		"--format", "json", "-S", srv.Addr(), "-U", liveUser, "--connect-timeout", "3s", "--query-timeout", "3s", p)
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	onlyReadOnly(t, srv)
	return out, errs, srv
}

func TestLiveRestoreZeroing(t *testing.T) {
	cases := []struct {
		name, ifi  string
		has, lacks []string
	}{
		{"IFI off", "N", []string{`"severity": "error"`, "data files 100 GB", "log 4 GB", "backup history (2026-11-30T22:00:07.000)", "IFI is off on SQLPROD1", `"confirmed_on": "SQLPROD1"`}, nil},
		{"IFI on", "Y", []string{`"severity": "warning"`, "log 4 GB", "IFI is on on SQLPROD1"}, []string{"data files 100 GB"}},
		{"IFI unknown", "", []string{`"severity": "warning"`, "data files 100 GB", "log 4 GB"}, []string{"IFI is"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, _ := restoreScan(t, restoreState(c.ifi))
			if !strings.Contains(out, `"rule": "SL207"`) {
				t.Fatalf("no SL207:\n%s", out)
			}
			for _, s := range c.has {
				if !strings.Contains(out, s) {
					t.Errorf("output lacks %s:\n%s", s, out)
				}
			}
			for _, s := range c.lacks {
				if strings.Contains(out, s) {
					t.Errorf("output has %s:\n%s", s, out)
				}
			}
		})
	}
}

func TestLiveRestoreWithoutMsdbPermission(t *testing.T) {
	st := restoreState("N")
	st.Deny = []string{live.QueryBackupHistory}
	out, errs, _ := restoreScan(t, st)
	if !strings.Contains(errs, `notice: backup history of "Sales" unknown: SELECT on msdb.dbo.backupset and msdb.dbo.backupfile permission is needed`) {
		t.Errorf("stderr lacks the permission notice:\n%s", errs)
	}
	// the database being replaced stands in: 1 GB data, 1 GB log
	for _, s := range []string{`"rule": "SL207"`, "sizes of the database it replaces", "data files 1 GB", "log 1 GB", "IFI is off on SQLPROD1"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %s:\n%s", s, out)
		}
	}
}

func TestLiveNoRestoreNoBackupHistory(t *testing.T) {
	srv := startServer(t, restoreState("N"))
	code, out, errs := liveScan(t, srv, livePassword)
	if code != 1 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	for _, r := range srv.Requests() {
		if strings.Contains(r.SQL, "msdb") {
			t.Errorf("a script without RESTORE read the backup history: %s", r.SQL)
		}
	}
}
