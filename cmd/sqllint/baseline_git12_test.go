package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A migration folder moved, and a script renamed in it (git mv), keeps
// its baselined findings hidden, in a run on the folder and in a hook's
// run on the renamed script alone; a finding added to the renamed
// script is reported.
func TestBaselineFollowsRenamedScripts(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1__create.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "db/V2__tune.sql", "CHECKPOINT 20;\n")
	const bl = "sqllint-baseline.json"
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if err := os.Rename(filepath.Join(dir, "db"), filepath.Join(dir, "migrations")); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(dir, "migrations", "V1__create.sql"), filepath.Join(dir, "migrations", "V001__create.sql")); err != nil {
		t.Fatal(err)
	}
	for _, paths := range [][]string{{"migrations"}, {"migrations/V001__create.sql"}} {
		code, out, errs := runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--baseline", bl}, paths...)...)
		if code != 0 || len(found(out)) != 0 || errs != "" {
			t.Errorf("%v: exit %d, %v, %q; want 0, none", paths, code, found(out), errs)
		}
	}
	writeFile(t, dir, "migrations/V001__create.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nGO\nCHECKPOINT 30;\n")
	code, out, _ := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--baseline", bl, "migrations")
	if got := strings.Join(found(out), ","); code != 1 || got != "migrations/V001__create.sql:5 SL302" {
		t.Errorf("a new finding: exit %d, %s; want 1, migrations/V001__create.sql:5 SL302", code, got)
	}
}
