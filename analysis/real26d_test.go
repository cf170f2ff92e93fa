package analysis

import "testing"

// Shapes of the real public scripts read in the qa26d audit (DBA
// toolboxes, book companion scripts, CDC and snapshot-backup demos,
// tempdb sizing, SSMS output reformatted with each GO joined to the line
// before), cut to the lines that matter and written for the test. The
// joined GO lines are what the audit's fix in parser/setoption.go now
// reports on every option; the other findings and silences were right,
// and are pinned here as they are.
var real26dCases = []shapeCase{{
	// SSMS output passed through a formatter that joined each GO to the
	// line before: SQL Server rejects every one of these statements, the
	// RECOVERY and MULTI_USER ones as the ANSI_NULLS one, and the
	// TARGET_RECOVERY_TIME = 0 it never applies is no SL301.
	name: "ssms-options-go-joined",
	text: "ALTER DATABASE [Library]\nSET ANSI_NULLS OFF GO\nALTER DATABASE [Library]\nSET RECOVERY SIMPLE GO\n" +
		"ALTER DATABASE [Library]\nSET MULTI_USER GO\nALTER DATABASE [Library]\nSET TARGET_RECOVERY_TIME = 0 SECONDS GO\n" +
		"ALTER DATABASE [Library]\nSET COMPATIBILITY_LEVEL = 120 GO IF (1 = FULLTEXTSERVICEPROPERTY('IsFullTextInstalled'))\n" +
		"BEGIN EXEC [Library].[dbo].[sp_fulltext_database] @action = 'enable' END GO\n" +
		"ALTER DATABASE [Library]\nSET FILESTREAM(NON_TRANSACTED_ACCESS = OFF) GO\n" +
		"ALTER DATABASE [Library]\nSET PAGE_VERIFY CHECKSUM\nGO\n",
	want: []string{"SL001 1:1", "SL001 3:1", "SL001 5:1", "SL001 7:1", "SL001 9:1", "SL001 12:1"},
	msg: []string{`unexpected token "GO" (expected a comma between options, or the end of the statement) (line 2, column 20)`,
		`unexpected token "GO" (expected a comma between options, or the end of the statement) (line 4, column 21)`,
		`unexpected token "GO" (expected a comma between options, or the end of the statement) (line 6, column 16)`,
		`unexpected token "GO"`},
}, {
	// A CDC demo that checkpoints, then backs the new database and its
	// log up to the null device to start the log chain.
	name: "cdc-demo-checkpoint-backups-to-nul",
	text: "USE master;\nGO\nCREATE DATABASE demo;\nGO\nUSE demo;\nGO\nEXEC sys.sp_cdc_enable_db\nGO\nCHECKPOINT\nGO\n" +
		"BACKUP DATABASE demo  TO DISK = 'NUL'\nGO\nBACKUP LOG demo  TO DISK = 'NUL'\nGO\n",
	want: []string{"SL303 9:1", "SL304 11:1", "SL304 13:1"},
	msg:  []string{"CHECKPOINT right before BACKUP DATABASE demo", "resets the differential base", "breaks the log chain"},
}, {
	// A setup script that prints sqlcmd steps in a message: the GO lines
	// and the CHECKPOINT inside the string are text, not statements.
	name: "go-lines-inside-raiserror-text",
	text: "IF EXISTS (SELECT * FROM sys.configurations WHERE value = 0)\nBEGIN\n" +
		"\traiserror(N'\nsp_configure ''show advanced options'', 1;\ngo\nCHECKPOINT 10\ngo',0,1) with nowait;\n\tset noexec on\nEND\nGO\n",
}, {
	// tempdb files added without a size take the model's 8 MB; resized
	// one by one to 1 GB, the restart cost passes the budget at the
	// second file.
	name: "tempdb-files-added-then-resized",
	text: "use master\ngo\nAlter database tempdb modify file (name = tempdev, filename = 'D:\\TEMPDB\\tempdb.mdf')\n" +
		"ALTER DATABASE tempdb ADD FILE (name = tempdev2, filename = 'D:\\TEMPDB\\tempdb2.ndf')\n\n" +
		"Alter database tempdb modify file (name = tempdev, size = 1GB, Filegrowth = 512MB)\n" +
		"Alter database tempdb modify file (name = tempdev2, size = 1GB, Filegrowth = 512MB)\n",
	want: []string{"SL208 7:23"},
	msg:  []string{"its 3 files total 2 GB of data and 8 MB of log, and zero-filling them (the log always, the data files without Instant File Initialization) takes about 19 s"},
}}

func TestReal26dShapes(t *testing.T) { runShapes(t, real26dCases) }
