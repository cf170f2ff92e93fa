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
