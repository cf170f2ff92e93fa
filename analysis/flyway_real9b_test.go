package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A Flyway migrations folder with SQL callbacks beside its scripts (as
// real ones have: beforeMigrate__AddAnyNecessaryStubs.sql,
// afterMigrate__TidyUpTemporaryObjects.sql) runs as Flyway runs it:
// before-migrate callbacks, versioned scripts, repeatable ones, then
// after-migrate callbacks; a clean callback and the undo scripts last.
// The callbacks' names are not V/R/U names, so the folder was taken in
// natural order: afterMigrate first of all, R__ and U scripts before the
// versioned ones. Here afterMigrate grows a file the V1 script made (5 GB
// to 8 GB: 3 GB of zeroing, under the budget); run first, it saw no file
// and was charged the whole 8 GB (a false SL201).
func TestFlywayCallbacksRunWhereFlywayRunsThem(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/V1__create.sql", "CREATE DATABASE Shop ON (NAME = Shop_data, FILENAME = 'x.mdf', SIZE = 5GB);\n")
	write(t, dir, "m/afterMigrate__grow.sql", "ALTER DATABASE Shop MODIFY FILE (NAME = Shop_data, SIZE = 8GB);\n")
	write(t, dir, "m/beforeMigrate.sql", "SELECT 1;\n")
	write(t, dir, "m/R__views.sql", "SELECT 1;\n")
	write(t, dir, "m/U1__drop.sql", "DROP DATABASE Shop;\n")
	write(t, dir, "m/afterClean.sql", "SELECT 1;\n")
	want := "m/beforeMigrate.sql m/V1__create.sql m/R__views.sql m/afterMigrate__grow.sql m/U1__drop.sql m/afterClean.sql"
	rs, _ := runAll(t, Options{Paths: []string{"m"}})
	if got := paths(rs); got != want {
		t.Errorf("order %s\nwant  %s", got, want)
	}
	if fs := findings(rs); len(fs) != 0 {
		t.Errorf("findings %+v, want none (3 GB of growth)", fs)
	}
	// The same from the parent folder, and with a named file and its
	// folder as context.
	rs, _ = runAll(t, Options{Paths: []string{"."}})
	if got := paths(rs); got != want {
		t.Errorf("from the parent: order %s\nwant  %s", got, want)
	}
	rs, _ = runAll(t, Options{Paths: []string{"m/afterMigrate__grow.sql", "m/V1__create.sql"}, Context: []string{"m"}})
	if got := paths(rs); got != "m/V1__create.sql m/afterMigrate__grow.sql" {
		t.Errorf("named files: order %s", got)
	}
	if fs := findings(rs); len(fs) != 0 {
		t.Errorf("named files: findings %+v, want none", fs)
	}
}

// Callbacks in a subfolder of a Flyway tree belong to its one location
// (Flyway scans a location recursively); two callbacks of one name in
// it Flyway refuses, and each folder then runs on its own.
func TestFlywayCallbacksInALocation(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "m/callbacks/beforeMigrate.sql", "SELECT 1;\n")
	write(t, dir, "m/sub/V2__b.sql", "SELECT 1;\n")
	rs, _ := runAll(t, Options{Paths: []string{"m"}})
	if got := paths(rs); got != "m/callbacks/beforeMigrate.sql m/V1__a.sql m/sub/V2__b.sql" {
		t.Errorf("order %s", got)
	}
	write(t, dir, "m/sub/beforeMigrate.sql", "SELECT 1;\n")
	rs, _ = runAll(t, Options{Paths: []string{"m"}})
	if got := paths(rs); got != "m/V1__a.sql m/callbacks/beforeMigrate.sql m/sub/beforeMigrate.sql m/sub/V2__b.sql" {
		t.Errorf("two beforeMigrate.sql: order %s", got)
	}
}

