package analysis

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/config"
)

// TestContextFileFindingsInAReportedInclude: a context file's findings in
// a reported file it includes are reported; its own are not.
func TestContextFileFindingsInAReportedInclude(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "d/deploy.sql", "USE Sales;\nCHECKPOINT 10;\nGO\n:r step.sql\nBACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\n")
	write(t, dir, "d/step.sql", "CHECKPOINT;\n")
	rs, sum := runAll(t, Options{Paths: []string{"d/step.sql"}, Context: []string{"d"}})
	fs := findings(rs)
	if len(fs) != 1 || fs[0].RuleID != "SL303" || fs[0].Path != "d/step.sql" || fs[0].Line != 1 {
		t.Errorf("findings %+v, want SL303 in d/step.sql only (not deploy.sql's SL302)", fs)
	}
	if sum.Files != 1 {
		t.Errorf("files %d, want 1 (context files are not counted)", sum.Files)
	}
}

// TestFingerprintIsTheStatementsSourceText: a finding's fingerprint is
// that of its statement as written (a variable's value does not change
// it; comments and spacing do not either), for baselines.
func TestFingerprintIsTheStatementsSourceText(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	fp := func(text string, vars map[string]string) string {
		t.Helper()
		write(t, dir, "a.sql", text)
		cfg := config.Default()
		for k, v := range vars {
			cfg.Variables[k] = v
		}
		rs, _ := runAll(t, Options{Paths: []string{"a.sql"}, Config: cfg})
		fs := findings(rs)
		if len(fs) != 1 || fs[0].Fingerprint == "" {
			t.Fatalf("findings %+v", fs)
		}
		return fs[0].Fingerprint
	}
	stmt := "ALTER DATABASE [$(DB)] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"
	a := fp(stmt, map[string]string{"DB": "Sales"})
	if b := fp(stmt, map[string]string{"DB": "Orders"}); a != b {
		t.Errorf("the variable's value changed the fingerprint")
	}
	if b := fp("-- moved down\n\nalter database [$(DB)]\n  set TARGET_RECOVERY_TIME = 0 SECONDS /* x */;\n", map[string]string{"DB": "Sales"}); a != b {
		t.Errorf("spacing, case, comments changed the fingerprint")
	}
	if b := fp("ALTER DATABASE [Other] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n", nil); a == b {
		t.Errorf("another statement has the same fingerprint")
	}
}

// TestNamedFileAliasOfAContextFile: a file named on the command line that
// is a hard link (or symlink) to a context file sorted before it is still
// reported; the first name of a physical file won, so the context alias
// hid it and the run said "no findings in 0 files".
func TestNamedFileAliasOfAContextFile(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "d/a.sql", checkpoint10)
	for _, link := range []func(string, string) error{os.Link, os.Symlink} {
		_ = os.Remove(filepath.Join(dir, "d/z.sql"))
		if err := link("a.sql", filepath.Join(dir, "d/z.sql")); err != nil {
			if err := link(filepath.Join(dir, "d/a.sql"), filepath.Join(dir, "d/z.sql")); err != nil {
				t.Skip("no links:", err)
			}
		}
		rs, sum := runAll(t, Options{Paths: []string{"d/z.sql"}, Context: []string{"d"}})
		fs := findings(rs)
		if len(fs) != 1 || fs[0].Path != "d/z.sql" || sum.Files != 1 {
			t.Errorf("findings %+v in %d files, want SL302 in d/z.sql", fs, sum.Files)
		}
	}
}
