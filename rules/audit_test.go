package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// auditRun analyzes one script with the default rules.
func auditRun(t *testing.T, src string, cfg *Config) []Finding {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
	return Analyze(Default, []*parser.Result{res}, cfg)
}

// auditMessages returns the messages of rule id's findings.
func auditMessages(fs []Finding, id string) []string {
	var out []string
	for _, f := range fs {
		if f.Rule.ID == id {
			out = append(out, f.Message)
		}
	}
	return out
}

// Two diagnostic flags are "trace flags", one is "trace flag".
func TestSL205FlagOrFlags(t *testing.T) {
	fs := auditRun(t, "DBCC TRACEON (3004, 3605, -1);\nGO\nDBCC TRACEON (3605);\n", nil)
	msgs := auditMessages(fs, "SL205")
	if len(msgs) != 2 {
		t.Fatalf("SL205 findings: %q", msgs)
	}
	if !strings.HasPrefix(msgs[0], "turns on diagnostic trace flags 3004 and 3605 ") {
		t.Errorf("two flags: %q", msgs[0])
	}
	if !strings.HasPrefix(msgs[1], "turns on diagnostic trace flag 3605 ") {
		t.Errorf("one flag: %q", msgs[1])
	}
}

// A mirror holds a whole copy of the backup: a backup is to NUL only
// when every copy has a device on NUL.
func TestSL304Mirrors(t *testing.T) {
	cases := []struct {
		targets string
		want    int
	}{
		{"TO DISK = 'NUL'", 1},
		{"TO DISK = 'D:\\a.bak', DISK = 'NUL'", 1}, // a stripe on NUL: no copy restores
		{"TO DISK = 'D:\\a.bak' MIRROR TO DISK = 'NUL' WITH FORMAT", 0},
		{"TO DISK = 'NUL' MIRROR TO DISK = 'D:\\a.bak' WITH FORMAT", 0},
		{"TO DISK = 'NUL' MIRROR TO DISK = 'NUL:' WITH FORMAT", 1},
		{"TO DISK = 'a', DISK = 'NUL' MIRROR TO DISK = 'b', DISK = 'NUL' MIRROR TO DISK = 'c', DISK = 'd' WITH FORMAT", 0},
		{"TO DISK = 'a', DISK = 'NUL' MIRROR TO DISK = 'b', DISK = 'NUL' WITH FORMAT", 1},
	}
	for _, c := range cases {
		fs := auditRun(t, "BACKUP DATABASE Sales "+c.targets+";\n", nil)
		if got := len(auditMessages(fs, "SL304")); got != c.want {
			t.Errorf("%s: %d SL304 findings, want %d", c.targets, got, c.want)
		}
	}
}

// CHECKPOINT takes an int expression: a variable duration is an explicit
// duration, which the default max-duration of 0 flags (and the fix
// removes); a positive limit cannot be checked against it.
func TestSL302VariableDuration(t *testing.T) {
	src := "DECLARE @d int = 10;\nCHECKPOINT @d;\n"
	fs := auditRun(t, src, nil)
	msgs := auditMessages(fs, "SL302")
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "CHECKPOINT @d asks SQL Server to stretch the checkpoint over @d seconds;") {
		t.Fatalf("SL302: %q", msgs)
	}
	for _, f := range fs {
		if f.Rule.ID == "SL302" {
			if f.Fix == nil {
				t.Fatal("no fix")
			}
			if got, _ := ApplyEdits(src, f.Fix.Edits); got != "DECLARE @d int = 10;\nCHECKPOINT;\n" {
				t.Errorf("fixed: %q", got)
			}
		}
	}
	cfg := &Config{Options: map[string]map[string]float64{"SL302": {"max-duration": 30}}}
	if msgs := auditMessages(auditRun(t, src, cfg), "SL302"); len(msgs) != 0 {
		t.Errorf("max-duration 30: %q", msgs)
	}
}

