package parser

import (
	"strings"
	"testing"
)

// BACKUP LOG ... WITH TRUNCATE_ONLY (or NO_LOG) is still in old log
// shrinking scripts; SQL Server 2008 removed it, so the statement fails
// there. SL001 says so, and where, instead of only that TO was expected.
// Other BACKUP LOG errors keep their message.
func TestBackupLogTruncateOnlyMessage(t *testing.T) {
	src := "USE dbname\nGO\nBACKUP LOG dbname WITH TRUNCATE_ONLY\n\nDBCC SHRINKFILE(dbname_log, 1)\nGO\n" +
		"backup log [x] with no_log;\nGO\nBACKUP LOG x WITH NORECOVERY\nGO\n"
	res := ParseFile(NewFile("t.sql", src), &PreprocessOptions{})
	var msgs []string
	for _, d := range res.Diags {
		if d.Rule == "SL001" {
			msgs = append(msgs, d.Message)
		}
	}
	if len(msgs) != 3 {
		t.Fatalf("SL001: %q", msgs)
	}
	for i, want := range []string{
		"cannot parse BACKUP LOG: WITH TRUNCATE_ONLY was removed in SQL Server 2008 and fails there: back the log up TO a device, or use the SIMPLE recovery model (line 3, column 19); the statement is not checked",
		"cannot parse BACKUP LOG: WITH NO_LOG was removed in SQL Server 2008 and fails there: back the log up TO a device, or use the SIMPLE recovery model (line 7, column 16); the statement is not checked",
	} {
		if msgs[i] != want {
			t.Errorf("message %d:\n got %q\nwant %q", i, msgs[i], want)
		}
	}
	if !strings.Contains(msgs[2], `unexpected token "WITH" (expected "TO")`) {
		t.Errorf("other BACKUP LOG errors keep their message: %q", msgs[2])
	}
}
