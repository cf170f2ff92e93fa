package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestActionArgsOnSeveralLines: the action's args input is split on
// white space, and a YAML block (args: |) puts its arguments on several
// lines; bash's read took the first line only, so
// "--fail-on never\n--baseline ci/b.json" silently lost the baseline.
func TestActionArgsOnSeveralLines(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script := actionStep(t, "scan")
	tools := t.TempDir()
	gopath := filepath.Join(tools, "gopath")
	argsFile := filepath.Join(tools, "args")
	// sqllint and go stand-ins: sqllint records its arguments
	writeFile(t, gopath, "bin/sqllint", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '"+argsFile+"'\n")
	writeFile(t, tools, "bin/go", "#!/bin/sh\nif [ \"$1 $2\" = \"env GOPATH\" ]; then echo '"+gopath+"'; exit 0; fi\nexit 3\n")
	for _, p := range []string{filepath.Join(gopath, "bin/sqllint"), filepath.Join(tools, "bin/go")} {
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	out := writeFile(t, t.TempDir(), "github_output", "")
	cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + filepath.Join(tools, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + dir, "RUNNER_TEMP=" + t.TempDir(), "GITHUB_OUTPUT=" + out,
		"SQLLINT_PATHS=db", "SQLLINT_FAIL_ON=", "SQLLINT_ONLY_NEW=false", "SQLLINT_BASE=",
		"SQLLINT_ARGS=--fail-on never\n--baseline  ci/b.json\r\n\n--exclude *.bak.sql\n"}
	if text, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scan step: %v\n%s", err, text)
	}
	data, err := os.ReadFile(argsFile)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	i := slices.Index(got, "--fail-on")
	if i < 0 || !slices.Equal(got[i:], []string{"--fail-on", "never", "--baseline", "ci/b.json", "--exclude", "*.bak.sql", "--", "db"}) {
		t.Errorf("sqllint got %q", got)
	}
}
