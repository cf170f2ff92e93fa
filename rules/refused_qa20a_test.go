package rules

import (
	"strings"
	"testing"
)

// SQL Server refuses a file whose SIZE is over its MAXSIZE (error 5103,
// "MAXSIZE cannot be less than SIZE", when the file is created; error
// 5040, "MODIFY FILE failed. Size is greater than MAXSIZE", when a
// MODIFY FILE grows it past the MAXSIZE it has), and a FILEGROWTH larger
// than the MAXSIZE (error 5169, "FILEGROWTH cannot be greater than
// MAXSIZE"; CREATE DATABASE's documentation: "The FILEGROWTH setting for
// a file can't exceed the MAXSIZE setting"). A refused statement
// allocates nothing and sets no growth: SL201/SL202 reported the
// allocation of a MODIFY FILE over the MAXSIZE set before, and SL203/SL209
// the growth of a file whose FILEGROWTH is over its MAXSIZE.
func TestRefusedSizeOrGrowthOverMaxSize(t *testing.T) {
	const create = "CREATE DATABASE r1 ON (NAME = r1, FILENAME = 'r1.mdf', SIZE = 1GB, MAXSIZE = 10GB) LOG ON (NAME = r1_log, FILENAME = 'r1.ldf', SIZE = 100MB, MAXSIZE = 1GB);\nGO\n"
	cases := []struct {
		src  string
		want []string // "ID message beginning" of SL201-SL203/SL209, in order
	}{
		// 5040: over the MAXSIZE the CREATE gave; the size stays 1 GB, so
		// a MODIFY FILE within the MAXSIZE after it allocates from 1 GB
		{create + "ALTER DATABASE r1 MODIFY FILE (NAME = r1, SIZE = 20GB);\nGO\nALTER DATABASE r1 MODIFY FILE (NAME = r1, SIZE = 9GB);\n", []string{
			"SL201 allocates 8 GB of data file",
		}},
		// a MAXSIZE raised in the same MODIFY FILE: accepted
		{create + "ALTER DATABASE r1 MODIFY FILE (NAME = r1, SIZE = 20GB, MAXSIZE = 50GB);\n", []string{
			"SL201 allocates 19 GB of data file",
		}},
		// 5169: growth over the log's MAXSIZE of 1 GB
		{create + "ALTER DATABASE r1 MODIFY FILE (NAME = r1_log, FILEGROWTH = 2GB);\n", nil},
		// 5103 and 5169 in ADD FILE: nothing added, nothing allocated
		{create + "ALTER DATABASE r1 ADD FILE (NAME = r2, FILENAME = 'r2.ndf', SIZE = 10GB, MAXSIZE = 5GB);\n" +
			"ALTER DATABASE r1 ADD FILE (NAME = r3, FILENAME = 'r3.ndf', SIZE = 1GB, MAXSIZE = 2GB, FILEGROWTH = 5GB);\n" +
			"ALTER DATABASE r1 ADD FILE (NAME = r4, FILENAME = 'r4.ndf', SIZE = 7GB), (NAME = r5, FILENAME = 'r5.ndf', SIZE = 8GB, MAXSIZE = 4GB);\n", nil},
		// 5103 in CREATE DATABASE: the database is not created
		{"CREATE DATABASE r6 ON (NAME = r6, FILENAME = 'r6.mdf', SIZE = 10GB, MAXSIZE = 5GB) LOG ON (NAME = r6_log, FILENAME = 'r6.ldf', SIZE = 8GB);\n", nil},
		// tempdb: a refused MODIFY FILE or ADD FILE sets no size for the
		// next start (SL208)
		{"ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 20GB, MAXSIZE = 10GB);\n" +
			"ALTER DATABASE tempdb ADD FILE (NAME = temp5, FILENAME = 'temp5.ndf', SIZE = 20GB, MAXSIZE = 10GB);\n", nil},
		// growth no larger than the MAXSIZE, but larger than the room
		// left: accepted, estimated at the room
		{create + "ALTER DATABASE r1 MODIFY FILE (NAME = r1, FILEGROWTH = 10GB);\n", []string{
			"SL209 data file r1 grows by 10 GB, no more than the 9 GB its MAXSIZE leaves",
		}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			switch f.Rule.ID {
			case "SL201", "SL202", "SL203", "SL208", "SL209":
				got = append(got, f.Rule.ID+" "+f.Message)
			}
		}
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %s\nwant %q", c.src, strings.Join(got, "\n     "), c.want)
		}
	}
}