// A backup striped over NUL and a file writes part of its data: it
// cannot be restored, but it does not "write nothing".
func TestSL304StripedMessage(t *testing.T) {
	for src, want := range map[string]string{
		"BACKUP DATABASE Sales TO DISK = 'NUL';":                               "BACKUP DATABASE Sales TO DISK = 'NUL' writes nothing, yet SQL Server records it as a backup: ",
		"BACKUP DATABASE Sales TO DISK = 'NUL', DISK = 'nul:';":                "BACKUP DATABASE Sales TO DISK = 'NUL' writes nothing, yet SQL Server records it as a backup: ",
		"BACKUP DATABASE Sales TO DISK = 'D:\\a.bak', DISK = 'NUL';":           "BACKUP DATABASE Sales writes part of its data to DISK = 'NUL', which keeps none of it, so it cannot be restored, yet SQL Server records it as a backup: ",
		"BACKUP LOG Sales TO DISK = 'NUL', DISK = 'D:\\a.trn' WITH COPY_ONLY;": "BACKUP LOG Sales writes part of its data to DISK = 'NUL', which keeps none of it: never a real backup; COPY_ONLY keeps the backup chain intact",
	} {
		msgs := auditMessages(auditRun(t, src+"\n", nil), "SL304")
		if len(msgs) != 1 || !strings.HasPrefix(msgs[0], want) {
			t.Errorf("%s:\n got %q\nwant %q...", src, msgs, want)
		}
	}
}

// A differential backup does not reset the differential base: a NUL one
// is reported for what it does do.
func TestSL304Differential(t *testing.T) {
	msgs := auditMessages(auditRun(t, "BACKUP DATABASE Sales TO DISK = 'NUL' WITH DIFFERENTIAL, INIT;\n", nil), "SL304")
	if len(msgs) != 1 || strings.Contains(msgs[0], "resets the differential base") ||
		!strings.HasSuffix(msgs[0], "a restore that takes the latest differential backup from the backup history finds nothing to restore") {
		t.Errorf("SL304: %q", msgs)
	}
}

// RESTORE ... WITH METADATA_ONLY (SQL Server 2022 T-SQL snapshot backup)
// attaches the files a storage snapshot put in place: it creates and
// zero-fills none.
func TestSL207SnapshotRestore(t *testing.T) {
	src := `CREATE DATABASE Sales ON (NAME = d, FILENAME = 'd', SIZE = 100GB) LOG ON (NAME = l, FILENAME = 'l', SIZE = 40GB);
GO
ALTER DATABASE Sales SET SUSPEND_FOR_SNAPSHOT_BACKUP = ON;
BACKUP DATABASE Sales TO DISK = 'D:\s.bkm' WITH METADATA_ONLY, FORMAT;
GO
RESTORE DATABASE Sales2 FROM DISK = 'D:\s.bkm' WITH METADATA_ONLY, MOVE 'd' TO 'E:\d2.mdf', MOVE 'l' TO 'E:\l2.ldf', NORECOVERY;
GO
RESTORE DATABASE Sales3 FROM DISK = 'D:\s.bkm' WITH MOVE 'd' TO 'E:\d3.mdf', MOVE 'l' TO 'E:\l3.ldf';
`
	fs := auditRun(t, src, nil)
	var lines []int
	for _, f := range fs {
		if f.Rule.ID == "SL207" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if len(lines) != 1 || lines[0] != 8 {
		t.Errorf("SL207 on lines %v, want only 8 (the streaming restore)", lines)
	}
}

// Windows reads '/' in a path as '\': a restore from D:/Backup/Sales.bak
// reads the backup written to D:\Backup\Sales.bak.
func TestSL207DeviceSlashes(t *testing.T) {
	src := `CREATE DATABASE Sales ON (NAME = d, FILENAME = 'd', SIZE = 100GB) LOG ON (NAME = l, FILENAME = 'l', SIZE = 40GB);
GO
BACKUP DATABASE Sales TO DISK = N'D:\Backup\Sales.bak';
GO
RESTORE DATABASE Sales2 FROM DISK = N'd:/backup/SALES.bak' WITH MOVE 'd' TO 'E:\d2.mdf', MOVE 'l' TO 'E:\l2.ldf';
`
	if msgs := auditMessages(auditRun(t, src, nil), "SL207"); len(msgs) != 1 || !strings.Contains(msgs[0], "from the backup of Sales at line 3") {
		t.Errorf("SL207: %q", msgs)
	}
}

// startsEach reports whether got holds as many strings as want, each
// beginning with the one of want at its place.
func startsEach(got, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if !strings.HasPrefix(got[i], want[i]) {
			return false
		}
	}
	return true
}

// zeroingAfterLine1 is "ID message" of src's SL201 and SL202 findings
// past its first line (the CREATE the shrink tests start with).
func zeroingAfterLine1(t *testing.T, src string) []string {
	t.Helper()
	var got []string
	for _, f := range auditRun(t, src, nil) {
		if (f.Rule.ID == "SL201" || f.Rule.ID == "SL202") && f.Span.Start.Position().Line > 1 {
			got = append(got, f.Rule.ID+" "+f.Message)
		}
	}
	return got
}
