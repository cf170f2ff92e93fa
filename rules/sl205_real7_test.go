package rules

import (
	"strings"
	"testing"
)

// Real scripts turn on 3605 alone far more often than with 3004: with
// 646 (columnstore segment elimination), 1222 (deadlocks) or 3502/3504
// (checkpoints), 3605 only routes their output to the error log: its
// message says what it does, not what the pair does. 3004 alone shows
// nothing (its steps go nowhere without 3605 or 3604): its message says
// so; the pair keeps its message.
func TestSL205MessageSaysWhatEachFlagDoes(t *testing.T) {
	fs := auditRun(t, "DBCC TRACEON(3605, -1);\nGO\nDBCC TRACEON(646, -1);\nGO\n"+
		"DBCC TRACEON (3004);\nGO\nDBCC TRACEON (3004, 3605, -1);\nGO\n", nil)
	msgs := auditMessages(fs, "SL205")
	if len(msgs) != 3 {
		t.Fatalf("SL205 findings: %q", msgs)
	}
	const pair = "3004 and 3605 write every file-zeroing step to the error log"
	if strings.Contains(msgs[0], pair) || !strings.Contains(msgs[0], ": 3605 sends the output of diagnostic trace flags (3004's file-zeroing steps among it) to the error log; it belongs in a test, not in a deployment script") {
		t.Errorf("3605 alone: %q", msgs[0])
	}
	if !strings.HasSuffix(msgs[1], "for this session: 3004 reports every file-zeroing step, which reaches the error log once 3605 is on too (the client with 3604); it belongs in a test, not in a deployment script") {
		t.Errorf("3004 alone: %q", msgs[1])
	}
	if !strings.HasSuffix(msgs[2], ": "+pair+"; they belong in a test, not in a deployment script") {
		t.Errorf("the pair: %q", msgs[2])
	}
}
