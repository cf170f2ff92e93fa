package rules

import (
	"strings"
	"testing"
)

// A variable not defined is one SL002, at its first use (sqlcmd stops
// there): a suppression there silences it for every use; one at a later
// use matches nothing (SL003) and leaves the finding, which names the
// later uses' lines.
func TestUndefinedVariableSuppression(t *testing.T) {
	const uses = "PRINT '$(x)';\nGO\nPRINT '$(x)';\nGO\n"
	fs := auditRun(t, "-- sqllint:ignore SL002 set by the pipeline\n"+uses, nil)
	if len(fs) != 0 {
		t.Errorf("suppressed at the first use: %v", fs)
	}
	fs = auditRun(t, uses+"-- sqllint:ignore SL002 set by the pipeline\nPRINT '$(x)';\n", nil)
	var got []string
	for _, f := range fs {
		got = append(got, itoa(f.Span.Start.Position().Line)+" "+f.Rule.ID+" "+f.Message)
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "1 SL002 sqlcmd variable $(x) is not defined") || !strings.Contains(got[0], "; also used 2 more times in this file, at lines 3 and 6 ") ||
		!strings.HasPrefix(got[1], "5 SL003 suppression of SL002 matched no finding") {
		t.Errorf("suppressed at a later use: %q", got)
	}
}
