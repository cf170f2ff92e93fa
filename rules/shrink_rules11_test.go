package rules

import (
	"strings"
	"testing"
)

// A file shrunk by DBCC SHRINKFILE (to its target at the least: a shrink
// stops short of its target when the file holds more) or SHRINKDATABASE
// (size unknown after) and grown again by MODIFY FILE is allocated, and
// zero-filled, anew: SL201 and SL202 weigh that growth over the size
// after the shrink, up to (the model took the file as still at its old
// size, and said nothing). NOTRUNCATE and EMPTYFILE leave the size; tempdb and
// a file given by an id other than 1 or 2 are left alone.
func TestShrinkThenGrow(t *testing.T) {
	create := "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 10GB) LOG ON (NAME = d1_log, FILENAME = 'L:\\d1.ldf', SIZE = 10GB);\nGO\n"
	grow := "GO\nALTER DATABASE D MODIFY FILE (NAME = d1, SIZE = 10GB);\nALTER DATABASE D MODIFY FILE (NAME = d1_log, SIZE = 10GB);\n"
	cases := []struct {
		name, shrink string
		want         []string // SL201/SL202 findings after the CREATE's: rule and the start of the message
	}{
		{"shrinkfile to a target", "USE D;\nDBCC SHRINKFILE (d1, 1024);\nDBCC SHRINKFILE (N'd1_log', 512) WITH NO_INFOMSGS;\n",
			[]string{"SL201 allocates up to 9 GB", "SL202 allocates up to 9.5 GB"}},
		{"shrinkfile without a target", "USE D;\nDBCC SHRINKFILE ([d1]);\nDBCC SHRINKFILE ('d1_log', TRUNCATEONLY);\n",
			[]string{"SL201 allocates up to 10 GB", "SL202 allocates up to 10 GB"}},
		{"shrinkdatabase", "DBCC SHRINKDATABASE (D, 10);\n", []string{"SL201 allocates up to 10 GB", "SL202 allocates up to 10 GB"}},
		{"shrinkdatabase of the current one", "USE D;\ndbcc shrinkdatabase (0);\n", []string{"SL201 allocates up to 10 GB", "SL202 allocates up to 10 GB"}},
		{"notruncate", "USE D;\nDBCC SHRINKFILE (d1, NOTRUNCATE);\nDBCC SHRINKDATABASE (D, NOTRUNCATE);\n", nil},
		{"emptyfile", "USE D;\nDBCC SHRINKFILE (d1, EMPTYFILE);\n", nil},
		{"file id", "USE D;\nDBCC SHRINKFILE (3, 1024);\n", nil},
		{"another database", "USE master;\nDBCC SHRINKFILE (d1, 1024);\n", nil},
		{"no shrink", "USE D;\nDBCC CHECKDB;\n", nil},
	}
	for _, c := range cases {
		got := zeroingAfterLine1(t, create+c.shrink+grow)
		if !startsEach(got, c.want) {
			t.Errorf("%s: got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// A shrink after a BACKUP leaves the backup as it was: a RESTORE from it
// still creates the files at their sizes when it was taken. The shrink
// gives the database new files rather than changing the ones the
// backup's snapshot shares (as MODIFY FILE does).
func TestShrinkKeepsEarlierBackup(t *testing.T) {
	src := "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 100GB) LOG ON (NAME = d1_log, FILENAME = 'L:\\d1.ldf', SIZE = 1GB);\nGO\n" +
		"BACKUP DATABASE D TO DISK = 'B:\\d.bak';\nGO\n"
	restore := "GO\nRESTORE DATABASE D2 FROM DISK = 'B:\\d.bak' WITH MOVE 'd1' TO 'D:\\d2.mdf', MOVE 'd1_log' TO 'L:\\d2.ldf';\n"
	var before, after []string
	for _, f := range auditRun(t, src+restore, nil) {
		if f.Rule.ID == "SL207" {
			before = append(before, f.Message)
		}
	}
	for _, shrink := range []string{"USE D;\nDBCC SHRINKFILE (d1, 1024);\n", "DBCC SHRINKDATABASE (D);\n"} {
		after = after[:0]
		for _, f := range auditRun(t, src+shrink+restore, nil) {
			if f.Rule.ID == "SL207" {
				after = append(after, f.Message)
			}
		}
		if len(before) != 1 || strings.Join(after, "|") != strings.Join(before, "|") {
			t.Errorf("after %q: SL207 %q, want %q as without the shrink", shrink, after, before)
		}
	}
}

// A log shrunk to a target and grown back in steps: the growth over the
// target is only an upper bound (DBCC SHRINKFILE does not shrink a file
// below what it holds, so the log may stop above its target), said as
// "up to"; it was given as exact. The steps after it are exact.
func TestShrinkTargetThenGrowInSteps(t *testing.T) {
	const src = `CREATE DATABASE Ledger ON (NAME = Ledger, FILENAME = 'D:\Ledger.mdf', SIZE = 1GB)
LOG ON (NAME = Ledger_log, FILENAME = 'L:\Ledger_log.ldf', SIZE = 1GB);
GO
USE Ledger;
DBCC SHRINKFILE (Ledger_log, 1);
GO
ALTER DATABASE Ledger MODIFY FILE (NAME = Ledger_log, SIZE = 8GB);
ALTER DATABASE Ledger MODIFY FILE (NAME = Ledger_log, SIZE = 16GB);
`
	var got []string
	for _, f := range run(t, src, nil, "SL202") {
		amount, _, _ := strings.Cut(f.Message, " of log file")
		got = append(got, amount)
	}
	want := []string{"allocates up to 8 GB", "allocates 8 GB"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
}
