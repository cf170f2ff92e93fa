package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/lsp"
)

// TestLSPTakesScanFlags: the VS Code extension's sqllint.args setting
// ("extra arguments after sqllint lsp") had no argument to take: every
// flag but --stdio stopped the server (exit 2, the whole usage printed),
// so a user could not point the editor at the CI config (--config) or
// give the sqlcmd variables the deployment passes (-v). The flags of scan
// that choose the config and what the rules see are now taken and apply
// to every script the editor checks; a wrong one is one line and exit 2.
func TestLSPTakesScanFlags(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "severity:\n  SL302: error\n")
	ciConfig := writeFile(t, dir, "ci/lint.yaml", "rules: [all, -SL302]\n")
	script := writeFile(t, dir, "migrations/V1__tune.sql",
		"CHECKPOINT 30;\nGO\nALTER DATABASE [$(Db)] SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\n")

	session := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`) +
		frame(`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`) +
		frame(`{"jsonrpc":"2.0","method":"exit"}`)
	if code, _, stderr := runCmd(t, session, nil, "lsp", "--stdio", "--config", ciConfig, "-v", "Db=Sales", "--ignore", "SL0"); code != 0 {
		t.Fatalf("lsp with scan's flags: exit status %d, stderr %q", code, stderr)
	}
	code, _, stderr := runCmd(t, "", nil, "lsp", "--format", "json")
	if code != exitError || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "unknown flag --format") || !strings.Contains(stderr, "sqllint lsp -h") {
		t.Errorf("lsp with a flag it does not take: %d %q; want exit 2 and one line pointing to -h", code, stderr)
	}
	code, _, stderr = runCmd(t, "", nil, "lsp", "--select", "SL9")
	if code != exitError || !strings.Contains(stderr, "did you mean SL209") {
		t.Errorf("lsp --select SL9: %d %q", code, stderr)
	}

	for _, c := range []struct {
		args []string
		want string // rule:severity@line, in order
	}{
		{nil, "SL302:error@1 SL002:error@3 SL301:warning@3"},
		{[]string{"--config", ciConfig, "-v", "Db=Sales"}, "SL301:warning@3 Sales"},
		{[]string{"--no-config", "--ignore", "SL3"}, "SL002:error@3"},
		{[]string{"--select", "checkpoint-duration", "--target-version", "2022"}, "SL302:error@1"},
	} {
		var f scanFlags
		e := &env{}
		fs := e.lspFlagSet(&f)
		if err := fs.Parse(c.args); err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		load, err := lspConfigLoader(&f)
		if err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		fs2, err := lsp.Pipeline{LoadConfig: load}.Analyze(context.Background(), filepath.Clean(script), nil)
		if err != nil {
			t.Fatalf("%q: %v", c.args, err)
		}
		var got []string
		for _, f := range fs2 {
			got = append(got, f.RuleID+":"+f.Severity+"@"+itoa(f.Line))
		}
		s := strings.Join(got, " ")
		if strings.HasSuffix(c.want, " Sales") {
			if len(fs2) == 0 || !strings.Contains(fs2[len(fs2)-1].Message, "for Sales") {
				t.Errorf("%q: the variable was not given: %v", c.args, fs2)
			}
			s += " Sales"
		}
		if s != c.want {
			t.Errorf("lsp %q: %s, want %s", c.args, s, c.want)
		}
	}
}
