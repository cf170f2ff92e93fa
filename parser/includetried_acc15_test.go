package parser

import (
	"os"
	"path/filepath"
	"testing"
)

// A nested :r whose file is neither beside the script that names it nor
// in the root script's folder (the two places sqllint looks) names both
// paths: the message named only the first, so the second looked untried.
// A :r in the root script's folder, or an absolute one, has one path.
func TestIncludeMissingNamesEveryPathTried(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	abs := filepath.Join(dir, "gone.sql")
	if err := os.WriteFile(filepath.Join(sub, "b.sql"), []byte(":r missing.sql\n:r "+abs+"\nGO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sc := Preprocess(NewFile(filepath.Join(dir, "root.sql"), ":r sub/b.sql\n:r missing.sql\nGO\n"), nil)
	msgs := diagMessages(sc)
	want := []string{
		`:r cannot include "missing.sql": ` + filepath.Join(sub, "missing.sql") + ": no such file or directory (nor in the root script's folder: " + filepath.Join(dir, "missing.sql") + ")",
		`:r cannot include "` + abs + `": ` + abs + ": no such file or directory",
		`:r cannot include "missing.sql": ` + filepath.Join(dir, "missing.sql") + ": no such file or directory",
	}
	if len(msgs) != len(want) {
		t.Fatalf("diags %q", msgs)
	}
	for i := range want {
		if msgs[i] != want[i] {
			t.Errorf("diag %d\n got %q\nwant %q", i, msgs[i], want[i])
		}
	}
}
