package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestActionOnlyNewIssuesUploadsEveryFinding: with only-new-issues, the
// action's SARIF held only the pull request's new findings, and code
// scanning, which compares a pull request's analysis with the base
// branch's, would count every older alert as fixed by the pull request.
// The SARIF now holds every finding; the annotations and the exit status
// are still the new findings'.
func TestActionOnlyNewIssuesUploadsEveryFinding(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script := actionStep(t, "scan")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tools := t.TempDir()
	gopath := filepath.Join(tools, "gopath")
	writeFile(t, gopath, "bin/sqllint", "#!/bin/sh\nSQLLINT_TEST_AS_MAIN=1 exec '"+self+"' \"$@\"\n")
	writeFile(t, tools, "bin/go", "#!/bin/sh\nif [ \"$1 $2\" = \"env GOPATH\" ]; then echo '"+gopath+"'; exit 0; fi\nexit 3\n")
	for _, p := range []string{filepath.Join(gopath, "bin/sqllint"), filepath.Join(tools, "bin/go")} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1__old.sql", "CHECKPOINT 10;\n")
	git("add", ".")
	git("commit", "-qm", "base")
	base := git("rev-parse", "HEAD")
	writeFile(t, dir, "db/V2__new.sql", "BACKUP LOG Sales TO DISK = 'NUL';\n")
	git("add", ".")
	git("commit", "-qm", "pull request")

	run := func(onlyNew, failOn string) (int, string, string) {
		t.Helper()
		out := writeFile(t, t.TempDir(), "github_output", "")
		runnerTemp := t.TempDir()
		cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + filepath.Join(tools, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
			"HOME=" + dir, "RUNNER_TEMP=" + runnerTemp, "GITHUB_OUTPUT=" + out,
			"SQLLINT_PATHS=db", "SQLLINT_FAIL_ON=" + failOn, "SQLLINT_ARGS=--no-config", "SQLLINT_ONLY_NEW=" + onlyNew, "SQLLINT_BASE=" + base}
		text, err := cmd.CombinedOutput()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		outputs, _ := os.ReadFile(out)
		sarif := ""
		if strings.Contains(string(outputs), "sarif=") {
			data, err := os.ReadFile(filepath.Join(runnerTemp, "sqllint.sarif"))
			if err != nil {
				t.Fatal(err)
			}
			sarif = string(data)
		}
		return code, string(text), sarif
	}

	code, out, sarif := run("true", "")
	if code != 1 || !strings.Contains(out, "::error file=db/V2__new.sql,line=1") || strings.Contains(out, "V1__old.sql") {
		t.Errorf("only new issues: exit %d, annotations:\n%s", code, out)
	}
	if !strings.Contains(sarif, `"uri": "db/V1__old.sql"`) || !strings.Contains(sarif, `"uri": "db/V2__new.sql"`) {
		t.Errorf("the SARIF must hold the old finding and the new one:\n%.2000s", sarif)
	}
	// the fail-on input still decides from the new findings alone: the
	// old warning does not fail, the new error does
	if code, out, _ := run("true", "error"); code != 1 {
		t.Errorf("fail-on error: exit %d\n%s", code, out)
	}
	// without only-new-issues: one run, everything annotated
	code, out, sarif = run("false", "")
	if code != 1 || !strings.Contains(out, "V1__old.sql") || !strings.Contains(sarif, `"uri": "db/V1__old.sql"`) {
		t.Errorf("all issues: exit %d\n%s", code, out)
	}
}
