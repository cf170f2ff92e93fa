package rules

import "testing"

// Demo and test scripts create a database without SIZE, back it up and
// restore it (a restore demo, a STOPAT test, a standby setup): SL207 gave
// each restore a warning for "data files 8 MB, about 0.1 s; log 8 MB,
// about 0.1 s". 8 MB is SQL Server's default for a file created without
// SIZE, not a size the scripts know the backup to hold (the scripts add
// rows before the backup), and SL201/SL202 never report those defaults.
// A restore whose every file has only that default size is silent, as
// one whose sizes are unknown; any file with a size of its own keeps the
// finding.
func TestSL207DefaultSizesAreNotKnownSizes(t *testing.T) {
	cases := []struct {
		name, src string
		want      int
	}{
		{"created without SIZE, backed up, restored", `CREATE DATABASE [Company] ON PRIMARY (NAME = N'Company', FILENAME = N'D:\Company.mdf')
LOG ON (NAME = N'Company_log', FILENAME = N'D:\Company_log.ldf');
GO
INSERT INTO [Company].dbo.RandomData VALUES ('Initial data');
BACKUP DATABASE [Company] TO DISK = N'D:\Company_Full.bak' WITH INIT;
GO
DROP DATABASE [Company];
GO
RESTORE DATABASE [Company] FROM DISK = N'D:\Company_Full.bak' WITH REPLACE;
GO
RESTORE DATABASE db_copy FROM DISK = N'D:\Company_Full.bak' WITH MOVE 'Company' TO 'D:\c.mdf', MOVE 'Company_log' TO 'D:\c.ldf';
`, 0},
		{"CREATE DATABASE alone, replaced", "CREATE DATABASE T;\nGO\nRESTORE DATABASE T FROM DISK = 'Z:\\t.bak' WITH REPLACE;\n", 0},
		{"a data file with a size of its own", "CREATE DATABASE T ON (NAME = t, FILENAME = 'D:\\t.mdf', SIZE = 20GB);\nGO\nBACKUP DATABASE T TO DISK = 'Z:\\t.bak';\nRESTORE DATABASE T2 FROM DISK = 'Z:\\t.bak' WITH MOVE 't' TO 'D:\\t2.mdf', MOVE 'T_log' TO 'D:\\t2.ldf';\n", 1},
		{"a log with a size of its own", "CREATE DATABASE T ON (NAME = t, FILENAME = 'D:\\t.mdf') LOG ON (NAME = tl, FILENAME = 'L:\\t.ldf', SIZE = 4GB);\nGO\nRESTORE DATABASE T FROM DISK = 'Z:\\t.bak' WITH REPLACE;\n", 1},
		{"a size set later by MODIFY FILE", "CREATE DATABASE T;\nGO\nALTER DATABASE T MODIFY FILE (NAME = T, SIZE = 1GB);\nGO\nRESTORE DATABASE T FROM DISK = 'Z:\\t.bak' WITH REPLACE;\n", 1},
	}
	for _, c := range cases {
		if got := auditMessages(auditRun(t, c.src, nil), "SL207"); len(got) != c.want {
			t.Errorf("%s: SL207 %q, want %d finding(s)", c.name, got, c.want)
		}
	}
}
