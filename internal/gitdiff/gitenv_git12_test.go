package gitdiff

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// git exports GIT_DIR, and no GIT_WORK_TREE, to the hooks of a linked
// worktree; a hook runs at the top of the work tree. A script named in a
// subfolder is still compared within the work tree, not as if the
// subfolder were its top (every line new). A relative GIT_DIR or
// GIT_WORK_TREE is read from the current folder, as git reads it.
func TestSinceWithGitDirSet(t *testing.T) {
	dir := t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	run(t, dir, "init", "-q", "-b", "main")
	script := filepath.Join(dir, "db", "V1.sql")
	write(t, script, "a\nb\n")
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", "one")
	wt := filepath.Join(t.TempDir(), "wt")
	run(t, dir, "worktree", "add", "-q", wt)
	if r, err := filepath.EvalSymlinks(wt); err == nil {
		wt = r
	}
	gitDir := run(t, wt, "rev-parse", "--absolute-git-dir")
	write(t, filepath.Join(wt, "db", "V1.sql"), "a\nb\nc\n")
	for _, c := range []struct{ name, cwd, gitDir, workTree string }{
		{"worktree hook", wt, gitDir, ""},
		{"relative GIT_DIR", dir, ".git", ""},
		{"relative GIT_DIR and GIT_WORK_TREE", dir, ".git", "."},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(c.cwd)
			t.Setenv("GIT_DIR", c.gitDir)
			if c.workTree != "" {
				t.Setenv("GIT_WORK_TREE", c.workTree)
			}
			path := filepath.Join("db", "V1.sql")
			if c.cwd == dir {
				write(t, script, "a\nb\nc\n")
			}
			ch, err := Since(filepath.Dir(path), "HEAD")
			if err != nil {
				t.Fatal(err)
			}
			if ch.Root != c.cwd {
				t.Errorf("Root = %s, want %s", ch.Root, c.cwd)
			}
			if ch.Changed(path, 1, 2) || !ch.Changed(path, 3, 3) {
				t.Errorf("lines 1-2 changed: %v, line 3: %v; want false, true", ch.Changed(path, 1, 2), ch.Changed(path, 3, 3))
			}
		})
	}
}

// Without git in PATH the error says so, not that the folder is outside a
// repository.
func TestSinceWithoutGit(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	t.Setenv("PATH", t.TempDir())
	_, err := Since(dir, "HEAD")
	if err == nil || !strings.HasPrefix(err.Error(), "cannot run git: ") || strings.Contains(err.Error(), "not in a git repository") {
		t.Errorf("err = %v, want cannot run git: ...", err)
	}
}

// A script's line longer than any buffer (a generated data script on one
// line) is skipped in a hunk; the lines after it are read.
func TestParseVeryLongLine(t *testing.T) {
	long := strings.Repeat("x", 64*1024*1024+1)
	out := "diff --git a/big.sql b/big.sql\n--- a/big.sql\n+++ b/big.sql\n@@ -1 +1 @@\n-" + long + "\n+" + long + "y\r\n" +
		"diff --git a/V2.sql b/V2.sql\n--- a/V2.sql\n+++ b/V2.sql\n@@ -3,0 +4,2 @@\n+a\n+b\n"
	got, err := Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]lineSet{"big.sql": {{1, 1}}, "V2.sql": {{4, 5}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse = %v, want %v", got, want)
	}
}

// The scripts of a submodule are compared too: those changed in its work
// tree, and those its new commit changes (git diff names them inside the
// submodule's folder, with lines of context, which did not change).
func TestSinceSubmodule(t *testing.T) {
	sub := t.TempDir()
	run(t, sub, "init", "-q", "-b", "main")
	write(t, filepath.Join(sub, "db", "V1.sql"), "a\nb\nc\nd\ne\n")
	run(t, sub, "add", "-A")
	run(t, sub, "commit", "-q", "-m", "one")
	dir := t.TempDir()
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	}
	run(t, dir, "init", "-q", "-b", "main")
	run(t, dir, "-c", "protocol.file.allow=always", "submodule", "--quiet", "add", sub, "vendor")
	run(t, dir, "commit", "-q", "-m", "sub")
	base := run(t, dir, "rev-parse", "HEAD")
	script := filepath.Join(dir, "vendor", "db", "V1.sql")

	write(t, script, "a\nb\nc\nd\ne\nf\n") // line 6 added in the work tree
	c, err := Since(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if c.Changed(script, 1, 5) || !c.Changed(script, 6, 6) {
		t.Errorf("work tree: lines 1-5 changed: %v, line 6: %v; want false, true", c.Changed(script, 1, 5), c.Changed(script, 6, 6))
	}

	write(t, script, "a\nB\nc\nd\ne\n") // line 2 changed, committed in the submodule and the pointer moved
	run(t, filepath.Join(dir, "vendor"), "commit", "-q", "-am", "two")
	run(t, dir, "commit", "-q", "-am", "bump")
	c, err = Since(dir, base)
	if err != nil {
		t.Fatal(err)
	}
	if c.Changed(script, 1, 1) || !c.Changed(script, 2, 2) || c.Changed(script, 3, 5) {
		t.Errorf("new commit: lines 1, 2, 3-5 changed: %v %v %v; want false, true, false", c.Changed(script, 1, 1), c.Changed(script, 2, 2), c.Changed(script, 3, 5))
	}
}
