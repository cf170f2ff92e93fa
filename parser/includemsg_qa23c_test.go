package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestIncludeMessagesSayWhatSqlcmdDoes: an :r of a folder says that
// sqlcmd cannot read one either; an :r name holding a doubled quote
// ("" inside quotes) says that its quotes were dropped (the name that
// follows is not the one written), and that a file name on Windows holds
// no double quote; a name made of a variable that ends with a backslash
// (`:setvar Path sub\` then `:r $(Path)\c.sql`) reads as one folder
// separator, as Windows reads doubled ones, and includes the file.
// Each message is at the :r line.
func TestIncludeMessagesSayWhatSqlcmdDoes(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub", "dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "c.sql"), []byte("SELECT 3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	main := NewFile(filepath.Join(dir, "m.sql"),
		":r sub/dir\n"+
			":r \"sub/my \"\"x\"\" file.sql\"\n"+
			":setvar Path sub\\\n"+
			":r $(Path)\\c.sql\n")
	sc := Preprocess(main, nil)
	var got []string
	for _, d := range sc.Diags {
		p := d.Span.Start.Position()
		got = append(got, fmt.Sprintf("%d:%d %s", p.Line, p.Column, strings.ReplaceAll(d.Message, dir+string(filepath.Separator), "")))
	}
	want := []string{
		"1:1 :r cannot include \"sub/dir\": sub/dir: not a regular file (a folder): only regular files are read; " +
			"sqlcmd cannot read a folder either, and fails on this :r: name a script file",
		"2:1 :r cannot include \"sub/my x file.sql\": sub/my x file.sql: no such file or directory " +
			"(the name is read from \"sub/my \"\"x\"\" file.sql\" with its quotes dropped, as sqlcmd joins the quoted parts of a name; " +
			"a file name on Windows cannot hold a double quote)",
	}
	if len(got) != len(want) {
		t.Fatalf("diags = %q,\nwant %q", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("diag %d = %q,\nwant %q", k, got[k], want[k])
		}
	}
	if b := batchTexts(sc); len(b) != 1 || b[0] != "SELECT 3\n" {
		t.Errorf("batches = %q", b)
	}
}
