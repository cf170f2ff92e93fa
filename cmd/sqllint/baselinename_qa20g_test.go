package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --write-baseline .sqllint.yaml (a slip for --baseline's config key) in
// a folder without a config wrote the baseline's JSON there, and every
// later run read it as the config file and stopped: unknown key
// "version". A baseline is never written under a config file's name.
func TestWriteBaselineRefusesConfigFileName(t *testing.T) {
	dir := t.TempDir()
	script := writeFile(t, dir, "db/a.sql", "CHECKPOINT 5;\n")
	for _, name := range []string{".sqllint.yaml", ".sqllint.yml"} {
		out := filepath.Join(dir, name)
		code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", out, script)
		if code != exitError || !strings.Contains(errs, "config file's name") {
			t.Errorf("--write-baseline %s: exit %d, %q", name, code, errs)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--write-baseline %s wrote it", name)
		}
	}
}
