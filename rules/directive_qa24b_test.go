package rules

import (
	"reflect"
	"testing"
)

// TestDirectiveTabAfterVerb: a tab after "ignore" (or "ignore-file")
// separates it from the rule IDs as a space does, as it already did
// between the IDs and the reason; it was reported as an unknown
// directive "ignore\tSL302" and the finding was left unsuppressed.
func TestDirectiveTabAfterVerb(t *testing.T) {
	fs := auditRun(t, "-- sqllint:ignore\tSL302 tab after the verb\nCHECKPOINT 10;\nGO\n"+
		"-- sqllint:ignore-file\tSL201 tab after the verb\n", nil)
	if got := auditMessages(fs, "SL004"); got != nil {
		t.Errorf("SL004: %q, want none", got)
	}
	if got := auditMessages(fs, "SL302"); got != nil {
		t.Errorf("SL302: %q, want it suppressed", got)
	}
	want := []string{"suppression of SL201 matched no finding: remove it"}
	if got := auditMessages(fs, "SL003"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL003: %q, want %q", got, want)
	}
}
