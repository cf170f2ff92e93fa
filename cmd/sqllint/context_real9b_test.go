package main

import (
	"path/filepath"
	"testing"
)

// A script named alone in a folder of Flyway callbacks beside the
// migrations (db/callbacks next to db/sql) is checked with the parent
// folder as context, as the walk of db runs it: its afterMigrate growth
// of a file the migrations made is 3 GB, under the budget. With only its
// own folder as context (a pre-commit hook names the changed script) it
// was charged the whole 8 GB (a false SL201) that a scan of db does not
// report.
func TestNamedCallbackReadsItsMigrations(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "db/callbacks/beforeMigrate.sql", "SELECT 1;\n")
	cb := writeFile(t, dir, "db/callbacks/afterMigrate__grow.sql", "ALTER DATABASE Shop MODIFY FILE (NAME = Shop_data, SIZE = 8GB);\n")
	writeFile(t, dir, "db/sql/V1__create.sql", "CREATE DATABASE Shop ON (NAME = Shop_data, FILENAME = 'x.mdf', SIZE = 5GB);\n")
	if r := scanJSON(t, 0, cb); len(r.Findings) != 0 {
		t.Errorf("named callback: findings %s, want none", rulesOf(r))
	}
	if r := scanJSON(t, 0, filepath.Join(dir, "db")); len(r.Findings) != 0 {
		t.Errorf("db: findings %s, want none", rulesOf(r))
	}
	// A folder of callbacks whose parent has scripts of its own is not
	// beside migrations: its own folder stays the context.
	writeFile(t, dir, "db/setup.sql", "SELECT 1;\n")
	if r := scanJSON(t, 0, "--fail-on", "never", cb); rulesOf(r) != "SL201@1" {
		t.Errorf("with db/setup.sql: findings %q, want SL201@1", rulesOf(r))
	}
}
