package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// scannedWithFindings is the files of a JSON scan's findings, sorted.
func scannedWithFindings(t *testing.T, args ...string) []string {
	t.Helper()
	var files []string
	for _, f := range scanJSON(t, 1, args...).Findings {
		if !slices.Contains(files, f.Path) {
			files = append(files, f.Path)
		}
	}
	slices.Sort(files)
	return files
}

// TestFolderScanLeavesOutIgnoredScripts: in a git work tree a folder scan
// checks the scripts git does not ignore (tracked, staged, or untracked
// and not ignored), not those .gitignore or .git/info/exclude ignore
// (a backup folder, a developer's scratch scripts), unless git's index
// holds them (git add -f). A file named is always checked, and so is a
// folder named that git ignores whole (a build's output). --git-ignored
// (and its old name --context-ignored) checks ignored scripts too;
// outside a git work tree every script is checked.
func TestFolderScanLeavesOutIgnoredScripts(t *testing.T) {
	dir, git := gitRepo(t)
	bad := "SELECT 'unterminated\n" // SL001 in each file
	writeFile(t, dir, "db/V1.sql", bad)
	writeFile(t, dir, "db/bak/old.sql", bad)
	writeFile(t, dir, "db/V2.local.sql", bad)
	writeFile(t, dir, "db/V4.sql", bad)
	writeFile(t, dir, ".gitignore", "bak/\n*.local.sql\n")
	writeFile(t, dir, ".git/info/exclude", "db/V4.sql\n")
	git("add", "db/V1.sql", ".gitignore")
	git("commit", "-qm", "one")
	writeFile(t, dir, "db/V3.sql", bad) // a migration not added yet
	all := []string{"db/V1.sql", "db/V2.local.sql", "db/V3.sql", "db/V4.sql", "db/bak/old.sql"}
	for _, c := range []struct {
		what string
		args []string
		want []string
	}{
		{"folder", []string{"db"}, []string{"db/V1.sql", "db/V3.sql"}},
		{"ignored files named", []string{"db/bak/old.sql", "db/V4.sql"}, []string{"db/V4.sql", "db/bak/old.sql"}},
		{"folder and an ignored file named", []string{"db", "db/V2.local.sql"}, []string{"db/V1.sql", "db/V2.local.sql", "db/V3.sql"}},
		{"a folder git ignores whole, named", []string{"db/bak"}, []string{"db/bak/old.sql"}},
		{"--git-ignored", []string{"--git-ignored", "db"}, all},
		{"--context-ignored", []string{"--context-ignored", "db"}, all},
	} {
		if got := scannedWithFindings(t, c.args...); !slices.Equal(got, c.want) {
			t.Errorf("%s: findings in %v, want %v", c.what, got, c.want)
		}
	}
	git("add", "-f", "db/bak/old.sql")
	if got, want := scannedWithFindings(t, "db"), []string{"db/V1.sql", "db/V3.sql", "db/bak/old.sql"}; !slices.Equal(got, want) {
		t.Errorf("ignored but in the index: findings in %v, want %v", got, want)
	}
	if err := os.RemoveAll(filepath.Join(dir, ".git")); err != nil {
		t.Fatal(err)
	}
	if got := scannedWithFindings(t, "db"); !slices.Equal(got, all) {
		t.Errorf("no git work tree: findings in %v, want %v", got, all)
	}
}

// TestGitListedOncePerRun: git's listing of a repository's files (git
// ls-files) is made once for a run, however many folders and files of
// it the run walks, checks or reads as context, and with --new-from-rev
// or --new-from-merge-base (whose untracked files are new) too.
func TestGitListedOncePerRun(t *testing.T) {
	dir, git := gitRepo(t)
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	writeFile(t, dir, "db/a/V1.sql", "SELECT 1;\n")
	writeFile(t, dir, "db/b/V2.sql", "SELECT 2;\n")
	writeFile(t, dir, "db/c/V3.sql", "SELECT 3;\n")
	git("add", ".")
	git("commit", "-qm", "one")
	bin := t.TempDir()
	log := filepath.Join(bin, "log")
	writeFile(t, bin, "git", "#!/bin/sh\necho \"$*\" >> '"+log+"'\nexec '"+gitPath+"' \"$@\"\n")
	if err := os.Chmod(filepath.Join(bin, "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	for _, args := range [][]string{
		{"db/a", "db/b", "db/c/V3.sql", "--context", "db"},
		{"--new-from-rev", "HEAD", "db/a", "db/b", "db/c/V3.sql"}, // the untracked files are new
		{"--new-from-merge-base", "main", "db"},
	} {
		if err := os.Remove(log); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errs)
		}
		data, _ := os.ReadFile(log)
		if n := strings.Count(string(data), " ls-files "); n != 1 {
			t.Errorf("%v: git ls-files ran %d times, want 1:\n%s", args, n, data)
		}
	}
}
