package rules

import (
	"strings"
	"testing"
)

// A backup to a logical device that sp_addumpdevice put on the null
// device is a backup to NUL (SL304), in the batches and scripts after
// the call until sp_dropdevice drops the device, on the server the call
// ran on.
func TestDumpDeviceOnNul(t *testing.T) {
	const full = "BACKUP DATABASE d TO NulDev (a backup device that sp_addumpdevice put on the null device) writes nothing, yet SQL Server records it as a backup"
	cases := []sl304Case{
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nBACKUP DATABASE d TO NulDev;\n", []string{"2 " + full}},
		// another batch, any case, N'', named arguments in any order, qualified
		{"EXEC master.dbo.sp_addumpdevice @physicalname = N'nul', @logicalname = N'NulDev', @devtype = N'DISK';\nGO\nBACKUP DATABASE d TO [nuldev];\n",
			[]string{"3 BACKUP DATABASE d TO nuldev (a backup device that sp_addumpdevice put on the null device) writes nothing"}},
		{"EXECUTE sp_addumpdevice disk, NulDev, 'C:\\NUL';\nGO\nBACKUP LOG d TO NulDev WITH COPY_ONLY;\n",
			[]string{"3 BACKUP LOG d TO NulDev (a backup device that sp_addumpdevice put on the null device) writes nothing: never a real backup; COPY_ONLY"}},
		// striped with a real file
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nBACKUP DATABASE d TO NulDev, DISK = 'D:\\b.bak';\n",
			[]string{"2 BACKUP DATABASE d writes part of its data to NulDev (a backup device that sp_addumpdevice put on the null device), which keeps none"}},
		// a real file, a tape, a name not known, another device: nothing
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'D:\\nul.bak';\nBACKUP DATABASE d TO NulDev;\n", nil},
		{"EXEC sp_addumpdevice 'tape', 'NulDev', 'NUL';\nBACKUP DATABASE d TO NulDev;\n", nil},
		{"EXEC sp_addumpdevice 'disk', 'NulDev', @path;\nBACKUP DATABASE d TO NulDev;\n", nil},
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nBACKUP DATABASE d TO OtherDev;\n", nil},
		// dropped
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\nEXEC sp_dropdevice @logicalname = 'NulDev';\nGO\nBACKUP DATABASE d TO NulDev;\n", nil},
		// a procedure's body does not run with the script
		{"CREATE PROCEDURE p AS EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\nBACKUP DATABASE d TO NulDev;\n", nil},
		// another server's device
		{"EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\n:connect other\nBACKUP DATABASE d TO NulDev;\n", nil},
		{":connect other\nEXEC sp_addumpdevice 'disk', 'NulDev', 'NUL';\nGO\n:connect other\nBACKUP DATABASE d TO NulDev;\n", []string{"5 " + full}},
	}
	checkSL304Lines(t, cases)
}

// sl304Case is a script and the SL304 findings a run of it reports, in
// order, each as "line message-part".
type sl304Case struct {
	src  string
	want []string
}

// checkSL304Lines runs each case's script and compares its SL304
// findings' lines and messages with the case's.
func checkSL304Lines(t *testing.T, cases []sl304Case) {
	t.Helper()
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL304" {
				got = append(got, itoa(f.Span.Start.Position().Line)+" "+f.Message)
			}
		}
		if len(got) != len(c.want) {
			t.Errorf("%s\n got %q, want %q", c.src, got, c.want)
			continue
		}
		for i, g := range got {
			line, part, _ := strings.Cut(c.want[i], " ")
			if !strings.HasPrefix(g, line+" ") || !strings.Contains(g, part) {
				t.Errorf("%s\n finding %d: %q, want %q", c.src, i, g, c.want[i])
			}
		}
	}
}
