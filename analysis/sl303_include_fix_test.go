package analysis

import (
	"testing"
)

// A CHECKPOINT that ends an included script pairs with a BACKUP of the
// script that includes it (SL303), but the fix would remove it from the
// included file, where every other script that includes it loses it too:
// here the CHECKPOINT that makes DBCC DROPCLEANBUFFERS drop every page. The
// finding stays, without a fix. A CHECKPOINT and BACKUP both in the
// included file, or a CHECKPOINT of the root script before an included
// BACKUP, are fixed as before.
func TestSL303NoFixAcrossAnInclude(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	flush := write(t, dir, "inc/flush.sql", "CHECKPOINT;\n")
	write(t, dir, "deploy.sql", "USE Sales;\nGO\n:r inc/flush.sql\nBACKUP DATABASE Sales TO DISK = N'D:\\s.bak';\nGO\n")
	write(t, dir, "perf.sql", "USE Sales;\nGO\n:r inc/flush.sql\nDBCC DROPCLEANBUFFERS;\nGO\n")
	both := write(t, dir, "inc/both.sql", "CHECKPOINT;\nBACKUP DATABASE Sales TO DISK = N'D:\\b.bak';\n")
	write(t, dir, "deploy2.sql", "USE Sales;\nGO\n:r inc/both.sql\nGO\n")
	write(t, dir, "inc/backup.sql", "BACKUP DATABASE Sales TO DISK = N'D:\\c.bak';\n")
	root := write(t, dir, "deploy3.sql", "USE Sales;\nGO\nCHECKPOINT;\n:r inc/backup.sql\nGO\n")

	_, rest := fixAll(t, Options{Paths: []string{"."}})
	if got := read(t, flush); got != "CHECKPOINT;\n" {
		t.Errorf("inc/flush.sql fixed to %q: perf.sql loses its CHECKPOINT", got)
	}
	n := 0
	for _, f := range rest {
		if f.RuleID == "SL303" {
			n++
			if f.Path != "inc/flush.sql" {
				t.Errorf("SL303 left at %s:%d", f.Path, f.Line)
			}
		}
	}
	if n != 1 {
		t.Errorf("%d SL303 findings left, want 1 (inc/flush.sql)", n)
	}
	if got := read(t, both); got != "BACKUP DATABASE Sales TO DISK = N'D:\\b.bak';\n" {
		t.Errorf("inc/both.sql fixed to %q", got)
	}
	if got := read(t, root); got != "USE Sales;\nGO\n:r inc/backup.sql\nGO\n" {
		t.Errorf("deploy3.sql fixed to %q", got)
	}
}
