package main

import (
	"testing"
)

// TestMissingPathsAllNamed: a path that does not exist stops the run
// before anything is checked or written (exit 2, no report: the action
// then uploads no SARIF that would close the alerts of the scripts the
// typo left out), and every such path is named, each on its line, not
// only the first: scan nope db gone named nope alone, and gone on the
// next try.
func TestMissingPathsAllNamed(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/V1__a.sql", "CHECKPOINT 5;\n")
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--format", "json=r.json", "nope", "db", "db/gone.sql")
	want := "sqllint: nope: no such file or directory\nsqllint: db/gone.sql: no such file or directory\n"
	if code != exitError || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q, want %q", code, out, errs, want)
	}
	if code, _, _ := runCmd(t, "", nil, "scan", "--no-config", "r.json"); code != exitError {
		t.Errorf("a report was written: exit %d", code)
	}
}
