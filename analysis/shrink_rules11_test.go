package analysis

import (
	"strings"
	"testing"
)

// A DBCC SHRINKFILE between a CREATE DATABASE and a MODIFY FILE that
// grows the file again is kept for the model in a whole run (ordinary
// statements are dropped otherwise), between many statements of no
// interest too: SL201 weighs the growth after the shrink.
func TestShrinkKeptInRun(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	pad := strings.Repeat("SELECT name FROM sys.objects WHERE type = 'U';\nGO\n", 3000)
	write(t, dir, "a.sql", "CREATE DATABASE D ON (NAME = d1, FILENAME = 'D:\\d1.mdf', SIZE = 10GB);\nGO\nUSE D;\nGO\n"+pad+
		"DBCC SHRINKFILE (d1, 1024);\nGO\n"+pad+"ALTER DATABASE D MODIFY FILE (NAME = d1, SIZE = 10GB);\n")
	rs, _ := runAll(t, Options{Paths: []string{"a.sql"}})
	var got []string
	for _, f := range findings(rs) {
		if f.RuleID == "SL201" && f.Line > 1 {
			got = append(got, f.Message)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "allocates up to 9 GB of data file") {
		t.Errorf("SL201 after the shrink: %q, want one of up to 9 GB", got)
	}
}
