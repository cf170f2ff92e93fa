package parser

import "testing"

// sp_update_jobstep without @subsystem keeps the step's subsystem: its
// @command may be PowerShell or a command line, so a statement of it
// that does not parse is no SL001 (Checkpoint-Computer is a PowerShell
// command); its statements that parse are still checked, and a step
// said to be T-SQL, or a new one, still gets its SL001.
func TestDynamicSQLUpdateJobstepUnsure(t *testing.T) {
	f := NewFile("t.sql", "EXEC msdb.dbo.sp_update_jobstep @job_name = N'ps', @step_id = 1,\n"+
		"  @command = N'Checkpoint-Computer -Description \"before\"';\n"+
		"EXEC msdb.dbo.sp_update_jobstep @job_name = N'ps', @step_id = 1, @command = N'EXEC (''CHECKPOINT -1'')';\n"+
		"EXEC msdb.dbo.sp_update_jobstep @job_name = N'ps', @step_id = 1, @command = N'CHECKPOINT 10';\n"+
		"EXEC msdb.dbo.sp_update_jobstep @job_name = N'ps', @step_id = 1, @subsystem = N'TSQL', @command = N'CHECKPOINT -2';\n"+
		"EXEC msdb.dbo.sp_add_jobstep @job_name = N'ps', @step_name = N's', @command = N'CHECKPOINT -3';\n")
	sts, r := dynStatements(t, f, nil)
	var lines []int
	for _, d := range r.Diags {
		if d.Rule == "SL001" {
			lines = append(lines, d.Span.Start.Position().Line)
		}
	}
	if len(lines) != 2 || lines[0] != 5 || lines[1] != 6 {
		t.Errorf("SL001 on lines %v, want [5 6]: %+v", lines, r.Diags)
	}
	found := false
	for _, st := range sts {
		if st.Kind == KindCheckpoint && st.Span().Start.Position().Line == 4 {
			found = true
		}
	}
	if !found {
		t.Errorf("the CHECKPOINT 10 of line 4 is not read")
	}
}

// sp_executesql refuses a varchar statement (error 214): the text of a
// variable declared varchar, char or text runs nothing there, and EXEC
// (@v) still runs it.
func TestDynamicSQLVarcharExecuteSQL(t *testing.T) {
	f := NewFile("t.sql", "DECLARE @sql varchar(max) = 'BACKUP LOG [App] TO DISK = ''NUL''';\n"+
		"EXEC sp_executesql @sql;\n"+
		"EXEC (@sql);\n"+
		"GO\n"+
		"DECLARE @n int, @sql AS [char](200);\n"+
		"SET @sql = 'BACKUP LOG [App] TO DISK = ''NUL''';\n"+
		"EXEC sp_executesql @stmt = @sql;\n"+
		"DECLARE @sql nvarchar(max) = N'BACKUP LOG [App] TO DISK = ''NUL''';\n"+
		"EXEC sp_executesql @sql;\n"+
		"GO\n"+
		"DECLARE @sql nvarchar(max) = N'BACKUP LOG [App] TO DISK = ''NUL''';\n"+
		"EXEC sp_executesql @sql;\n")
	r := ParseFile(f, nil)
	var lines []int
	for _, st := range r.Statements {
		if _, ok := st.Node.(*NulBackup); ok {
			lines = append(lines, st.Span().Start.Position().Line)
		}
	}
	if len(lines) != 3 || lines[0] != 3 || lines[1] != 9 || lines[2] != 12 {
		t.Errorf("backups to NUL on lines %v, want [3 9 12]", lines)
	}
}

// sp_add_jobstep's arguments by position: the fifth is @subsystem, the
// sixth @command.
func TestDynamicSQLJobstepPositional(t *testing.T) {
	f := NewFile("t.sql", "EXEC msdb.dbo.sp_add_jobstep NULL, N'j', 1, N's', N'CmdExec', @command = N'CHECKPOINT 1';\n"+
		"EXEC msdb.dbo.sp_add_jobstep NULL, N'j', 1, N's', N'TSQL', N'CHECKPOINT 2';\n"+
		"EXEC msdb.dbo.sp_add_jobstep NULL, N'j', 1, N's', @command = N'CHECKPOINT 3';\n")
	sts, _ := dynStatements(t, f, nil)
	var lines []int
	for _, st := range sts {
		lines = append(lines, st.Span().Start.Position().Line)
	}
	if len(lines) != 2 || lines[0] != 2 || lines[1] != 3 {
		t.Errorf("dynamic statements on lines %v, want [2 3]", lines)
	}
}
