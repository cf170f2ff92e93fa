package rules

import (
	"fmt"
	"strings"
	"testing"
)

// A DBCC SHRINKFILE leaves a file at its target size at the least (a
// shrink stops short of it when the file holds more): a restore that
// creates the file at that size zero-fills at least that much, and SL207
// says so, for the data files or the log the shrink left so, whether the
// sizes come from a backup copied with its files, summarized (a database
// of many files), or from the database the restore replaces.
func TestRestoreAfterShrinkIsLowerBound(t *testing.T) {
	const create = "CREATE DATABASE Sales ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\\Sales.mdf', SIZE = 100GB)%s\n" +
		"LOG ON (NAME = Sales_log, FILENAME = 'L:\\Sales.ldf', SIZE = 10GB);\nGO\nUSE Sales;\n"
	var many strings.Builder
	for i := range snapshotMaxFiles + 10 {
		fmt.Fprintf(&many, ",\n(NAME = f%d, FILENAME = 'D:\\f%d.ndf')", i, i)
	}
	backup := "BACKUP DATABASE Sales TO DISK = 'B:\\Sales.bak' WITH INIT;\nRESTORE DATABASE Sales_Copy FROM DISK = 'B:\\Sales.bak' WITH MOVE 'Sales_dat' TO 'E:\\Copy.mdf', MOVE 'Sales_log' TO 'E:\\Copy.ldf';\n"
	replace := "RESTORE DATABASE Sales FROM DISK = 'B:\\Other.bak' WITH REPLACE;\n"
	for _, c := range []struct {
		name, files, shrink, tail string
		data, log                 bool
	}{
		{"copy data", "", "DBCC SHRINKFILE (Sales_dat, 20000);\n", backup, true, false},
		{"copy log", "", "DBCC SHRINKFILE (Sales_log, 1000);\n", backup, false, true},
		{"copy none", "", "", backup, false, false},
		{"summary data", many.String(), "DBCC SHRINKFILE (Sales_dat, 20000);\n", backup, true, true},
		{"summary none", many.String(), "", backup, false, false},
		{"replaced data", "", "DBCC SHRINKFILE (Sales_dat, 20000);\n", replace, true, false},
		{"grown again", "", "DBCC SHRINKFILE (Sales_dat, 20000);\nALTER DATABASE Sales MODIFY FILE (NAME = Sales_dat, SIZE = 30GB);\n", backup, false, false},
	} {
		sql := fmt.Sprintf(create, c.files) + c.shrink + c.tail
		f := one(t, run(t, sql, nil, "SL207"))
		if got := strings.Contains(f.Message, "data files at least "); got != c.data {
			t.Errorf("%s: data files a lower bound %v, want %v: %s", c.name, got, c.data, f.Message)
		}
		if got := strings.Contains(f.Message, "log at least "); got != c.log {
			t.Errorf("%s: log a lower bound %v, want %v: %s", c.name, got, c.log, f.Message)
		}
		if c.name == "copy data" {
			f := one(t, run(t, sql, ifi(no), "SL207"))
			if !strings.Contains(f.Message, "so the restore waits at least about ") {
				t.Errorf("%s, IFI off: %s", c.name, f.Message)
			}
		}
	}
}
