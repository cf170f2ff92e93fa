package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// --env takes one name, but --select and --ignore take comma lists, so
// "--env DB,SERVER" is a natural mistake: it allowed a variable named
// "DB,SERVER", which no shell can set, so $(DB) stayed undefined (SL002)
// with no word about the flag. The same for a config's env: DB,SERVER.
func TestEnvCommaListIsAnError(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "a.sql", "ALTER DATABASE [$(DB)] SET TARGET_RECOVERY_TIME = 60 SECONDS;\n")
	vars := map[string]string{"DB": "Sales", "SERVER": "db1"}
	code, _, errs := runCmd(t, "", vars, "scan", "--no-config", "--env", "DB,SERVER", script)
	if code != exitError || !strings.Contains(errs, `--env: "DB,SERVER"`) || !strings.Contains(errs, "--env NAME") {
		t.Errorf("--env DB,SERVER: exit %d, stderr %q", code, errs)
	}
	cfg := writeFile(t, dir, ".sqllint.yaml", "env: DB,SERVER\n")
	code, _, errs = runCmd(t, "", vars, "scan", "--config", cfg, script)
	if want := filepath.Join(dir, ".sqllint.yaml") + `:1:6: key "env": "DB,SERVER"`; code != exitError || !strings.Contains(errs, want) {
		t.Errorf("env: DB,SERVER: exit %d, stderr %q, want %q", code, errs, want)
	}
}
