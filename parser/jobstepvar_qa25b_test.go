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

// SQL Server Agent runs a T-SQL step's command a batch at a time, split
// at its GO lines ("Transact-SQL job steps can contain embedded GO
// commands, just like osql.exe", Books Online's Creating Job Steps), as
// the literal command is read (dynExec): a command variable whose text
// holds GO lines backs up to NUL in the batch that says so.
func TestJobStepVarGoLines(t *testing.T) {
	const call = "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd;\n"
	for text, want := range map[string]string{
		"BACKUP LOG Sales TO DISK = ''NUL''\nGO\n":                                           "Sales",
		"BACKUP LOG Sales TO DISK = ''NUL''\r\nGO\r\nBACKUP LOG Other TO DISK = ''NUL''":     "Sales",
		"BACKUP LOG Sales TO DISK = ''L:\\s.trn''\ngo 2\nBACKUP LOG Other TO DISK = ''NUL''": "Other",
		"BACKUP LOG Sales TO DISK = ''L:\\s.trn''\nGO\n":                                     "",
	} {
		src := "DECLARE @cmd nvarchar(max) = N'" + text + "';\n" + call
		nb := jobStepNul(t, src)
		switch {
		case want == "" && nb != nil:
			t.Errorf("%q: NulBackup of %q, want none", text, nb.Databases)
		case want != "" && (nb == nil || nb.Databases != want):
			t.Errorf("%q: NulBackup %+v, want one of %s", text, nb, want)
		}
	}
}

// sp_add_jobstep's @command is no OUTPUT parameter (its syntax): a call
// that passes it as one (@command = @cmd OUTPUT) is refused, as an
// argument marked OUTPUT needs a parameter declared OUTPUT, and adds no
// step.
func TestJobStepVarOutputArgument(t *testing.T) {
	const decl = "DECLARE @cmd nvarchar(max) = N'BACKUP LOG Sales TO DISK = ''NUL''';\n"
	for call, want := range map[string]bool{
		"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd OUTPUT;":                 false,
		"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd output, @step_id = 1;":   false,
		"EXEC msdb.dbo.sp_add_jobstep NULL, N'j', 1, N's', N'TSQL', @cmd OUTPUT;":                false,
		"EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @command = @cmd, @step_uid = @u OUTPUT;": true,
	} {
		if got := jobStepNul(t, decl+"DECLARE @u uniqueidentifier;\n"+call+"\n") != nil; got != want {
			t.Errorf("%s: NulBackup %v, want %v", call, got, want)
		}
	}
}

// EXEC passes a bare word as a string (@Directory = NUL, procArgString):
// @subsystem = TSQL, or [TSQL], makes a T-SQL step as N'TSQL' does, for
// the literal command and for a command variable alike.
func TestJobStepSubsystemWord(t *testing.T) {
	const decl = "DECLARE @cmd nvarchar(max) = N'BACKUP LOG Sales TO DISK = ''NUL''';\n"
	const lit = "N'BACKUP LOG Sales TO DISK = ''NUL'''"
	for sub, want := range map[string]bool{"TSQL": true, "[tsql]": true, "CmdExec": false, "NULL": false, "@sub": false} {
		call := "EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @subsystem = " + sub + ", @command = "
		if got := jobStepNul(t, decl+"DECLARE @sub sysname = N'TSQL';\n"+call+"@cmd;\n") != nil; got != want {
			t.Errorf("%s@cmd: NulBackup %v, want %v", call, got, want)
		}
		got := false
		for _, st := range ParseFile(NewFile("t.sql", "DECLARE @sub sysname = N'TSQL';\n"+call+lit+";\n"), nil).Statements {
			if bk, ok := st.Node.(*Backup); ok && bk.Log {
				got = true
			}
		}
		if got != want {
			t.Errorf("%s%s: BACKUP read %v, want %v", call, lit, got, want)
		}
	}
}
