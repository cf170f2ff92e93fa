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

// A DBA script often names DatabaseBackup's directory in a variable
// declared at its top (DECLARE @Directory nvarchar(max) = N'NUL'): the
// call is then a backup to NUL as with the literal. A variable set to
// another directory, or set again by a query, is not.
func TestNulBackupDirectoryVariable(t *testing.T) {
	for _, tc := range []struct {
		src string
		nul bool
	}{
		{"DECLARE @Directory nvarchar(max) = N'NUL';\nEXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = @Directory, @BackupType = 'LOG';", true},
		{"DECLARE @d nvarchar(max), @t nvarchar(10) = 'LOG';\nSET @d = 'nul';\nEXEC dbo.DatabaseBackup @Databases = 'A', @Directory = @D, @BackupType = 'FULL';", true},
		{"DECLARE @d nvarchar(max) = N'D:\\Backup';\nEXEC dbo.DatabaseBackup @Databases = 'A', @Directory = @d, @BackupType = 'LOG';", false},
		{"DECLARE @d nvarchar(max) = N'NUL';\nSELECT @d = dir FROM dbo.Settings;\nEXEC dbo.DatabaseBackup @Databases = 'A', @Directory = @d, @BackupType = 'LOG';", false},
		{"DECLARE @d nvarchar(max) = N'NUL';\nGO\nEXEC dbo.DatabaseBackup @Databases = 'A', @Directory = @d, @BackupType = 'LOG';", false},
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
