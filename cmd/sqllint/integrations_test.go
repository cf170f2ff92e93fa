package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestPreCommitHook runs the hook's entry the way pre-commit does: the
// entry's words, then the staged file names.
func TestPreCommitHook(t *testing.T) {
	data, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID       string `yaml:"id"`
		Language string `yaml:"language"`
		Entry    string `yaml:"entry"`
		Files    string `yaml:"files"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	if len(hooks) != 1 || hooks[0].ID != "sqllint" || hooks[0].Language != "golang" {
		t.Fatalf("hooks: %+v", hooks)
	}
	files := regexp.MustCompile(hooks[0].Files)
	if !files.MatchString("db/V1__init.sql") || files.MatchString("README.md") {
		t.Errorf("files pattern %q", hooks[0].Files)
	}
	words := strings.Fields(hooks[0].Entry)
	if words[0] != "sqllint" {
		t.Fatalf("entry %q", hooks[0].Entry)
	}
	dir := t.TempDir()
	bad := writeFile(t, dir, "V1__a.sql", "CHECKPOINT 10;\n")
	good := writeFile(t, dir, "V2__b.sql", "CHECKPOINT;\n")
	if code, out, _ := runCmd(t, "", nil, append(words[1:], good)...); code != 0 {
		t.Errorf("clean staged file: exit %d\n%s", code, out)
	}
	if code, out, _ := runCmd(t, "", nil, append(words[1:], good, bad)...); code != 1 || !strings.Contains(out, "V1__a.sql:1:1") {
		t.Errorf("staged file with a finding: exit %d\n%s", code, out)
	}
}

// TestMain lets a test run this test binary as the sqllint command (for
// scripts that call sqllint, such as the action's scan step).
func TestMain(m *testing.M) {
	if os.Getenv("SQLLINT_TEST_AS_MAIN") == "1" {
		main()
	}
	os.Exit(m.Run())
}

// actionStep returns the run script of the composite action's step id.
func actionStep(t *testing.T, id string) string {
	t.Helper()
	data, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	var action struct {
		Runs struct {
			Using string `yaml:"using"`
			Steps []struct {
				ID  string `yaml:"id"`
				Run string `yaml:"run"`
			} `yaml:"steps"`
		} `yaml:"runs"`
	}
	if err := yaml.Unmarshal(data, &action); err != nil {
		t.Fatal(err)
	}
	for _, s := range action.Runs.Steps {
		if s.ID == id && s.Run != "" && action.Runs.Using == "composite" {
			return s.Run
		}
	}
	t.Fatalf("no step %q with a run script in action.yml", id)
	return ""
}

// TestActionRunsSqllint runs the composite action's scan step with bash
// as the runner does, with this test binary as sqllint: paths with
// spaces, the config's fail-on when the input is empty, SARIF written and
// named in the step's outputs only when sqllint wrote it.
func TestActionRunsSqllint(t *testing.T) {
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
	step := func(t *testing.T, dir string, env map[string]string) (int, string, map[string]string) {
		t.Helper()
		out := filepath.Join(t.TempDir(), "github_output")
		writeFile(t, filepath.Dir(out), "github_output", "")
		cmd := exec.Command(bash, "--noprofile", "--norc", "-eo", "pipefail", "-c", script)
		cmd.Dir = dir
		cmd.Env = []string{"PATH=" + filepath.Join(tools, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
			"HOME=" + dir, "RUNNER_TEMP=" + t.TempDir(), "GITHUB_OUTPUT=" + out,
			"SQLLINT_PATHS=.", "SQLLINT_FAIL_ON=", "SQLLINT_ARGS=", "SQLLINT_ONLY_NEW=false", "SQLLINT_BASE=",
			"SQLLINT_UNTRUSTED=auto", "SQLLINT_EVENT=push"}
		for k, v := range env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		text, err := cmd.CombinedOutput()
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		outputs := map[string]string{}
		data, _ := os.ReadFile(out)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok {
				outputs[k] = v
			}
		}
		return code, string(text), outputs
	}

	dir := t.TempDir()
	writeFile(t, dir, "db scripts/V1__backup.sql", "BACKUP LOG Sales TO DISK = 'NUL';\n")
	writeFile(t, dir, "other/V2__ok.sql", "CHECKPOINT;\n")
	writeFile(t, dir, "ignored/V3.sql", "CHECKPOINT 10;\n")

	code, out, outputs := step(t, dir, map[string]string{"SQLLINT_PATHS": "db scripts\n  \nother/V2__ok.sql\r\n"})
	if code != 1 || !strings.Contains(out, "::error file=db scripts/V1__backup.sql,line=1") || strings.Contains(out, "V3.sql") {
		t.Errorf("paths with a space: exit %d\n%s", code, out)
	}
	if sarif := outputs["sarif"]; sarif == "" {
		t.Errorf("no sarif output: %v", outputs)
	} else if data, err := os.ReadFile(sarif); err != nil || !strings.Contains(string(data), "V1__backup.sql") {
		t.Errorf("SARIF %s: %v\n%s", sarif, err, data)
	}

	// fail-on empty: the config decides
	writeFile(t, dir, ".sqllint.yaml", "fail-on: never\n")
	if code, out, _ := step(t, dir, map[string]string{"SQLLINT_PATHS": "db scripts"}); code != 0 || !strings.Contains(out, "::error file=") {
		t.Errorf("config fail-on never: exit %d\n%s", code, out)
	}
	if code, out, _ := step(t, dir, map[string]string{"SQLLINT_PATHS": "db scripts", "SQLLINT_FAIL_ON": "error"}); code != 1 {
		t.Errorf("fail-on input: exit %d\n%s", code, out)
	}
	// extra args are split on white space
	if code, out, _ := step(t, dir, map[string]string{"SQLLINT_PATHS": "db scripts", "SQLLINT_ARGS": "--no-config  --fail-on warning"}); code != 1 {
		t.Errorf("args: exit %d\n%s", code, out)
	}

	// on a pull request the config's include-outside is not trusted by
	// default: the include is refused (SL002) rather than read
	writeFile(t, dir, "outside/x.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "pr/.sqllint.yaml", "include-outside: true\n")
	writeFile(t, dir, "pr/db/V1__inc.sql", ":r ../../outside/x.sql\n")
	for _, c := range []struct {
		event, input, want string
	}{
		{"pull_request", "auto", "SL002"}, {"pull_request_target", "", "SL002"}, {"push", "auto", "SL302"},
		{"pull_request", "false", "SL302"}, {"push", "true", "SL002"},
	} {
		code, out, _ := step(t, dir, map[string]string{"SQLLINT_PATHS": "pr/db", "SQLLINT_EVENT": c.event, "SQLLINT_UNTRUSTED": c.input})
		if code != 1 || !strings.Contains(out, c.want) {
			t.Errorf("%s, untrusted-config %q: exit %d, want %s\n%s", c.event, c.input, code, c.want, out)
		}
	}
	if code, out, _ := step(t, dir, map[string]string{"SQLLINT_PATHS": "pr/db", "SQLLINT_UNTRUSTED": "yes"}); code != 2 || !strings.Contains(out, "untrusted-config must be") {
		t.Errorf("untrusted-config yes: exit %d\n%s", code, out)
	}
	// only-new-issues: the SARIF run too
	code, out, outputs = step(t, dir, map[string]string{"SQLLINT_PATHS": "pr/db", "SQLLINT_EVENT": "pull_request", "SQLLINT_ONLY_NEW": "true", "SQLLINT_BASE": "HEAD"})
	if data, err := os.ReadFile(outputs["sarif"]); err != nil || !strings.Contains(string(data), `"ruleId": "SL002"`) || strings.Contains(string(data), `"ruleId": "SL302"`) {
		t.Errorf("only-new-issues on a pull request: exit %d, SARIF %v, want the include refused\n%s\n%s", code, err, data, out)
	}

	// exit 2 (no such path): no SARIF named, so the upload step is skipped
	code, out, outputs = step(t, dir, map[string]string{"SQLLINT_PATHS": "no such folder"})
	if code != 2 || outputs["sarif"] != "" {
		t.Errorf("missing path: exit %d, outputs %v\n%s", code, outputs, out)
	}
}
