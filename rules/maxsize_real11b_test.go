package rules

import "testing"

// A MAXSIZE lasts: MODIFY FILE changes only what it names, so a
// FILEGROWTH set later on a file whose MAXSIZE an earlier statement gave
// still grows the file no further than that MAXSIZE (seen in real VLF and
// installer scripts that create the log capped, then change its growth).
// SL203 and SL209 estimate the room the earlier MAXSIZE leaves, as they
// do when the MAXSIZE comes with the growth; a MAXSIZE given again
// (UNLIMITED, or larger) replaces it.
func TestGrowthCutToEarlierMaxSize(t *testing.T) {
	cases := []struct {
		src  string
		want []string // the SL203/SL209 messages' beginnings, in order
	}{
		// 100 MB of room left by the CREATE's MAXSIZE: 0.9 s, under the budget
		{"CREATE DATABASE m2 ON (NAME = m2, FILENAME = 'm2.mdf', SIZE = 1GB, MAXSIZE = 1100MB) LOG ON (NAME = m2_log, FILENAME = 'm2.ldf', SIZE = 100MB, MAXSIZE = 200MB);\n" +
			"ALTER DATABASE m2 MODIFY FILE (NAME = m2_log, FILEGROWTH = 2GB);\nALTER DATABASE m2 MODIFY FILE (NAME = m2, FILEGROWTH = 2GB);", nil},
		// MAXSIZE set by a MODIFY FILE of its own, then the growth
		{"CREATE DATABASE m3 ON (NAME = m3, FILENAME = 'm3.mdf', SIZE = 1GB) LOG ON (NAME = m3_log, FILENAME = 'm3.ldf', SIZE = 1GB);\n" +
			"ALTER DATABASE m3 MODIFY FILE (NAME = m3_log, MAXSIZE = 1100MB);\nALTER DATABASE m3 MODIFY FILE (NAME = m3_log, FILEGROWTH = 2GB);", nil},
		// room over the budget: estimated at the room (a growth up to the
		// MAXSIZE itself: SQL Server refuses a larger one, error 5169)
		{"CREATE DATABASE m4 ON (NAME = m4, FILENAME = 'm4.mdf', SIZE = 1GB, MAXSIZE = 8GB) LOG ON (NAME = m4_log, FILENAME = 'm4.ldf', SIZE = 1GB, MAXSIZE = 8GB);\n" +
			"ALTER DATABASE m4 MODIFY FILE (NAME = m4_log, FILEGROWTH = 8GB);", []string{
			"log file m4_log grows by 8 GB, no more than the 7 GB its MAXSIZE leaves: each autogrowth zero-fills it while transactions wait, about 68 s",
		}},
		// a later MAXSIZE = UNLIMITED lifts the cap: the whole growth
		{"CREATE DATABASE m5 ON (NAME = m5, FILENAME = 'm5.mdf', SIZE = 1GB) LOG ON (NAME = m5_log, FILENAME = 'm5.ldf', SIZE = 100MB, MAXSIZE = 200MB);\n" +
			"ALTER DATABASE m5 MODIFY FILE (NAME = m5_log, MAXSIZE = UNLIMITED);\nALTER DATABASE m5 MODIFY FILE (NAME = m5_log, FILEGROWTH = 2GB);", []string{
			"log file m5_log grows by 2 GB: each",
		}},
		// the file grew up to its MAXSIZE: it never grows again
		{"CREATE DATABASE m6 ON (NAME = m6, FILENAME = 'm6.mdf', SIZE = 1GB) LOG ON (NAME = m6_log, FILENAME = 'm6.ldf', SIZE = 100MB, MAXSIZE = 2GB);\n" +
			"ALTER DATABASE m6 MODIFY FILE (NAME = m6_log, SIZE = 2GB);\nALTER DATABASE m6 MODIFY FILE (NAME = m6_log, FILEGROWTH = 1GB);", nil},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src+"\n", nil) {
			if f.Rule.ID == "SL203" || f.Rule.ID == "SL209" {
				got = append(got, f.Message)
			}
		}
		if !startsEach(got, c.want) {
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
