package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPipelineFlywayLocationLeavesOutIgnoredScripts: the editor's
// context of db/tables/V3__more.sql is the Flyway location db (its V1
// runs before V3), found by climbing while the scripts above are all
// named as Flyway names them; a git-ignored scratch script in db stopped
// the climb, and the open script lost its SL101.
func TestPipelineFlywayLocationLeavesOutIgnoredScripts(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := exec.Command("git", "init", "-q", dir)
	git.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	writeAll(t, filepath.Join(dir, ".gitignore"), "scratch.sql\n")
	writeAll(t, filepath.Join(dir, "db", "V1__create.sql"), createSales+"USE Sales;\nGO\n"+filegroups(1, 350))
	v3 := filepath.Join(dir, "db", "tables", "V3__more.sql")
	writeAll(t, v3, "USE Sales;\nGO\n"+filegroups(351, 60))
	sl101 := func(what string, want bool) {
		t.Helper()
		fs, err := Pipeline{}.Analyze(context.Background(), v3, nil)
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, f := range fs {
			got = got || f.RuleID == "SL101"
		}
		if got != want {
			t.Errorf("%s: SL101 %v, want %v (%d findings)", what, got, want, len(fs))
		}
	}
	sl101("the Flyway location db", true)
	writeAll(t, filepath.Join(dir, "db", "scratch.sql"), "PRINT 1;\n")
	sl101("a git-ignored scratch script in db", true)
}
