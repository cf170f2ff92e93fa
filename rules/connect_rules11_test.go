package rules

import (
	"strings"
	"testing"
)

// A backup to a local disk ('Z:\s.bak', or a name in the backup folder)
// is a file of the server that wrote it: a RESTORE from the same name
// after a :connect to another server reads that server's file, of which
// the scripts say nothing (SL207 silent: no size known). A share or a
// URL is the same file from every server, and a :connect back to the
// same server finds its own file again.
func TestBackupDeviceAcrossConnect(t *testing.T) {
	create := "CREATE DATABASE S ON (NAME = s, FILENAME = 'D:\\s.mdf', SIZE = 40GB);\nGO\n"
	restore := "RESTORE DATABASE S2 FROM %s WITH MOVE 's' TO 'D:\\s2.mdf', MOVE 'S_log' TO 'E:\\s2.ldf';\nGO\n"
	cases := []struct {
		name, src string
		want      bool // SL207 from the backup of S
	}{
		{"local disk, another server", create + "BACKUP DATABASE S TO DISK = 'Z:\\s.bak' WITH INIT;\nGO\n:connect Other\n" + restore, false},
		{"backup folder, another server", create + "BACKUP DATABASE S TO DISK = 's.bak' WITH INIT;\nGO\n:connect Other\n" + restore, false},
		{"logical device, another server", create + "BACKUP DATABASE S TO SDev WITH INIT;\nGO\n:connect Other\n" + restore, false},
		{"both on the other server", ":connect Other\n" + create + "BACKUP DATABASE S TO DISK = 'Z:\\s.bak' WITH INIT;\nGO\n:connect Other2\nGO\n:connect Other\n" + restore, true},
		{"share", create + "BACKUP DATABASE S TO DISK = '\\\\fs\\b\\s.bak' WITH INIT;\nGO\n:connect Other\n" + restore, true},
		{"URL", create + "BACKUP DATABASE S TO URL = 'https://a.blob.core.windows.net/b/s.bak' WITH INIT;\nGO\n:connect Other\n" + restore, true},
		{"same server", create + "BACKUP DATABASE S TO DISK = 'Z:\\s.bak' WITH INIT;\nGO\n" + restore, true},
	}
	for _, c := range cases {
		dev := "DISK = 'Z:\\s.bak'"
		switch {
		case strings.Contains(c.src, "'s.bak'"):
			dev = "DISK = 's.bak'"
		case strings.Contains(c.src, "SDev"):
			dev = "SDev"
		case strings.Contains(c.src, "\\\\fs"):
			dev = "DISK = '\\\\fs\\b\\s.bak'"
		case strings.Contains(c.src, "URL ="):
			dev = "URL = 'https://a.blob.core.windows.net/b/s.bak'"
		}
		src := strings.Replace(c.src, "%s", dev, 1)
		msgs := auditMessages(auditRun(t, src, nil), "SL207")
		got := len(msgs) == 1 && strings.Contains(msgs[0], "from the backup of S at line")
		if got != c.want || len(msgs) > 1 {
			t.Errorf("%s: SL207 %q, want from the backup of S: %v", c.name, msgs, c.want)
		}
	}
}
