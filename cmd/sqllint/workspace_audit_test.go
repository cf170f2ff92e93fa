package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// In GitHub Actions the runner places an annotation's file relative to
// the workspace: run from a subfolder (the action's working-directory),
// the github format names files from the workspace; the other formats
// and paths outside the workspace are unchanged.
func TestGitHubAnnotationsFromWorkingDirectory(t *testing.T) {
	ws := t.TempDir()
	writeFile(t, ws, "db/migrations/V1.sql", "CHECKPOINT 10;\n")
	writeFile(t, ws, "db/other.sql", "CHECKPOINT 11;\n")
	outside := writeFile(t, t.TempDir(), "x.sql", "CHECKPOINT 12;\n")
	t.Chdir(filepath.Join(ws, "db", "migrations"))
	vars := map[string]string{"GITHUB_WORKSPACE": ws, "GITHUB_ACTIONS": "true"}
	_, out, errs := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--format", "github", "V1.sql", "../other.sql", outside)
	for _, want := range []string{
		"::warning file=db/migrations/V1.sql,line=1,",
		"::warning file=db/other.sql,line=1,",
		"::warning file=" + filepath.ToSlash(outside) + ",line=1,",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s\nstderr: %s", want, out, errs)
		}
	}
	_, text, _ := runCmd(t, "", vars, "scan", "--no-config", "--fail-on", "never", "--no-source", "V1.sql")
	if !strings.HasPrefix(text, "V1.sql:1:1:") {
		t.Errorf("text format: %s", text)
	}
	_, out, _ = runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "github", "V1.sql")
	if !strings.HasPrefix(out, "::warning file=V1.sql,") {
		t.Errorf("outside GitHub Actions: %s", out)
	}
}

// SARIF (GitHub code scanning) and GitLab code quality name files from
// the repository too: %SRCROOT% is the workspace.
func TestSarifAndGitLabFromWorkingDirectory(t *testing.T) {
	ws := t.TempDir()
	writeFile(t, ws, "db/migrations/V1.sql", "CHECKPOINT 10;\n")
	t.Chdir(filepath.Join(ws, "db", "migrations"))
	_, out, errs := runCmd(t, "", map[string]string{"GITHUB_WORKSPACE": ws}, "scan", "--no-config", "--fail-on", "never", "--format", "sarif", "V1.sql")
	if !strings.Contains(out, `"uri": "db/migrations/V1.sql"`) || !strings.Contains(out, `"uri": "file://`+filepath.ToSlash(ws)+`/"`) {
		t.Errorf("sarif:\n%s\nstderr: %s", out, errs)
	}
	_, out, errs = runCmd(t, "", map[string]string{"CI_PROJECT_DIR": ws}, "scan", "--no-config", "--fail-on", "never", "--format", "gitlab", "V1.sql")
	if !strings.Contains(out, `"path": "db/migrations/V1.sql"`) {
		t.Errorf("gitlab:\n%s\nstderr: %s", out, errs)
	}
	_, out, _ = runCmd(t, "", nil, "scan", "--no-config", "--fail-on", "never", "--format", "gitlab", "V1.sql")
	if !strings.Contains(out, `"path": "V1.sql"`) {
		t.Errorf("gitlab outside CI:\n%s", out)
	}
}
