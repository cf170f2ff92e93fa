package analysis

import (
	"testing"
)

// sp_addumpdevice puts a device on the null device under any of its
// names (SL304's page: NUL:, \\.\NUL, C:\...\NUL), and a BACKUP to the
// device in a later batch backs up to NUL; sp_dropdevice drops it, and a
// device added again elsewhere is no longer NUL. A batch holding only
// one of these calls was read as one no rule reads (only 'NUL' itself
// made it count): the device on \\.\NUL was never known, and the drop
// and the second add were never seen (an error-level SL304 on a real
// backup).
func TestSL304DumpDeviceInABatchOfItsOwn(t *testing.T) {
	for _, path := range []string{`NUL`, `NUL:`, `nul.`, `\\.\NUL`, `\\?\NUL`, `C:\Temp\NUL`, `D:/Backup/nul`} {
		dir := t.TempDir()
		chdir(t, dir)
		write(t, dir, "a.sql", "EXEC sp_addumpdevice 'disk', 'NulDev', N'"+path+"';\nGO\nBACKUP DATABASE Sales TO NulDev;\nGO\n")
		rs, _ := runAll(t, Options{Paths: []string{"a.sql"}})
		n := 0
		for _, f := range findings(rs) {
			if f.RuleID == "SL304" && f.Line == 3 {
				n++
			}
		}
		if n != 1 {
			t.Errorf("device on %s: %d SL304 findings at the BACKUP, want 1", path, n)
		}
	}
	for _, drop := range []string{"EXEC sp_dropdevice 'Dev'", "EXEC [sp_dropdevice] N'Dev'", "exec master.dbo.SP_DROPDEVICE @logicalname = 'Dev'"} {
		dir := t.TempDir()
		chdir(t, dir)
		for _, again := range []string{"EXEC sp_addumpdevice 'disk', 'Dev', 'D:\\bak\\x.bak'\nGO\n", ""} {
			write(t, dir, "a.sql", "EXEC sp_addumpdevice 'disk', 'Dev', 'NUL'\nGO\n"+drop+"\nGO\n"+again+"BACKUP DATABASE x TO Dev\nGO\n")
			rs, _ := runAll(t, Options{Paths: []string{"a.sql"}})
			for _, f := range findings(rs) {
				if f.RuleID == "SL304" {
					t.Errorf("%s, then %q: %s at line %d, want none", drop, again, f.RuleID, f.Line)
				}
			}
		}
	}
}
