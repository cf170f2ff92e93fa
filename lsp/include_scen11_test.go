package lsp

import (
	"context"
	"path/filepath"
	"testing"
)

// TestPipelineIncludeGlobsAreContext: when .sqllint.yaml sets include
// globs, sqllint scan of a named file (a pre-commit hook's) reads the
// files they name as context, so the schema folder's V1 and the
// migration V2 being typed cross the startup budget together (SL101 on
// V2). The editor read only V2's own folder and showed nothing. A glob
// that does not name the schema folder still keeps it out.
func TestPipelineIncludeGlobsAreContext(t *testing.T) {
	for _, c := range []struct {
		include string
		want    bool // SL101 on V2
	}{
		{`include: ["base/*.sql", "migrations/*.sql"]`, true},
		{`include: ["migrations/*.sql", "other/*.sql"]`, false},
		{``, false}, // the default: V2's folder only
	} {
		dir := t.TempDir()
		if c.include != "" {
			writeAll(t, filepath.Join(dir, ".sqllint.yaml"), c.include+"\n")
		}
		writeAll(t, filepath.Join(dir, "base", "V1__create.sql"), createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
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
			t.Errorf("config %q: SL101 on V2 %v, want %v (%d findings)", c.include, got, c.want, len(fs))
		}
	}
}
