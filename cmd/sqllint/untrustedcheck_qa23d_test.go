package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestUntrustedCheckScan: a pull request cannot make its own check pass
// by editing the config: under --untrusted-config its fail-on: never,
// its rules and severity that turn a rule off, its exclude and its
// baseline (which it can rewrite) are ignored and named, and the scan
// fails on the finding; the command line's --fail-on and --ignore still
// count. Without the flag the config applies as before.
func TestUntrustedCheckScan(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "fail-on: never\nrules: [all, -SL302]\nseverity: {SL302: info}\nexclude: [\"db/V2*\"]\nbaseline: base.json\n")
	writeFile(t, dir, "db/V2__pr.sql", "CHECKPOINT 10;\n")
	db := filepath.Join(dir, "db")
	// the pull request's own baseline, holding its finding
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", filepath.Join(dir, "base.json"), db); code != 0 {
		t.Fatalf("write-baseline: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--no-source", db); code != 0 || strings.Contains(out, "SL302") || strings.Contains(errs, "ignoring") {
		t.Fatalf("trusted: exit %d\n%s%s", code, out, errs)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-source", "--untrusted-config", db)
	if code != 1 || !strings.Contains(out, "V2__pr.sql:1:1: warning SL302") {
		t.Errorf("untrusted: exit %d, want the warning to fail the check\n%s%s", code, out, errs)
	}
	for _, key := range []string{"fail-on: never", "rules (it turns off SL302)", "severity (SL302: info", "exclude: [db/V2*]", "baseline base.json"} {
		if !strings.Contains(errs, "--untrusted-config: ignoring "+key) {
			t.Errorf("stderr does not say %q:\n%s", key, errs)
		}
	}
	// the workflow's flags stand
	if code, out, errs := runCmd(t, "", nil, "scan", "--untrusted-config", "--fail-on", "never", db); code != 0 {
		t.Errorf("--fail-on never: exit %d\n%s%s", code, out, errs)
	}
	if code, out, errs := runCmd(t, "", nil, "scan", "--untrusted-config", "--ignore", "SL302", db); code != 0 || strings.Contains(out, "SL302") {
		t.Errorf("--ignore SL302: exit %d\n%s%s", code, out, errs)
	}
}
