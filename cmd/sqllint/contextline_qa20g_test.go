package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A context folder the config file names that does not exist is a bad
// value: like every other one, its error names the file, line, column
// and key (it named only the file).
func TestConfigContextMissingFolderNamesLine(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "rules: [all]\ncontext:\n  - db\n  - nope\n")
	script := writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT;\n")
	code, _, errs := runCmd(t, "", nil, "scan", "--config", filepath.Join(dir, ".sqllint.yaml"), script)
	want := filepath.Join(dir, ".sqllint.yaml") + `:4:5: key "context[1]": `
	if code != exitError || !strings.Contains(errs, want) || !strings.Contains(errs, "no such file or directory") {
		t.Errorf("exit %d, stderr %q; want exit 2 and %q", code, errs, want)
	}
}
