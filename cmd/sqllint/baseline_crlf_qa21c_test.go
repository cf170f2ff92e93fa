package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBaselineFromAnLFCheckoutHoldsInACRLFOne: a baseline written and
// committed on a machine that checks scripts out with LF hides the same
// findings on a machine that checks them out with CRLF
// (core.autocrlf=true), also on a statement whose string literal spans
// lines: the literal holds "\r\n" there, and its entry no longer
// matched (the old finding reported as new, its entry as stale).
func TestBaselineFromAnLFCheckoutHoldsInACRLFOne(t *testing.T) {
	dir, git := gitRepo(t)
	writeFile(t, dir, "db/V1.sql", "CHECKPOINT 10;\nGO\n"+
		"BACKUP DATABASE Sales TO DISK = N'NUL' WITH DESCRIPTION = N'nightly\nread test';\n")
	const bl = "sqllint-baseline.json"
	code, out, errs := runCmd(t, "", nil, "scan", "--no-config", "--write-baseline", bl, "db")
	if code != 0 || !strings.Contains(errs, "wrote 2 finding(s)") {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errs)
	}
	git("add", ".")
	git("commit", "-qm", "baseline")

	crlf := filepath.Join(t.TempDir(), "crlf")
	git("-c", "core.autocrlf=true", "clone", "-q", dir, crlf)
	if data, err := os.ReadFile(filepath.Join(crlf, "db/V1.sql")); err != nil || !strings.Contains(string(data), "nightly\r\nread") {
		t.Fatalf("the CRLF checkout holds %q (%v)", data, err)
	}
	t.Chdir(crlf)
	code, out, errs = runCmd(t, "", nil, "scan", "--no-config", "--no-source", "--baseline", bl, "db")
	if code != 0 || len(found(out)) != 0 || errs != "" {
		t.Errorf("CRLF checkout: exit %d, %v, %q; want 0, no finding, no stale entry", code, found(out), errs)
	}
}
