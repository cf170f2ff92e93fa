package lsp

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

func writeAll(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, text)
}

// The editor reads the context the config file sets, as sqllint scan
// does for a named file: "context: [shared]" puts the scripts of shared/
// before the open one, "context: []" none, even those beside it.
func TestPipelineConfigContext(t *testing.T) {
	for _, c := range []struct {
		config string
		want   bool // SL101 on V2
	}{
		{"", true},                    // the folder of the script
		{"context: []\n", false},      // none
		{"context: [other]\n", false}, // not the folder beside it
		{"context: [base]\n", true},   // V1 lives in base/
	} {
		dir := t.TempDir()
		if c.config != "" {
			writeAll(t, filepath.Join(dir, ".sqllint.yaml"), c.config)
		}
		first := filepath.Join(dir, "migrations", "V1__create.sql")
		if c.config == "context: [base]\n" {
			first = filepath.Join(dir, "base", "V1__create.sql")
		}
		writeAll(t, first, createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
		writeAll(t, filepath.Join(dir, "other", "x.sql"), "SELECT 1;\n")
		v2 := filepath.Join(dir, "migrations", "V2__more.sql")
		writeAll(t, v2, "USE Sales;\nGO\n"+filegroups(351, 60))
		fs, err := Pipeline{}.Analyze(context.Background(), v2, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, f := range fs {
			got = got || f.RuleID == "SL101"
		}
		if got != c.want {
			t.Errorf("config %q: SL101 %v, want %v (%d findings)", c.config, got, c.want, len(fs))
		}
	}
}
