package rules

import (
	"strings"
	"testing"
)

// A T-SQL job step whose @command is a variable is checked for what
// SL301, SL302 and SL204 look for, as its literal command is and as
// EXEC (@cmd) of the same text is: the step runs that text each time the
// job does. The message says it is the step's command; the text's GO
// lines split it into batches, as Agent runs it.
func TestJobStepCommandVariableRuns(t *testing.T) {
	const text = "USE Sales;\nGO\nCHECKPOINT 30;\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nDBCC TRACEON (1806, -1);"
	decl := "DECLARE @cmd nvarchar(max) = N'" + strings.ReplaceAll(text, "'", "''") + "';\n"
	for _, c := range []struct{ call, from string }{
		{"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @step_name = N'nightly', @command = @cmd;", "the command of job step 'nightly' is the text of @cmd: "},
		{"EXEC msdb.dbo.sp_update_jobstep @job_name = N'j', @step_id = 1, @command = @cmd;", "the command of a job step is the text of @cmd: "},
	} {
		fs := auditRun(t, decl+c.call+"\n", nil)
		for _, id := range []string{"SL301", "SL302", "SL204"} {
			msgs := auditMessages(fs, id)
			if len(msgs) != 1 || !strings.HasPrefix(msgs[0], c.from) {
				t.Errorf("%s\n%s: %q, want one message starting %q", c.call, id, msgs, c.from)
			}
		}
	}
	// another subsystem runs no T-SQL, another server's job is not this
	// one's, and a GO between the assignment and the call ends the variable
	for _, call := range []string{
		"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @subsystem = N'CmdExec', @command = @cmd;",
		"EXEC Srv.msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;",
		"GO\nEXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;",
	} {
		fs := auditRun(t, decl+call+"\n", nil)
		for _, id := range []string{"SL301", "SL302", "SL204"} {
			if msgs := auditMessages(fs, id); len(msgs) != 0 {
				t.Errorf("%s\n%s: %q, want none", call, id, msgs)
			}
		}
	}
}
