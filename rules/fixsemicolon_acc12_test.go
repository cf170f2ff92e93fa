package rules

import "testing"

// SL303's fix takes the CHECKPOINT's semicolon with it when a comment
// stands between them (it left "/* c */;", a bare semicolon), and when
// the CHECKPOINT starts its line with more after it, the blanks after
// it too (it left " /* c */").
func TestSL303FixLeavesNoBareSemicolon(t *testing.T) {
	const backup = "BACKUP DATABASE d TO DISK = N'x';\r\n"
	cases := []struct{ stmt, fixed string }{
		{"CHECKPOINT /* c */;\r\n", "/* c */\r\n"},
		{"CHECKPOINT /* c */ ;\r\n", "/* c */\r\n"},
		{"CHECKPOINT -- c\r\n;\r\n", "-- c\r\n\r\n"},
		{"CHECKPOINT; /* c */\r\n", "/* c */\r\n"},
		{"CHECKPOINT\t/* c */\r\n", "/* c */\r\n"},
		{"PRINT 1; CHECKPOINT /* c */;\r\n", "PRINT 1; /* c */\r\n"},
		{"CHECKPOINT;\r\n", ""},
	}
	for _, c := range cases {
		src := "USE d;\r\n" + c.stmt + backup
		var fixes []*Fix
		for _, f := range auditRun(t, src, nil) {
			if f.Rule.ID == "SL303" {
				fixes = append(fixes, f.Fix)
			}
		}
		if len(fixes) != 1 || fixes[0] == nil {
			t.Errorf("%q: %d SL303 findings, want one with a fix", src, len(fixes))
			continue
		}
		got, _ := ApplyEdits(src, fixes[0].Edits)
		if want := "USE d;\r\n" + c.fixed + backup; got != want {
			t.Errorf("%q: fixed to %q, want %q", src, got, want)
		}
	}
}

// Between two statements on its line, with blanks on both sides, the
// CHECKPOINT goes with the blanks after it: one run of blanks stays
// between the statements, not two.
func TestSL303FixLeavesOneRunOfBlanks(t *testing.T) {
	const backup = "BACKUP DATABASE d TO DISK = N'x';\n"
	cases := []struct{ line, fixed string }{
		{"PRINT 1; CHECKPOINT; " + backup, "PRINT 1; " + backup},
		{"PRINT 1;\tCHECKPOINT  " + backup, "PRINT 1;\t" + backup},
		{"PRINT 1;CHECKPOINT; " + backup, "PRINT 1; " + backup},
		{"PRINT 1; CHECKPOINT;" + backup, "PRINT 1; " + backup},
		{"PRINT 1; CHECKPOINT; -- note\n" + backup, "PRINT 1; -- note\n" + backup},
	}
	for _, c := range cases {
		src := "USE d;\n" + c.line
		var fixes []*Fix
		for _, f := range auditRun(t, src, nil) {
			if f.Rule.ID == "SL303" {
				fixes = append(fixes, f.Fix)
			}
		}
		if len(fixes) != 1 || fixes[0] == nil {
			t.Errorf("%q: %d SL303 findings, want one with a fix", src, len(fixes))
			continue
		}
		got, _ := ApplyEdits(src, fixes[0].Edits)
		if want := "USE d;\n" + c.fixed; got != want {
			t.Errorf("%q: fixed to %q, want %q", src, got, want)
		}
	}
}
