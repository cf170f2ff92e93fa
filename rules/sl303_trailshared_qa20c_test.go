package rules

import "testing"

// A trailing sqllint:ignore covers every finding on its line. When the
// CHECKPOINT that SL303's fix removes shares that line with another
// statement, the comment goes with the CHECKPOINT only if it could
// suppress nothing of the other: it names CHECKPOINT rules alone (SL302,
// SL303) and the other is no CHECKPOINT. The fix removed it whatever it
// named: the reviewed suppression of the DBCC TRACEON beside it was lost
// with its reason, and the fixed script was flagged SL205, which the
// script before the fix was not.
func TestSL303FixKeepsSuppressionOfTheStatementBeside(t *testing.T) {
	const backup = "BACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n"
	cases := []struct{ src, want string }{
		{ // the comment names only the other statement's rule
			"USE Sales;\nDBCC TRACEON (3605); CHECKPOINT -- sqllint:ignore SL205 support case 123\n" + backup,
			"USE Sales;\nDBCC TRACEON (3605); -- sqllint:ignore SL205 support case 123\n" + backup,
		},
		{ // both statements' rules: the CHECKPOINT's goes from the list
			"USE Sales;\r\nDBCC TRACEON (3605); CHECKPOINT 5; -- sqllint:ignore SL205, SL302 support case 123\r\n" + backup,
			"USE Sales;\r\nDBCC TRACEON (3605); -- sqllint:ignore SL205 support case 123\r\n" + backup,
		},
		{ // the same, by name, the CHECKPOINT's first, no blanks
			"USE Sales;\nDBCC TRACEON (3605); CHECKPOINT 5 -- sqllint:ignore checkpoint-duration,zeroing-trace-flags case 9\n" + backup,
			"USE Sales;\nDBCC TRACEON (3605); -- sqllint:ignore zeroing-trace-flags case 9\n" + backup,
		},
		{ // another CHECKPOINT beside it, whose SL302 it silences
			"USE Sales;\nCHECKPOINT 7; CHECKPOINT 5 -- sqllint:ignore checkpoint-duration slow SAN\n" + backup,
			"USE Sales;\nCHECKPOINT 7; -- sqllint:ignore checkpoint-duration slow SAN\n" + backup,
		},
		{ // only CHECKPOINT rules, beside a statement that is no CHECKPOINT: it goes
			"USE Sales;\nPRINT 1; CHECKPOINT 5 -- sqllint:ignore SL302 slow SAN\n" + backup,
			"USE Sales;\nPRINT 1;\n" + backup,
		},
	}
	for _, c := range cases {
		before := auditRun(t, c.src, nil)
		var fix *Fix
		for _, f := range before {
			if f.Rule.ID == "SL303" {
				fix = f.Fix
			}
		}
		if fix == nil {
			t.Errorf("%q: no SL303 fix", c.src)
			continue
		}
		got, skipped := ApplyEdits(c.src, fix.Edits)
		if len(skipped) > 0 || got != c.want {
			t.Errorf("fixed %q:\n got %q (skipped %v)\nwant %q", c.src, got, skipped, c.want)
		}
		for _, id := range []string{"SL205", "SL003"} {
			if len(auditMessages(before, id)) == 0 && len(auditMessages(auditRun(t, got, nil), id)) > 0 {
				t.Errorf("fixed %q: a new %s", got, id)
			}
		}
	}
}

// A sqllint:ignore that trails another statement on the CHECKPOINT's
// line covers the CHECKPOINT too: once SL303's fix removes it, the
// comment's SL302 and SL303 silence nothing, and the fixed script was
// flagged SL003.
func TestSL303FixTakesLineSuppressionOfTheCheckpoint(t *testing.T) {
	const backup = "BACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n"
	cases := []struct{ src, want string }{
		{ // after the CHECKPOINT, trailing another statement
			"USE Sales;\nCHECKPOINT 4; PRINT 'x' -- sqllint:ignore SL302 slow SAN\n" + backup,
			"USE Sales;\nPRINT 'x'\n" + backup,
		},
		{ // before it
			"USE Sales;\r\nSELECT 1; /* sqllint:ignore SL302 slow SAN */ CHECKPOINT 5\r\n" + backup,
			"USE Sales;\r\nSELECT 1; \r\n" + backup,
		},
		{ // it names another rule too: that one stays
			"USE Sales;\nDBCC TRACEON (3605); CHECKPOINT 4; PRINT 'x' -- sqllint:ignore SL302,SL205 case 9\n" + backup,
			"USE Sales;\nDBCC TRACEON (3605); PRINT 'x' -- sqllint:ignore SL205 case 9\n" + backup,
		},
	}
	for _, c := range cases {
		before := auditRun(t, c.src, nil)
		var fix *Fix
		for _, f := range before {
			if f.Rule.ID == "SL303" {
				fix = f.Fix
			}
		}
		if fix == nil {
			t.Errorf("%q: no SL303 fix", c.src)
			continue
		}
		got, skipped := ApplyEdits(c.src, fix.Edits)
		if len(skipped) > 0 || got != c.want {
			t.Errorf("fixed %q:\n got %q (skipped %v)\nwant %q", c.src, got, skipped, c.want)
		}
		for _, id := range []string{"SL205", "SL003"} {
			if len(auditMessages(before, id)) == 0 && len(auditMessages(auditRun(t, got, nil), id)) > 0 {
				t.Errorf("fixed %q: a new %s", got, id)
			}
		}
	}
}

// A CHECKPOINT alone on a line that a lone CR starts (classic Mac line
// ends, which sqllint counts as lines) goes with its line, as after an
// LF or a CRLF: the fix left an empty line there.
func TestSL303FixLoneCRLine(t *testing.T) {
	cases := []struct{ src, want string }{
		{
			"USE Sales;\rCHECKPOINT 5;\rBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\r",
			"USE Sales;\rBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\r",
		},
		{
			"USE Sales; SELECT 'é';\rCHECKPOINT 7\r\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales; SELECT 'é';\rBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
		},
	}
	for _, c := range cases {
		var fix *Fix
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL303" {
				fix = f.Fix
			}
		}
		if fix == nil {
			t.Errorf("%q: no SL303 fix", c.src)
			continue
		}
		if got, _ := ApplyEdits(c.src, fix.Edits); got != c.want {
			t.Errorf("fixed %q:\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
