package gitdiff

import (
	"path/filepath"
	"reflect"
	"testing"
)

// A name with a blank and a character git quotes ends in a tab after the
// quotes; an added line that starts with "++ " reads "+++ " in a hunk
// and names no file.
func TestParseQuotedBlankNameAndPlusLines(t *testing.T) {
	out := "diff --git \"a/db x/t\\tab.sql\" \"b/db x/t\\tab.sql\"\n" +
		"--- \"a/db x/t\\tab.sql\"\t\n" +
		"+++ \"b/db x/t\\tab.sql\"\t\n" +
		"@@ -1,0 +2,2 @@\n" +
		"+++ not a file\n" +
		"+new file mode 100644\n" +
		"@@ -5 +7 @@\n" +
		"-old\n" +
		"+new\n"
	got, err := Parse([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]lineSet{"db x/t\tab.sql": {{2, 3}, {7, 7}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Parse = %v, want %v", got, want)
	}
}

// The same through git: a file whose name holds a blank and a tab.
func TestSinceQuotedBlankName(t *testing.T) {
	dir := t.TempDir()
	run(t, dir, "init", "-q", "-b", "main")
	name := filepath.Join(dir, "db x", "t\tab.sql")
	write(t, name, "a\n")
	run(t, dir, "add", "-A")
	run(t, dir, "commit", "-q", "-m", "one")
	write(t, name, "a\n++ b\n")
	c, err := Since(dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Changed(name, 2, 2) || c.Changed(name, 1, 1) {
		t.Errorf("line 2 changed: %v, line 1: %v", c.Changed(name, 2, 2), c.Changed(name, 1, 1))
	}
}
