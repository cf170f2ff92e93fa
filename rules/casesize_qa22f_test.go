package rules

import (
	"strings"
	"testing"
)

// A size that built text takes from a CASE or IIF is the smallest of its
// results, the one size sure to be allocated: SL201 and SL202 reported
// the first result's (100 GB) though the script may take the other
// (1 GB), and SL208 was silent on a tempdb log sized by CASE whose every
// result is over the budget.
func TestCaseSizeInBuiltText(t *testing.T) {
	const user = `DECLARE @prod bit = 0, @sql nvarchar(max);
SET @sql = N'CREATE DATABASE Sales ON (NAME = Sales, FILENAME = ''D:\Sales.mdf'', SIZE = '
    + CASE WHEN @prod = 1 THEN N'100GB' ELSE N'1GB' END + N') LOG ON (NAME = Sales_log, FILENAME = ''L:\Sales.ldf'', SIZE = '
    + IIF(@prod = 1, N'20GB', N'512MB') + N');';
EXEC (@sql);
`
	for _, id := range []string{"SL201", "SL202"} {
		if fs := run(t, user, nil, id); len(fs) != 0 {
			t.Errorf("%s: %s, want none: only 1 GB and 512 MB are sure", id, fs[0].Message)
		}
	}
	big := strings.NewReplacer("N'1GB'", "N'10GB'", "N'512MB'", "N'8GB'").Replace(user)
	for id, want := range map[string]string{"SL201": "allocates 10 GB of data file", "SL202": "allocates 8 GB of log file"} {
		if fs := run(t, big, nil, id); len(fs) != 1 || !strings.Contains(fs[0].Message, want) {
			t.Errorf("%s: %v, want one finding that %s", id, fs, want)
		}
	}
	const tempdb = `DECLARE @cores int = 8, @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = '
    + CASE WHEN @cores > 4 THEN N'16384MB' ELSE N'8192MB' END + N');';
EXEC (@sql);
`
	fs := run(t, tempdb, nil, "SL208")
	if len(fs) != 1 || !strings.Contains(fs[0].Message, "its 2 files total 8 MB of data and 8 GB of log") || !strings.Contains(fs[0].Message, "about 77 s") {
		t.Errorf("SL208: %v, want one finding of 8 MB of data and 8 GB of log, about 77 s", fs)
	}
}
