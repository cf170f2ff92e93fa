package udiff

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFileFormat(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	updated := "a\nb\nc\nd\nE\nf\ng\nh\ni\nj\n"
	want := `diff --git a/db/x.sql b/db/x.sql
--- a/db/x.sql
+++ b/db/x.sql
@@ -2,7 +2,7 @@
 b
 c
 d
-e
+E
 f
 g
 h
`
	if got := File("db/x.sql", []byte(old), []byte(updated)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if got := File("x", []byte(old), []byte(old)); got != "" {
		t.Errorf("equal files: %q", got)
	}
	got := File("x", []byte("a\nb"), []byte("a\nc"))
	if !strings.Contains(got, "-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n") {
		t.Errorf("no final newline:\n%s", got)
	}
	got = File("x", []byte("CHECKPOINT 10;\r\nBACKUP DATABASE a TO DISK='x';\r\n"), []byte("BACKUP DATABASE a TO DISK='x';\r\n"))
	if got != "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1,2 +1 @@\n-CHECKPOINT 10;\r\n BACKUP DATABASE a TO DISK='x';\r\n" {
		t.Errorf("CRLF, deletion:\n%q", got)
	}
}

// TestGitApply applies random diffs with git apply and compares.
func TestGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := git("init", "-q"); err != nil {
		t.Fatal(err, out)
	}
	rnd := rand.New(rand.NewSource(1))
	words := []string{"a\n", "b\n", "c\n", "CHECKPOINT;\n", "GO\n", "x\r\n", "\n"}
	gen := func() string {
		var b strings.Builder
		for i := rnd.Intn(30); i > 0; i-- {
			b.WriteString(words[rnd.Intn(len(words))])
		}
		if rnd.Intn(4) == 0 {
			b.WriteString("tail")
		}
		return b.String()
	}
	mutate := func(s string) string {
		ls := lines(s)
		for n := rnd.Intn(4) + 1; n > 0; n-- {
			i := 0
			if len(ls) > 0 {
				i = rnd.Intn(len(ls) + 1)
			}
			switch rnd.Intn(3) {
			case 0:
				ls = append(ls[:i], append([]string{words[rnd.Intn(len(words))]}, ls[i:]...)...)
			case 1:
				if i < len(ls) {
					ls = append(ls[:i], ls[i+1:]...)
				}
			default:
				if i < len(ls) && strings.HasSuffix(ls[i], "\n") {
					ls[i] = "changed\n"
				}
			}
		}
		return strings.Join(ls, "")
	}
	for i := 0; i < 150; i++ {
		old := gen()
		updated := mutate(old)
		name := fmt.Sprintf("db scripts/f%d.sql", i)
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		patch := File(name, []byte(old), []byte(updated))
		if patch == "" {
			if old != updated {
				t.Fatalf("no diff for a change")
			}
			continue
		}
		pf := filepath.Join(t.TempDir(), "p.diff")
		if err := os.WriteFile(pf, []byte(patch), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := git("apply", pf); err != nil {
			t.Fatalf("git apply: %v\n%s\nold %q\nnew %q\npatch:\n%s", err, out, old, updated, patch)
		}
		got, _ := os.ReadFile(path)
		if string(got) != updated {
			t.Fatalf("applied %q, want %q\npatch:\n%s", got, updated, patch)
		}
	}
}

func TestLineMap(t *testing.T) {
	old := "USE Sales;\nCHECKPOINT 30;\nGO\nBACKUP DATABASE Sales;\n"
	tests := []struct {
		updated string
		want    []int
	}{
		{old, []int{1, 2, 3, 4}},
		{"USE Sales;\nCHECKPOINT;\nGO\nBACKUP DATABASE Sales;\n", []int{1, 2, 3, 4}},               // changed line
		{"USE Sales;\nGO\nBACKUP DATABASE Sales;\n", []int{1, 3, 4}},                               // removed line
		{"-- new\nUSE Sales;\nCHECKPOINT 30;\nGO\nBACKUP DATABASE Sales;\n", []int{1, 1, 2, 3, 4}}, // inserted line
	}
	for _, tt := range tests {
		got := LineMap([]byte(old), []byte(tt.updated))
		if fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("LineMap(%q) = %v, want %v", tt.updated, got, tt.want)
		}
	}
}

// checkScript fails unless ops is an edit script from a to b: every line
// of a kept or deleted and every line of b kept or inserted, in order,
// kept lines equal, and each op naming the position it is at on the
// other side (LineMap reads it).
func checkScript(t *testing.T, a, b []string, ops []op) (changes int) {
	t.Helper()
	i, j := 0, 0
	for _, o := range ops {
		switch o.kind {
		case ' ':
			if o.a != i || o.b != j || a[i] != b[j] {
				t.Fatalf("keep %+v at a %d, b %d", o, i, j)
			}
			i++
			j++
		case '-':
			if o.a != i || o.b != j {
				t.Fatalf("delete %+v at a %d, b %d", o, i, j)
			}
			i++
			changes++
		case '+':
			if o.a != i || o.b != j {
				t.Fatalf("insert %+v at a %d, b %d", o, i, j)
			}
			j++
			changes++
		}
	}
	if i != len(a) || j != len(b) {
		t.Fatalf("script ends at a %d of %d, b %d of %d", i, len(a), j, len(b))
	}
	return changes
}

func edited(r *rand.Rand, n, edits int) (a, b []string) {
	for i := 0; i < n; i++ {
		a = append(a, fmt.Sprintf("line %d", r.Intn(n/4+1)))
	}
	b = slices.Clone(a)
	for e := 0; e < edits; e++ {
		k := r.Intn(len(b) + 1)
		switch r.Intn(3) {
		case 0:
			b = slices.Insert(b, k, fmt.Sprintf("new %d", e))
		case 1:
			if k < len(b) {
				b = slices.Delete(b, k, k+1)
			}
		default:
			if k < len(b) {
				b[k] = fmt.Sprintf("changed %d", e)
			}
		}
	}
	return a, b
}

// Small diffs are exact and shortest; a diff of many thousands of changed
// lines over a large file (a --fix of a big script) is still a correct
// script, without the O(D×N) trace that took gigabytes.
func TestDiffScripts(t *testing.T) {
	r := rand.New(rand.NewSource(12))
	for n := 0; n < 300; n++ {
		a, b := edited(r, r.Intn(40), r.Intn(6))
		ops := diff(a, b)
		got := checkScript(t, a, b, ops)
		// the shortest script is never longer than the edits made
		// allow: compare with a plain LCS
		if want := len(a) + len(b) - 2*lcs(a, b); got != want {
			t.Fatalf("%q -> %q: %d changes, shortest is %d", a, b, got, want)
		}
	}
	a, b := edited(r, 200_000, 20_000)
	checkScript(t, a, b, diff(a, b))
	if _, ok := myersBounded(a, b, maxExactD); ok {
		t.Fatal("the large case should be past the exact bound")
	}
}

func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		for j := 1; j <= len(b); j++ {
			if a[i-1] == b[j-1] {
				cur[j] = prev[j-1] + 1
			} else {
				cur[j] = max(prev[j], cur[j-1])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}
