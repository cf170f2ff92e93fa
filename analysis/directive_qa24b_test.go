package analysis

import (
	"reflect"
	"testing"
)

// TestDirectiveBeforeModuleScanned: in a scan, which keeps only the
// statements rules read, a suppression before IF covers the statement it
// runs and one before CREATE PROCEDURE its body.
func TestDirectiveBeforeModuleScanned(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "V1.sql", "DECLARE @x int = 1;\n-- sqllint:ignore SL302 before IF\nIF @x = 1\n  CHECKPOINT 10;\nGO\n"+
		"-- sqllint:ignore SL302 before the procedure\nCREATE PROCEDURE p AS\n  PRINT 'x';\n  CHECKPOINT 10;\nGO\nCHECKPOINT 11;\n")
	rs, _ := runAll(t, Options{Paths: []string{"V1.sql"}})
	var got []string
	for _, f := range findings(rs) {
		got = append(got, f.RuleID)
	}
	if !reflect.DeepEqual(got, []string{"SL302"}) {
		t.Errorf("findings %v, want the SL302 of CHECKPOINT 11 alone", got)
	}
}
