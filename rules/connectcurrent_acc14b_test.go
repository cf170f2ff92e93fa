package rules

import (
	"strings"
	"testing"
)

// After a :connect, CURRENT before any USE is the new connection's
// database: messages name it so, as they name the database the script
// starts in, not "CURRENT" ("for CURRENT", "database CURRENT").
func TestConnectCurrentShown(t *testing.T) {
	src := ":connect other\nALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'D:\\a1.ndf');\nGO\nALTER DATABASE CURRENT ADD FILE (NAME = a2, FILENAME = 'D:\\a2.ndf');\nALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;\n"
	fs := startRun(t, "", src)
	if msgs := auditMessages(fs, "SL101"); len(msgs) != 1 || !strings.HasPrefix(msgs[0], "the database the :connect connects to reaches 2 files") {
		t.Errorf("SL101 %q", msgs)
	}
	if msgs := auditMessages(fs, "SL301"); len(msgs) != 1 || !strings.Contains(msgs[0], "for the database the :connect connects to: ") {
		t.Errorf("SL301 %q", msgs)
	}
	// after a USE there, CURRENT is that database
	fs = startRun(t, "", ":connect other\nUSE Orders;\nGO\nALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
	if msgs := auditMessages(fs, "SL301"); len(msgs) != 1 || !strings.Contains(msgs[0], "for Orders: ") {
		t.Errorf("SL301 after USE %q", msgs)
	}
}
