package analysis

import (
	"strings"
	"testing"
)

// Shapes of the real public scripts read in the real16 audit (backup
// jobs and cursors, tempdb sizing scripts, trace-flag procedures and
// remediation queries, partition filegroup procedures, docker init
// scripts, SSDT and sqlcmd headers), cut to the lines that matter and
// written for the test. The two built-text cases are what the audit's
// fixes in parser/tail.go and parser/dynrun.go now find; the other
// findings on the 55 scripts were right, and pinned here as they are.
var real16Cases = []shapeCase{{
	// trace-flag scripts build DBCC TRACEON with the scope or a flag
	// from a variable, and run it after the rest of the batch's work:
	// the flag written out in the text is turned on all the same.
	name: "built-traceon-variable-scope-run-late",
	text: "DECLARE @scope nvarchar(4) = N'-1', @cmd nvarchar(200);\nSET @cmd = N'DBCC TRACEON (3004, 3605, ' + @scope + N') WITH NO_INFOMSGS';\n" +
		strings.Repeat("INSERT INTO dbo.RunLog (step, note) VALUES (1, N'trace flags for the zeroing test');\n", 6) +
		"EXEC sp_executesql @cmd;\n",
	want: []string{"SL205 9:1"},
	msg:  []string{"EXEC runs the text of @cmd: DBCC TRACEON turns on diagnostic trace flags 3004 and 3605"},
}, {
	// The same built in the EXEC itself, with the flag of IFI.
	name: "built-traceon-in-exec-with-part",
	text: "DECLARE @g varchar(4) = '-1';\nEXECUTE (N'DBCC TRACEON (1806, ' + @g + N')');\n",
	want: []string{"SL204 2:1"},
	msg:  []string{"EXEC runs the text it builds: DBCC TRACEON turns on trace flag 1806"},
}, {
	// A text that sets TARGET_RECOVERY_TIME to 0, run far after the
	// batch's last word of interest.
	name: "built-recovery-time-run-late",
	text: "DECLARE @s nvarchar(400) = N'ALTER DATABASE ' + QUOTENAME(N'Sales') + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';\n" +
		strings.Repeat("UPDATE dbo.Settings SET value = N'on' WHERE name = N'maintenance';\n", 6) +
		"EXEC (@s);\n",
	want: []string{"SL301 8:1"},
	msg:  []string{"EXEC runs the text of @s"},
}, {
	// trace-flag procedures that enable the flags a table lists (STUFF
	// ... FOR XML PATH), or a flag passed in: no flag is known, none is
	// reported; nor are remediation queries that only select the text.
	name: "trace-flags-from-table-or-parameter",
	text: "DECLARE @tf TABLE (TF int, enable bit);\nDECLARE @c nvarchar(max);\n" +
		"SELECT @c = 'DBCC TRACEON(' + STUFF((SELECT ',' + CONVERT(varchar(15), TF) FROM @tf WHERE enable = 1 FOR XML PATH(''), TYPE).value('.', 'varchar(max)'), 1, 1, '') + ', -1);'\n" +
		"EXEC (@c);\nDECLARE @f int = 1806;\nSELECT @c = N'DBCC TRACEON(' + CONVERT(nvarchar(4), @f) + N')';\nEXEC (@c);\n" +
		"SELECT N'DBCC TRACEON (' + CAST(tf AS nvarchar(10)) + N', -1);' AS global_enable FROM #flags;\n",
}, {
	// tempdb sizing in capitals, one file per core at 15000 MB growing
	// by 1 GB: the restart cost once, each growth per file.
	name: "tempdb-capitals-per-core-files",
	text: "USE MASTER\nGO\nALTER DATABASE TEMPDB MODIFY FILE (NAME = TEMPDEV, SIZE = 15000MB, FILEGROWTH = 1024MB)\nGO\n" +
		"ALTER DATABASE TEMPDB ADD FILE (NAME = TEMPDEV_2, FILENAME = 'T:\\tempdb_2.ndf', SIZE = 15000MB, FILEGROWTH = 1024MB)\nGO\n",
	want: []string{"SL208 3:23", "SL209 3:23", "SL209 5:23"},
	msg:  []string{"its 2 files total 14.6 GB of data and 8 MB of log", "data file TEMPDEV grows by 1 GB", "data file TEMPDEV_2 grows by 1 GB"},
}, {
	// A log backup to the null device written nul: in lower case.
	name: "log-backup-nul-colon",
	text: "BACKUP LOG [Staging]\nTO DISK = 'nul:' WITH STATS = 10;\n",
	want: []string{"SL304 1:1"},
	msg:  []string{"BACKUP LOG Staging TO DISK = 'nul:' (the null device) writes nothing"},
}, {
	// Partition maintenance procedures: ADD FILEGROUP and ADD FILE built
	// with CONCAT and run in a cursor loop are SL103; built once, not.
	name: "partition-filegroups-concat-cursor",
	text: "CREATE PROCEDURE dbo.AddYearFilegroups AS\nBEGIN\n\tDECLARE @g sysname, @sql nvarchar(2000);\n\tDECLARE c CURSOR FOR SELECT g FROM dbo.Years;\n\tOPEN c;\n\tFETCH NEXT FROM c INTO @g;\n" +
		"\tWHILE @@FETCH_STATUS = 0\n\tBEGIN\n\t\tSET @sql = CONCAT(N'ALTER DATABASE [Sales] ADD FILEGROUP [', @g, N']');\n\t\tEXECUTE sp_executesql @sql;\n\t\tFETCH NEXT FROM c INTO @g;\n\tEND\n" +
		"\tSET @sql = CONCAT(N'ALTER DATABASE [Sales] ADD FILEGROUP [', N'Archive', N']');\n\tEXECUTE sp_executesql @sql;\nEND\n",
	want: []string{"SL103 9:3"},
	msg:  []string{"ADD FILEGROUP built as dynamic SQL inside a WHILE loop and run"},
}}

func TestReal16Shapes(t *testing.T) { runShapes(t, real16Cases) }
