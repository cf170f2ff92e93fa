package analysis

import (
	"path/filepath"
	"testing"
)

// The master scripts above a named script are looked for up to eight
// folders up, never in the home folder; a script in the system's
// temporary folder, where any user may leave one, was read too: one that
// named a script below it (/tmp/x.sql with :setvar and :r
// proj/db/V2.sql) set that script's variables and changed its findings.
// The temporary folder holds no one project (NoProjectFolder), as the
// home folder.
func TestIncludersAboveNotInTheTemporaryFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	write(t, tmp, "master.sql", ":setvar Size 99GB\n:r proj/db/V2.sql\n")
	write(t, tmp, "proj/master.sql", ":r db/V2.sql\n")
	v2 := filepath.Join(tmp, "proj", "db", "V2.sql")
	write(t, tmp, "proj/db/V2.sql", "SELECT 1;\n")
	got := IncludersAbove(v2)
	if len(got) != 1 || got[0] != filepath.Join(tmp, "proj", "master.sql") {
		t.Errorf("IncludersAbove = %v, want proj/master.sql alone", got)
	}
}
