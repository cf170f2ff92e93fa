package rules

import (
	"strings"
	"testing"
)

// A FILESTREAM or memory-optimized container is a folder, not a file of
// pages: SQL Server zero-fills nothing for it, and its documentation says
// that SIZE and FILEGROWTH do not apply to a FILESTREAM filegroup (a
// statement giving them is refused). SL201 and SL209 counted the SIZE and
// FILEGROWTH written on such a container as data-file space, in CREATE
// DATABASE (the filegroup's CONTAINS in the same statement) and in ADD
// FILE ... TO FILEGROUP of a container filegroup added before (seen in
// in-memory OLTP and FILESTREAM setup scripts); implicitLog already left
// containers out of the automatic log's size.
func TestContainerSpaceNotZeroFilled(t *testing.T) {
	cases := []struct {
		src  string
		want []string // "ID message beginning" of SL201/SL209, in order
	}{
		// the primary's 10 GB only, not the 20 GB written on the container
		{"CREATE DATABASE c1 ON PRIMARY (NAME = c1, FILENAME = 'c1.mdf', SIZE = 10GB),\n" +
			" FILEGROUP mo CONTAINS MEMORY_OPTIMIZED_DATA (NAME = mo1, FILENAME = 'c1_mo1', SIZE = 20GB)\n" +
			" LOG ON (NAME = c1_log, FILENAME = 'c1.ldf', SIZE = 100MB);", []string{
			"SL201 allocates 10 GB of data file",
		}},
		// FILESTREAM filegroup in the CREATE, its container given SIZE and
		// FILEGROWTH: nothing to report
		{"CREATE DATABASE c2 ON PRIMARY (NAME = c2, FILENAME = 'c2.mdf', SIZE = 1GB),\n" +
			" FILEGROUP [Fs] CONTAINS FILESTREAM DEFAULT (NAME = fs1, FILENAME = 'c2_fs1', SIZE = 50GB, FILEGROWTH = 2GB)\n" +
			" LOG ON (NAME = c2_log, FILENAME = 'c2.ldf', SIZE = 100MB);", nil},
		// container filegroup added by ALTER DATABASE, then a container in
		// it (the filegroup's name in another case)
		{"CREATE DATABASE c3;\nALTER DATABASE c3 ADD FILEGROUP fs CONTAINS FILESTREAM;\n" +
			"ALTER DATABASE c3 ADD FILE (NAME = fs2, FILENAME = 'c3_fs2', SIZE = 50GB, FILEGROWTH = 2GB) TO FILEGROUP [FS];\n" +
			"ALTER DATABASE c3 ADD FILEGROUP mo CONTAINS MEMORY_OPTIMIZED_DATA;\n" +
			"ALTER DATABASE c3 ADD FILE (NAME = mo2, FILENAME = 'c3_mo2', SIZE = 50GB) TO FILEGROUP mo;", nil},
		// an ordinary filegroup still counts
		{"CREATE DATABASE c4;\nALTER DATABASE c4 ADD FILEGROUP fs CONTAINS FILESTREAM;\nALTER DATABASE c4 ADD FILEGROUP rows1;\n" +
			"ALTER DATABASE c4 ADD FILE (NAME = r1, FILENAME = 'c4_r1.ndf', SIZE = 50GB, FILEGROWTH = 2GB) TO FILEGROUP rows1;", []string{
			"SL201 allocates 50 GB of data file",
			"SL209 data file r1 grows by 2 GB",
		}},
		// once its container filegroup is removed, a filegroup of the same
		// name made anew for rows counts
		{"CREATE DATABASE c5;\nALTER DATABASE c5 ADD FILEGROUP g CONTAINS FILESTREAM;\nALTER DATABASE c5 REMOVE FILEGROUP g;\nALTER DATABASE c5 ADD FILEGROUP g;\n" +
			"ALTER DATABASE c5 ADD FILE (NAME = r1, FILENAME = 'c5_r1.ndf', SIZE = 50GB) TO FILEGROUP g;", []string{
			"SL201 allocates 50 GB of data file",
		}},
		// MODIFY FILE of a container: nothing zero-filled either
		{"CREATE DATABASE c6 ON PRIMARY (NAME = c6, FILENAME = 'c6.mdf'),\n" +
			" FILEGROUP fs CONTAINS FILESTREAM (NAME = fs1, FILENAME = 'c6_fs1')\n LOG ON (NAME = c6_log, FILENAME = 'c6.ldf');\n" +
			"ALTER DATABASE c6 MODIFY FILE (NAME = fs1, SIZE = 50GB, FILEGROWTH = 2GB);", nil},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL201" || f.Rule.ID == "SL209" {
				got = append(got, f.Rule.ID+" "+f.Message)
			}
		}
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %s\nwant %q", c.src, strings.Join(got, "\n     "), c.want)
		}
	}
}
