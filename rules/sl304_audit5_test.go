package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// BACKUP's documentation: "If DIFFERENTIAL and COPY_ONLY are used
// together, COPY_ONLY is ignored, and a differential backup is created."
// A differential to NUL with COPY_ONLY is then the plain differential's
// error, not the copy-only warning; COPY_ONLY still lowers a full or a log
// backup to NUL.
func TestSL304DifferentialIgnoresCopyOnly(t *testing.T) {
	cases := []struct {
		stmt string
		sev  parser.Severity
		msg  string
	}{
		{"BACKUP DATABASE Sales TO DISK = 'NUL' WITH DIFFERENTIAL, COPY_ONLY", parser.SevError, "finds nothing to restore"},
		{"BACKUP DATABASE Sales TO DISK = 'NUL' WITH COPY_ONLY, DIFFERENTIAL, STATS = 10", parser.SevError, "finds nothing to restore"},
		{"BACKUP DATABASE Sales TO DISK = 'NUL' WITH DIFFERENTIAL", parser.SevError, "finds nothing to restore"},
		{"BACKUP DATABASE Sales TO DISK = 'NUL' WITH COPY_ONLY", parser.SevWarning, "COPY_ONLY keeps the backup chain intact"},
		{"BACKUP LOG Sales TO DISK = 'NUL' WITH COPY_ONLY", parser.SevWarning, "COPY_ONLY keeps the backup chain intact"},
	}
	for _, c := range cases {
		var got []Finding
		for _, f := range auditRun(t, c.stmt+";\n", nil) {
			if f.Rule.ID == "SL304" {
				got = append(got, f)
			}
		}
		if len(got) != 1 {
			t.Errorf("%s: %d SL304 findings", c.stmt, len(got))
			continue
		}
		if got[0].Severity != c.sev || !strings.Contains(got[0].Message, c.msg) {
			t.Errorf("%s: %v %q, want %v and %q", c.stmt, got[0].Severity, got[0].Message, c.sev, c.msg)
		}
	}
}
