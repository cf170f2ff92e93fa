package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// branchModel replays src and returns the model.
func branchModel(src string) *Model {
	return BuildModel([]*parser.Result{parser.ParseFile(parser.NewFile("s.sql", src), nil)}, "", nil)
}

// TestBranchJoin: the two arms of an IF ... ELSE are replayed from the
// same state and joined: the larger arm's files and filegroups, sizes
// known only where both arms agree, TDE when either turns it on, a
// database made in one arm kept, the USE context known only when both
// arms leave the same.
func TestBranchJoin(t *testing.T) {
	m := branchModel(`CREATE DATABASE d ON (NAME = p, FILENAME = 'p.mdf', SIZE = 1GB), (NAME = q, FILENAME = 'q.ndf', SIZE = 1GB)
IF @a = 1
BEGIN
    ALTER DATABASE d ADD FILEGROUP g1
    ALTER DATABASE d ADD FILEGROUP g2
    ALTER DATABASE d ADD FILE (NAME = a1, FILENAME = 'a1.ndf') TO FILEGROUP g1
    ALTER DATABASE d MODIFY FILE (NAME = p, SIZE = 5GB)
    ALTER DATABASE d MODIFY FILE (NAME = q, SIZE = 3GB)
    USE d
END
ELSE
BEGIN
    ALTER DATABASE d ADD FILE (NAME = b1, FILENAME = 'b1.ndf'), (NAME = b2, FILENAME = 'b2.ndf')
    ALTER DATABASE d MODIFY FILE (NAME = p, SIZE = 7GB)
    ALTER DATABASE d MODIFY FILE (NAME = q, SIZE = 3GB)
    ALTER DATABASE d SET ENCRYPTION ON
    CREATE DATABASE only_else
    USE only_else
END
CHECKPOINT
`)
	d := m.Databases["d"]
	// files: p, q and the log, + 1 or + 2: the larger arm
	if got := d.FileCount(); got != 5 {
		t.Errorf("files %d, want 5 (the ELSE arm's)", got)
	}
	if got := d.FilegroupCount(); got != 3 {
		t.Errorf("filegroups %d, want 3 (the THEN arm's)", got)
	}
	if p, _ := d.Files.Get("p"); p.Size != 0 {
		t.Errorf("p is %d bytes, want unknown (5 GB or 7 GB)", p.Size)
	}
	if q, _ := d.Files.Get("q"); q.Size != 3<<30 {
		t.Errorf("q is %d bytes, want 3 GB (both arms)", q.Size)
	}
	if !d.TDE {
		t.Error("TDE off, want on (one arm turns it on)")
	}
	if m.Databases["only_else"] == nil {
		t.Error("the database the ELSE arm creates is forgotten")
	}
	last := m.Effects[len(m.Effects)-1]
	if last.Context != "" {
		t.Errorf("context after the IF %q, want unknown (d or only_else)", last.Context)
	}
	// the ELSE arm starts from the state before the IF
	for _, e := range m.Effects {
		if strings.Contains(e.Stmt.Text(), "b1.ndf") && e.Files != 5 {
			t.Errorf("ADD FILE b1, b2 leaves %d files, want 5 (on the 3 before the IF)", e.Files)
		}
	}
}

// TestBranchNested: nested IF ... ELSE in an arm, ELSE IF chains and
// an IF without ELSE (which may run: its files count).
func TestBranchNested(t *testing.T) {
	m := branchModel(`CREATE DATABASE d
IF @a = 1
    ALTER DATABASE d ADD FILE (NAME = a1, FILENAME = 'a1.ndf')
ELSE IF @a = 2
    ALTER DATABASE d ADD FILE (NAME = b1, FILENAME = 'b1.ndf'), (NAME = b2, FILENAME = 'b2.ndf')
ELSE
BEGIN
    IF @b = 1
        ALTER DATABASE d ADD FILE (NAME = c1, FILENAME = 'c1.ndf')
    ELSE
        ALTER DATABASE d ADD FILE (NAME = c2, FILENAME = 'c2.ndf'), (NAME = c3, FILENAME = 'c3.ndf'), (NAME = c4, FILENAME = 'c4.ndf')
    IF @c = 1
        ALTER DATABASE d ADD FILE (NAME = c5, FILENAME = 'c5.ndf')
END
`)
	// 2 + max(1, 2, max(1, 3) + 1)
	if got := m.Databases["d"].FileCount(); got != 6 {
		t.Errorf("files %d, want 6", got)
	}
}
