package main

import (
	"slices"
	"strings"
	"testing"
)

// TestStdinNamedFileReadsItsFolder: standard input given a
// --stdin-filename is checked as that file would be when named, its
// folder read as context (a hook checking the staged blob: git show
// :db/V2.sql | sqllint scan --stdin-filename db/V2.sql -), also for a
// new file not yet on disk; without --stdin-filename, or with
// --no-context, it is checked alone.
func TestStdinNamedFileReadsItsFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1.sql", "CREATE DATABASE Sales ON PRIMARY (NAME = Sales, FILENAME = 'D:\\s.mdf', SIZE = 1GB)\n"+
		"  LOG ON (NAME = Sales_log, FILENAME = 'L:\\s.ldf', SIZE = 1GB);\nGO\n")
	staged := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);\nGO\n"
	for _, name := range []string{"db/V2.sql", "db/V3_new.sql"} {
		writeFile(t, dir, "db/V2.sql", "SELECT 1;\n") // the working tree's copy differs from the staged one
		code, out, errs := runCmd(t, staged, nil, "scan", "--no-config", "--stdin-filename", name, "-")
		// V1's 1 GB log grows by 19 GB (alone: up to 20 GB, its earlier
		// size unknown)
		if want := []string{name + ":1 SL202"}; code != 1 || !slices.Equal(found(out), want) || !strings.Contains(out, "allocates 19 GB of log file") {
			t.Errorf("%s: exit %d, findings %v, want %v\n%s%s", name, code, found(out), want, out, errs)
		}
	}
	for _, args := range [][]string{
		{"scan", "--no-config", "-"},
		{"scan", "--no-config", "--no-context", "--stdin-filename", "db/V2.sql", "-"},
	} {
		code, out, errs := runCmd(t, staged, nil, args...)
		if code != 1 || len(found(out)) != 1 || !strings.Contains(out, "allocates up to 20 GB of log file") {
			t.Errorf("%v: exit %d, findings %v\n%s%s", args, code, found(out), out, errs)
		}
	}
}
