package lsp

import (
	"context"
	"path/filepath"
	"testing"
)

// An open Flyway callback in a folder of callbacks beside the migrations
// is checked after them, as sqllint scan of the parent folder runs it:
// afterMigrate grows a file V1 made by 3 GB, under the budget (with its
// own folder alone as context it was charged 8 GB, a false SL201).
func TestPipelineCallbackFolder(t *testing.T) {
	dir := t.TempDir()
	cb := filepath.Join(dir, "db", "callbacks", "afterMigrate.sql")
	writeAll(t, cb, "ALTER DATABASE Shop MODIFY FILE (NAME = Shop_data, SIZE = 8GB);\n")
	writeAll(t, filepath.Join(dir, "db", "sql", "V1__create.sql"), "CREATE DATABASE Shop ON (NAME = Shop_data, FILENAME = 'x.mdf', SIZE = 5GB);\n")
	fs, err := Pipeline{}.Analyze(context.Background(), cb, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 0 {
		t.Errorf("findings %+v, want none", fs)
	}
}

// An open script that a project's post-deployment script includes is
// checked with the wrapper's variables (no SL002 for $(Env)).
func TestPipelinePostDeploymentInclude(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, filepath.Join(dir, "Proj", "Proj.sqlproj"), `<Project><ItemGroup><PostDeploy Include="Scripts\Script.PostDeployment.sql" /></ItemGroup></Project>`)
	writeAll(t, filepath.Join(dir, "Proj", "Scripts", "Script.PostDeployment.sql"), ":setvar Env \"prod\"\n:r .\\PostDeployment\\PostDeploy_0001.sql\n")
	inc := filepath.Join(dir, "Proj", "Scripts", "PostDeployment", "PostDeploy_0001.sql")
	writeAll(t, inc, "PRINT 'env $(Env)'\nBACKUP DATABASE [$(DatabaseName)] TO DISK = 'NUL';\n")
	fs, err := Pipeline{}.Analyze(context.Background(), inc, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].RuleID != "SL304" {
		t.Errorf("findings %+v, want one SL304", fs)
	}
}

// An open script that a master script above it includes is checked with
// the master's variables.
func TestPipelineMasterScriptInclude(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, filepath.Join(dir, "proj", "install.sql"), ":setvar DB Shop\n:r .\\scripts\\01_create.sql\n")
	one := filepath.Join(dir, "proj", "scripts", "01_create.sql")
	writeAll(t, one, "CREATE DATABASE [$(DB)];\nGO\nCHECKPOINT 10\n")
	fs, err := Pipeline{}.Analyze(context.Background(), one, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].RuleID != "SL302" {
		t.Errorf("findings %+v, want one SL302", fs)
	}
}
