package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A script named from its own folder (cd db/sub; sqllint scan V2.sql)
// that a master script above includes was reported under the master's
// spelling of it from the current folder, ../../db/sub/V2.sql, not as
// named: in the text, json and sarif formats and in the fixes' summary.
func TestNamedScriptAMasterIncludesKeepsItsName(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "master.sql", ":setvar Size 99GB\n:r db/sub/V2.sql\n")
	writeFile(t, dir, "db/sub/V2.sql", "ALTER DATABASE S ADD FILE (NAME = N'T', FILENAME = N'D:\\T.ndf', SIZE = $(Size));\nGO\nCHECKPOINT 5;\n")
	t.Chdir(filepath.Join(dir, "db", "sub"))
	_, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "V2.sql")
	if got := strings.Join(found(out), ","); got != "V2.sql:1 SL201,V2.sql:3 SL302" {
		t.Errorf("text: %s\n%s%s", got, out, errs)
	}
	_, out, _ = runCmd(t, "", nil, "scan", "--no-config", "--format", "json", "V2.sql")
	if strings.Contains(out, "../") || strings.Count(out, `"file": "V2.sql"`) != 2 {
		t.Errorf("json:\n%s", out)
	}
	_, _, errs = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--fix", "V2.sql")
	if !strings.Contains(errs, "(SL302: 1): V2.sql;") {
		t.Errorf("--fix: %s", errs)
	}
}
