package rules

import (
	"strings"
	"testing"
)

// A fix never loses a comment: SL302 removes only the duration when a
// comment sits between CHECKPOINT and it, and SL301 changes only the
// number and the unit when comments sit inside TARGET_RECOVERY_TIME (it
// offered no fix there). CRLF line ends and tabs stay as they were.
func TestFixesKeepComments(t *testing.T) {
	cases := []struct {
		rule, src, fixed string
	}{
		{"SL302", "checkpoint /* c */ 5;\r\n", "checkpoint /* c */;\r\n"},
		{"SL302", "\tCHECKPOINT\t/* a */\t/* b */\t10\t-- x\r\n", "\tCHECKPOINT\t/* a */\t/* b */\t-- x\r\n"},
		{"SL302", "CHECKPOINT -- c\r\n\t10;\r\n", "CHECKPOINT -- c\r\n;\r\n"},
		{"SL302", "CHECKPOINT\t5;\r\n", "CHECKPOINT;\r\n"},
		{"SL301", "ALTER DATABASE d SET TARGET_RECOVERY_TIME = /* c */ 0 SECONDS;\r\n",
			"ALTER DATABASE d SET TARGET_RECOVERY_TIME = /* c */ 60 SECONDS;\r\n"},
		{"SL301", "ALTER DATABASE d SET TARGET_RECOVERY_TIME\t=\t00 /* c /* nested */ */ minutes;\r\n",
			"ALTER DATABASE d SET TARGET_RECOVERY_TIME\t=\t60 /* c /* nested */ */ SECONDS;\r\n"},
		{"SL301", "ALTER DATABASE d SET TARGET_RECOVERY_TIME -- c\r\n\t= 0 seconds;\r\n",
			"ALTER DATABASE d SET TARGET_RECOVERY_TIME -- c\r\n\t= 60 SECONDS;\r\n"},
		{"SL301", "ALTER DATABASE d SET target_recovery_time=0 minutes;\r\n",
			"ALTER DATABASE d SET TARGET_RECOVERY_TIME = 60 SECONDS;\r\n"},
	}
	for _, c := range cases {
		fs := auditRun(t, c.src, nil)
		var fixes []*Fix
		for _, f := range fs {
			if f.Rule.ID == c.rule {
				fixes = append(fixes, f.Fix)
			}
		}
		if len(fixes) != 1 || fixes[0] == nil {
			t.Errorf("%q: %d %s findings (%v), want one with a fix", c.src, len(fixes), c.rule, auditMessages(fs, c.rule))
			continue
		}
		got, _ := ApplyEdits(c.src, fixes[0].Edits)
		if got != c.fixed {
			t.Errorf("%q: fixed to %q, want %q", c.src, got, c.fixed)
		}
		if strings.Count(got, "/*") != strings.Count(c.src, "/*") || strings.Count(got, "--") != strings.Count(c.src, "--") {
			t.Errorf("%q: the fix lost a comment: %q", c.src, got)
		}
	}
}

// SL303's fix removes the CHECKPOINT's words and keeps its comments (it
// deleted the whole statement, comments and all); without a comment it
// still removes the statement's line.
func TestSL303FixKeepsComments(t *testing.T) {
	const backup = "BACKUP DATABASE d TO DISK = N'x';\r\n"
	cases := []struct{ stmt, fixed string }{
		{"CHECKPOINT /* flush first */ 5;\r\n", "/* flush first */\r\n"},
		{"PRINT 1; CHECKPOINT -- c\r\n\t5; ", "PRINT 1; -- c\r\n "},
		{"\tCHECKPOINT\t/*a*/ /*b /* n */ */ 5;\r\n", "\t/*a*/ /*b /* n */ */\r\n"},
		{"CHECKPOINT 5;\r\n", ""},
	}
	for _, c := range cases {
		src := "USE d;\r\n" + c.stmt + backup
		fs := auditRun(t, src, nil)
		var fixes []*Fix
		for _, f := range fs {
			if f.Rule.ID == "SL303" {
				fixes = append(fixes, f.Fix)
			}
		}
		if len(fixes) != 1 || fixes[0] == nil {
			t.Errorf("%q: %d SL303 findings (%v), want one with a fix", src, len(fixes), auditMessages(fs, "SL303"))
			continue
		}
		got, _ := ApplyEdits(src, fixes[0].Edits)
		if want := "USE d;\r\n" + c.fixed + backup; got != want {
			t.Errorf("%q: fixed to %q, want %q", src, got, want)
		}
	}
}
