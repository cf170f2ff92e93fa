package live_test

import (
	"context"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

var salesHistory = []tdstest.Backup{
	{Database: "Sales", Finished: "2026-11-28T22:00:05.000", Files: []tdstest.BackupFile{
		{Name: "Sales_dat", Type: "D", Filegroup: "PRIMARY", Size: 10 << 30}, {Name: "Sales_log", Type: "L", Size: 1 << 30}}},
	// the latest full backup taken here
	{Database: "Sales", Finished: "2026-11-30T22:00:07.000", Files: []tdstest.BackupFile{
		{Name: "Sales_dat", Type: "D", Filegroup: "PRIMARY", Size: 100 << 30},
		{Name: "Sales_ft", Type: "F", Size: 1 << 20}, // a full-text catalog: not a file a restore zero-fills
		{Name: "Sales_log", Type: "L", Size: 8 << 30}}},
	// later, but not full, or not taken on this server
	{Database: "Sales", Type: "I", Finished: "2026-12-01T01:00:00.000", Files: []tdstest.BackupFile{{Name: "Sales_dat", Type: "D", Size: 1}}},
	{Database: "Sales", Type: "L", Finished: "2026-12-01T02:00:00.000", Files: []tdstest.BackupFile{{Name: "Sales_log", Type: "L", Size: 1}}},
	{Database: "Sales", ServerName: "OTHERSRV", Finished: "2026-12-01T03:00:00.000", Files: []tdstest.BackupFile{{Name: "Sales_dat", Type: "D", Size: 1}}},
}

func backupHistory(t *testing.T, st tdstest.State, dbs ...string) (*live.Facts, *tdstest.Server) {
	t.Helper()
	srv, cfg := start(t, st)
	c := connect(t, cfg)
	f, err := c.Facts(context.Background(), dbs)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.BackupHistory(context.Background(), f, dbs); err != nil {
		t.Fatal(err)
	}
	assertOnlyKnownQueries(t, srv)
	return f, srv
}

func TestBackupHistoryLatestFullOfThisServer(t *testing.T) {
	f, srv := backupHistory(t, tdstest.State{ServerName: "SQLPROD1", IFI: "N", Backups: salesHistory}, "SALES", "NeverBackedUp", "sales")
	b := f.Backups["sales"]
	if b == nil {
		t.Fatalf("no backup of Sales: %+v", f.Backups)
	}
	if b.Finished != "2026-11-30T22:00:07.000" || len(b.Files) != 2 {
		t.Fatalf("backup = %+v, want the full one of 2026-11-30 with its data and log files", b)
	}
	if d := b.Files[0]; d.Name != "Sales_dat" || d.Log() || d.SizeBytes != 100<<30 || d.Filegroup != "PRIMARY" {
		t.Errorf("data file = %+v", d)
	}
	if l := b.Files[1]; l.Name != "Sales_log" || !l.Log() || l.SizeBytes != 8<<30 || l.Filegroup != "" {
		t.Errorf("log file = %+v", l)
	}
	if _, ok := f.Backups["neverbackedup"]; ok || len(f.Backups) != 1 {
		t.Errorf("Backups = %+v, want only Sales", f.Backups)
	}
	if len(f.Notices) != 0 {
		t.Errorf("unexpected notices:\n%s", notices(f))
	}
	// one query per database, the name as a parameter
	var asked []string
	for _, r := range srv.Requests() {
		if r.SQL == queryText(live.QueryBackupHistory) {
			asked = append(asked, r.Params[0].(string))
		}
	}
	if strings.Join(asked, ",") != "SALES,NeverBackedUp" {
		t.Errorf("backup history asked for %v", asked)
	}
}

func TestBackupHistoryDenied(t *testing.T) {
	f, srv := backupHistory(t, tdstest.State{ServerName: "SQLPROD1", IFI: "Y", Backups: salesHistory,
		Deny: []string{live.QueryBackupHistory}}, "Sales", "Orders")
	if len(f.Backups) != 0 {
		t.Errorf("Backups = %+v, want unknown", f.Backups)
	}
	if f.IFI == nil || !*f.IFI {
		t.Error("the other facts did not load")
	}
	if len(f.Notices) != 1 {
		t.Fatalf("want one notice for the missing permission, got:\n%s", notices(f))
	}
	for _, want := range []string{`backup history of "Sales" unknown`, "SELECT on msdb.dbo.backupset and msdb.dbo.backupfile", "permission was denied"} {
		if !strings.Contains(f.Notices[0], want) {
			t.Errorf("notice lacks %q: %s", want, f.Notices[0])
		}
	}
	n := 0
	for _, r := range srv.Requests() {
		if r.SQL == queryText(live.QueryBackupHistory) {
			n++
		}
	}
	if n != 1 {
		t.Errorf("backup history sent %d times after a permission error, want 1", n)
	}
}

func TestBackupHistoryOtherError(t *testing.T) {
	f, _ := backupHistory(t, tdstest.State{IFI: "Y", Backups: salesHistory, Fail: []string{live.QueryBackupHistory}}, "Sales", "Orders")
	if len(f.Backups) != 0 || len(f.Notices) != 2 || !strings.Contains(f.Notices[1], `backup history of "Orders" unknown`) {
		t.Errorf("Backups = %+v, notices:\n%s", f.Backups, notices(f))
	}
}
