package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestStdinNewScriptInEmptyFolderReadsFlywayLocation: standard input
// named after the first script of a new folder of a Flyway location
// (git show :db/tables/V2__grow.sql | sqllint scan --stdin-filename
// db/tables/V2__grow.sql -, the file not on disk) has the context that
// script has once on disk: the location db, whose V1 sets the log's
// size. It was checked with its empty folder alone: the growth over
// V1's size was taken for the whole new size.
func TestStdinNewScriptInEmptyFolderReadsFlywayLocation(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1__create.sql", "CREATE DATABASE Sales ON PRIMARY (NAME = Sales, FILENAME = 'D:\\s.mdf', SIZE = 1GB)\n"+
		"  LOG ON (NAME = Sales_log, FILENAME = 'L:\\s.ldf', SIZE = 1GB);\nGO\n")
	if err := os.MkdirAll(filepath.Join(dir, "db", "tables"), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_log, SIZE = 20GB);\nGO\n"
	name := "db/tables/V2__grow.sql"
	code, out, errs := runCmd(t, script, nil, "scan", "--no-config", "--stdin-filename", name, "-")
	if want := []string{name + ":1 SL202"}; code != 1 || !slices.Equal(found(out), want) || !strings.Contains(out, "allocates 19 GB of log file") {
		t.Errorf("new script: exit %d, findings %v, want %v and 19 GB\n%s%s", code, found(out), want, out, errs)
	}
	// the same script on disk, named: the same finding
	writeFile(t, dir, name, script)
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", name)
	if code != 1 || !strings.Contains(out, "allocates 19 GB of log file") {
		t.Errorf("on disk: exit %d\n%s%s", code, out, errs)
	}
}
