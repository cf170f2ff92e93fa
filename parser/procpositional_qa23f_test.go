package parser

import "testing"

// DatabaseBackup declares @Databases, @Directory and @BackupType first in
// every version, so a call that passes them by position backs up to NUL
// as one that names them does; a later positional argument names no
// directory (the parameters after @BackupType moved between versions).
func TestNulBackupPositional(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want *NulBackup
	}{
		{"EXEC DBA.dbo.DatabaseBackup 'USER_DATABASES', 'NUL', 'FULL'",
			&NulBackup{Proc: "DatabaseBackup", Databases: "USER_DATABASES", Type: "FULL"}},
		{"EXECUTE dbo.DatabaseBackup N'App', N'nul', @BackupType = 'LOG', @CopyOnly = 'Y';",
			&NulBackup{Proc: "DatabaseBackup", Databases: "App", Type: "LOG", CopyOnly: true}},
		{"EXEC dbo.DatabaseBackup 'App', 'D:\\Backup', 'LOG'", nil},
		{"EXEC dbo.DatabaseBackup 'App', 'D:\\Backup', 'LOG', 'NUL'", nil},
		{"EXEC dbo.DatabaseBackup 'App', 'NUL', 'LOG', @Execute = 'N'", nil},
	} {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		var got *NulBackup
		for _, st := range r.Statements {
			if pb, ok := st.Node.(*NulBackup); ok {
				got = pb
			}
		}
		switch {
		case got == nil && tc.want == nil:
		case got == nil || tc.want == nil || *got != *tc.want:
			t.Errorf("%q: %+v, want %+v", tc.src, got, tc.want)
		}
	}
}
