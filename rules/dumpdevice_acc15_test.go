package rules

import (
	"strings"
	"testing"
)

// sp_addumpdevice and sp_dropdevice run in constant dynamic SQL add and
// drop the device as run in the script: the text was read only when it
// held BACKUP, RESTORE, CHECKPOINT, DBCC or DATABASE, so a device put on
// NUL by EXEC ('EXEC sp_addumpdevice ...') and backed up to in a later
// batch was no SL304. A device call after a long run of ordinary
// statements in its batch was dropped by the split that stops early
// (tailFrom), so the BACKUP of a later batch was none either.
func TestDumpDeviceInDynamicSQL(t *testing.T) {
	const full = "BACKUP DATABASE d TO NulDev (a backup device that sp_addumpdevice put on the null device) writes nothing"
	pad := strings.Repeat("UPDATE dbo.t SET a = 1 WHERE b = 2;\n", 12)
	cases := []sl304Case{
		{"EXEC ('EXEC sp_addumpdevice ''disk'', ''NulDev'', ''NUL''');\nGO\nBACKUP DATABASE d TO NulDev;\n", []string{"3 " + full}},
		{"EXECUTE sp_executesql N'EXEC master.dbo.sp_addumpdevice @devtype = N''disk'', @logicalname = N''NulDev'', @physicalname = N''NUL''';\nGO\nBACKUP DATABASE d TO NulDev;\n",
			[]string{"3 " + full}},
		{"EXEC ('EXECUTE [dbo].[SP_ADDUMPDEVICE] ''disk'', ''NulDev'', ''NUL''');\nGO\nBACKUP DATABASE d TO NulDev;\n", []string{"3 " + full}},
		// dropped in dynamic SQL
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\nEXEC ('EXEC sp_dropdevice ''NulDev''');\nGO\nBACKUP DATABASE d TO NulDev;\n", nil},
		// text only printed is not run
		{"PRINT 'EXEC sp_addumpdevice ''disk'', ''NulDev'', ''NUL''';\nGO\nBACKUP DATABASE d TO NulDev;\n", nil},
		// after a long run of ordinary statements in its batch
		{"SELECT 1;\n" + pad + "EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\nBACKUP DATABASE d TO NulDev;\n", []string{"16 " + full}},
		{"SELECT 1;\n" + pad + "EXEC ('EXEC sp_addumpdevice ''disk'', ''NulDev'', ''NUL''');\nGO\nBACKUP DATABASE d TO NulDev;\n", []string{"16 " + full}},
	}
	checkSL304Lines(t, cases)
}
