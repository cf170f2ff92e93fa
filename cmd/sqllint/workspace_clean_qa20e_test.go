package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestWorkspaceRootPathsAreClean: run in the CI workspace itself, a
// script named as db//mig/V1.sql or db/../db/mig/V1.sql is db/mig/V1.sql
// of the repository. The GitHub runner, code scanning, GitLab and Azure
// match the path a format gives with the repository's files as it is,
// so it must be that path (as a run from a subfolder, which cleans it,
// already gives), and a file outside the workspace is named by its
// absolute path, as from a subfolder.
func TestWorkspaceRootPathsAreClean(t *testing.T) {
	top := t.TempDir()
	ws := filepath.Join(top, "ws")
	writeFile(t, ws, "db/mig/V1.sql", "CHECKPOINT 30;\n")
	outside := writeFile(t, top, "outside.sql", "CHECKPOINT 30;\n")
	t.Chdir(ws)
	vars := map[string]string{"GITHUB_WORKSPACE": ws, "CI_PROJECT_DIR": ws, "BUILD_SOURCESDIRECTORY": ws}
	for _, p := range []string{"db//mig/V1.sql", "db/../db/mig/V1.sql", "db/./mig/V1.sql"} {
		for format, want := range map[string]string{
			"github": "file=db/mig/V1.sql,",
			"sarif":  `"uri": "db/mig/V1.sql"`,
			"gitlab": `"path": "db/mig/V1.sql"`,
			"azure":  "sourcepath=db/mig/V1.sql;",
		} {
			_, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--format", format, p)
			if !strings.Contains(out, want) {
				t.Errorf("%s of %s: want %s\n%s%s", format, p, want, out, errs)
			}
		}
	}
	_, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--format", "github", "../outside.sql")
	if !strings.Contains(out, "file="+filepath.ToSlash(outside)+",") {
		t.Errorf("a file outside the workspace: want its absolute path %s\n%s%s", outside, out, errs)
	}
}
