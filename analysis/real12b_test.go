package analysis

import "testing"

// Shapes of the real public scripts read in the real12b audit (SQL Server
// 2019-2025 "Script Database As" output, optimized locking and ledger
// demos, database mirroring, log shipping and availability-group setup,
// backups to URL), cut to the lines that matter. They pin what the whole
// run reports for such scripts, silences included: the audit found these
// right, and a change to any of them should be a decision, not an accident.
var real12bCases = []shapeCase{{
	// A migration that breaks "ALTER DATABASE" over two lines and adds a
	// memory-optimized container without a size: nothing to estimate.
	name: "alter-newline-database-current-memory-optimized",
	text: "ALTER\nDATABASE CURRENT SET ACCELERATED_DATABASE_RECOVERY = ON;\nALTER\nDATABASE CURRENT SET OPTIMIZED_LOCKING = ON;\n" +
		"ALTER\nDATABASE CURRENT SET QUERY_STORE = ON (OPERATION_MODE = READ_WRITE);\n" +
		"IF\nNOT EXISTS (SELECT 1 FROM sys.filegroups WHERE name = N'fenrir_mod')\nBEGIN\n    ALTER\n" +
		"DATABASE CURRENT ADD FILEGROUP fenrir_mod CONTAINS MEMORY_OPTIMIZED_DATA;\nEND;\nGO\n" +
		"IF NOT EXISTS (SELECT 1 FROM sys.master_files WHERE name = N'fenrir_mod' AND database_id = DB_ID())\nBEGIN\n    ALTER\n" +
		"DATABASE CURRENT ADD FILE (NAME = N'fenrir_mod', FILENAME = N'/var/opt/mssql/data/fenrir_mod')\n        TO FILEGROUP fenrir_mod;\nEND;\nGO\n",
}, {
	// SSMS output of an old database: a 20.3 GB log growing by 10% and
	// TARGET_RECOVERY_TIME = 0 SECONDS.
	name: "ssms-20gb-log-percent-growth-trt-zero",
	text: "USE [master]\nGO\nCREATE DATABASE [EntegreF]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'Yonavm_Web_Siparis', FILENAME = N'G:\\Sql_Data\\EntegreF.mdf' , SIZE = 345088KB , MAXSIZE = UNLIMITED, FILEGROWTH = 1024KB )\n LOG ON \n" +
		"( NAME = N'Yonavm_Web_Siparis_log', FILENAME = N'H:\\Sql_Log\\EntegreF_0.ldf' , SIZE = 21287424KB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\n" +
		" WITH CATALOG_COLLATION = DATABASE_DEFAULT\nGO\n" +
		"ALTER DATABASE [EntegreF] SET TARGET_RECOVERY_TIME = 0 SECONDS \nGO\n" +
		"ALTER DATABASE [EntegreF] SET ACCELERATED_DATABASE_RECOVERY = OFF  \nGO\n",
	want: []string{"SL202 7:2", "SL203 7:2", "SL301 11:27"},
	msg:  []string{"20.3 GB of log file: log files are always zero-filled, Instant File Initialization never applies, so this takes about 3 min 16 s", "log file Yonavm_Web_Siparis_log grows by 10%", "for EntegreF"},
}, {
	// BACKUP ... DESCRIPTION takes a literal or a variable, not an
	// expression: SQL Server refuses the procedure, and so does the parser.
	name: "backup-description-expression-in-procedure",
	text: "CREATE PROCEDURE dbo.sp_Backup_Full\n    @DatabaseName VARCHAR(100) = 'ART_CONTEST',\n    @FileName VARCHAR(255) = 'D:\\b.bak'\nAS\nBEGIN\n" +
		"    BACKUP DATABASE @DatabaseName\n    TO DISK = @FileName\n    WITH \n        INIT,\n        COMPRESSION,\n        STATS = 10,\n" +
		"        DESCRIPTION = '完整备份 - ' + @DatabaseName;\n\n" +
		"    RESTORE DATABASE @DatabaseName WITH RECOVERY;\nEND\nGO\n",
	want: []string{"SL001 6:5"},
	msg:  []string{`cannot parse BACKUP DATABASE: unexpected token "+" (expected a comma between options, or the end of the statement) (line 12, column 33)`},
}, {
	// The SSMS availability-group wizard's manual seeding, pasted with
	// :Connect lines; no file size is known, so the restores are silent.
	name: "ag-wizard-manual-seeding",
	text: ":Connect win-two-sql\n\nRESTORE DATABASE [wadb] FROM  DISK = N'D:\\wadb.bak' WITH  NORECOVERY,  NOUNLOAD,  STATS = 5\n\nGO\n" +
		"RESTORE LOG [wadb] FROM  DISK = N'D:\\wadb.trn' WITH  NORECOVERY,  NOUNLOAD,  STATS = 5\n\n\n" +
		"ALTER DATABASE [wadb] SET HADR AVAILABILITY GROUP = fff;  \nGO\n:Connect win-one-sql\n\nUSE [master]\n\nGO\n\n" +
		"CREATE AVAILABILITY GROUP [fff]\nWITH (AUTOMATED_BACKUP_PREFERENCE = SECONDARY_ONLY,\nDB_FAILOVER = OFF)\nFOR DATABASE [wadb]\n" +
		"REPLICA ON N'win-one-sql' WITH (ENDPOINT_URL = N'TCP://win-one-sql.alwayson.azure:5022', FAILOVER_MODE = AUTOMATIC, AVAILABILITY_MODE = SYNCHRONOUS_COMMIT, SEEDING_MODE = MANUAL);\n\nGO\n" +
		"BACKUP DATABASE [wadb] TO  DISK = N'\\\\win-one-sql.alwayson.azure\\backup\\wadb.bak' WITH  COPY_ONLY, FORMAT, INIT, SKIP, REWIND, NOUNLOAD, COMPRESSION,  STATS = 5\n\nGO\n",
}, {
	// Custom log shipping: a full restore WITH NORECOVERY, then the
	// database put in standby by a RESTORE that names no backup.
	name: "custom-log-shipping-standby-without-from",
	text: "BACKUP DATABASE [LSTesting]\n\tTO DISK = '\\\\DC\\Backups\\SQL-A\\LSTesting_FullBackup_01Apr2018.bak'\nGO\n" +
		"RESTORE DATABASE [LSTesting]\n\tFROM DISK = '\\\\DC\\Backups\\SQL-A\\LSTesting_FullBackup_01Apr2018.bak'\n\tWITH NORECOVERY, REPLACE\nGO\n" +
		"RESTORE DATABASE [LSTesting]\n\tWITH STANDBY = 'E:\\LS_UndoFiles\\LSTesting_undo.tuf'\nGO\n",
}, {
	// A post-deployment script that expects its project to define the
	// variables: run alone, sqlcmd stops at the first one.
	name: "ssdt-ag-join-undefined-variables",
	text: "IF (EXISTS (SELECT 1 FROM [sys].[availability_groups] WHERE [name] = '$(AvailabilityGroupName)')) AND\n" +
		"   (EXISTS (SELECT 1 FROM [sys].[databases] WHERE [name] = '$(DatabaseName)' AND [replica_id] IS NULL))\nBEGIN\n" +
		"    ALTER DATABASE [$(DatabaseName)] SET HADR AVAILABILITY GROUP = [$(AvailabilityGroupName)]\nEND",
	want: []string{"SL002 1:71", "SL002 2:61"},
	msg:  []string{"$(AvailabilityGroupName) is not defined", "$(DatabaseName) is not defined"},
}, {
	// Files added to a mirrored database between SET PARTNER OFF and
	// SET PARTNER: 1 GB each with 1 GB growth.
	name: "mirroring-add-file-1gb-growth",
	text: "alter database AccountStatementPRD modify file (name ='AccountStatementPRD', filegrowth=0KB)\n\nuse master\ngo\n" +
		"alter database AccountStatementPRD set partner off\nGO\n" +
		"alter database AccountStatementPRD add file (name ='AccountStatementPRD_2', filename = 'I:\\Data\\AccountStatementPRD_stg_2.ndf', size = 1024MB, filegrowth=1024MB) To Filegroup [PRIMARY]\nGO\n" +
		"ALTER DATABASE AccountStatementPRD SET PARTNER = 'TCP://D2ENTDBSQPWV4.albilad.com:5022'\n",
	want: []string{"SL209 7:36"},
	msg:  []string{"data file AccountStatementPRD_2 grows by 1 GB: without Instant File Initialization each autogrowth is zero-filled while the writers wait, about 9.7 s at 106 MB/s"},
}, {
	// A dotted database name from SSMS keeps its dot in the messages.
	name: "ssms-dotted-name-memory-optimized-default",
	text: "CREATE DATABASE [Wallet.Account]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'Wallet.Account', FILENAME = N'D:\\Wallet.Account.mdf' , SIZE = 100MB , MAXSIZE = UNLIMITED, FILEGROWTH = 50MB ), \n" +
		" FILEGROUP [Wallet.Account_MemOp] CONTAINS MEMORY_OPTIMIZED_DATA  DEFAULT\n( NAME = N'Wallet.Account_MemOp', FILENAME = N'D:\\Wallet.Account_MemOp' , MAXSIZE = UNLIMITED)\n" +
		" LOG ON \n( NAME = N'Wallet.Account_log', FILENAME = N'D:\\Wallet.Account.ldf' , SIZE = 100MB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\n" +
		" COLLATE SQL_Latin1_General_CP1_CI_AS\nGO\n" +
		"ALTER DATABASE [Wallet.Account] SET TARGET_RECOVERY_TIME = 0 SECONDS \nGO\n",
	want: []string{"SL203 7:2", "SL301 11:33"},
	msg:  []string{"log file Wallet.Account_log grows by 10%", "for Wallet.Account:"},
}}

func TestReal12bShapes(t *testing.T) { runShapes(t, real12bCases) }
