package rules

import "testing"

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
// filegroup(s)". Which files such a restore creates is not the whole
// database, so SL207 says nothing for it, as for a file or filegroup
// restore; it reported the 500 GB of a filegroup the restore leaves out.
func TestSL207PartialRestore(t *testing.T) {
	create := "CREATE DATABASE P ON PRIMARY (NAME = p1, FILENAME = 'D:\\p1.mdf', SIZE = 1GB),\nFILEGROUP RO (NAME = ro1, FILENAME = 'D:\\ro1.ndf', SIZE = 500GB)\nLOG ON (NAME = p_log, FILENAME = 'E:\\p.ldf', SIZE = 1GB);\nGO\n"
	cases := []struct {
		restore string
		want    int
	}{
		{"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH PARTIAL, REPLACE;", 0},
		{"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH REPLACE, PARTIAL, NORECOVERY;", 0},
		{"RESTORE DATABASE P FILEGROUP = 'Primary' FROM DISK = 'Z:\\other.bak' WITH PARTIAL, NORECOVERY;", 0},
		{"RESTORE DATABASE P FROM DISK = 'Z:\\other.bak' WITH REPLACE;", 1},
	}
	for _, c := range cases {
		fs := auditRun(t, create+c.restore+"\n", nil)
		if got := len(auditMessages(fs, "SL207")); got != c.want {
			t.Errorf("%s: %d SL207 findings, want %d", c.restore, got, c.want)
		}
	}
}
