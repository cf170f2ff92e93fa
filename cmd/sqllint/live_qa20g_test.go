package main

import (
	"strings"
	"testing"
)

// --live asks for live mode with the config file's server:, but with no
// server anywhere (no server: key, --no-config, no --server, -S or
// SQLLINT_SERVER) the run went on as a static one, exit 0 or 1, and the
// user believed the findings had been checked against the server.
func TestLiveWithoutAServerIsAnError(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "CHECKPOINT;\n")
	cfg := writeFile(t, dir, "c.yaml", "rules: [all]\n")
	for _, args := range [][]string{
		{"scan", "--no-config", "--live", script},
		{"scan", "--config", cfg, "--live", script},
	} {
		code, out, errs := runCmd(t, "", nil, args...)
		if code != exitError || out != "" || !strings.Contains(errs, "--live: no server") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}
