package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// Azure Pipelines takes a relative sourcepath as relative to the
// repository (Build.SourcesDirectory): run from a subfolder (a script
// step's workingDirectory), the azure format names files from there, its
// plain info lines too; outside Azure Pipelines, paths stay relative to
// the current folder.
func TestAzureIssuesFromWorkingDirectory(t *testing.T) {
	src := t.TempDir()
	writeFile(t, src, "db/migrations/V1.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales MODIFY FILE (NAME = Sales, FILEGROWTH = 1GB);\n")
	t.Chdir(filepath.Join(src, "db", "migrations"))
	vars := map[string]string{"BUILD_SOURCESDIRECTORY": src, "TF_BUILD": "True"}
	_, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--format", "azure", "V1.sql")
	if !strings.Contains(out, "##vso[task.logissue type=warning;sourcepath=db/migrations/V1.sql;linenumber=1;") ||
		!strings.Contains(out, "\ndb/migrations/V1.sql:3:") {
		t.Errorf("in Azure Pipelines:\n%s\nstderr: %s", out, errs)
	}
	_, out, _ = runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "azure", "V1.sql")
	if !strings.HasPrefix(out, "##vso[task.logissue type=warning;sourcepath=V1.sql;") {
		t.Errorf("outside Azure Pipelines:\n%s", out)
	}
}
