package rules

import (
	"strings"
	"testing"
)

// A file the model does not know is taken for a log file when its name
// ends in "log", but not when it is the database's own name: SQL Server
// names a database's primary data file after the database (AuditLog's
// files are AuditLog and AuditLog_log), and a data file is SL201/SL209's,
// not SL202/SL203's. A physical name ending in .mdf or .ndf is a data
// file whatever the logical name; one ending in .ldf a log file.
func TestLogGuessOfUnknownFile(t *testing.T) {
	cases := []struct {
		src  string
		want []string // rule IDs in order
	}{
		{"ALTER DATABASE AuditLog MODIFY FILE (NAME = AuditLog, SIZE = 10GB, FILEGROWTH = 10%);", []string{"SL201", "SL209"}},
		{"ALTER DATABASE [Catalog] MODIFY FILE (NAME = N'catalog', SIZE = 10GB);", []string{"SL201"}},
		{"ALTER DATABASE [Catalog] MODIFY FILE (NAME = N'Catalog_log', SIZE = 10GB);", []string{"SL202"}},
		{"ALTER DATABASE Sales MODIFY FILE (NAME = SalesLog, SIZE = 10GB);", []string{"SL202"}},
		{"ALTER DATABASE Sales MODIFY FILE (NAME = Sales, SIZE = 10GB);", []string{"SL201"}},
		{"ALTER DATABASE AuditLog MODIFY FILE (NAME = AuditLog, FILENAME = 'L:\\AuditLog.ldf', SIZE = 10GB);", []string{"SL202"}},
		{"ALTER DATABASE Sales MODIFY FILE (NAME = ChangeLog, FILENAME = 'D:\\ChangeLog.ndf', SIZE = 10GB);", []string{"SL201"}},
		{"ALTER DATABASE Sales MODIFY FILE (NAME = ChangeLog, FILENAME = 'D:\\ChangeLog.MDF', SIZE = 10GB);", []string{"SL201"}},
		{"ALTER DATABASE Sales MODIFY FILE (NAME = ChangeLog, SIZE = 10GB);", []string{"SL202"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			got = append(got, f.Rule.ID)
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%s\n got %v, want %v", c.src, got, c.want)
		}
	}
}
