package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/report"
)

func ruleLines(fs []report.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s@%d", f.RuleID, f.Line))
	}
	return strings.Join(out, " ")
}

// TestPipelineHidesBaselinedFindings: a team that adopted sqllint with
// "baseline:" in .sqllint.yaml gets from sqllint scan only the findings
// the baseline does not record, but the editor showed every old finding
// as well, though it promises the same config and suppressions as scan.
// The baseline now hides them in the editor too, matched as scan matches
// them (lines inserted above an old finding keep it hidden; a new one is
// shown), and a baseline that cannot be read is an error naming it.
func TestPipelineHidesBaselinedFindings(t *testing.T) {
	dir := t.TempDir()
	v1 := filepath.Join(dir, "migrations", "V1__tune.sql")
	old := "CHECKPOINT 30;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\n"
	writeAll(t, v1, old)
	fs, err := Pipeline{}.Analyze(context.Background(), v1, nil)
	if err != nil || ruleLines(fs) != "SL302@1 SL301@3" {
		t.Fatalf("before the baseline: %s, %v", ruleLines(fs), err)
	}
	base := filepath.Join(dir, "ci", "sqllint-baseline.json")
	data, err := baseline.Encode(base, fs)
	if err != nil {
		t.Fatal(err)
	}
	writeAll(t, base, string(data))
	writeAll(t, filepath.Join(dir, ".sqllint.yaml"), "baseline: ci/sqllint-baseline.json\n")

	fs, err = Pipeline{}.Analyze(context.Background(), v1, nil)
	if err != nil || len(fs) != 0 {
		t.Errorf("the baselined script: %s, %v; want none", ruleLines(fs), err)
	}
	// The buffer, edited: lines above the old findings and a new finding.
	buf := "PRINT 'tune';\nGO\n" + old + "CHECKPOINT 10;\nGO\n"
	fs, err = Pipeline{}.Analyze(context.Background(), v1, map[string][]byte{v1: []byte(buf)})
	if err != nil || ruleLines(fs) != "SL302@7" {
		t.Errorf("the edited buffer: %s, %v; want SL302@7 alone", ruleLines(fs), err)
	}

	if err := os.WriteFile(base, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	fs, err = Pipeline{}.Analyze(context.Background(), v1, nil)
	if err == nil || !strings.Contains(err.Error(), "sqllint-baseline.json") {
		t.Errorf("a corrupt baseline: error %v, want one naming the file", err)
	}
	if ruleLines(fs) != "SL302@1 SL301@3" {
		t.Errorf("a corrupt baseline: %s, want every finding shown", ruleLines(fs))
	}
}
