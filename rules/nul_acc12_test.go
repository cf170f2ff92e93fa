package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A file named NUL with an extension is the null device on Windows
// Server 2022 and earlier (Microsoft's "Naming Files, Paths, and
// Namespaces": NUL.txt is equivalent to NUL) and a real file on Windows
// Server 2025, Windows 11 and Linux: SL304 warns, saying so (it was
// silent); COPY_ONLY breaks no chain either way, and a share or a \\?\
// path is opened as written.
func TestBackupToNulWithExtension(t *testing.T) {
	cases := []struct {
		dev  string
		opts string
		want string // "" for no SL304
	}{
		{"NUL.bak", "", "BACKUP DATABASE x goes to DISK = 'NUL.bak', a file named NUL with an extension: on Windows Server 2022 and earlier"},
		{`D:\Backup\nul.txt`, "", `goes to DISK = 'D:\Backup\nul.txt'`},
		{"nul.bak", " WITH DIFFERENTIAL", "a restore that takes the latest differential backup"},
		{"NUL.bak", " WITH COPY_ONLY", ""},
		{`\\srv\share\NUL.bak`, "", ""},
		{`\\?\D:\NUL.bak`, "", ""},
		{"NULL.bak", "", ""},
		{"nul_x.bak", "", ""},
		// NUL itself: the error, as before
		{"NUL", "", "BACKUP DATABASE x TO DISK = 'NUL' writes nothing"},
	}
	for _, c := range cases {
		src := "BACKUP DATABASE x TO DISK = '" + c.dev + "'" + c.opts + ";\n"
		msgs := auditMessages(auditRun(t, src, nil), "SL304")
		switch {
		case c.want == "" && len(msgs) != 0, c.want != "" && (len(msgs) != 1 || !strings.Contains(msgs[0], c.want)):
			t.Errorf("%s\n got %q, want %q", src, msgs, c.want)
		}
	}
	fs := auditRun(t, "BACKUP LOG x TO DISK = 'NUL.trn';\n", nil)
	if len(fs) != 1 || fs[0].Severity != parser.SevWarning || !strings.Contains(fs[0].Message, "breaks the log chain") {
		t.Errorf("BACKUP LOG to NUL.trn: %+v", fs)
	}
}
