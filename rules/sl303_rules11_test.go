package rules

import "testing"

// SL303 looks at the next executable statement after the CHECKPOINT,
// passing over PRINT, SET, DECLARE, GO and comments only (the catalog's
// list): RAISERROR ... WITH NOWAIT is executable (it sends a message at
// once, as a progress report), so it stops the look, as a USE does (the
// backup that follows is another statement than the one right after the
// CHECKPOINT, whatever database it names), and a :connect puts the
// backup on another server. These pin that reading.
func TestSL303Stops(t *testing.T) {
	cases := []struct {
		name, src string
		want      int // SL303 findings
	}{
		{"PRINT passed over", "USE E;\nCHECKPOINT;\nPRINT 'backing up';\nBACKUP DATABASE E TO DISK = 'X:\\e.bak';\n", 1},
		{"RAISERROR WITH NOWAIT stops", "USE E;\nCHECKPOINT;\nRAISERROR('backing up', 0, 1) WITH NOWAIT;\nBACKUP DATABASE E TO DISK = 'X:\\e.bak';\n", 0},
		{"USE of another database stops", "USE B;\nCHECKPOINT;\nUSE C;\nBACKUP DATABASE B TO DISK = 'X:\\b.bak';\n", 0},
		{"USE of the same database stops", "USE F;\nCHECKPOINT;\nUSE F;\nBACKUP DATABASE F TO DISK = 'X:\\f.bak';\n", 0},
		{":connect stops", "USE A;\nCHECKPOINT;\nGO\n:connect Other\nBACKUP DATABASE A TO DISK = 'X:\\a.bak';\n", 0},
	}
	for _, c := range cases {
		if got := len(auditMessages(auditRun(t, c.src, nil), "SL303")); got != c.want {
			t.Errorf("%s: %d SL303 findings, want %d", c.name, got, c.want)
		}
	}
}
