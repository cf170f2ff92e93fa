package rules

import (
	"strings"
	"testing"
)

// A T-SQL job step whose @command is a variable holding a backup to NUL
// is SL304, as the literal command is: the step runs that text each time
// the job does.
func TestJobStepCommandVariable(t *testing.T) {
	const decl = "DECLARE @cmd nvarchar(max) = N'BACKUP LOG Sales TO DISK = ''NUL''';\n"
	cases := []struct {
		src, want string // want: "" for no finding
	}{
		{decl + "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @step_name = N'log', @command = @cmd;\n",
			"the command of job step 'log' is the text of @cmd: BACKUP LOG Sales TO DISK = 'NUL', which writes nothing"},
		{decl + "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @step_name = N'log', @subsystem = N'TSQL', @command = @cmd;\n",
			"the command of job step 'log' is the text of @cmd"},
		// by position: job_id, job_name, step_id, step_name, subsystem, command
		{decl + "EXEC msdb.dbo.sp_add_jobstep NULL, N'j', 1, N'pos', N'TSQL', @cmd;\n",
			"the command of job step 'pos' is the text of @cmd"},
		{decl + "EXEC msdb.dbo.sp_update_jobstep @job_name = N'j', @step_id = 1, @command = @cmd;\n",
			"the command of a job step is the text of @cmd"},
		// another subsystem runs no T-SQL; a variable not followed is not known
		{decl + "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @subsystem = N'CmdExec', @command = @cmd;\n", ""},
		{"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;\n", ""},
		{decl + "SET @cmd = N'BACKUP LOG Sales TO DISK = ''L:\\s.trn''';\nEXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;\n", ""},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL304" {
				got = append(got, f.Message)
			}
		}
		switch {
		case c.want == "" && len(got) != 0:
			t.Errorf("%s\n got SL304 %q, want none", c.src, got)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0], c.want)):
			t.Errorf("%s\n got SL304 %q, want one containing %q", c.src, got, c.want)
		}
	}
}
