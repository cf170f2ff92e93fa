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

// TestDirectiveColonAfterID: "SL302: reason" names SL302, so the SL004
// message says what to change rather than that no rule is named.
func TestDirectiveColonAfterID(t *testing.T) {
	fs := auditRun(t, "-- sqllint:ignore SL302: colon before the reason\nCHECKPOINT 10;\nGO\n"+
		"-- sqllint:ignore SL303,checkpoint-duration: colon after a name\nCHECKPOINT 10;\n", nil)
	want := []string{
		"suppression has a colon after SL302: write sqllint:ignore SL302 reason, with a space",
		"suppression has a colon after checkpoint-duration: write sqllint:ignore SL303,checkpoint-duration reason, with a space",
	}
	if got := auditMessages(fs, "SL004"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL004: %q, want %q", got, want)
	}
}

// TestDirectiveAfterGo: a suppression after GO applies to the next
// statement, as one on a line of its own does; one that matches nothing
// there is SL003, where it was silently dropped with the GO line.
func TestDirectiveAfterGo(t *testing.T) {
	fs := auditRun(t, "CHECKPOINT 10;\nGO -- sqllint:ignore SL302 after GO\nCHECKPOINT 11;\nGO -- sqllint:ignore SL304 nothing there\nCHECKPOINT;\nGO\n", nil)
	var lines []int
	for _, f := range fs {
		if f.Rule.ID == "SL302" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if !reflect.DeepEqual(lines, []int{1}) {
		t.Errorf("SL302 on lines %v, want [1] (line 3 suppressed)", lines)
	}
	want := []string{"suppression of SL304 matched no finding: remove it"}
	if got := auditMessages(fs, "SL003"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL003: %q, want %q", got, want)
	}
}
