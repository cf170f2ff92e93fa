package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A script included twice is read twice, its one use of a variable that
// nothing defines too: the finding, once in that file, named the second
// reading as a use "once more in this file, on the same line", a use the
// file does not have. Its later uses are counted once, in the reading of
// the file that reported the variable.
func TestUndefinedUsesOfAFileIncludedTwice(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"once.sql":  "SELECT $(zz)\n",
		"twice.sql": "SELECT $(yy)\nSELECT $(yy)\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := NewFile(filepath.Join(dir, "main.sql"), ":r once.sql\nGO\n:r once.sql\nGO\n:r twice.sql\n:r twice.sql\nGO\n")
	sc := Preprocess(main, nil)
	got := diagMessages(sc)
	if len(got) != 2 {
		t.Fatalf("diags %q, want two", got)
	}
	if strings.Contains(got[0], "also used") || !strings.Contains(got[0], "$(zz) is not defined") {
		t.Errorf("once.sql: %s", got[0])
	}
	if !strings.HasSuffix(got[1], "; also used once more in this file, at line 2 (sqlcmd stops at the first)") {
		t.Errorf("twice.sql: %s", got[1])
	}
}

// The same when the variable is removed after both readings, in their
// batch: sqlcmd resolves the batch's variables at its GO, and the second
// reading's use is still the one the finding names.
func TestUndefinedUsesOfAFileIncludedTwiceResolvedAtGO(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "once.sql"), []byte("SELECT $(zz)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	main := NewFile(filepath.Join(dir, "main.sql"), ":setvar zz 1\n:r once.sql\n:r once.sql\n:setvar zz\nGO\n")
	sc := Preprocess(main, nil)
	got := diagMessages(sc)
	if len(got) != 1 || strings.Contains(got[0], "also used") || !strings.Contains(got[0], "$(zz) is not defined") {
		t.Errorf("diags %q, want one, with no other use", got)
	}
}
