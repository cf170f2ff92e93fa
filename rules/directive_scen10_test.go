package rules

import (
	"reflect"
	"testing"
)

// TestSL004MisspeltRuleName: a suppression that names a rule by a name
// with a typo was reported as naming no rule, as if the name began the
// reason; it now names the rule it is close to. A hyphenated word far
// from every name is still the start of a reason.
func TestSL004MisspeltRuleName(t *testing.T) {
	fs := auditRun(t, "-- sqllint:ignore checkpoint-durations measured on our SAN\nCHECKPOINT 5;\n"+
		"-- sqllint:ignore-file Backup-To-Null read-speed test\n"+
		"-- sqllint:ignore re-run accepted because\nCHECKPOINT 5;\n"+
		"-- sqllint:ignore checkpoint-duration measured\nCHECKPOINT 6;\n", nil)
	want := []string{
		"suppression names unknown rule checkpoint-durations; did you mean checkpoint-duration (SL302)?",
		"suppression names unknown rule Backup-To-Null; did you mean backup-to-nul (SL304)?",
		"suppression names no rule: write sqllint:ignore SLnnn reason",
	}
	if got := auditMessages(fs, "SL004"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL004: %q, want %q", got, want)
	}
	if got := auditMessages(fs, "SL302"); len(got) != 2 {
		t.Errorf("SL302: %q, want the two CHECKPOINT 5 (the one suppressed by its name is not)", got)
	}
}
