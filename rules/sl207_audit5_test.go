package rules

import (
	"strings"
	"testing"
)

// RESTORE's documentation lists [ METADATA_ONLY | SNAPSHOT ] among the
// backup set options, and BACKUP's says "METADATA_ONLY is synonymous with
// SNAPSHOT": a restore WITH SNAPSHOT attaches the files a storage snapshot
// put in place, as one WITH METADATA_ONLY does, and zero-fills none.
func TestSL207SnapshotIsMetadataOnly(t *testing.T) {
	create := "CREATE DATABASE SnapDb ON (NAME = s1, FILENAME = 'D:\\s1.mdf', SIZE = 50GB) LOG ON (NAME = s1_log, FILENAME = 'E:\\s1.ldf', SIZE = 10GB);\nGO\n"
	cases := []struct {
		with string
		want int
	}{
		{"METADATA_ONLY, REPLACE", 0},
		{"SNAPSHOT, REPLACE", 0},
		{"REPLACE, SNAPSHOT, DBNAME = 'SnapDb'", 0},
		{"REPLACE", 1},
	}
	for _, c := range cases {
		fs := auditRun(t, create+"RESTORE DATABASE SnapDb FROM DISK = 'D:\\Temp\\SnapDb.bkm' WITH "+c.with+";\n", nil)
		if got := len(auditMessages(fs, "SL207")); got != c.want {
			t.Errorf("WITH %s: %d SL207 findings, want %d", c.with, got, c.want)
		}
	}
}

// RESTORE's arguments: "PARTIAL specifies a partial restore operation that
// restores the primary filegroup and any specified secondary
// filegroup(s)"; the piecemeal restore's first step restores the log too.
// SL207 counted the 500 GB of a filegroup such a restore leaves out, then
// (round 1) said nothing; it now counts the primary filegroup, the
// filegroups named (FILEGROUP =, FILE =, READ_WRITE_FILEGROUPS) and the
// log, and says it is a partial restore.
func TestSL207PartialRestore(t *testing.T) {
	create := "CREATE DATABASE P ON PRIMARY (NAME = p1, FILENAME = 'D:\\p1.mdf', SIZE = 1GB),\nFILEGROUP RO (NAME = ro1, FILENAME = 'D:\\ro1.ndf', SIZE = 500GB),\n" +
		"FILEGROUP FG2 (NAME = fg2a, FILENAME = 'D:\\fg2a.ndf', SIZE = 20GB), (NAME = fg2b, FILENAME = 'D:\\fg2b.ndf', SIZE = 20GB)\n" +
		"LOG ON (NAME = p_log, FILENAME = 'E:\\p.ldf', SIZE = 1GB);\nGO\n"
	cases := []struct {
		restore string
		data    string // "" when no finding
	}{
		{"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH PARTIAL, REPLACE;", "data files 1 GB"},
		{"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH REPLACE, PARTIAL, NORECOVERY;", "data files 1 GB"},
		{"RESTORE DATABASE P FILEGROUP = 'Primary' FROM DISK = 'Z:\\other.bak' WITH PARTIAL, NORECOVERY;", "data files 1 GB"},
		{"RESTORE DATABASE P FILEGROUP = 'Primary', FILEGROUP = 'fg2' FROM DISK = 'Z:\\other.bak' WITH PARTIAL, NORECOVERY;", "data files 41 GB"},
		{"RESTORE DATABASE P FILE = 'fg2a' FROM DISK = 'Z:\\other.bak' WITH PARTIAL, NORECOVERY;", "data files 41 GB"},
		{"RESTORE DATABASE P READ_WRITE_FILEGROUPS FROM DISK = 'Z:\\other.bak' WITH PARTIAL, NORECOVERY;", "data files 541 GB"},
		{"BACKUP DATABASE P READ_WRITE_FILEGROUPS TO DISK = 'Z:\\p.bak';\nRESTORE DATABASE P READ_WRITE_FILEGROUPS FROM DISK = 'Z:\\p.bak' WITH PARTIAL;", "data files 541 GB"},
	}
	for _, c := range cases {
		msgs := auditMessages(auditRun(t, create+c.restore+"\n", nil), "SL207")
		switch {
		case c.data == "" && len(msgs) != 0:
			t.Errorf("%s: %q, want no SL207", c.restore, msgs)
		case c.data == "":
		case len(msgs) != 1:
			t.Errorf("%s: %d SL207 findings, want 1", c.restore, len(msgs))
		case !strings.Contains(msgs[0], "partial restore of P") || !strings.Contains(msgs[0], c.data+",") || !strings.Contains(msgs[0], "log 1 GB"):
			t.Errorf("%s: %s, want a partial restore with %s and log 1 GB", c.restore, msgs[0], c.data)
		}
	}
	// a file or filegroup restore without PARTIAL is no partial restore:
	// it creates the data files of the filegroup, not the log
	// (TestSL207FileAndFilegroupRestore)
	msgs := auditMessages(auditRun(t, create+"RESTORE DATABASE P FILEGROUP = 'RO' FROM DISK = 'Z:\\other.bak' WITH NORECOVERY;\n", nil), "SL207")
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "file restore of P") || !strings.Contains(msgs[0], "data files 500 GB,") || strings.Contains(msgs[0], "log 1 GB") {
		t.Errorf("filegroup restore: %q, want a file restore of 500 GB of data files, no log", msgs)
	}
	// the whole restore is unchanged
	msgs = auditMessages(auditRun(t, create+"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH REPLACE;\n", nil), "SL207")
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "restore of P") || !strings.Contains(msgs[0], "data files 541 GB") {
		t.Errorf("full restore: %q", msgs)
	}
	// silent when no size is known
	if msgs := auditMessages(auditRun(t, "RESTORE DATABASE Q FROM DISK = 'Z:\\q.bak' WITH PARTIAL;\n", nil), "SL207"); len(msgs) != 0 {
		t.Errorf("unknown database: %q", msgs)
	}
}
