package analysis

import "testing"

// A script whose only backup to NUL is a call of Ola Hallengren's
// DatabaseBackup with @Directory = NUL unquoted (which EXEC passes as the
// string 'NUL') is reported as the same call with 'NUL' is, with the
// procedure named bare or in brackets: the batch holds no other word of
// interest and no string, so the preprocessor's plain test alone must
// see the procedure's name.
var olaPlainCases = []shapeCase{{
	name: "bare-name-unquoted-nul",
	text: "EXEC dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = NUL, @BackupType = 'LOG'\n",
	want: []string{"SL304 1:1"},
	msg:  []string{"DatabaseBackup @Directory = 'NUL'"},
}, {
	name: "bracketed-name-unquoted-nul",
	text: "EXECUTE [dbo].[DatabaseBackup]\n@Databases = 'AVAILABILITY_GROUP_DATABASES',\n@Directory = NUL,\n@BackupType = 'LOG',\n@Verify = 'N'\nGO\n",
	want: []string{"SL304 1:1"},
	msg:  []string{"DatabaseBackup @Directory = 'NUL'"},
}, {
	name: "bracketed-name-bracketed-nul",
	text: "SELECT 1\nGO\nEXEC [master].[dbo].[DatabaseBackup] @Databases = 'Sales', @Directory = [nul], @BackupType = 'FULL', @CopyOnly = 'Y'\n",
	want: []string{"SL304 3:1"},
	msg:  []string{"DatabaseBackup @Directory = 'NUL'"},
}, {
	name: "double-quoted-name",
	text: "EXEC \"dbo\".\"DatabaseBackup\" @Databases = 'Sales', @Directory = NUL, @BackupType = 'FULL'\n",
	want: []string{"SL304 1:1"},
	msg:  []string{"DatabaseBackup @Directory = 'NUL'"},
}, {
	// other names stay plain: no finding
	name: "other-procedures",
	text: "EXEC dbo.DatabaseBackups @Directory = NUL\nEXEC [dbo].[DatabaseBackupX] @Directory = NUL\nEXEC dbo.DatabaseIntegrityCheck @Databases = 'X'\n",
}}

func TestOlaPlainShapes(t *testing.T) { runShapes(t, olaPlainCases) }
