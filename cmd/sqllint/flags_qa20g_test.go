package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// --config FILE with --no-config (and --context DIR with --no-context)
// ask for opposite things: sqllint lsp refused the pair, scan silently
// dropped the config (or context) the user named, even one that does
// not exist, and checked with the defaults.
func TestScanRefusesConflictingConfigAndContextFlags(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT;\n")
	cfg := writeFile(t, dir, "ci.yaml", "rules: [all]\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--config", cfg, "--no-config"}, "use --config or --no-config, not both"},
		{[]string{"--config", filepath.Join(dir, "nope.yaml"), "--no-config"}, "use --config or --no-config, not both"},
		{[]string{"--context", filepath.Join(dir, "db"), "--no-context"}, "use --context or --no-context, not both"},
	} {
		args := append([]string{"scan"}, tc.args...)
		code, _, errs := runCmd(t, "", nil, append(args, script)...)
		if code != exitError || !strings.Contains(errs, tc.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line %q", tc.args, code, errs, tc.want)
		}
	}
}

// --server DSN and -S host both name the server: -S silently replaced the
// DSN's host, so a run meant for one server connected to another.
func TestScanRefusesServerWithS(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--server", "sqlserver://deploy@db1:1433", "-S", "127.0.0.1,1", script)
	if code != exitError || out != "" || !strings.Contains(errs, "use --server or -S, not both") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