// Flyway's callbacks often sit in a folder of their own beside the
// migrations (callbackLocations = ["filesystem:callbacks"], as Flyway's
// tutorial sets them; a real platform repository has callbacks/ beside
// sql/). A folder without scripts of its own whose subfolder holds only
// callbacks is one Flyway location with its other subfolders: the
// before-migrate callbacks run first, the after-migrate ones last. Taken
// folder by folder, afterMigrate.sql ran before every migration (a false
// SL201 here, as in TestFlywayCallbacksRunWhereFlywayRunsThem).
func TestFlywayCallbackFolderBesideMigrations(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "db/callbacks/beforeMigrate.sql", "SELECT 1;\n")
	write(t, dir, "db/callbacks/afterMigrate__grow.sql", "ALTER DATABASE Shop MODIFY FILE (NAME = Shop_data, SIZE = 8GB);\n")
	write(t, dir, "db/sql/V1__create.sql", "CREATE DATABASE Shop ON (NAME = Shop_data, FILENAME = 'x.mdf', SIZE = 5GB);\n")
	write(t, dir, "db/sql/V2__more.sql", "SELECT 1;\n")
	want := "db/callbacks/beforeMigrate.sql db/sql/V1__create.sql db/sql/V2__more.sql db/callbacks/afterMigrate__grow.sql"
	for _, opt := range []Options{
		{Paths: []string{"db"}},
		{Paths: []string{"."}},
		{Paths: []string{"db/callbacks/afterMigrate__grow.sql", "db/sql/V1__create.sql"}, Context: []string{"db"}},
	} {
		rs, _ := runAll(t, opt)
		got := paths(rs)
		if len(opt.Context) > 0 {
			want := "db/sql/V1__create.sql db/callbacks/afterMigrate__grow.sql"
			if got != want {
				t.Errorf("%v: order %s\nwant  %s", opt.Paths, got, want)
			}
		} else if got != want {
			t.Errorf("%v: order %s\nwant  %s", opt.Paths, got, want)
		}
		if fs := findings(rs); len(fs) != 0 {
			t.Errorf("%v: findings %+v, want none (3 GB of growth)", opt.Paths, fs)
		}
	}
	// Without a folder of callbacks only, sibling folders stay apart
	// (two projects side by side), as before.
	write(t, dir, "p/a/V2__a.sql", "SELECT 1;\n")
	write(t, dir, "p/b/V1__b.sql", "SELECT 1;\n")
	write(t, dir, "p/b/afterMigrate.sql", "SELECT 1;\n")
	rs, _ := runAll(t, Options{Paths: []string{"p"}})
	if got := paths(rs); got != "p/a/V2__a.sql p/b/V1__b.sql p/b/afterMigrate.sql" {
		t.Errorf("p: order %s", got)
	}
	// A script of another name beside them keeps the walk folder by folder.
	write(t, dir, "db/sql/notes.sql", "SELECT 1;\n")
	rs, _ = runAll(t, Options{Paths: []string{"db"}})
	if got := paths(rs); got != "db/callbacks/afterMigrate__grow.sql db/callbacks/beforeMigrate.sql db/sql/notes.sql db/sql/V1__create.sql db/sql/V2__more.sql" {
		t.Errorf("with notes.sql: order %s", got)
	}
}

// ContextFolder widens a named callback's context to the parent folder
// only for a folder of callbacks alone beside a parent without scripts.
func TestContextFolder(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "db/callbacks/afterMigrate.sql", "SELECT 1;\n")
	write(t, dir, "db/sql/V1__a.sql", "SELECT 1;\n")
	write(t, dir, "x/callbacks/afterMigrate.sql", "SELECT 1;\n")
	write(t, dir, "x/callbacks/notes.sql", "SELECT 1;\n")
	write(t, dir, "y/top.sql", "SELECT 1;\n")
	write(t, dir, "y/callbacks/beforeMigrate.sql", "SELECT 1;\n")
	for in, want := range map[string]string{
		"db/callbacks": "db",
		"db/sql":       "db/sql",
		"x/callbacks":  "x/callbacks", // a script of another name
		"y/callbacks":  "y/callbacks", // the parent has a script of its own
		"missing":      "missing",
	} {
		if got := ContextFolder(filepath.Join(dir, in)); got != filepath.Join(dir, want) {
			t.Errorf("ContextFolder(%s) = %s, want %s", in, got, filepath.Join(dir, want))
		}
	}
}

