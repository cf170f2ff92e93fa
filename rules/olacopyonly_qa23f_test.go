package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// DatabaseBackup @BackupType = 'DIFF', @CopyOnly = 'Y' runs BACKUP
// DATABASE ... WITH DIFFERENTIAL, COPY_ONLY, whose COPY_ONLY SQL Server
// ignores: to NUL it is an error, as that BACKUP statement written out
// is, not the warning of a copy-only full or log backup.
func TestSL304OlaCopyOnlyDifferential(t *testing.T) {
	for _, tc := range []struct {
		src       string
		want      parser.Severity
		inMessage string
	}{
		{"EXECUTE dbo.DatabaseBackup @Databases = 'A', @Directory = 'NUL', @BackupType = 'DIFF', @CopyOnly = 'Y'",
			parser.SevError, "latest differential backup"},
		{"EXECUTE dbo.DatabaseBackup @CopyOnly = 'Y', @Databases = 'A', @Directory = 'NUL', @BackupType = 'diff'",
			parser.SevError, "latest differential backup"},
		{"BACKUP DATABASE A TO DISK = 'NUL' WITH DIFFERENTIAL, COPY_ONLY",
			parser.SevError, "latest differential backup"},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'A', @Directory = 'NUL', @BackupType = 'FULL', @CopyOnly = 'Y'",
			parser.SevWarning, "keeps the backup chain intact"},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'A', @Directory = 'NUL', @BackupType = 'LOG', @CopyOnly = 'Y'",
			parser.SevWarning, "keeps the backup chain intact"},
	} {
		var got []Finding
		for _, f := range auditRun(t, tc.src+"\nGO\n", nil) {
			if f.Rule.ID == "SL304" {
				got = append(got, f)
			}
		}
		if len(got) != 1 {
			t.Errorf("%q: %d SL304 findings", tc.src, len(got))
			continue
		}
		if got[0].Severity != tc.want || !strings.Contains(got[0].Message, tc.inMessage) {
			t.Errorf("%q: %v %q, want %v with %q", tc.src, got[0].Severity, got[0].Message, tc.want, tc.inMessage)
		}
	}
}
