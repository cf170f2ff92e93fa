package parser

import "testing"

// DatabaseBackup's @Execute = 'N' makes the procedure print its BACKUP
// commands and run none of them (Ola Hallengren's documentation: "If
// this parameter is set to N, then the commands are printed only"): a
// dry run, which SL304 leaves alone as it does text that is only
// printed. It was a NulBackup, reported as a backup to NUL that runs.
func TestNulBackupDryRun(t *testing.T) {
	for _, tc := range []struct {
		src string
		nul bool
	}{
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = 'NUL', @BackupType = 'LOG', @Execute = 'N'", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = 'NUL', @BackupType = 'LOG', @Execute = N'n';", false},
		{"EXECUTE dbo.DatabaseBackup @Execute = N, @Databases = 'A', @Directory = 'NUL', @BackupType = 'FULL'", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = 'NUL', @BackupType = 'LOG', @Execute = 'Y'", true},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = 'NUL', @BackupType = 'LOG', @Execute = @exec", true},
	} {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		got := false
		for _, st := range r.Statements {
			if _, ok := st.Node.(*NulBackup); ok {
				got = true
			}
		}
		if got != tc.nul {
			t.Errorf("%q: a backup to NUL %v, want %v", tc.src, got, tc.nul)
		}
	}
}
