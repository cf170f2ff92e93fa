package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A script of a pull request that includes a hidden file of the checkout
// between BACKUP LOG and TO DISK = 'NUL' would print it in SL304's
// message, which CI logs and SARIF publish: the include is SL002, never
// read, in every format; and a link in a scanned folder to such a file
// is not read either.
func TestIncludeHiddenNotPrinted(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, ".sqllint.yaml", "env: []\n")
	writeFile(t, dir, ".env", "SECRET_ENV_VALUE\n")
	writeFile(t, dir, ".git/config", "[core]\n\trepositoryformatversion = SECRET_GIT\n")
	writeFile(t, dir, "db/x.sql", "BACKUP LOG\n:r ../.env\nTO DISK='NUL'\nGO\nBACKUP LOG\n:r ../.git/config\nTO DISK='NUL'\n")
	db := filepath.Join(dir, "db")
	for _, format := range []string{"text", "json", "sarif"} {
		code, out, errs := runCmd(t, "", nil, "scan", "--format", format, db)
		if code != 1 || strings.Contains(out+errs, "SECRET") || strings.Count(out, "is hidden") != 2 {
			t.Errorf("%s: exit %d, want the two includes refused as hidden and no secret shown:\n%s%s", format, code, out, errs)
		}
	}
	if err := os.Symlink(filepath.Join(dir, ".env"), filepath.Join(db, "link.sql")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	code, out, errs := runCmd(t, "", nil, "scan", "--format", "json", db)
	if code != 2 || strings.Contains(out+errs, "SECRET") || !strings.Contains(out+errs, "symbolic link to a hidden file") {
		t.Errorf("link to .env: exit %d\n%s%s", code, out, errs)
	}
}
