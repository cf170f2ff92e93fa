package parser

import "testing"

// DUMP, SQL Server 2000's name for BACKUP, was removed in SQL Server 2008
// ("Discontinued Database Engine Functionality in SQL Server 2008": DUMP
// statement, replaced by BACKUP), so a DUMP DATABASE in a deployment
// script fails there. It is a BACKUP DATABASE that cannot be parsed:
// SL001 says why, as for BACKUP TRAN, instead of nothing (the splitter
// passed the word over as part of an ordinary statement). The statement
// after it is still read; DUMP TRAN stays an ordinary statement.
func TestDumpDatabaseRemoved(t *testing.T) {
	src := "dump database Sales to disk = 'D:\\x.bak'\nCHECKPOINT\nGO\n" +
		"SELECT 1\nDUMP DATABASE [Sales] TO SalesDev WITH INIT;\nGO\n" +
		"DUMP TRAN Sales WITH NO_LOG\nBACKUP DATABASE Sales TO DISK = 'D:\\y.bak'\nGO\n"
	bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
		wantSL001(t, fast, r, []string{
			"cannot parse BACKUP DATABASE: DUMP DATABASE, SQL Server 2000's name for BACKUP DATABASE, was removed in SQL Server 2008 and fails there: write BACKUP DATABASE (line 1, column 1); the statement is not checked",
			"cannot parse BACKUP DATABASE: DUMP DATABASE, SQL Server 2000's name for BACKUP DATABASE, was removed in SQL Server 2008 and fails there: write BACKUP DATABASE (line 5, column 1); the statement is not checked",
		})
		checkpoint, backups := false, 0
		for _, st := range r.Statements {
			if st.Kind == KindCheckpoint && st.Node != nil {
				checkpoint = true
			}
			if _, ok := st.Node.(*Backup); ok {
				backups++
			}
		}
		if !checkpoint || backups != 1 {
			t.Errorf("fast path %v: checkpoint read %v, %d backups read, want the one after DUMP TRAN", fast, checkpoint, backups)
		}
	})
	// after a statement of interest without a semicolon: that statement
	// ends before it and parses as alone; the DUMP alone is reported
	for _, a := range []string{"ALTER DATABASE d SET RECOVERY SIMPLE", "BACKUP LOG d TO DISK = 'x'", "CHECKPOINT 10", "USE d"} {
		src := a + "\ndump database d to disk = 'y'"
		bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" || r.Diags[0].Span.Start.Offset != len(a)+1 {
				t.Errorf("%q (fast path %v): %v, want the DUMP's SL001 alone", src, fast, r.Diags)
			}
			if st := r.Statements[0]; st.Node == nil || st.End != len(a) {
				t.Errorf("%q (fast path %v): first statement %q", src, fast, src[st.Start:st.End])
			}
		})
	}
}
