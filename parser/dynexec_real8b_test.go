package parser

import "testing"

// EXEC passes an identifier as the string of its name: Ola Hallengren's
// DatabaseBackup called with @Directory = NUL (no quotes, as a real
// MemLabs Agent job step writes it) backs up to NUL as with 'NUL'; NULL
// and DEFAULT are no string.
func TestProcBackupIdentifierArgs(t *testing.T) {
	checkNulCases(t, "DatabaseBackup", []nulCase{
		{"EXECUTE [dbo].[DatabaseBackup]\n@Databases = 'AVAILABILITY_GROUP_DATABASES',\n@Directory = NUL,\n@BackupType = 'LOG',\n@Verify = 'N'", "AVAILABILITY_GROUP_DATABASES", "LOG", false},
		{"EXEC dbo.DatabaseBackup @Databases = USER_DATABASES, @Directory = [NUL], @BackupType = FULL, @CopyOnly = Y", "USER_DATABASES", "FULL", true},
		{"EXECUTE DatabaseBackup @Databases = N'Sales', @Directory = nul, @BackupType = diff", "Sales", "DIFF", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = 'NUL', @BackupType = 'LOG'", "USER_DATABASES", "LOG", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = NULL, @BackupType = 'LOG'", "", "", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = DEFAULT, @BackupType = 'LOG'", "", "", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = Backups, @BackupType = 'LOG'", "", "", false},
		{"EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = @dir, @BackupType = 'LOG'", "", "", false},
	})
}

// The same call in the T-SQL of an Agent job step (the MemLabs job's
// shape, its quotes closed): the node is on the EXEC of the step's text.
func TestProcBackupIdentifierArgsJobStep(t *testing.T) {
	src := "EXEC @ReturnCode = msdb.dbo.sp_add_jobstep @job_id=@jobId, @step_name=N'LOG', @subsystem=N'TSQL',\n" +
		"\t\t@command=N'EXECUTE [dbo].[DatabaseBackup]\n@Databases = ''AVAILABILITY_GROUP_DATABASES'',\n@Directory = NUL,\n@BackupType = ''LOG'',\n@Verify = ''N''',\n" +
		"\t\t@database_name=N'master'"
	stmts, _ := dynStatements(t, NewFile("t.sql", src), nil)
	if len(stmts) != 1 {
		t.Fatalf("job step: %d statements", len(stmts))
	}
	if pb, ok := stmts[0].Node.(*NulBackup); !ok || pb.Databases != "AVAILABILITY_GROUP_DATABASES" || pb.Type != "LOG" {
		t.Errorf("job step: node %+v, want a LOG NulBackup of AVAILABILITY_GROUP_DATABASES", stmts[0].Node)
	}
}
