package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/analysis"
)

// TestFixPartialWriteFailure: when one file cannot be written, its
// findings remain and are printed (they were fixed only in memory), the
// summary says which files were written and which were not, and the exit
// status is 2. Before, the run said "no findings" and counted the
// unwritten file's fixes as applied.
func TestFixPartialWriteFailure(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	writeFile(t, dir, "db/a.sql", "CHECKPOINT 10;\n")
	writeFile(t, dir, "db/b.sql", "CHECKPOINT 20;\n")
	orig := writeFixed
	t.Cleanup(func() { writeFixed = orig })
	writeFixed = func(files []analysis.FixedFile) ([]string, error) {
		var keep []analysis.FixedFile
		var errs []error
		for _, f := range files {
			if f.Path == "db/b.sql" {
				errs = append(errs, fmt.Errorf("%s: not fixed: cannot write %s: permission denied", f.Path, f.Path))
				continue
			}
			keep = append(keep, f)
		}
		written, err := orig(keep)
		return written, errors.Join(append(errs, err)...)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--fix", "db")
	if data, _ := os.ReadFile(filepath.Join(dir, "db/a.sql")); string(data) != "CHECKPOINT;\n" {
		t.Errorf("a.sql: %q", data)
	}
	if got := found(out); code != 2 || len(got) != 1 || got[0] != "db/b.sql:1 SL302" {
		t.Errorf("exit %d, findings %q, want 2 and b.sql's SL302\n%s%s", code, got, out, errs)
	}
	if !strings.Contains(errs, "sqllint: fixed: 1 fix(es) in 1 file(s) (SL302: 1): db/a.sql; not written: db/b.sql; 1 finding(s) remain") ||
		!strings.Contains(errs, "db/b.sql: not fixed: cannot write db/b.sql: permission denied") {
		t.Errorf("stderr:\n%s", errs)
	}
}
