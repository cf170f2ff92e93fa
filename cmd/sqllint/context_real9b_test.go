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

// A script of a SQL project that the project's post-deployment script
// includes (:r .\PostDeployment\PostDeploy_0001.sql, a None item of the
// project) is checked, when named alone, where the wrapper includes it:
// with the variable the wrapper sets (:setvar) and its finding reported
// once, as in a scan of the project. With its own folder alone as context
// the wrapper was not read and $(Env) was reported undefined (SL002).
func TestNamedScriptOfAPostDeployment(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "Proj/Proj.sqlproj", `<Project Sdk="Microsoft.Build.Sql/0.1.12-preview"><ItemGroup>`+
		`<PostDeploy Include="Scripts\Script.PostDeployment.sql" /><None Include="Scripts\PostDeployment\PostDeploy_0001.sql" />`+
		`</ItemGroup></Project>`)
	writeFile(t, dir, "Proj/Scripts/Script.PostDeployment.sql", ":setvar Env \"prod\"\n:r .\\PostDeployment\\PostDeploy_0001.sql\n")
	inc := writeFile(t, dir, "Proj/Scripts/PostDeployment/PostDeploy_0001.sql", "PRINT 'env $(Env)'\nBACKUP DATABASE [$(DatabaseName)] TO DISK = 'NUL';\n")
	for _, path := range []string{inc, filepath.Join(dir, "Proj")} {
		r := scanJSON(t, 1, path)
		if rulesOf(r) != "SL304@2" || r.Findings[0].Path != inc {
			t.Errorf("%s: findings %s in %v, want SL304@2 in %s", path, rulesOf(r), r.Findings, inc)
		}
	}
}

// A script that a sqlcmd master script one folder up includes
// (install.sql: :setvar DB Shop, :r .\scripts\01_create.sql) is checked,
// named alone, where the master includes it: with the master's variables
// and the database the scripts before it made, as a scan of the folder
// checks it. With its own folder alone as context, $(DB) and $(DataPath)
// were reported undefined (false SL002).
func TestNamedScriptOfAMasterScript(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "proj/install.sql", ":setvar DB Shop\n:setvar DataPath \"D:\\data\\\"\n:r .\\scripts\\01_create.sql\n:r \"scripts\\02 files.sql\"\nGO\n")
	one := writeFile(t, dir, "proj/scripts/01_create.sql", "CREATE DATABASE [$(DB)] ON (NAME = d, FILENAME = '$(DataPath)d.mdf', SIZE = 5GB);\nGO\n")
	two := writeFile(t, dir, "proj/scripts/02 files.sql", "ALTER DATABASE [$(DB)] MODIFY FILE (NAME = d, SIZE = 8GB);\nGO\nCHECKPOINT 10\n")
	for path, want := range map[string]string{one: "", two: "SL302@3", filepath.Join(dir, "proj"): "SL302@3"} {
		if r := scanJSON(t, 0, "--fail-on", "never", path); rulesOf(r) != want {
			t.Errorf("%s: findings %q, want %q", path, rulesOf(r), want)
		}
	}
}
