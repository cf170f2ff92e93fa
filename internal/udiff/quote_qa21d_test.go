package udiff

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A file name from a pull request is printed on --diff's header lines.
// git quotes every control character of a name (C escapes, else octal)
// so that none reaches the terminal: an escape in a name could clear the
// screen or hide lines of the diff, a bidirectional control reorder
// what the reviewer reads. Only \t, \n and \r were quoted.
func TestQuoteControlCharacters(t *testing.T) {
	for name, want := range map[string]string{
		"esc\x1b[2J.sql": `"a/esc\033[2J.sql"`,
		"bel\a.sql":      `"a/bel\a.sql"`,
		"bs\b.sql":       `"a/bs\b.sql"`,
		"vt\v.sql":       `"a/vt\v.sql"`,
		"ff\f.sql":       `"a/ff\f.sql"`,
		"nul\x01.sql":    `"a/nul\001.sql"`,
		"del\x7f.sql":    `"a/del\177.sql"`,
		"csi\u009b.sql":  `"a/csi\302\233.sql"`,     // a C1 control
		"rlo\u202e.sql":  `"a/rlo\342\200\256.sql"`, // a bidirectional one
		"tab\t.sql":      `"a/tab\t.sql"`,
		"bad\x9b[2J.sql": `"a/bad\233[2J.sql"`, // a byte that is no UTF-8
		`q"b\.sql`:       `"a/q\"b\\.sql"`,
		"café.sql":       "a/café.sql", // other characters as they are (git -c core.quotePath=false)
		"plain.sql":      "a/plain.sql",
	} {
		if got := quote("a/" + name); got != want {
			t.Errorf("quote(%q) = %s, want %s", name, got, want)
		}
	}
}

// git apply reads the quoted names back.
func TestGitApplyQuotedNames(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	for _, name := range []string{"esc\x1b[2J.sql", "del\x7f.sql", "rlo\u202e.sql", "csi\u009b.sql", "vt\v.sql"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("CHECKPOINT 5\n"), 0o644); err != nil {
			t.Skip("the file system refuses the name:", err)
		}
		patch := File(name, []byte("CHECKPOINT 5\n"), []byte("CHECKPOINT\n"))
		if strings.ContainsAny(strings.SplitN(patch, "@@", 2)[0], "\x1b\x7f\v\u202e\u009b") {
			t.Errorf("%q: a control character in the header:\n%q", name, patch)
		}
		pf := filepath.Join(t.TempDir(), "p.diff")
		if err := os.WriteFile(pf, []byte(patch), 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("git", "apply", "--unsafe-paths", "--directory=", pf)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%q: git apply: %v\n%s\n%q", name, err, out, patch)
		}
		if got, _ := os.ReadFile(path); string(got) != "CHECKPOINT\n" {
			t.Errorf("%q: applied %q", name, got)
		}
	}
}
