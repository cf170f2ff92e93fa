package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPipelineContextLeavesOutIgnoredScripts: the editor's context, like
// sqllint scan's, is the files git does not ignore: 350 filegroups in a
// git-ignored backup folder do not bring the open V2's 60 over the
// budget (SL101), unless Pipeline.GitIgnored (sqllint lsp
// --git-ignored). An unsaved new script beside the open one (no file
// git could list) is context, and so is the same script untracked on
// disk where git does not ignore it.
func TestPipelineContextLeavesOutIgnoredScripts(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := exec.Command("git", "init", "-q", dir)
	git.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	writeAll(t, filepath.Join(dir, ".gitignore"), "bak/\n")
	v1 := createSales + "USE Sales;\nGO\n" + filegroups(1, 350)
	writeAll(t, filepath.Join(dir, "db", "bak", "V1__create.sql"), v1)
	v2 := filepath.Join(dir, "db", "V2__more.sql")
	writeAll(t, v2, "USE Sales;\nGO\n"+filegroups(351, 60))
	sl101 := func(what string, p Pipeline, overlay map[string][]byte, want bool) {
		t.Helper()
		fs, err := p.Analyze(context.Background(), v2, overlay)
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
	sl101("git-ignored V1", Pipeline{}, nil, false)
	sl101("git-ignored V1, GitIgnored", Pipeline{GitIgnored: true}, nil, true)
	unsaved := filepath.Join(dir, "db", "V1__create.sql")
	sl101("V1 unsaved beside it", Pipeline{}, map[string][]byte{unsaved: []byte(v1)}, true)
	writeAll(t, unsaved, v1)
	sl101("V1 untracked beside it", Pipeline{}, nil, true)
}
