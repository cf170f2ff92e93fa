package rules

import (
	"strings"
	"testing"
)

// The First Responder Kit ships sp_foreachdb and sp_ineachdb to replace
// sp_MSforeachdb (which skips databases): both run their @command (the
// first argument) for each database. A log backup to NUL, a CHECKPOINT
// with a duration, TARGET_RECOVERY_TIME = 0 or trace flag 1806 in that
// command went unseen, as sqllint followed sp_MSforeachdb's command
// alone. With @print_command_only = 1 they print the command and run
// nothing: a dry run. sp_ineachdb runs the command in each database, so
// ALTER DATABASE CURRENT there is each database.
func TestForeachDBProcedures(t *testing.T) {
	src := "EXEC dbo.sp_foreachdb @command = N'BACKUP LOG [?] TO DISK = N''NUL''', @user_only = 1;\nGO\n" +
		"EXEC master.dbo.sp_ineachdb @command = N'CHECKPOINT 30;', @user_only = 1;\nGO\n" +
		"DECLARE @c nvarchar(max) = N'ALTER DATABASE [?] SET TARGET_RECOVERY_TIME = 0 SECONDS';\nEXEC [dbo].[sp_ineachdb] @command = @c;\nGO\n" +
		"EXEC sp_foreachdb N'DBCC TRACEON (1806, -1)';\nGO\n" +
		"EXEC dbo.sp_foreachdb @command = N'BACKUP LOG [?] TO DISK = N''NUL''', @print_command_only = 1;\nGO\n" +
		"EXEC dbo.sp_ineachdb @print_command_only = 1, @command = N'CHECKPOINT 30';\nGO\n" +
		"EXEC sp_MSforeachdb N'CHECKPOINT 10';\nGO\n" +
		"EXEC dbo.sp_ineachdb N'ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS';\nGO\n" +
		"EXEC dbo.sp_foreachdb N'ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS';\nGO\n"
	fs := auditRun(t, src, nil)
	for _, tc := range []struct {
		rule string
		want []string
	}{
		{"SL304", []string{"EXEC runs the text of sp_foreachdb's command, for each database: BACKUP LOG ? TO DISK = 'NUL'"}},
		{"SL302", []string{
			"EXEC runs the text of sp_ineachdb's command, for each database: CHECKPOINT 30 ",
			"EXEC runs the text of sp_MSforeachdb's command, for each database: CHECKPOINT 10 ",
		}},
		{"SL301", []string{
			"EXEC runs the text of @c, sp_ineachdb's command, for each database: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for each database",
			// sp_ineachdb runs its command in each database; sp_foreachdb
			// where the EXEC runs, as sp_MSforeachdb
			"EXEC runs the text of sp_ineachdb's command, for each database: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for each database",
			"EXEC runs the text of sp_foreachdb's command, for each database: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for the database the EXEC runs in, not each database (sp_foreachdb moves",
		}},
		{"SL204", []string{"EXEC runs the text of sp_foreachdb's command, for each database: DBCC TRACEON turns on trace flag 1806"}},
	} {
		msgs := auditMessages(fs, tc.rule)
		if len(msgs) != len(tc.want) {
			t.Errorf("%s findings: %q", tc.rule, msgs)
			continue
		}
		for i, w := range tc.want {
			if !strings.HasPrefix(msgs[i], w) {
				t.Errorf("%s finding %d: %q does not start with %q", tc.rule, i, msgs[i], w)
			}
		}
	}
}

// sp_MSforeachdb runs @command2 and @command3 (its third and fourth
// arguments) for each database after @command1: a backup to NUL or a
// CHECKPOINT with a duration there went unseen, only @command1 being
// read. @precommand and @postcommand run once and are not commands for
// each database.
func TestForeachDBCommand2And3(t *testing.T) {
	src := "EXEC sp_MSforeachdb @command1 = N'PRINT ''?''', @command2 = N'BACKUP LOG [?] TO DISK = N''NUL''';\nGO\n" +
		"EXEC sp_MSforeachdb N'PRINT ''?''', N'?', N'CHECKPOINT 20';\nGO\n" +
		"EXEC master.dbo.sp_MSforeachdb @command1 = N'CHECKPOINT 5', @command3 = N'DBCC TRACEON (3004, -1)';\nGO\n"
	fs := auditRun(t, src, nil)
	for _, tc := range []struct {
		rule string
		want []string
	}{
		{"SL304", []string{"EXEC runs the text of sp_MSforeachdb's command, for each database: BACKUP LOG ? TO DISK = 'NUL'"}},
		{"SL302", []string{
			"EXEC runs the text of sp_MSforeachdb's command, for each database: CHECKPOINT 20 ",
			"EXEC runs the text of sp_MSforeachdb's command, for each database: CHECKPOINT 5 ",
		}},
		{"SL205", []string{"EXEC runs the text of sp_MSforeachdb's command, for each database: DBCC TRACEON turns on diagnostic trace flag 3004"}},
	} {
		msgs := auditMessages(fs, tc.rule)
		if len(msgs) != len(tc.want) {
			t.Errorf("%s findings: %q", tc.rule, msgs)
			continue
		}
		for i, w := range tc.want {
			if !strings.HasPrefix(msgs[i], w) {
				t.Errorf("%s finding %d: %q does not start with %q", tc.rule, i, msgs[i], w)
			}
		}
	}
}
