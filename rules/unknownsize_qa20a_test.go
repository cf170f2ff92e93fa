package rules

import "testing"

// A file created with a size the model cannot read (built from a
// variable in dynamic SQL, or a sqlcmd variable without a value) has an
// unknown size, not SQL Server's default of 8 MB: a later MODIFY FILE
// allocates at most its new size, reported as an upper bound ("up to"),
// as it is for a file whose size no statement gave. The model recorded
// such a file at 8 MB and reported the whole new size as allocated.
func TestUnknownCreatedSizeIsUpperBound(t *testing.T) {
	cases := []struct {
		src  string
		want []string // SL201 messages' beginnings, in order
	}{
		// CREATE DATABASE built with the size from a variable, then run
		{"DECLARE @mb int = 20480, @sql nvarchar(max);\n" +
			"SET @sql = N'CREATE DATABASE u2 ON (NAME = u2, FILENAME = ''u2.mdf'', SIZE = ' + CAST(@mb AS nvarchar(10)) + N'MB) LOG ON (NAME = u2_log, FILENAME = ''u2.ldf'', SIZE = 64MB)';\n" +
			"EXEC (@sql);\nGO\nALTER DATABASE u2 MODIFY FILE (NAME = u2, SIZE = 10GB);\n", []string{
			"allocates up to 10 GB of data file",
		}},
		// ADD FILE whose size is a sqlcmd variable without a value
		{"CREATE DATABASE u3;\nGO\nALTER DATABASE u3 ADD FILE (NAME = u3b, FILENAME = 'u3b.ndf', SIZE = $(FileSize));\nGO\n" +
			"ALTER DATABASE u3 MODIFY FILE (NAME = u3b, SIZE = 10GB);\n", []string{
			"allocates up to 10 GB of data file",
		}},
		// no SIZE at all: SQL Server's 8 MB, a known size
		{"CREATE DATABASE u4;\nGO\nALTER DATABASE u4 ADD FILE (NAME = u4b, FILENAME = 'u4b.ndf');\nGO\n" +
			"ALTER DATABASE u4 MODIFY FILE (NAME = u4b, SIZE = 10GB);\n", []string{
			"allocates 10 GB of data file",
		}},
	}
	for _, c := range cases {
		got := auditMessages(auditRun(t, c.src, nil), "SL201")
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
