package rules

import "testing"

// DBCC SHRINKFILE (file, 0) shrinks the file as far as it can (target 0
// is the same as none: "reduces to the file creation size"), and
// TRUNCATEONLY ignores any target and releases the free space at the
// end: after either, the file's size is unknown, and a MODIFY FILE that
// grows it again allocates, and zero-fills, up to its new size. Real log
// cleanup scripts write DBCC SHRINKFILE (N'x_log', 0, TRUNCATEONLY); the
// model took target 0 as "no smaller than the file" and kept the old
// size (no SL202 for the regrowth), and took a target given with
// TRUNCATEONLY as the new size.
func TestShrinkTargetZeroAndTruncateOnly(t *testing.T) {
	create := "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 10GB) LOG ON (NAME = d1_log, FILENAME = 'L:\\d1.ldf', SIZE = 10GB);\nGO\n"
	grow := "GO\nALTER DATABASE D MODIFY FILE (NAME = d1, SIZE = 10GB);\nALTER DATABASE D MODIFY FILE (NAME = d1_log, SIZE = 10GB);\n"
	cases := []struct {
		name, shrink string
		want         []string // SL201/SL202 findings after the CREATE's: rule and the start of the message
	}{
		{"target 0", "USE D;\nDBCC SHRINKFILE (d1, 0);\nDBCC SHRINKFILE (N'd1_log', 0);\n",
			[]string{"SL201 allocates up to 10 GB", "SL202 allocates up to 10 GB"}},
		{"target 0 with truncateonly", "USE D;\nDBCC SHRINKFILE (N'd1_log' , 0, TRUNCATEONLY);\n",
			[]string{"SL202 allocates up to 10 GB"}},
		{"a target with truncateonly", "USE D;\nDBCC SHRINKFILE (d1, 1024, TRUNCATEONLY);\n",
			[]string{"SL201 allocates up to 10 GB"}},
		{"a target as before", "USE D;\nDBCC SHRINKFILE (d1, 1024);\n",
			[]string{"SL201 allocates up to 9 GB"}},
		{"a target over the size", "USE D;\nDBCC SHRINKFILE (d1, 20480);\n", nil},
	}
	for _, c := range cases {
		got := zeroingAfterLine1(t, create+c.shrink+grow)
		if !startsEach(got, c.want) {
			t.Errorf("%s: got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// Log cleanup scripts name the log by file id: DBCC SHRINKFILE (2, 1).
// File id 1 is always the primary data file and 2 the first log file, so
// when the database has one file of that kind the shrink is that file's
// (the model left every file id alone and kept the old size: no SL202
// for the regrowth). With two log files, or files whose names are not
// known, which file is not known.
func TestShrinkByFileID(t *testing.T) {
	create := "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 10GB) LOG ON (NAME = d1_log, FILENAME = 'L:\\d1.ldf', SIZE = 10GB);\nGO\n"
	twoLogs := "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 10GB) LOG ON (NAME = d1_log, FILENAME = 'L:\\d1.ldf', SIZE = 10GB), (NAME = d2_log, FILENAME = 'L:\\d2.ldf', SIZE = 1GB);\nGO\n"
	grow := "GO\nALTER DATABASE D MODIFY FILE (NAME = d1, SIZE = 10GB);\nALTER DATABASE D MODIFY FILE (NAME = d1_log, SIZE = 10GB);\n"
	cases := []struct {
		name, src string
		want      []string // SL201/SL202 findings after the CREATE's: rule and the start of the message
	}{
		{"log by id", create + "USE D;\nALTER DATABASE D SET RECOVERY SIMPLE;\nDBCC SHRINKFILE (2, 1);\nALTER DATABASE D SET RECOVERY FULL;\n" + grow,
			[]string{"SL202 allocates up to 10 GB"}},
		{"data by id", create + "USE D;\nDBCC SHRINKFILE (1, 1024);\n" + grow, []string{"SL201 allocates up to 9 GB"}},
		{"two log files", twoLogs + "USE D;\nDBCC SHRINKFILE (2, 1);\n" + grow, nil},
		{"another id", create + "USE D;\nDBCC SHRINKFILE (3, 1);\n" + grow, nil},
	}
	for _, c := range cases {
		got := zeroingAfterLine1(t, c.src)
		if !startsEach(got, c.want) {
			t.Errorf("%s: got %q\nwant %q", c.name, got, c.want)
		}
	}
}
