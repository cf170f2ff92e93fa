package rules

import (
	"strings"
	"testing"
)

// Files added in the body of a CREATE PROCEDURE count for SL101 where
// the procedure is created (the scripts create it to call it; when is
// not known), and the message says that they come when it is called:
// the script itself only creates it. Outside a module, as before.
func TestSL101InModuleBody(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 900; i++ {
		b.WriteString("ALTER DATABASE Big ADD FILEGROUP fg" + itoa(i) + ";\n")
		b.WriteString("ALTER DATABASE Big ADD FILE (NAME = f" + itoa(i) + ", FILENAME = 'D:\\f" + itoa(i) + ".ndf') TO FILEGROUP fg" + itoa(i) + ";\n")
	}
	for _, c := range []struct {
		src  string
		note bool
	}{
		{"CREATE PROCEDURE dbo.AddMany AS\nBEGIN\n" + b.String() + "END\nGO\n", true},
		{"CREATE OR ALTER PROCEDURE dbo.AddMany AS\n" + b.String() + "GO\n", true},
		{b.String() + "GO\n", false},
	} {
		msgs := auditMessages(auditRun(t, c.src, nil), "SL101")
		if len(msgs) != 1 || !strings.Contains(msgs[0], "reaches 801 files") {
			t.Fatalf("SL101 %q, want one at 801 files", msgs)
		}
		if got := strings.HasSuffix(msgs[0], moduleNote); got != c.note {
			t.Errorf("%.40q: SL101 %q, note of the module's body %v, want %v", c.src, msgs[0], got, c.note)
		}
	}
}
