package rules

import "testing"

// SL303's fix removes a CHECKPOINT; a sqllint:ignore that applied to that
// CHECKPOINT alone (on the lines just above it, or trailing it) goes with
// it. Left behind, it applied to the BACKUP after it: the fixed script was
// flagged SL003 (a stale suppression, attached to a statement no reviewer
// chose), which the script before the fix was not.
func TestSL303FixTakesTheCheckpointsSuppression(t *testing.T) {
	cases := []struct {
		src, want string
		stale     bool // the fixed script has a stale suppression all the same
	}{
		{ // leading, on its own line
			"USE Sales;\n-- sqllint:ignore SL302 our SAN needs a gentle flush\nCHECKPOINT 5;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			false,
		},
		{ // several, with an ordinary comment and a blank line between: those stay
			"USE Sales;\n-- sqllint:ignore SL302 gentle flush\n-- flush first\n\n  /* sqllint:ignore SL302 again */\r\nCHECKPOINT 5;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales;\n-- flush first\n\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			false,
		},
		{ // leading, with a GO line between: suppress binds it to the CHECKPOINT all the same
			"USE Sales;\n-- sqllint:ignore SL302 gentle flush\nGO\nCHECKPOINT 5;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales;\nGO\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			false,
		},
		{ // trailing
			"USE Sales;\nCHECKPOINT 5 -- sqllint:ignore SL302 slow SAN\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			false,
		},
		{ // trailing, the CHECKPOINT not first on its line
			"USE Sales; CHECKPOINT 5; -- sqllint:ignore SL302 slow SAN\r\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"USE Sales;\r\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			false,
		},
		{ // a file-wide suppression, and one that applies to another statement, stay
			"-- sqllint:ignore-file SL302 gentle flushes\nUSE Sales;\n-- sqllint:ignore SL302 x\nPRINT 'x'; CHECKPOINT 5;\nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			"-- sqllint:ignore-file SL302 gentle flushes\nUSE Sales;\n-- sqllint:ignore SL302 x\nPRINT 'x'; \nBACKUP DATABASE Sales TO DISK = 'D:\\a.bak';\n",
			true,
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
		got, skipped := ApplyEdits(c.src, fix.Edits)
		if len(skipped) > 0 || got != c.want {
			t.Errorf("fixed %q:\n got %q (skipped %v)\nwant %q", c.src, got, skipped, c.want)
			continue
		}
		if msgs := auditMessages(auditRun(t, got, nil), "SL003"); len(msgs) > 0 && !c.stale {
			t.Errorf("fixed %q: SL003 %q", got, msgs)
		}
	}
}
