package rules

import "testing"

// An EXEC of constant text runs that text at once: a CHECKPOINT right
// before EXEC ('BACKUP DATABASE ...') or sp_executesql N'BACKUP ...' is
// one right before the backup. Only when the backup is the text's first
// statement, the text runs where the CHECKPOINT ran, and not as a job
// step (which runs later, elsewhere).
func TestSL303ExecOfConstantText(t *testing.T) {
	cases := []struct {
		name, src string
		want      int // SL303 findings
	}{
		{"EXEC of a backup", "USE s;\nCHECKPOINT;\nEXEC ('BACKUP DATABASE s TO DISK = ''X:\\s.bak''');\n", 1},
		{"EXECUTE N'', comment and semicolon first", "USE s;\nCHECKPOINT\nPRINT 'x'\nEXECUTE (N' /* full */ ; -- now\n BACKUP DATABASE s TO DISK = ''X:\\s.bak''');\n", 1},
		{"sp_executesql", "USE s;\nCHECKPOINT;\nEXEC sys.sp_executesql N'BACKUP DATABASE s TO DISK = ''X:\\s.bak''';\n", 1},
		{"another statement first", "USE s;\nCHECKPOINT;\nEXEC ('SELECT 1; BACKUP DATABASE s TO DISK = ''X:\\s.bak''');\n", 0},
		{"USE first", "USE s;\nCHECKPOINT;\nEXEC ('USE s; BACKUP DATABASE s TO DISK = ''X:\\s.bak''');\n", 0},
		{"another database", "USE s;\nCHECKPOINT;\nEXEC ('BACKUP DATABASE t TO DISK = ''X:\\t.bak''');\n", 0},
		{"log backup", "USE s;\nCHECKPOINT;\nEXEC ('BACKUP LOG s TO DISK = ''X:\\s.trn''');\n", 0},
		{"job step", "USE s;\nCHECKPOINT;\nEXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @step_name = N'b', @subsystem = N'TSQL', @database_name = N's', @command = N'BACKUP DATABASE s TO DISK = ''X:\\s.bak''';\n", 0},
		{"text in a variable", "USE s;\nDECLARE @q nvarchar(max) = N'BACKUP DATABASE s TO DISK = ''X:\\s.bak''';\nCHECKPOINT;\nEXEC (@q);\n", 0},
		{"a statement between", "USE s;\nCHECKPOINT;\nSELECT 1;\nEXEC ('BACKUP DATABASE s TO DISK = ''X:\\s.bak''');\n", 0},
	}
	for _, c := range cases {
		if got := len(auditMessages(auditRun(t, c.src, nil), "SL303")); got != c.want {
			t.Errorf("%s: %d SL303 findings, want %d", c.name, got, c.want)
		}
	}
}
