package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// An SSDT post-deployment script includes a file by a path made of a
// project variable (:r .\$(Environment)\Storage.sql): the project's build
// resolves the include with the value the project gives the variable
// (its DefaultValue, else a Value that names no MSBuild property), so
// sqllint does too. Before, the include was SL002 (the value "given at
// deployment") and the included file went unchecked with the script (a
// 20 GB file added in it was not reported when the post-deployment
// script was scanned alone). A variable with no value in the project
// keeps that SL002; -v still wins over the project's value.
func TestSQLProjectIncludeTakesTheDefaultValue(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "repo/.git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "repo/db/Db.sqlproj", `<?xml version="1.0" encoding="utf-8"?>
<Project DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003" ToolsVersion="4.0">
  <ItemGroup>
    <SqlCmdVariable Include="Environment">
      <DefaultValue>Dev</DefaultValue>
      <Value>$(SqlCmdVar__1)</Value>
    </SqlCmdVariable>
    <SqlCmdVariable Include="Seed">
      <Value>SeedData</Value>
    </SqlCmdVariable>
    <SqlCmdVariable Include="Later">
      <Value>$(SqlCmdVar__3)</Value>
    </SqlCmdVariable>
    <SqlCmdVariable Include="Empty" />
  </ItemGroup>
</Project>`)
	write(t, dir, "repo/db/Post.sql", "PRINT N'Post-deployment';\n:r .\\$(Environment)\\Storage.sql\n:r .\\$(Seed)\\Rows.sql\nGO\n"+
		":r .\\$(Later)\\x.sql\n:r .\\$(Empty)\\x.sql\nGO\n")
	write(t, dir, "repo/db/Dev/Storage.sql", "ALTER DATABASE [$(DatabaseName)] ADD FILE (NAME = a1, FILENAME = '$(DefaultDataPath)a1.ndf', SIZE = 20GB);\nGO\n")
	write(t, dir, "repo/db/Prod/Storage.sql", "ALTER DATABASE [$(DatabaseName)] ADD FILE (NAME = a1, FILENAME = '$(DefaultDataPath)a1.ndf', SIZE = 1GB);\nGO\n")
	write(t, dir, "repo/db/SeedData/Rows.sql", "CHECKPOINT 30;\n")
	summary := func(opt Options) string {
		rs, _ := runAll(t, opt)
		var got []string
		for _, f := range findings(rs) {
			what := f.Message
			if f.RuleID == "SL002" {
				what = what[:strings.IndexByte(what, ')')+1]
			} else {
				what = ""
			}
			got = append(got, strings.TrimSpace(f.RuleID+" "+f.Path+" "+what))
		}
		slices.Sort(got)
		return strings.Join(got, "\n")
	}
	want := strings.Join([]string{
		"SL002 repo/db/Post.sql the SQL project declares $(Empty)",
		"SL002 repo/db/Post.sql the SQL project declares $(Later)",
		"SL201 repo/db/Dev/Storage.sql",
		"SL302 repo/db/SeedData/Rows.sql",
	}, "\n")
	if got := summary(Options{Paths: []string{"repo/db/Post.sql"}}); got != want {
		t.Errorf("findings:\n%s\nwant:\n%s", got, want)
	}
	// given on the command line, the value is that one
	cfg := config.Default()
	cfg.Variables["Environment"] = "Prod"
	want = strings.Join([]string{
		"SL002 repo/db/Post.sql the SQL project declares $(Empty)",
		"SL002 repo/db/Post.sql the SQL project declares $(Later)",
		"SL302 repo/db/SeedData/Rows.sql",
	}, "\n")
	if got := summary(Options{Paths: []string{"repo/db/Post.sql"}, Config: cfg}); got != want {
		t.Errorf("with Environment=Prod, findings:\n%s\nwant:\n%s", got, want)
	}
}
