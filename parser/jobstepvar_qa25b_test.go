package parser

import "testing"

// jobStepNul is the NulBackup that a statement of src was given, nil for
// none.
func jobStepNul(t *testing.T, src string) *NulBackup {
	t.Helper()
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		if nb, ok := st.Node.(*NulBackup); ok {
			return nb
		}
	}
	return nil
}

// A four-part name calls sp_add_jobstep on another server (a linked
// server): its job is not this server's, and the literal command of
// such a call is not read either (dynCall). Three parts and fewer, with
// an empty schema (msdb..sp_add_jobstep) or brackets, are this server's.
func TestJobStepVarOtherServer(t *testing.T) {
	const decl = "DECLARE @cmd nvarchar(max) = N'BACKUP LOG Sales TO DISK = ''NUL''';\n"
	for call, want := range map[string]bool{
		"EXEC OtherSrv.msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;":       false,
		"EXEC [OtherSrv].[msdb]..[sp_update_jobstep] @job_name = N'j', @command = @cmd;": false,
		"EXEC @rc = OtherSrv.msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;": false,
		"EXEC msdb..sp_add_jobstep @job_name = N'j', @command = @cmd;":                   true,
		"EXEC [msdb].[dbo].[sp_add_jobstep] @job_name = N'j', @command = @cmd;":          true,
		"EXEC @rc = msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;":          true,
	} {
		if got := jobStepNul(t, decl+"DECLARE @rc int;\n"+call+"\n") != nil; got != want {
			t.Errorf("%s: NulBackup %v, want %v", call, got, want)
		}
	}
}
