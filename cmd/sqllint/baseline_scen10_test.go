package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteBaselineFromSomeFilesKeepsTheOthers: the note about a stale
// entry of a run on one file (a pre-commit hook's) says to run again
// with --write-baseline; done on that one file, it recorded that file's
// findings alone and dropped every other file's entries, so the next
// full run failed on all the old findings. Now the entries of the files
// a run does not check are kept, unless the file is gone (renamed or
// deleted), and a run on the whole folder still writes it anew.
func TestWriteBaselineFromSomeFilesKeepsTheOthers(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	writeFile(t, dir, "db/V3.sql", "CHECKPOINT 30;\n")
	git("add", ".")
	git("commit", "-qm", "old scripts")
	const bl = "ci/sqllint-baseline.json"
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	scan := func(paths ...string) (int, string, string) {
		return runCmd(t, "", nil, append([]string{"scan", "--no-config", "--no-source", "--baseline", bl}, paths...)...)
	}

	// V2's TARGET_RECOVERY_TIME is fixed; the hook's run on V2 says so
	// and how to shrink the baseline: done as it says
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 60 SECONDS;\n")
	_, _, errs := scan("db/V2.sql")
	if !strings.Contains(errs, "run with --write-baseline "+bl+" to shrink it") {
		t.Fatalf("stale note: %s", errs)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db/V2.sql")
	if code != 0 || errs != "sqllint: wrote 1 finding(s) to baseline "+bl+", and kept its 2 entries of files or rules this run did not check\n" {
		t.Errorf("--write-baseline on one file: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := scan("db"); code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("full run after rewriting from one file: exit %d, %v\n%s", code, found(out), errs)
	}
	data, err := os.ReadFile(filepath.Join(dir, bl))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"rule"`); n != 3 || strings.Contains(string(data), "SL301") {
		t.Errorf("baseline after rewriting from V2 (want V1, V2, V3's SL302 only):\n%s", data)
	}

	// V3 renamed: its entry goes with a rewrite from V1 (the file is
	// gone), and V3's finding under its new name is new
	git("mv", "db/V3.sql", "db/V4.sql")
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db/V1.sql"); code != 0 {
		t.Fatalf("--write-baseline on V1: exit %d\n%s%s", code, out, errs)
	}
	data, _ = os.ReadFile(filepath.Join(dir, bl))
	if strings.Contains(string(data), "V3.sql") || !strings.Contains(string(data), "V2.sql") {
		t.Errorf("baseline after the rename:\n%s", data)
	}
	if _, out, _ := scan("db"); strings.Join(found(out), ",") != "db/V4.sql:1 SL302" {
		t.Errorf("after the rename: %v, want V4's finding", found(out))
	}

	// the whole folder: written anew (V2's finding fixed, its entry goes)
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT;\n")
	code, _, errs = runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db")
	if code != 0 || errs != "sqllint: wrote 2 finding(s) to baseline "+bl+"\n" {
		t.Errorf("--write-baseline on the folder: exit %d %s", code, errs)
	}
	data, _ = os.ReadFile(filepath.Join(dir, bl))
	if strings.Contains(string(data), "V2.sql") || strings.Count(string(data), `"rule"`) != 2 {
		t.Errorf("baseline written anew:\n%s", data)
	}
}

// TestBaselineWithSomeRules: a run with some rules (--select, --ignore,
// the config's rules) called every entry of the other rules stale and
// said to write the baseline again, which, with the same --select,
// dropped them. The entries of a rule that did not run are neither stale
// nor dropped.
func TestBaselineWithSomeRules(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	git("add", ".")
	git("commit", "-qm", "old scripts")
	const bl = "b.json"
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--select", "SL302", "--baseline", bl, "db"); code != 0 || errs != "" {
		t.Errorf("--select SL302: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--ignore", "SL301", "--write-baseline", bl, "db")
	if code != 0 || !strings.Contains(errs, "kept its 1 entries of files or rules this run did not check") {
		t.Errorf("--write-baseline --ignore SL301: exit %d %s", code, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", bl, "db"); code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("all rules after a rewrite without SL301: exit %d %v %s", code, found(out), errs)
	}
	// a finding of a rule that ran and is gone still goes
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT;\nGO\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	if _, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--select", "SL302", "--baseline", bl, "db"); !strings.Contains(errs, "1 entry no longer matches a finding (SL302 db/V1.sql)") {
		t.Errorf("stale SL302: %s", errs)
	}
}

// TestBaselineKeepsUnreadFiles: the entries of a file the run could not
// read (unreadable for a moment, or no longer text) were all called stale
// and dropped by a rewrite, and a run that read no file called every
// entry stale. They are kept, and the run still exits 2 for the file.
func TestBaselineKeepsUnreadFiles(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\n")
	git("add", ".")
	git("commit", "-qm", "old scripts")
	const bl = "b.json"
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\n\x00\x00")
	code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--baseline", bl, "db")
	if code != 2 || strings.Contains(errs, "no longer match") {
		t.Errorf("a file that cannot be read: exit %d, want 2 and no stale entry\n%s", code, errs)
	}
	if code, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db"); code != 2 || !strings.Contains(errs, "kept its 1 entries") {
		t.Errorf("rewrite with a file that cannot be read: exit %d %s", code, errs)
	}
	writeFile(t, dir, "db/V2.sql", "CHECKPOINT 20;\n")
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--baseline", bl, "db"); code != 0 || errs != "" {
		t.Errorf("the file readable again: exit %d %v %s", code, found(out), errs)
	}
	writeFile(t, dir, "empty/README.md", "no scripts\n")
	if _, _, errs := runCmd(t, "", nil, "scan", "--no-config", "--baseline", bl, "empty"); strings.Contains(errs, "no longer match") {
		t.Errorf("a run with no file: %s", errs)
	}
}
