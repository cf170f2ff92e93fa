package main

import (
	"strings"
	"testing"
)

// A pre-commit hook names a script of a Flyway location's subfolder
// (db/tables/V2__grow.sql); the scan of db runs it after db/V1__create.sql,
// which gave the file its size, so growing it from 10 to 12 GB is no
// finding. Named alone, its context was db/tables only: the growth read
// as a new allocation of up to 12 GB (SL201), a finding the scan of the
// folder does not have.
func TestHookFileInFlywaySubfolder(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1__create.sql", "CREATE DATABASE S ON PRIMARY (NAME = N'S', FILENAME = N'D:\\S.mdf', SIZE = 10GB)\n"+
		"LOG ON (NAME = N'S_log', FILENAME = N'L:\\S.ldf', SIZE = 1GB);\nGO\n")
	writeFile(t, dir, "db/tables/V2__grow.sql", "ALTER DATABASE S MODIFY FILE (NAME = N'S', SIZE = 12GB);\nGO\n")
	git("add", ".")
	git("commit", "-qm", "scripts")
	_, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "db")
	if got := strings.Join(found(out), ","); got != "db/V1__create.sql:1 SL201" {
		t.Fatalf("scan of db: %s\n%s%s", got, out, errs)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "db/tables/V2__grow.sql")
	if code != 0 || len(found(out)) != 0 {
		t.Errorf("the subfolder's script named alone: exit %d %v\n%s%s", code, found(out), out, errs)
	}
}
