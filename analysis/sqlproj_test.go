package analysis

import (
	"slices"
	"strings"
	"testing"
)

// TestSQLProjectVariablesAreDeclared: a script of a SQL project uses the
// project's SQLCMD variables, and those every publish script defines,
// without defining them: they are not undefined (SL002), and a name made
// of one stays unresolved. A variable the project does not declare is
// still reported, and so is one in a folder of no project, or above the
// repository the project is in.
func TestSQLProjectVariablesAreDeclared(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "outer.sqlproj", `<Project><ItemGroup><SqlCmdVariable Include="Outer" /></ItemGroup></Project>`)
	write(t, dir, "repo/.git/HEAD", "ref: refs/heads/main\n")
	write(t, dir, "repo/db/Db.sqlproj", `<?xml version="1.0" encoding="utf-8"?>
<Project DefaultTargets="Build" xmlns="http://schemas.microsoft.com/developer/msbuild/2003" ToolsVersion="4.0">
  <ItemGroup>
    <SqlCmdVariable Include="Environment">
      <DefaultValue>Dev</DefaultValue>
      <Value>$(SqlCmdVar__1)</Value>
    </SqlCmdVariable>
  </ItemGroup>
</Project>`)
	write(t, dir, "repo/db/Storage/FG.sql", "ALTER DATABASE [$(DatabaseName)] ADD FILEGROUP [Archive];\nGO\n"+
		"ALTER DATABASE [$(DatabaseName)] ADD FILE (NAME = a1, FILENAME = '$(DefaultDataPath)$(DefaultFilePrefix)_a1.ndf', SIZE = 20GB) TO FILEGROUP [Archive];\nGO\n")
	write(t, dir, "repo/db/Post.sql", "IF '$(Environment)' = 'Dev' PRINT '$(environment)';\nPRINT '$(Undeclared)';\nPRINT '$(Outer)';\n")
	write(t, dir, "repo/other/x.sql", "PRINT '$(Environment)';\n")
	rs, _ := runAll(t, Options{Paths: []string{"repo"}})
	var got []string
	for _, f := range findings(rs) {
		if f.RuleID == "SL002" {
			got = append(got, f.Path+": "+f.Message[:strings.IndexByte(f.Message, ')')+1])
		}
	}
	want := []string{
		"repo/db/Post.sql: sqlcmd variable $(Undeclared)",
		"repo/db/Post.sql: sqlcmd variable $(Outer)",
		"repo/other/x.sql: sqlcmd variable $(Environment)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("SL002 findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// the storage file's size is still checked, in the project's database
	var sizes []string
	for _, f := range findings(rs) {
		if f.RuleID == "SL201" {
			sizes = append(sizes, f.Path)
		}
	}
	if !slices.Equal(sizes, []string{"repo/db/Storage/FG.sql"}) {
		t.Errorf("SL201 in %v, want the storage file's 20 GB", sizes)
	}
}
