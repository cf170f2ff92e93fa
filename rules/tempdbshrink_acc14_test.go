package rules

import (
	"strings"
	"testing"
)

// tempdb starts at its last configured sizes, which DBCC SHRINKFILE sets
// as MODIFY FILE does: a script that shrinks tempdev to 100 MB and adds
// a 500 MB file sets about 608 MB of data per restart (under the 10 s
// budget), not the 1.5 GB SL208 counted when the shrink was passed over.
func TestTempdbShrinkfileLowersRestartSize(t *testing.T) {
	pre := "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 1000MB);\nGO\nUSE tempdb;\nGO\n"
	add := "ALTER DATABASE tempdb ADD FILE (NAME = temp2, FILENAME = 'T:\\temp2.ndf', SIZE = 500MB);\n"
	for _, c := range []struct {
		shrink string
		want   string // SL208's message holds it; "" for none
	}{
		{"DBCC SHRINKFILE (tempdev, 100);\n", ""},
		{"DBCC SHRINKFILE (N'TempDev', 100) WITH NO_INFOMSGS;\n", ""},
		{"dbcc shrinkfile ([tempdev], 100)\n", ""},
		// not known how far: as before
		{"DBCC SHRINKFILE (tempdev);\n", "1.5 GB of data"},
		{"DBCC SHRINKFILE (tempdev, 0, TRUNCATEONLY);\n", "1.5 GB of data"},
		{"DBCC SHRINKFILE (tempdev, EMPTYFILE);\n", "1.5 GB of data"},
		{"DBCC SHRINKFILE (1, 100);\n", "1.5 GB of data"},
		{"DBCC SHRINKFILE (tempdev, @mb);\n", "1.5 GB of data"},
		// no larger than it is: nothing shrinks
		{"DBCC SHRINKFILE (tempdev, 2000);\n", "1.5 GB of data"},
	} {
		msgs := auditMessages(auditRun(t, pre+c.shrink+"GO\n"+add, nil), "SL208")
		switch {
		case c.want == "" && len(msgs) != 0:
			t.Errorf("%q: SL208 %q, want none", c.shrink, msgs)
		case c.want != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], c.want)):
			t.Errorf("%q: SL208 %q, want one with %q", c.shrink, msgs, c.want)
		}
	}
	// in another database, a file of that name is not tempdb's
	msgs := auditMessages(auditRun(t, "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 1000MB);\nGO\nUSE Sales;\nGO\nDBCC SHRINKFILE (tempdev, 100);\nGO\n"+add, nil), "SL208")
	if len(msgs) != 1 {
		t.Errorf("USE Sales: SL208 %q, want one", msgs)
	}
}
