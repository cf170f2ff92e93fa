package analysis

import (
	"path/filepath"
	"strings"
	"testing"
)

// Outside a repository the SQL projects a script belongs to were looked
// for up to the file system's root, the system's temporary folder
// included, where any user may leave a .sqlproj: its pre-deployment
// script became the context of every script named below it (here it
// gave the file V2 grows a size, hiding V2's SL201), and the variables
// it declared were no longer SL002. No project is looked for above in a
// folder that holds no one project (NoProjectFolder).
func TestNoSQLProjectFromTheTemporaryFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	write(t, tmp, "planted.sqlproj", `<Project><ItemGroup><PreDeploy Include="a_pre.sql" />`+
		`<SqlCmdVariable Include="Size"><DefaultValue>1GB</DefaultValue></SqlCmdVariable></ItemGroup></Project>`)
	write(t, tmp, "a_pre.sql", "CREATE DATABASE S ON PRIMARY (NAME = N'S', FILENAME = N'D:\\S.mdf', SIZE = 11GB);\nGO\n")
	dir := filepath.Join(tmp, "proj", "db")
	write(t, tmp, "proj/db/V2.sql", "ALTER DATABASE S MODIFY FILE (NAME = N'S', SIZE = 12GB);\nGO\nSELECT '$(Size)';\n")
	if got := DeployScripts(dir); len(got) != 0 {
		t.Errorf("DeployScripts = %v, want none", got)
	}
	rs, _ := runAll(t, Options{Paths: []string{filepath.Join(dir, "V2.sql")}})
	var got []string
	for _, f := range findings(rs) {
		got = append(got, f.RuleID)
	}
	if strings.Join(got, " ") != "SL201 SL002" {
		t.Errorf("findings %v, want SL201 and SL002", got)
	}
}
