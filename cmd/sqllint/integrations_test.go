package main

import (
	"os"
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

// TestActionRunsSqllint checks the composite action's scan step: the
// command it runs is one sqllint accepts, and it writes SARIF.
func TestActionRunsSqllint(t *testing.T) {
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
	var script string
	for _, s := range action.Runs.Steps {
		if s.ID == "scan" {
			script = s.Run
		}
	}
	if action.Runs.Using != "composite" || script == "" {
		t.Fatalf("no scan step in action.yml")
	}
	// take the sqllint command line and substitute the step's variables
	at := strings.Index(script, " scan ")
	if at < 0 {
		t.Fatalf("the scan step does not run sqllint scan:\n%s", script)
	}
	cmd := script[at+1:]
	cmd = strings.ReplaceAll(cmd, "\\\n", " ")
	dir := t.TempDir()
	sarif := filepath.Join(dir, "out.sarif")
	sql := writeFile(t, dir, "a.sql", "BACKUP LOG Sales TO DISK = 'NUL';\n")
	repl := strings.NewReplacer(`"${SQLLINT_FAIL_ON}"`, "warning", `"sarif=${sarif}"`, "sarif="+sarif,
		"${SQLLINT_ARGS}", "--no-config", "${SQLLINT_PATHS}", sql)
	args := strings.Fields(repl.Replace(cmd))
	code, out, errs := runCmd(t, "", nil, args...)
	if code != 1 || !strings.Contains(out, "::error file=") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	if _, err := os.Stat(sarif); err != nil {
		t.Errorf("no SARIF written: %v", err)
	}
}
