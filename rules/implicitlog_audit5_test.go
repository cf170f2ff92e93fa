package rules

import (
	"strings"
	"testing"
)

// CREATE DATABASE's documentation: "If LOG ON isn't specified, one log
// file is automatically created, which has a size that is 25 percent of
// the sum of the sizes for all the data files for the database, or 512
// KB, whichever is larger" (at least model's log, 8 MB). The model knew
// no size for that log: a restore of the database left the log out and
// called its sizes lower bounds, and a later MODIFY FILE of <db>_log was
// taken as an allocation of its whole new size.
func TestImplicitLogSize(t *testing.T) {
	cases := []struct {
		name, src string
		id        string
		want      []string // in the rule's only message
		not       []string
	}{
		{
			name: "restore of a backup: log at 25% of the data",
			src: "CREATE DATABASE S ON (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 40GB);\nGO\n" +
				"BACKUP DATABASE S TO DISK = 'Z:\\s.bak' WITH INIT;\nGO\n" +
				"RESTORE DATABASE S2 FROM DISK = 'Z:\\s.bak' WITH MOVE 's' TO 'D:\\s2.mdf', MOVE 'S_log' TO 'E:\\s2.ldf';\n",
			id:   "SL207",
			want: []string{"data files 40 GB", "log 10 GB, about 97 s"},
			not:  []string{"lower bounds"},
		},
		{
			name: "two data files and a filegroup",
			src: "CREATE DATABASE S ON PRIMARY (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 4GB), (NAME = s2, FILENAME = 'D:\\s2.ndf', SIZE = 2GB),\n" +
				"FILEGROUP FG (NAME = s3, FILENAME = 'D:\\s3.ndf', SIZE = 2GB);\nGO\n" +
				"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n",
			id:   "SL207",
			want: []string{"data files 8 GB", "log 2 GB"},
			not:  []string{"lower bounds"},
		},
		{
			// a FILESTREAM filegroup's files hold no pages: not in the sum
			name: "FILESTREAM and memory-optimized filegroups left out",
			src: "CREATE DATABASE S ON PRIMARY (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 4GB),\n" +
				"FILEGROUP Docs CONTAINS FILESTREAM (NAME = docs, FILENAME = 'D:\\docs', SIZE = 100GB),\n" +
				"FILEGROUP Mem CONTAINS MEMORY_OPTIMIZED_DATA (NAME = mem, FILENAME = 'D:\\mem', SIZE = 100GB),\n" +
				"FILEGROUP FG (NAME = s3, FILENAME = 'D:\\s3.ndf', SIZE = 4GB);\nGO\n" +
				"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n",
			id:   "SL207",
			want: []string{"log 2 GB"},
		},
		{
			name: "small data files: model's 8 MB log",
			src: "CREATE DATABASE S ON (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 10MB);\nGO\n" +
				"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n",
			id:   "SL207",
			want: []string{"data files 10 MB", "log 8 MB"},
		},
		{
			name: "model's log set by a script",
			src: "ALTER DATABASE model MODIFY FILE (NAME = modellog, SIZE = 1GB);\nGO\n" +
				"CREATE DATABASE S ON (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 10MB);\nGO\n" +
				"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n",
			id:   "SL207",
			want: []string{"data files 10 MB", "log 1 GB"},
		},
		{
			// (a restore of the two 8 MB defaults alone is silent: see
			// TestSL207DefaultSizesAreNotKnownSizes)
			name: "CREATE DATABASE alone: its log at 8 MB",
			src:  "CREATE DATABASE T;\nGO\nALTER DATABASE T MODIFY FILE (NAME = T, SIZE = 1GB);\nGO\nRESTORE DATABASE T FROM DISK = 'Z:\\t.bak' WITH REPLACE;\n",
			id:   "SL207",
			want: []string{"data files 1 GB", "log 8 MB"},
		},
		{
			name: "MODIFY FILE of the implicit log allocates its growth",
			src:  "CREATE DATABASE T ON (NAME = t, FILENAME = 'D:\\t.mdf', SIZE = 200GB);\nGO\nALTER DATABASE T MODIFY FILE (NAME = T_log, SIZE = 60GB);\n",
			id:   "SL202",
			want: []string{"allocates 10 GB of log file"},
			not:  []string{"up to"},
		},
	}
	for _, c := range cases {
		msgs := auditMessages(auditRun(t, c.src, nil), c.id)
		if len(msgs) != 1 {
			t.Errorf("%s: %d %s findings, want 1: %q", c.name, len(msgs), c.id, msgs)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(msgs[0], w) {
				t.Errorf("%s: %s message lacks %q: %s", c.name, c.id, w, msgs[0])
			}
		}
		for _, w := range c.not {
			if strings.Contains(msgs[0], w) {
				t.Errorf("%s: %s message has %q: %s", c.name, c.id, w, msgs[0])
			}
		}
	}
}

// A data file whose size is a variable leaves the implicit log's size
// unknown: the restore's sizes stay lower bounds, with no log figure.
func TestImplicitLogUnknownData(t *testing.T) {
	src := "CREATE DATABASE S ON (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 1GB), (NAME = s2, FILENAME = 'D:\\s2.ndf', SIZE = @sz);\nGO\n" +
		"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n"
	msgs := auditMessages(auditRun(t, src, nil), "SL207")
	if len(msgs) != 1 || strings.Contains(msgs[0], "log ") || !strings.Contains(msgs[0], "lower bounds") {
		t.Errorf("SL207: %q, want one message without a log figure, with lower bounds", msgs)
	}
}

// FILESTREAM and memory-optimized containers hold no pages: they do not
// count in the 25%.
func TestImplicitLogContainers(t *testing.T) {
	src := "CREATE DATABASE S ON PRIMARY (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 4GB),\n" +
		"FILEGROUP FS CONTAINS FILESTREAM (NAME = fs, FILENAME = 'D:\\fs', SIZE = 400GB);\nGO\n" +
		"RESTORE DATABASE S FROM DISK = 'Z:\\s.bak' WITH REPLACE;\n"
	msgs := auditMessages(auditRun(t, src, nil), "SL207")
	if len(msgs) != 1 || !strings.Contains(msgs[0], "log 1 GB") {
		t.Errorf("SL207: %q, want the log at 1 GB", msgs)
	}
}
