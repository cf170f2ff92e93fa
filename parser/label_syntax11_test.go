package parser

import (
	"regexp"
	"strings"
	"testing"
)

// filePtr is a pointer in dumpNode's text (a span's file): the statement
// alone and the statement followed by another are two files.
var filePtr = regexp.MustCompile(`0x[0-9a-f]{8,}`)

func dumpNodeNoFile(n Node) string { return filePtr.ReplaceAllString(dumpNode(n), "0x") }

// A statement of interest without a semicolon may be followed by a label
// (name:, GOTO's target), by a parenthesized query ((SELECT ...)) or by a
// Service Broker statement (RECEIVE, SEND ON CONVERSATION, ...), all
// statements SQL Server accepts there. The clauses that take any words
// (an ALTER DATABASE SET option's arguments, MODIFY FILEGROUP's, an
// unmodelled action) and the parenthesized group after an option must end
// before them, as every other clause does: else the label became part of
// the option (RECOVERY = "SIMPLE lbl :"), MODIFY FILEGROUP g DEFAULT lost
// its DEFAULT, ENABLE_BROKER took a RECEIVE after it for its value, and
// the statement's span ran on to the next line.
func TestLabelOrQueryAfterStatement(t *testing.T) {
	first := []string{
		"ALTER DATABASE d SET RECOVERY SIMPLE",
		"ALTER DATABASE d SET PARTNER FAILOVER",
		"ALTER DATABASE d SET HADR AVAILABILITY GROUP = ag1",
		"ALTER DATABASE d SET QUERY_STORE CLEAR ALL",
		"ALTER DATABASE d SET OFFLINE",
		"ALTER DATABASE d SET ENABLE_BROKER",
		"ALTER DATABASE d SET NEW_BROKER",
		"ALTER DATABASE d SET QUERY_STORE (OPERATION_MODE = READ_ONLY)",
		"ALTER DATABASE d SET TRUSTWORTHY ON",
		"ALTER DATABASE d SET AUTO_CREATE_STATISTICS ON (INCREMENTAL = ON)",
		"ALTER DATABASE d SET RECOVERY FULL, PAGE_VERIFY CHECKSUM",
		"ALTER DATABASE d MODIFY FILEGROUP g1 DEFAULT",
		"ALTER DATABASE d MODIFY FILEGROUP g1 READ_ONLY",
		"ALTER DATABASE d MODIFY FILEGROUP g1 NAME = g2",
		"ALTER DATABASE d FAILOVER",
		"ALTER DATABASE d MODIFY (SERVICE_OBJECTIVE = 'S1')",
		"ALTER DATABASE d ADD SECONDARY ON SERVER s2",
		"ALTER DATABASE d REMOVE SECONDARY ON SERVER s2",
		"CREATE DATABASE d WITH TRUSTWORTHY ON",
		"CREATE DATABASE d WITH DB_CHAINING ON",
		"CREATE DATABASE d WITH PERSISTENT_LOG_BUFFER = ON (DIRECTORYNAME = 'x')",
		"BACKUP DATABASE d TO DISK = 'x' WITH INIT",
		"BACKUP DATABASE d TO DISK = 'x' WITH COMPRESSION (ALGORITHM = ZSTD)",
		"BACKUP LOG d TO DISK = 'x' WITH STATS",
		"RESTORE DATABASE d FROM DISK = 'x' WITH RECOVERY",
		"RESTORE LOG d FROM DISK = 'x' WITH STOPATMARK = 'm' AFTER '2020-01-01'",
	}
	next := []string{
		"lbl:", "lbl: PRINT 1", "Retry :\nPRINT 1", "(SELECT 1)", "(SELECT 1) UNION (SELECT 2)",
		// Service Broker statements whose first word the splitter does not stop at
		"RECEIVE TOP (1) * FROM q", "SEND ON CONVERSATION @h MESSAGE TYPE [m] (@b)",
		"GET CONVERSATION GROUP @g FROM q", "MOVE CONVERSATION @h TO @g",
		"ADD SIGNATURE TO p BY CERTIFICATE c", "ADD COUNTERSIGNATURE TO p BY CERTIFICATE c",
	}
	endsBeforeNext(t, first, next)
}

// MODIFY FILEGROUP g DEFAULT followed by a label still makes g the default
// filegroup (the model adds files to it).
func TestModifyFilegroupDefaultBeforeLabel(t *testing.T) {
	src := "ALTER DATABASE d MODIFY FILEGROUP g1 DEFAULT\nDone:\n"
	bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
		ad, ok := r.Statements[0].Node.(*AlterDatabase)
		if !ok || ad.Filegroup == nil || !ad.Filegroup.Default {
			t.Errorf("fast path %v: %s", fast, dumpNode(r.Statements[0].Node))
		}
		for _, o := range ad.Options {
			if strings.Contains(o.Value, "Done") {
				t.Errorf("fast path %v: option %+v holds the label", fast, o)
			}
		}
	})
}

// endsBeforeNext checks that each statement of first, followed without a
// semicolon (on the next line or the same one) by each of next, ends
// where it would alone and parses as it would alone, on the fast path
// and the grammar's.
func endsBeforeNext(t *testing.T, first, next []string) {
	t.Helper()
	for _, a := range first {
		var want string // the statement alone
		bothParses(t, "t.sql", a, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 || r.Statements[0].Node == nil {
				t.Fatalf("%q (fast path %v): %v", a, fast, r.Diags)
			}
			want = dumpNodeNoFile(r.Statements[0].Node)
		})
		for _, b := range next {
			for _, sep := range []string{"\n", " "} {
				src := a + sep + b
				bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
					if len(r.Diags) != 0 {
						t.Errorf("%q (fast path %v): %v", src, fast, r.Diags)
						return
					}
					st := r.Statements[0]
					if st.Node == nil || st.End != len(a) {
						t.Errorf("%q (fast path %v): first statement ends at %d, want %d (%q)", src, fast, st.End, len(a), src[st.Start:st.End])
						return
					}
					if got := dumpNodeNoFile(st.Node); got != want {
						t.Errorf("%q (fast path %v):\n got %s\nwant %s", src, fast, got, want)
					}
				})
			}
		}
	}
}
