package rules

import (
	"strings"
	"testing"
)

// A file or filegroup restore (FILE = / FILEGROUP = without PARTIAL)
// creates the files it restores, as every restore creates its files
// ("restore a database or filegroup" is one of the operations that
// initialize files): without IFI it zero-fills them. Their sizes are
// known when the scripts made the database; the log is not restored
// (the log backups after it bring the files forward), so the message
// counts the data files only. A page restore writes pages into the
// files there: silent, as is a file restore of files of unknown size.
func TestSL207FileAndFilegroupRestore(t *testing.T) {
	const create = `CREATE DATABASE Big ON PRIMARY (NAME = Big, FILENAME = 'D:\big.mdf', SIZE = 1GB),
FILEGROUP Archive (NAME = Arch1, FILENAME = 'D:\arch1.ndf', SIZE = 40GB), (NAME = Arch2, FILENAME = 'D:\arch2.ndf', SIZE = 20GB),
FILEGROUP Hot (NAME = Hot1, FILENAME = 'D:\hot1.ndf', SIZE = 10GB)
LOG ON (NAME = Big_log, FILENAME = 'L:\big.ldf', SIZE = 10GB);
GO
`
	for _, c := range []struct {
		name, restore, want string
	}{
		{"one file", "RESTORE DATABASE Big FILE = 'Arch2' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			"file restore of Big (sizes of the files it restores) creates the files it restores anew and zero-fills them: data files 20 GB"},
		{"a filegroup", "RESTORE DATABASE Big FILEGROUP = 'Archive' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			"file restore of Big (sizes of the files it restores) creates the files it restores anew and zero-fills them: data files 60 GB"},
		{"a file and a filegroup, any case", "RESTORE DATABASE Big FILE = 'hot1', FILEGROUP = 'archive' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			"data files 70 GB"},
		{"names in another case, with spaces around", "RESTORE DATABASE Big FILE = ' HOT1 ', FILEGROUP = ' \u212aRCHIVE ' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			"data files 10 GB"},
		{"a file the scripts do not show", "RESTORE DATABASE Big FILE = 'Arch1', FILE = 'Other' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			"data files 40 GB, about 6 min 26 s without Instant File Initialization (at 106 MB/s; " + restoreMeasured + "); the scripts do not show every file of the database with its size, so these are lower bounds"},
		{"the primary filegroup", "RESTORE DATABASE Big FILEGROUP = 'PRIMARY' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;",
			""}, // 1 GB: 10 s, under no budget, but reported as any restore is
		{"pages", "RESTORE DATABASE Big PAGE = '1:57, 1:202' FROM DISK = 'B:\\big.bak' WITH NORECOVERY;", "-"},
		{"files of unknown size", "RESTORE DATABASE Other FILE = 'x' FROM DISK = 'B:\\o.bak' WITH NORECOVERY;", "-"},
	} {
		fs := run(t, create+c.restore+"\n", nil, "SL207")
		switch {
		case c.want == "-":
			if len(fs) != 0 {
				t.Errorf("%s: SL207 %v, want none", c.name, fs)
			}
		case len(fs) != 1:
			t.Errorf("%s: %d SL207, want 1", c.name, len(fs))
		case !strings.Contains(fs[0].Message, c.want) || strings.Contains(fs[0].Message, "log 10 GB"):
			t.Errorf("%s: message %q, want it to hold %q and no log", c.name, fs[0].Message, c.want)
		}
	}
}
