package rules

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
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

// TestDirectiveBeforeIf: a suppression before IF, ELSE or WHILE covers
// the statement it runs (T-SQL's IF statement holds it), through a
// BEGIN ... END of one statement and nested IFs; it bound to the IF
// condition alone, so that it was SL003 and the finding stayed.
func TestDirectiveBeforeIf(t *testing.T) {
	src := "DECLARE @x int = 1;\n" +
		"-- sqllint:ignore SL302 before IF\nIF @x = 1\n  CHECKPOINT 10;\nGO\n" + // 2-4
		"-- sqllint:ignore SL302 before IF BEGIN\nIF @x = 1\nBEGIN\n  CHECKPOINT 10;\nEND\nGO\n" + // 6-10
		"-- sqllint:ignore SL302 before WHILE\nWHILE 1 = 0\n  IF 1 = 1 CHECKPOINT 5;\nGO\n" + // 12-14
		"-- sqllint:ignore SL302 only the IF\nIF @x = 1 PRINT 'x';\nCHECKPOINT 7;\nGO\n" // 16-18
	fs := auditRun(t, src, nil)
	var lines []int
	for _, f := range fs {
		if f.Rule.ID == "SL302" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if !reflect.DeepEqual(lines, []int{18}) {
		t.Errorf("SL302 on lines %v, want [18]", lines)
	}
	want := []string{"suppression of SL302 matched no finding: remove it"}
	if got := auditMessages(fs, "SL003"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL003: %q, want %q (the last one only)", got, want)
	}
}

// TestDirectiveBeforeModule: a suppression before CREATE PROCEDURE
// covers its body, the rest of the batch, which the statement holds.
func TestDirectiveBeforeModule(t *testing.T) {
	src := "-- sqllint:ignore SL302 before the procedure\nCREATE PROCEDURE p AS\n  PRINT 'x';\n  CHECKPOINT 10;\nGO\nCHECKPOINT 11;\n" +
		"-- sqllint:ignore SL302 before IF\nIF 1 = 1\nBEGIN\n  CHECKPOINT 12;\nEND\n" // 7-11
	for _, compact := range []bool{false, true} {
		res := parser.ParseFile(parser.NewFile("audit.sql", src), &parser.PreprocessOptions{})
		if compact {
			Compact(res) // as a scan does
		}
		fs := Analyze(Default, []*parser.Result{res}, nil)
		var lines []int
		for _, f := range fs {
			if f.Rule.ID == "SL302" {
				lines = append(lines, f.Span.Start.Position().Line)
			}
		}
		if !reflect.DeepEqual(lines, []int{6}) {
			t.Errorf("compact %v: SL302 on lines %v, want [6]", compact, lines)
		}
		if got := auditMessages(fs, "SL003"); got != nil {
			t.Errorf("compact %v: SL003: %q, want none", compact, got)
		}
	}
}

// TestIgnoreListEditBlankAfterMarker: "sqllint: ignore" (a blank after
// the colon) is a suppression as "sqllint:ignore" is, and the edit that
// drops a rule from its list (the editor's quick fix of SL003) reads it
// too; it took "ignore" for the first rule and offered no edit.
func TestIgnoreListEditBlankAfterMarker(t *testing.T) {
	c := "-- sqllint: ignore SL303,SL302 reason"
	start, end, list, ok := IgnoreListEdit(c, func(w string) bool { return w == "SL303" })
	if !ok || c[start:end] != "SL303,SL302" || list != "SL302" {
		t.Errorf("IgnoreListEdit = %q -> %q, %v; want \"SL303,SL302\" -> \"SL302\"", c[start:end], list, ok)
	}
}

// TestSuppressionRulesNotSuppressible: SL003 and SL004 report the
// suppressions themselves and no comment silences them (a "sqllint:ignore
// SL003" is itself stale); their pages offered that comment. They now say
// how to turn the rules off instead, and the behaviour they describe holds.
func TestSuppressionRulesNotSuppressible(t *testing.T) {
	for _, id := range []string{"SL003", "SL004"} {
		md := Markdown(Default.Lookup(id))
		if strings.Contains(md, "sqllint:ignore "+id) {
			t.Errorf("%s page offers an inline suppression of it", id)
		}
		if !strings.Contains(md, id+": off") {
			t.Errorf("%s page does not say how to turn it off:\n%s", id, md)
		}
	}
	fs := auditRun(t, "-- sqllint:ignore-file SL003 legacy comments\n-- sqllint:ignore SL302 stale\nCHECKPOINT;\n", nil)
	want := []string{"suppression of SL003 matched no finding: remove it", "suppression of SL302 matched no finding: remove it"}
	if got := auditMessages(fs, "SL003"); !reflect.DeepEqual(got, want) {
		t.Errorf("SL003: %q, want %q", got, want)
	}
}
