package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/lsp"
)

// TestUntrustedConfig: a pull request from a fork can edit .sqllint.yaml
// to let :r read any file and $(NAME) expand any variable, and print
// them in a finding (SL001 quotes the token it stops at). With
// --untrusted-config the config still says what is checked (its rules,
// fail-on) but not what may be read or expanded: each key it ignores is
// named on standard error; the command line's --env still counts.
func TestUntrustedConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "notes.txt", "[LEAKED_VALUE]\n")
	writeFile(t, dir, "pr/.sqllint.yaml", "include-outside: true\nenv: [\"*\"]\nrules: [all, -SL304]\n")
	writeFile(t, dir, "pr/db/a.sql", "BACKUP LOG x\n:r ../../notes.txt\nTO DISK = 'NUL'\nGO\nUSE [$(DEPLOY_HOST)]\nGO\nUSE [$(ALLOWED)]\n")
	db := filepath.Join(dir, "pr", "db")
	env := map[string]string{"DEPLOY_HOST": "LEAKED_FROM_ENV", "ALLOWED": "Sales"}
	code, out, errs := runCmd(t, "", env, "scan", "--format", "json", db)
	if !strings.Contains(out, "LEAKED_VALUE") {
		t.Fatalf("trusted: exit %d, the config's include-outside should read the file:\n%s%s", code, out, errs)
	}
	code, out, errs = runCmd(t, "", env, "scan", "--untrusted-config", "--env", "ALLOWED", "--format", "json", db)
	if code != 1 || strings.Contains(out+errs, "LEAKED") {
		t.Errorf("untrusted: exit %d, a secret shown:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "is not included") || !strings.Contains(out, "$(DEPLOY_HOST) is not defined") || strings.Contains(out, "$(ALLOWED) is not defined") {
		t.Errorf("untrusted: want the include refused, the config's env ignored and --env's kept:\n%s", out)
	}
	if strings.Contains(out, "SL304") {
		t.Errorf("untrusted: the config's rules list no longer applies:\n%s", out)
	}
	for _, key := range []string{"ignoring include-outside: true", "ignoring env: [*]"} {
		if !strings.Contains(errs, "--untrusted-config: "+key) {
			t.Errorf("stderr does not say %q:\n%s", key, errs)
		}
	}
}

// TestGitCannotListSaid: in a repository git cannot list (here a .git
// that names no repository, as a submodule's folder copied alone has),
// every script is checked, the ones .gitignore names too: the run says
// so on standard error rather than check them without a word.
func TestGitCannotListSaid(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".git", "gitdir: ../.git/modules/db\n")
	writeFile(t, dir, ".gitignore", "*.bak.sql\n")
	writeFile(t, dir, "db/V1.bak.sql", "CHECKPOINT 10;\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-source", filepath.Join(dir, "db"))
	if code != 1 || !strings.Contains(out, "V1.bak.sql") || !strings.Contains(errs, "git cannot list the files of the repository "+dir) {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
	// --git-ignored checks them anyway: nothing to say
	if _, _, errs := runCmd(t, "", nil, "scan", "--git-ignored", filepath.Join(dir, "db")); strings.Contains(errs, "git cannot list") {
		t.Errorf("--git-ignored: %s", errs)
	}
}

// TestNoRuleRunsSaid: a config or flags that turn every rule off make a
// run that reports nothing whatever the scripts hold: it says so.
func TestNoRuleRunsSaid(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\n")
	for _, c := range []struct{ config, flag string }{{"rules: [-all]\n", ""}, {"severity: {all: off}\n", ""}, {"", "--ignore=all"}} {
		writeFile(t, dir, ".sqllint.yaml", c.config)
		args := []string{"scan", filepath.Join(dir, "db")}
		if c.flag != "" {
			args = append(args, c.flag)
		}
		code, _, errs := runCmd(t, "", nil, args...)
		if code != 0 || !strings.Contains(errs, "warning: no rule runs") {
			t.Errorf("%q %s: exit %d, stderr %q", c.config, c.flag, code, errs)
		}
	}
	writeFile(t, dir, ".sqllint.yaml", "rules: [SL302]\n")
	if _, _, errs := runCmd(t, "", nil, "scan", filepath.Join(dir, "db")); strings.Contains(errs, "no rule runs") {
		t.Errorf("one rule: %q", errs)
	}
}

// TestLspUntrustedConfig: sqllint lsp takes --untrusted-config as scan
// does (sqllint.args), for a workspace checked out from a pull request:
// the config's env is ignored, a flag's --env stands.
func TestLspUntrustedConfig(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "env: [\"*\"]\n")
	for _, c := range []struct {
		args []string
		env  []string
	}{{nil, []string{"*"}}, {[]string{"--untrusted-config"}, nil}, {[]string{"--untrusted-config", "--env", "HOST"}, []string{"HOST"}}} {
		var f scanFlags
		fs := (&env{}).lspFlagSet(&f)
		if err := fs.Parse(c.args); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		load, err := lspConfigLoader(&f)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(cfg.Env, ",") != strings.Join(c.env, ",") {
			t.Errorf("%q: env %q, want %q", c.args, cfg.Env, c.env)
		}
	}
}

// TestLspUntrustedRefusedInclude: a :r that --untrusted-config refuses
// in the language server says what the server can do, not scan's
// --context, which it has no flag for; scan's message keeps --context.
func TestLspUntrustedRefusedInclude(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "shared/a.sql", "CHECKPOINT 5\n")
	writeFile(t, dir, "pr/.sqllint.yaml", "include-outside: true\n")
	script := writeFile(t, dir, "pr/db/b.sql", ":r ../../shared/a.sql\nGO\n")
	var f scanFlags
	if err := (&env{}).lspFlagSet(&f).Parse([]string{"--untrusted-config"}); err != nil {
		t.Fatal(err)
	}
	load, err := lspConfigLoader(&f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := lsp.Pipeline{LoadConfig: load}.Analyze(context.Background(), filepath.Clean(script), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].RuleID != "SL002" || strings.Contains(got[0].Message, "--context") ||
		!strings.Contains(got[0].Message, "start the language server without --untrusted-config") {
		t.Errorf("lsp: %+v, want SL002 naming what the language server can do", got)
	}
	_, out, _ := runCmd(t, "", nil, "scan", "--untrusted-config", filepath.Join(dir, "pr", "db"))
	if !strings.Contains(out, "SL002") || !strings.Contains(out, "give it with --context DIR") {
		t.Errorf("scan: want SL002 naming --context\n%s", out)
	}
}