// DeployScripts finds the PreDeploy and PostDeploy items of the projects
// of a folder and of the folders above it (backslashes as SSDT writes
// them), up to the repository's top, and only files that exist.
func TestDeployScripts(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "repo/.git/HEAD", "ref: x\n")
	write(t, dir, "repo/above.sqlproj", `<Project><ItemGroup><PostDeploy Include="top.sql" /></ItemGroup></Project>`)
	write(t, dir, "repo/top.sql", "SELECT 1;\n")
	write(t, dir, "repo/P/P.sqlproj", `<Project xmlns="http://schemas.microsoft.com/developer/msbuild/2003"><ItemGroup>`+
		`<PreDeploy Include="Scripts\Pre.sql" /><PostDeploy Include="Scripts\Post.sql" /><PostDeploy Include="Scripts\Missing.sql" />`+
		`<None Include="Scripts\Data\x.sql" /></ItemGroup></Project>`)
	write(t, dir, "repo/P/Scripts/Pre.sql", "SELECT 1;\n")
	write(t, dir, "repo/P/Scripts/Post.sql", "SELECT 1;\n")
	write(t, dir, "repo/P/Scripts/Data/x.sql", "SELECT 1;\n")
	write(t, dir, "beyond.sqlproj", `<Project><ItemGroup><PostDeploy Include="b.sql" /></ItemGroup></Project>`)
	write(t, dir, "b.sql", "SELECT 1;\n")
	got := DeployScripts(filepath.Join(dir, "repo/P/Scripts/Data"))
	want := []string{filepath.Join(dir, "repo/P/Scripts/Pre.sql"), filepath.Join(dir, "repo/P/Scripts/Post.sql"), filepath.Join(dir, "repo/top.sql")}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("DeployScripts = %v\nwant %v", got, want)
	}
	chdir(t, filepath.Join(dir, "repo"))
	if got := DeployScripts(filepath.FromSlash("P/Scripts")); strings.Join(got, " ") != filepath.FromSlash("P/Scripts/Pre.sql P/Scripts/Post.sql top.sql") {
		t.Errorf("relative: %v", got)
	}
}

// IncludersAbove finds the scripts above a script's folder whose :r
// lines name it (relative or quoted, backslashes as on Windows), not
// those that include other files or name it through a variable.
func TestIncludersAbove(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "r/.git/HEAD", "ref: x\n")
	write(t, dir, "r/p/install.sql", ":setvar X 1\n  :R .\\s\\t\\a.sql -- the tables\nGO\n")
	write(t, dir, "r/p/quoted.sql", ":r \"s\\t\\a.sql\"\r\n")
	write(t, dir, "r/p/other.sql", ":r .\\s\\t\\b.sql\n")
	write(t, dir, "r/p/byvar.sql", ":r $(Root)\\s\\t\\a.sql\n")
	write(t, dir, "r/p/s/mid.sql", ":r t/a.sql\n")
	write(t, dir, "r/top.sql", ":r p/s/t/a.sql\n")
	write(t, dir, "above.sql", ":r r/p/s/t/a.sql\n") // beyond the repository's top
	a := write(t, dir, "r/p/s/t/a.sql", "SELECT 1;\n")
	got := strings.Join(IncludersAbove(a), " ")
	want := strings.Join([]string{filepath.Join(dir, "r/p/s/mid.sql"), filepath.Join(dir, "r/p/install.sql"), filepath.Join(dir, "r/p/quoted.sql"), filepath.Join(dir, "r/top.sql")}, " ")
	if got != want {
		t.Errorf("IncludersAbove = %s\nwant %s", got, want)
	}
	from := filepath.Join(dir, "m.sql")
	for line, want := range map[string]string{":r x.sql": "x.sql", "\t:R\t\"a b.sql\"": "a b.sql", "\t:R\t\"a b.sql\" x": "a b.sql x", ":r My Scripts/x.sql -- c\r": "My Scripts/x.sql",
		":reset": "", ":r": "", ":r $(a).sql": "", "r x.sql": ""} {
		got, ok := parser.IncludeTarget(from, line)
		if want != "" {
			want = filepath.Join(dir, want) // relative to the including script
		}
		if got != want || ok != (want != "") {
			t.Errorf("IncludeTarget(%q) = %q, %v, want %q", line, got, ok, want)
		}
	}
}

// A project file may come from a pull request: DeployScripts takes no
// path that leaves the project's folder, no link and no file of another
// extension.
func TestDeployScriptsStayInTheProject(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "secret.sql", "SELECT 1;\n")
	write(t, dir, "P/x.txt", "x\n")
	write(t, dir, "P/ok.sql", "SELECT 1;\n")
	if err := os.Symlink(filepath.Join(dir, "secret.sql"), filepath.Join(dir, "P", "link.sql")); err != nil {
		t.Skip(err)
	}
	write(t, dir, "P/P.sqlproj", `<Project><ItemGroup><PostDeploy Include="..\secret.sql" /><PostDeploy Include="`+
		filepath.Join(dir, "secret.sql")+`" /><PostDeploy Include="link.sql" /><PostDeploy Include="x.txt" /><PreDeploy Include="ok.sql" /></ItemGroup></Project>`)
	if got := DeployScripts(filepath.Join(dir, "P")); len(got) != 1 || got[0] != filepath.Join(dir, "P", "ok.sql") {
		t.Errorf("DeployScripts = %v, want only P/ok.sql", got)
	}
}
