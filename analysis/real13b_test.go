package analysis

import "testing"

// Shapes of the real public scripts read in the real13b audit (DBA and
// operations work: restore chains and point-in-time restores, tempdb
// setups, log shrinks, backup jobs and Agent job steps, trace-flag
// startup procedures, mirroring and availability-group seeding, training
// material), cut to the lines that matter. All but one finding were
// right; the striped backup's SL001 now names the string that runs over
// a GO.
var real13bCases = []shapeCase{{
	// tigertoolbox's baseline database: 10 GB of data, a 1 GB log, no
	// growth.
	name: "toolbox-baseline-10gb-no-growth",
	text: "USE [master]\nGO\nCREATE DATABASE [dba_local] ON  PRIMARY \n" +
		"( NAME = N'dba_local', FILENAME = N'C:\\Program Files\\Microsoft SQL Server\\MSSQL11.MSSQLSERVER\\MSSQL\\DATA\\dba_local.mdf' , SIZE = 10240MB , MAXSIZE = UNLIMITED, FILEGROWTH = 0)\n LOG ON \n" +
		"( NAME = N'dba_local_log', FILENAME = N'C:\\Program Files\\Microsoft SQL Server\\MSSQL11.MSSQLSERVER\\MSSQL\\DATA\\dba_local_log.LDF' , SIZE = 1024MB , MAXSIZE = 2048GB , FILEGROWTH = 0)\nGO\n" +
		"ALTER DATABASE [dba_local] SET RECOVERY SIMPLE \nGO\n",
	want: []string{"SL201 3:1"},
	msg:  []string{"allocates 10 GB of data file: without Instant File Initialization zero-filling takes about 97 s"},
}, {
	// A training lab's 2 GB + 4 GB database: about 58 s, under the 60 s
	// budget (the lab measured ~30 s without IFI).
	name: "lab-ifi-6gb-under-budget",
	text: "CREATE DATABASE [InstantFileTest]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'InstantFileTestData1', FILENAME = N'...\\InstantFileTest_data1.mdf' , SIZE = 2048MB, MAXSIZE = UNLIMITED, FILEGROWTH = 128MB ),\nFILEGROUP [USER] DEFAULT\n" +
		"( NAME = N'InstantFileTestData2', FILENAME = N'...\\InstantFileTest_data2.mdf' , SIZE = 4096MB, MAXSIZE = UNLIMITED, FILEGROWTH = 128MB )\n LOG ON \n" +
		"( NAME = N'InstantFileTest_log', FILENAME = N'...\\InstantFileTest_log.mdf' , SIZE = 256MB , MAXSIZE = 2048GB , FILEGROWTH = 64MB )\nGO\n",
}, {
	// Brent Ozar's tempdb example as a DBA repository keeps it: tempdev
	// at 8 GB is over the restart budget on its own.
	name: "tempdb-8gb-files-growth-zero",
	text: "USE [master]; \nGO \nalter database tempdb modify file (name='tempdev', size = 8GB);\nGO\n" +
		"ALTER DATABASE [tempdb] ADD FILE (NAME = N'tempdev2', FILENAME = N'T:\\MSSQL\\DATA\\tempdev2.ndf' , SIZE = 8GB , FILEGROWTH = 0);\n" +
		"ALTER DATABASE [tempdb] ADD FILE (NAME = N'tempdev3', FILENAME = N'T:\\MSSQL\\DATA\\tempdev3.ndf' , SIZE = 8GB , FILEGROWTH = 0);\nGO",
	want: []string{"SL208 3:23"},
	msg:  []string{"its 2 files total 8 GB of data and 8 MB of log, and zero-filling them (the log always, the data files without Instant File Initialization) takes about 77 s"},
}, {
	// A 2005-era nightly script: WITH NO_LOG fails since SQL Server 2008.
	name: "backup-log-with-no-log",
	text: "backup database VolpeApaf to disk= 'c:\\Backup_SQL\\Quarta\\VolpeApaf.bak'\ngo\nsp_helpdb VolpeApaf\n" +
		"dbcc checkdb ('VolpeApaf')\ngo\nbackup log VolpeApaf with no_log\ngo\ndbcc shrinkdatabase ( 'VolpeApaf' , 0 )\ngo\n",
	want: []string{"SL001 6:1"},
	msg:  []string{"WITH NO_LOG was removed in SQL Server 2008"},
}, {
	// A striped backup whose MEDIADESCRIPTION lacks its closing quote
	// before GO: the quotes pair the other way round to the end of the
	// file, which ends in a string opened on a line that looks closed.
	name: "striped-backup-quote-missing-before-go",
	text: "BACKUP DATABASE AdventureWorks2012\nTO DISK='X:\\SQLServerBackups\\AdventureWorks1.bak',\nDISK='Y:\\SQLServerBackups\\AdventureWorks2.bak'\n" +
		"WITH FORMAT,\n  MEDIANAME = 'AdventureWorksStripedSet0',\n  MEDIADESCRIPTION = 'Striped media set for AdventureWorks2012 database;\nGO\n\n" +
		"-- #5. Mirrored backup:\n\nBACKUP DATABASE AdventureWorks\nTO DISK = 'C:\\Backup\\SingleFile\\AdventureWorks.bak'\n" +
		"MIRROR TO DISK = 'C:\\Backup\\MirrorFile\\AdventureWorks.bak'\nWITH FORMAT\nGO\n",
	want: []string{"SL001 13:58"},
	msg:  []string{"unterminated string starting here: the rest of the file is inside it, so nothing after it is checked; the string at line 6, column 22 runs over the GO of line 7"},
}, {
	// A textbook's file restore chain: no size is known, nothing to
	// estimate.
	name: "textbook-file-restore-chain",
	text: "BACKUP DATABASE Chapter15 FILEGROUP = N'PRIMARY',  FILEGROUP = N'FileGroupA' \n\tTO  DISK = N'H:\\MSSQL\\Backup\\Chapter15FileRestore.bak' \n\tWITH FORMAT\n\t, STATS = 10 ;\n" +
		"USE master\nGO\nRESTORE DATABASE Chapter15 FILE = N'Chapter15FileA' \n\tFROM  DISK = N'H:\\MSSQL\\Backup\\Chapter15FileRestore.bak' \n\tWITH  FILE = 1\n\t, NORECOVERY\n\t, STATS = 10\n\t, REPLACE ;\nGO\n" +
		"RESTORE LOG Chapter15 \n        FROM  DISK = N'H:\\MSSQL\\Backup\\Chapter15PointinTime.bak' \n        WITH  FILE = 3\n        ,  STATS = 5\n        , STOPBEFOREMARK = 'lsn:35000000036000001'\n        , RECOVERY\n        , REPLACE ;  \n",
}, {
	// A job step pasted outside its string: the BACKUP reads as SQL
	// Server reads it (TO DISK = '' and then a label C:), the batch's
	// syntax error is in no statement of interest, and GO, is T-SQL text.
	name: "job-step-pasted-outside-its-string",
	text: "EXEC msdb.dbo.sp_add_jobstep @job_name=N'tbt', @step_name=N'backup', \n\t\t@command=N'USE master';\nGO\n\n" +
		"ALTER DATABASE [TBT] SET SINGLE_USER WITH ROLLBACK IMMEDIATE;\nGO\n\n-- Full Backup\nBACKUP DATABASE [TBT]\n" +
		" TO DISK = ''C:\\Program Files\\Microsoft SQL Server\\MSSQL16.MSSQLSERVER\\MSSQL\\Backup\\TBT.bak''\n    WITH FORMAT;\nGO, \n\t\t@database_name=N'TBT', \n\t\t@flags=0\nGO\n",
}, {
	// SSMS's scripted job: a GO line inside the step's command string.
	name: "scripted-job-step-go-in-command",
	text: "EXEC msdb.dbo.sp_add_jobstep @job_name=N'FullBackupAW2014', @step_name=N'Backup', \n\t\t@os_run_priority=0, @subsystem=N'TSQL', \n" +
		"\t\t@command=N'BACKUP DATABASE [AdventureWorks2014] TO  DISK = N''C:\\AdventureDB\\AdventureWorks2014.bak'' \n" +
		"WITH NOFORMAT, NOINIT,  NAME = N''AdventureWorks2014-Full Database Backup'', SKIP, NOREWIND, NOUNLOAD,  STATS = 10\nGO\n', \n\t\t@database_name=N'master', \n\t\t@flags=16\nGO\n",
}, {
	// A toolbox's emergency repair written with SSMS template
	// placeholders: a name known only when the template is filled in.
	name: "template-placeholder-emergency-repair",
	text: "USE [master];\nGO\nALTER DATABASE <DBName> SET EMERGENCY;\nGO\nALTER DATABASE <DBName> SET SINGLE_USER;\nGO\n" +
		"DBCC CHECKDB(<DBName>, REPAIR_ALLOW_DATA_LOSS) WITH ALL_ERRORMSGS;\nGO\nALTER DATABASE <DBName> SET MULTI_USER;\nGO\n",
}, {
	// A snapshot made and reverted to, statements without semicolons:
	// sparse snapshot files and a revert allocate nothing to estimate.
	name: "snapshot-revert-without-semicolons",
	text: "CREATE DATABASE RegularDB\nGO\nCREATE DATABASE SnapshotDB ON\n(Name ='RegularDB',\n" +
		"FileName='C:\\Program Files\\Microsoft SQL Server\\MSSQL14.MSSQLSERVER\\MSSQL\\DATA\\SSDB.ss1')\nAS SNAPSHOT OF RegularDB;\nGO\n" +
		"USE master\nGO\nRESTORE DATABASE RegularDB\nFROM DATABASE_SNAPSHOT = 'SnapshotDB'\n\nUSE master\nGO\nDROP DATABASE [SnapshotDB];\n",
}, {
	// A startup procedure's trace flags, and a training script's 3604
	// for DBCC PAGE: none disables IFI or logs zeroing.
	name: "startup-trace-flags-and-3604",
	text: "ALTER PROCEDURE [dbo].[uspEnableGlobalTraces]\nAS\nSET NOCOUNT ON\n" +
		"IF (@ProductMajorVersion  = 14 AND @ProductBuild >= 3045) OR (@ProductMajorVersion > 14)\nBEGIN\n\tPRINT 'Enabling trace: 460.'\n\tDBCC TRACEON(460, -1)\nEND \n" +
		"BEGIN\n\tDBCC TRACEON(1118, -1)\nEND \nBEGIN\n\tDBCC TRACEON(3023, -1)\nEND \nBEGIN\n\tDBCC TRACEON(3226, -1)\nEND \n" +
		"IF (@ProductMajorVersion  >= 11 )\nBEGIN\n\tDBCC TRACEON(3449, -1)\nEND \nGO\n" +
		"DBCC TRACEON (3604)\nDBCC PAGE ('RecordAnatomy', 1, 256, 3);\nGO\nALTER DATABASE RecordAnatomy SET RECOVERY SIMPLE\nGO\nCHECKPOINT\nGO\n",
}, {
	// Tiger toolbox's VLF fix only prints the statements it proposes.
	name: "vlf-fix-printed-statements",
	text: "DECLARE @dbname VARCHAR(255), @filename VARCHAR(255), @initgrow int\n" +
		"PRINT 'DBCC SHRINKFILE (N''' + @filename + ''', 1, TRUNCATEONLY);'\n" +
		"PRINT 'BACKUP LOG ' + QUOTENAME(@dbname) + ' TO BckLog;'\n" +
		"PRINT 'ALTER DATABASE [' + @dbname + '] MODIFY FILE ( NAME = N''' + @filename + ''', SIZE = ' + CONVERT(VARCHAR, @initgrow) + 'MB , FILEGROWTH = 1024MB );'\n",
}, {
	// A point-in-time restore built in a variable with parameters and
	// run by sp_executesql: the names and times are the parameters'.
	name: "pitr-restore-text-with-parameters",
	text: "DECLARE @command nvarchar(MAX), @DatabaseNewName sysname = 'test1', @PrimaryDataFileName sysname = 'test', @PrimaryDataFileCreatePath sysname = 'D:\\MISC\\Bkp\\testdata.mdf', " +
		"@OldPhysicalPathName nvarchar(MAX), @PITRDateTime datetime = '2022-08-11T20:44:11';\n" +
		"SET @command = N'RESTORE DATABASE @DatabaseNewName FROM DISK = @OldPhysicalPathName WITH FILE = 1, NORECOVERY, NOUNLOAD, REPLACE, STATS = 5, STOPAT = @PITRDateTime,\n" +
		"     MOVE N''' + @PrimaryDataFileName + N''' TO N''' + @PrimaryDataFileCreatePath + N''';';\n" +
		"EXEC sys.sp_executesql @command,\n                       N'@DatabaseNewName sysname, @OldPhysicalPathName nvarchar(260), @PITRDateTime datetime',\n" +
		"                       @DatabaseNewName,\n                       @OldPhysicalPathName,\n                       @PITRDateTime;\n",
}, {
	// The usual switch to indirect checkpoints, built per database.
	name: "zero-to-sixty-built-text",
	text: "DECLARE @sql NVARCHAR(MAX) = N'';\n" +
		"SELECT @sql += N'ALTER DATABASE ' + QUOTENAME(name) + N' SET TARGET_RECOVERY_TIME = 60 SECONDS;'\nFROM sys.databases AS d\nWHERE target_recovery_time_in_seconds = 0;\n" +
		"EXEC sys.sp_executesql @sql = @sql;",
}}

func TestReal13bShapes(t *testing.T) { runShapes(t, real13bCases) }
