package parser

import "testing"

// A batch that calls DatabaseBackup (bare, bracketed or double-quoted,
// any case) is not plain: procBackup gives its EXEC a Node (NulBackup)
// when @Directory is NUL, written unquoted as EXEC allows, with no string
// in the batch for ppStringMatters to see. Names that only start so stay
// plain.
func TestPreprocessPlainProcName(t *testing.T) {
	for _, tc := range []struct {
		src   string
		plain bool
	}{
		{"EXEC dbo.DatabaseBackup @Directory = NUL", false},
		{"EXEC databasebackup @Directory = NUL", false},
		{"EXECUTE [dbo].[DatabaseBackup] @Directory = NUL", false},
		{"EXEC [DATABASEBACKUP] @Directory = [NUL]", false},
		{"EXEC \"dbo\".\"DatabaseBackup\" @Directory = NUL", false},
		{"EXEC x.DatabaseBackup\n@Directory = NUL", false},
		{"EXEC dbo.DatabaseBackups @Directory = NUL", true},
		{"EXEC dbo.DatabaseBackup_x @Directory = NUL", true},
		{"EXEC [dbo].[DatabaseBackupX] @Directory = NUL", true},
		{"EXEC [dbo].[xDatabaseBackup] @Directory = NUL", true},
		{"SELECT database_id, DATABASEPROPERTYEX(1, 'x') FROM sys.databases", true},
	} {
		_, plain := plainBatches(tc.src, nil)
		if len(plain) != 1 || plain[0] != tc.plain {
			t.Errorf("%q: plain %v, want %v", tc.src, plain, tc.plain)
		}
	}
}
