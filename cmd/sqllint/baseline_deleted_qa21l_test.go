package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselineEntriesOfADeletedScriptAreStaleWithDiff: a run that holds
// its findings to the end (--diff, --fix) filters them through the
// baseline as the streamed run does: the entries of a script deleted
// from the folder scanned are stale there too.
func TestBaselineEntriesOfADeletedScriptAreStaleWithDiff(t *testing.T) {
	dir, _ := gitRepo(t)
	writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "db/V2__tune.sql", "PRINT 1;\nGO\nCHECKPOINT 20;\n")
	const bl = "sqllint-baseline.json"
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if err := os.Remove(filepath.Join(dir, "db/V2__tune.sql")); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", bl, "--diff", "db")
	if code != 0 || !strings.Contains(errs, "1 entry no longer matches a finding (SL302 db/V2__tune.sql)") {
		t.Errorf("scan --diff db after V2 was deleted: exit %d, %q, %q; want 0 and V2's entry stale", code, out, errs)
	}
}
