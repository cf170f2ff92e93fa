package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// The editor's includes go through scan's check: a buffer that includes
// a hidden file of the checkout (.env) gets SL002, and the file's text
// (from the disk or from an open buffer) reaches no finding.
func TestPipelineIncludeHidden(t *testing.T) {
	dir := t.TempDir()
	writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "env: []\n")
	env := filepath.Join(dir, ".env")
	writeAll(t, env, "SECRET_ON_DISK\n")
	x := filepath.Join(dir, "db", "x.sql")
	writeAll(t, x, "SELECT 1;\n")
	buf := "BACKUP LOG\n:r ../.env\nTO DISK = 'NUL'\n"
	for _, overlay := range []map[string][]byte{{x: []byte(buf)}, {x: []byte(buf), env: []byte("SECRET_IN_BUFFER\n")}} {
		fs, err := Pipeline{}.Analyze(context.Background(), x, overlay)
		if err != nil {
			t.Fatal(err)
		}
		hidden := false
		for _, f := range fs {
			if strings.Contains(f.Message, "SECRET") {
				t.Errorf("finding shows the hidden file: %s %s", f.RuleID, f.Message)
			}
			hidden = hidden || f.RuleID == "SL002" && strings.Contains(f.Message, `".env" on its real path starts with "."`)
		}
		if !hidden {
			t.Errorf("no SL002 for :r ../.env: %v", fs)
		}
	}
}
