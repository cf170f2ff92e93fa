package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/baseline"
	"github.com/sqllint/sqllint/output"
)

// A run with --new-from-rev prints each file's new findings as the run
// gives them (a pull request's check on a dense repository held every
// finding first: 222 MB against 97 MB); with a baseline that hides
// nothing, which collects them all first, it prints the same bytes, in
// every format, with the same exit status.
func TestNewFromRevStreamedOutputIsCollected(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\n")
	git("add", ".")
	git("commit", "-qm", "one")
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\nCHECKPOINT 11;\n")
	writeFile(t, dir, "db/V3.sql", "BACKUP DATABASE Sales TO DISK = 'NUL';\n")
	empty := filepath.Join(t.TempDir(), "empty.json")
	data, err := baseline.Encode(empty, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(empty, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range output.Formats() {
		args := []string{"scan", "--no-config", "--format", format, "--new-from-rev", "HEAD", "db"}
		code, out, errs := runCmd(t, "", nil, args...)
		code2, out2, errs2 := runCmd(t, "", nil, append([]string{"scan", "--baseline", empty}, args[1:]...)...)
		if code != code2 || out != out2 || errs != errs2 {
			t.Errorf("%s: streamed (exit %d, %q) differs from collected (exit %d, %q); stderr %q / %q", format, code, out, code2, out2, errs, errs2)
		}
		if code != 1 {
			t.Errorf("%s: exit %d, want 1 (new SL302, SL304)", format, code)
		}
	}
	_, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--new-from-rev", "HEAD", "db")
	if got := found(out); len(got) != 2 || got[0] != "db/V1.sql:5 SL302" || got[1] != "db/V3.sql:1 SL304" {
		t.Errorf("new findings: %v, want db/V1.sql:5 SL302, db/V3.sql:1 SL304", got)
	}
}
