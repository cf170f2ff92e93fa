package analysis

import (
	"testing"
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
