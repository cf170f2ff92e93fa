package gitdiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSince(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "db scripts", "V1.sql"), "a\nb\nc\nd\n")
	write(t, filepath.Join(dir, "db scripts", "gone.sql"), "x\n")
	write(t, filepath.Join(dir, "é.sql"), "1\n")
	write(t, filepath.Join(dir, ".gitignore"), "*.tmp\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	base := run(t, dir, "rev-parse", "HEAD")

	write(t, filepath.Join(dir, "db scripts", "V1.sql"), "a\nnew\nb\nC\nd\n") // line 2 added, 4 changed
	write(t, filepath.Join(dir, "db scripts", "V2.sql"), "one\ntwo\n")        // untracked
	write(t, filepath.Join(dir, "x.tmp"), "ignored\n")
	write(t, filepath.Join(dir, "é.sql"), "1\n2\n")
	if err := os.Remove(filepath.Join(dir, "db scripts", "gone.sql")); err != nil {
		t.Fatal(err)
	}
	run(t, dir, "add", "é.sql")
	run(t, dir, "commit", "-qm", "two")
	write(t, filepath.Join(dir, "staged.sql"), "s\n")
	run(t, dir, "add", "staged.sql")

	// from a subfolder, with a relative path as a user gives it
	sub := filepath.Join(dir, "db scripts")
	t.Chdir(sub)
	c, err := Since(sub, base)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path        string
		line, end   int
		want        bool
		description string
	}{
		{"V1.sql", 1, 1, false, "unchanged line"},
		{"V1.sql", 2, 2, true, "added line"},
		{"V1.sql", 3, 3, false, "line moved down, unchanged"},
		{"V1.sql", 4, 4, true, "changed line"},
		{"V1.sql", 3, 5, true, "a range over a changed line"},
		{"V1.sql", 5, 5, false, "last line"},
		{"V2.sql", 1, 1, true, "untracked file"},
		{"../x.tmp", 1, 1, false, "ignored file"},
		{"../é.sql", 2, 2, true, "committed since the revision, quoted name"},
		{"../é.sql", 1, 1, false, "unchanged line of a committed file"},
		{"../staged.sql", 1, 1, true, "staged new file"},
		{filepath.Join(dir, "db scripts", "V1.sql"), 2, 0, true, "absolute path"},
		{"/elsewhere/V1.sql", 2, 2, false, "outside the repository"},
	}
	for _, tt := range tests {
		if got := c.Changed(tt.path, tt.line, tt.end); got != tt.want {
			t.Errorf("%s: Changed(%q, %d, %d) = %v, want %v", tt.description, tt.path, tt.line, tt.end, got, tt.want)
		}
	}
}

func TestSinceMergeBase(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "a.sql"), "1\n2\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	run(t, dir, "checkout", "-qb", "feature")
	write(t, filepath.Join(dir, "a.sql"), "1\n2\nfeature\n")
	run(t, dir, "commit", "-qam", "feature")
	run(t, dir, "checkout", "-q", "main")
	write(t, filepath.Join(dir, "a.sql"), "main\n1\n2\n")
	run(t, dir, "commit", "-qam", "main moves on")
	run(t, dir, "checkout", "-q", "feature")
	t.Chdir(dir)

	c, err := SinceMergeBase(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed("a.sql", 3, 3) || c.Changed("a.sql", 1, 1) {
		t.Errorf("merge base: only the feature's line 3 is new: %+v", c.files)
	}
	// against main itself, main's own first line looks removed: not new
	c, err = Since(dir, "main")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed("a.sql", 3, 3) {
		t.Errorf("since main: %+v", c.files)
	}
}

func TestErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Since(dir, "HEAD"); err == nil || !strings.Contains(err.Error(), "not in a git repository") {
		t.Errorf("outside a repository: %v", err)
	}
	run(t, dir, "init", "-q")
	write(t, filepath.Join(dir, "a.sql"), "1\n")
	run(t, dir, "add", ".")
	run(t, dir, "commit", "-qm", "one")
	for _, rev := range []string{"no-such-branch", "--output=/tmp/x", ""} {
		if _, err := Since(dir, rev); err == nil || !strings.Contains(err.Error(), "revision") {
			t.Errorf("Since(%q) = %v, want an unknown revision error", rev, err)
		}
	}
	if _, err := SinceMergeBase(dir, "nope"); err == nil || !strings.Contains(err.Error(), `unknown revision "nope"`) {
		t.Errorf("merge base of an unknown ref: %v", err)
	}
}

func TestParse(t *testing.T) {
	out := `diff --git a/x.sql b/x.sql
index 1..2 100644
--- a/x.sql
+++ b/x.sql
@@ -1,0 +2 @@ header text
+a
@@ -5 +6,3 @@
-b
+c
+d
+e
@@ -10,2 +12,0 @@
-gone
-gone
diff --git a/new.sql b/new.sql
new file mode 100644
--- /dev/null
+++ b/new.sql
@@ -0,0 +1,2 @@
+x
+y
diff --git "a/tab\there.sql" "b/tab\there.sql"
--- "a/tab\there.sql"
+++ "b/tab\there.sql"
@@ -1 +1 @@
-q
+r
diff --git a/del.sql b/del.sql
deleted file mode 100644
--- a/del.sql
+++ /dev/null
@@ -1 +0,0 @@
-z
`
	files, err := Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if got := files["x.sql"]; len(got) != 2 || got[0] != (span{2, 2}) || got[1] != (span{6, 8}) {
		t.Errorf("x.sql: %v", got)
	}
	if got, ok := files["new.sql"]; !ok || got != nil {
		t.Errorf("new file: %v %v", got, ok)
	}
	if got := files["tab\there.sql"]; len(got) != 1 {
		t.Errorf("quoted name: %v", files)
	}
	if _, ok := files["del.sql"]; ok {
		t.Error("deleted file listed")
	}
	if _, err := Parse([]byte("diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +z @@\n")); err == nil {
		t.Error("bad hunk header accepted")
	}
}
