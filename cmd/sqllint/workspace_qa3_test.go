package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A file outside the CI workspace named by a path relative to the
// current folder (a subfolder of the workspace, the action's
// working-directory) kept that path in the formats that name files from
// the workspace: SARIF gave it %SRCROOT% (the workspace) as its base, so
// "../../../out/x.sql" resolved to a file beside the workspace's parent,
// not the one scanned, and the github, gitlab and azure formats named it
// from the wrong folder too. Such a file is named by its absolute path,
// as one named by an absolute path already is.
func TestOutsideWorkspaceRelativePath(t *testing.T) {
	ws := t.TempDir()
	writeFile(t, ws, "db/migrations/V1.sql", "CHECKPOINT 10;\n")
	outside := writeFile(t, t.TempDir(), "x.sql", "CHECKPOINT 12;\n")
	cwd := filepath.Join(ws, "db", "migrations")
	t.Chdir(cwd)
	rel, err := filepath.Rel(cwd, outside)
	if err != nil || !strings.HasPrefix(rel, "..") {
		t.Fatalf("rel %q %v", rel, err)
	}
	abs := filepath.ToSlash(outside)
	vars := map[string]string{"GITHUB_WORKSPACE": ws, "CI_PROJECT_DIR": ws, "BUILD_SOURCESDIRECTORY": ws}
	for _, c := range []struct{ format, want string }{
		{"sarif", `"uri": "file://` + abs + `"`},
		{"github", "::warning file=" + abs + ",line=1,"},
		{"gitlab", `"path": "` + abs + `"`},
		{"azure", "sourcepath=" + abs + ";"},
	} {
		_, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--format", c.format, "V1.sql", rel)
		if !strings.Contains(out, c.want) || strings.Contains(out, filepath.ToSlash(rel)) {
			t.Errorf("%s: want %q, not %q, in\n%s\nstderr: %s", c.format, c.want, filepath.ToSlash(rel), out, errs)
		}
	}
}
