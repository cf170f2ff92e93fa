package analysis

import (
	"fmt"
	"slices"
	"testing"

	"github.com/sqllint/sqllint/rules"
)

// The live rules' findings are about the server: SL206 goes to the first
// statement of the run and SL305 to the first statement that changes the
// database. When that statement was in a context file (`sqllint scan
// --server ... V2.sql` reads the other migrations of its folder as
// context), the finding went there and was never reported: the run
// exited 0 on a server with trace flag 1806 on and Sales at
// target_recovery_time_in_seconds = 0. They now go to the first such
// statement of a reported file.
func TestLiveFindingsNotLostInContext(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	write(t, dir, "m/V1.sql", "ALTER DATABASE Sales SET RECOVERY FULL;\n")
	write(t, dir, "m/V2.sql", "USE Sales;\nCHECKPOINT;\n")
	trt := 0
	facts := &rules.ServerFacts{Server: "SQLPROD1", TraceFlags: map[int]bool{1806: true},
		Databases: map[string]*rules.ServerDatabase{"sales": {Name: "Sales", Exists: true, TargetRecoverySeconds: &trt}}}
	rs, sum := runAll(t, Options{Paths: []string{"m/V2.sql"}, Context: []string{"m"}, Facts: facts})
	var got []string
	for _, f := range append(findings(rs), sum.Findings...) {
		got = append(got, fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.RuleID))
	}
	want := []string{"m/V2.sql:1 SL206", "m/V2.sql:2 SL305"}
	if !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}

	// Only context files touch the database: SL305 is theirs (none),
	// SL206 is about the server (a run-level finding).
	write(t, dir, "m/V2.sql", "PRINT 'nothing';\n")
	rs, sum = runAll(t, Options{Paths: []string{"m/V2.sql"}, Context: []string{"m"}, Facts: facts})
	got = got[:0]
	for _, f := range append(findings(rs), sum.Findings...) {
		got = append(got, fmt.Sprintf("%s:%d %s", f.Path, f.Line, f.RuleID))
	}
	if want := []string{":0 SL206"}; !slices.Equal(got, want) {
		t.Errorf("findings %q, want %q", got, want)
	}
}
