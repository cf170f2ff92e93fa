package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselineEntriesOfADeletedScriptAreStale: the scan of a folder
// counts as stale the entries of a script deleted from it (that no
// renamed script took), so the note says to write the baseline again.
// They were kept silently forever, and a script added later with the
// same findings took them as a rename: its new findings were hidden. A
// hook's run on other files says nothing of them; a run with --diff
// counts them as the streamed run does.
func TestBaselineEntriesOfADeletedScriptAreStale(t *testing.T) {
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
	scan := func(paths ...string) (int, string, string) {
		return runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--baseline", bl}, paths...)...)
	}
	for _, path := range []string{"db", "."} {
		code, out, errs := scan(path)
		if code != 0 || len(found(out)) != 0 || !strings.Contains(errs, "1 entry no longer matches a finding (SL302 db/V2__tune.sql): run with --write-baseline "+bl) {
			t.Errorf("scan %s after V2 was deleted: exit %d, %v, %q; want 0 and V2's entry stale", path, code, found(out), errs)
		}
	}
	// a run that holds its findings to the end (--diff, --fix) filters
	// them through the baseline as the streamed run does
	if code, out, errs := scan("--diff", "db"); code != 0 || !strings.Contains(errs, "1 entry no longer matches a finding (SL302 db/V2__tune.sql)") {
		t.Errorf("scan --diff db after V2 was deleted: exit %d, %q, %q; want 0 and V2's entry stale", code, out, errs)
	}
	if code, out, errs := scan("db/V1__a.sql"); code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("a hook's run on V1: exit %d, %v, %q; want 0, nothing said", code, found(out), errs)
	}
	// renamed rather than deleted: its entry goes with the new name
	writeFile(t, dir, "db/V3__tune.sql", "PRINT 1;\nGO\nCHECKPOINT 20;\n")
	if code, out, errs := scan("db"); code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("V2 renamed V3: exit %d, %v, %q; want 0, nothing said", code, found(out), errs)
	}
}
