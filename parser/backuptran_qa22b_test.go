package parser

import "testing"

// BACKUP TRAN[SACTION], SQL Server 2000's name for BACKUP LOG, was
// removed in SQL Server 2008 ("Discontinued Database Engine Functionality
// in SQL Server 2008": BACKUP TRANSACTION, replaced by BACKUP LOG), so the
// statement fails there. It is still in old scripts (Microsoft's own
// SQL Server 2000 install scripts run "backup tran master with no_log").
// It is a BACKUP, a statement of interest that cannot be parsed: SL001
// says why, as for BACKUP LOG ... WITH TRUNCATE_ONLY, instead of nothing
// (the splitter took it for an ordinary statement), and the statement
// after it is still read.
func TestBackupTransactionRemoved(t *testing.T) {
	src := "use master\ngo\nbackup tran master with no_log\ngo\n" +
		"BACKUP TRANSACTION d1 TO someDevice\nCHECKPOINT\nGO\n" +
		"BACKUP TRAN [d1] TO DISK = 'NUL'\nGO\n"
	bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
		wantSL001(t, fast, r, []string{
			"cannot parse BACKUP LOG: BACKUP TRAN, SQL Server 2000's name for BACKUP LOG, was removed in SQL Server 2008 and fails there: write BACKUP LOG (line 3, column 8); the statement is not checked",
			"cannot parse BACKUP LOG: BACKUP TRANSACTION, SQL Server 2000's name for BACKUP LOG, was removed in SQL Server 2008 and fails there: write BACKUP LOG (line 5, column 8); the statement is not checked",
			"cannot parse BACKUP LOG: BACKUP TRAN, SQL Server 2000's name for BACKUP LOG, was removed in SQL Server 2008 and fails there: write BACKUP LOG (line 8, column 8); the statement is not checked",
		})
		checkpoint := false
		for _, st := range r.Statements {
			if st.Kind == KindCheckpoint && st.Node != nil {
				checkpoint = true
			}
		}
		if !checkpoint {
			t.Errorf("fast path %v: the CHECKPOINT after BACKUP TRANSACTION is not read", fast)
		}
	})
}

// wantSL001 checks that r's SL001 messages are want, in order (fast: the
// parse bothParses is at).
func wantSL001(t *testing.T, fast bool, r *Result, want []string) {
	t.Helper()
	var msgs []string
	for _, d := range r.Diags {
		if d.Rule == "SL001" {
			msgs = append(msgs, d.Message)
		}
	}
	if len(msgs) != len(want) {
		t.Fatalf("fast path %v: SL001 %q", fast, msgs)
	}
	for i := range want {
		if msgs[i] != want[i] {
			t.Errorf("fast path %v, message %d:\n got %q\nwant %q", fast, i, msgs[i], want[i])
		}
	}
}
