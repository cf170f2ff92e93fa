package rules

import (
	"strings"
	"testing"
)

// Each message of SL204 and SL205 says what its combination of flags
// does, and no more. Microsoft documents no scope for 1806, 3004, 3604
// or 3605 (none is in the trace-flag table), and a global-only flag
// turned on for a session has no effect: DBCC TRACEON (1806) without -1
// turns 1806 on for the session only and must not claim that IFI is off.
// 3004 alone shows nothing: its file-zeroing steps reach the error log
// only with 3605, the client with 3604. A statement turning on 3004
// alone may be followed by one turning on 3605, so its message says
// when the steps show, not that they never do.
func TestTraceFlagMessagesPerCombination(t *testing.T) {
	const (
		measured   = "new data-file space is zero-filled again (measured: a 100 GB file took 16 min 04 s instead of 12 s)"
		session    = "turns on trace flag 1806 for this session only: 1806's scope is not documented, and a global-only flag turned on for a session has no effect; where it acts, it disables Instant File Initialization: " + measured
		instance   = "turns on trace flag 1806 for the whole instance, which disables Instant File Initialization: " + measured
		test1      = "; it belongs in a test, not in a deployment script"
		testN      = "; they belong in a test, not in a deployment script"
		alone3004  = ": 3004 reports every file-zeroing step, which reaches the error log once 3605 is on too (the client with 3604)" + test1
		pair       = ": 3004 and 3605 write every file-zeroing step to the error log" + testN
		client3604 = ": 3004 and 3604 send every file-zeroing step to the client" + testN
		alone3605  = ": 3605 sends the output of diagnostic trace flags (3004's file-zeroing steps among it) to the error log" + test1
	)
	fs := auditRun(t, "DBCC TRACEON (1806);\nGO\nDBCC TRACEON (1806, -1);\nGO\nDBCC TRACEON (1806, 3604);\nGO\n"+
		"DBCC TRACEON (3226, 1806, -1) WITH NO_INFOMSGS;\nGO\n"+
		"DBCC TRACEON (3004);\nGO\nDBCC TRACEON (3605, -1);\nGO\nDBCC TRACEON (3004, 3605, -1);\nGO\n"+
		"DBCC TRACEON (3004, 3604);\nGO\nDBCC TRACEON (3604, 3004, -1);\nGO\nDBCC TRACEON (3004);\nGO\n"+
		"DECLARE @s nvarchar(99) = N'DBCC TRACEON (1806, 3004, 3604' + N')';\nEXEC (@s);\nGO\n", nil)
	for _, tc := range []struct {
		rule string
		want []string
	}{
		{"SL204", []string{
			session,
			instance,
			session,
			instance,
			"EXEC runs the text of @s: DBCC TRACEON " + session,
		}},
		{"SL205", []string{
			"turns on diagnostic trace flag 3004 for this session" + alone3004,
			"turns on diagnostic trace flag 3605 for the whole instance" + alone3605,
			"turns on diagnostic trace flags 3004 and 3605 for the whole instance" + pair,
			"turns on diagnostic trace flags 3004 and 3604 for this session" + client3604,
			"turns on diagnostic trace flags 3004 and 3604 for the whole instance" + client3604,
			"turns on diagnostic trace flag 3004 for this session" + alone3004, // the memo keeps 3604's message apart
			"EXEC runs the text of @s: DBCC TRACEON turns on diagnostic trace flags 3004 and 3604 for this session" + client3604,
		}},
	} {
		msgs := auditMessages(fs, tc.rule)
		if len(msgs) != len(tc.want) {
			t.Fatalf("%s findings: %q", tc.rule, msgs)
		}
		for i, w := range tc.want {
			if msgs[i] != w {
				t.Errorf("%s finding %d:\n got %q\nwant %q", tc.rule, i, msgs[i], w)
			}
		}
	}
	for _, m := range auditMessages(fs, "SL204") {
		if strings.Contains(m, "for this session, which disables") {
			t.Errorf("a session-only 1806 claims IFI is off: %q", m)
		}
	}
}
