package analysis

import (
	"strings"
	"testing"
)

// A backup device put on NUL after a long run of ordinary statements in
// its batch is still added: the split that stops at the first of them
// that SL303 cannot look through (tailFrom) dropped the call, so the
// BACKUP of the next batch was no SL304. Also when the call is in
// constant dynamic SQL.
func TestDumpDeviceAfterLongTail(t *testing.T) {
	pad := strings.Repeat("SELECT c FROM dbo.t;\n", 40)
	for _, call := range []string{
		"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\n",
		"EXEC ('EXEC sp_addumpdevice ''disk'', ''NulDev'', ''NUL''');\n",
	} {
		dir := t.TempDir()
		chdir(t, dir)
		write(t, dir, "a.sql", "SELECT 1;\n"+pad+call+"GO\nBACKUP DATABASE d TO NulDev;\n")
		rs, _ := runAll(t, Options{Paths: []string{"a.sql"}})
		var got []string
		for _, f := range findings(rs) {
			got = append(got, f.RuleID)
		}
		if len(got) != 1 || got[0] != "SL304" {
			t.Errorf("%q: findings %v, want SL304", call, got)
		}
	}
}
