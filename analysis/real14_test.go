package analysis

import "testing"

// Shapes of the syntax test suites of other T-SQL parsers and of the
// sample databases' install scripts, read in the real14 audit: SQL
// Server's own parser's tests (microsoft/SqlScriptDOM, Test/SqlDom:
// Baselines80 to 170, BaselinesCommon, TestScripts,
// BackupRestoreRegressionTests.cs), sqlfluff's T-SQL fixtures
// (test/fixtures/dialects/tsql), the ANTLR T-SQL grammar's examples
// (antlr/grammars-v4, sql/tsql/examples) and microsoft/sql-server-samples
// (AdventureWorks' instawdb.sql, WideWorldImporters' ReadyRoll and OLTP
// scripts, pubs' instpubs.sql). Each text is a cut-down shape written for
// the test, not the suite's own file.
var real14Cases = []shapeCase{{
	// ScriptDom's BackupRestoreRegressionTests: a backup to and a restore
	// from a Virtual Device Interface client's device.
	name: "scriptdom-virtual-device",
	text: "BACKUP DATABASE MyDB TO VIRTUAL_DEVICE='{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}' WITH STATS = 10;\n" +
		"RESTORE DATABASE MyDB FROM VIRTUAL_DEVICE='{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}' WITH NORECOVERY, CHECKSUM, REPLACE, BUFFERCOUNT=16, MAXTRANSFERSIZE=2097152\n",
}, {
	// Device types are not reserved keywords: databases named after them.
	name: "database-named-tape-and-url",
	text: "CREATE DATABASE Tape\nGO\nUSE url\nGO\nBACKUP DATABASE Url TO URL = 'https://acct.blob.core.windows.net/c/url.bak' WITH COMPRESSION\nGO\n" +
		"RESTORE DATABASE Tape FROM TAPE = '\\\\.\\tape0' WITH NORECOVERY\n",
}, {
	// ScriptDom's UseFederationTests110: Azure SQL Database federations.
	name: "scriptdom-use-federation",
	text: "USE FEDERATION ROOT WITH RESET;\nGO\nUSE FEDERATION f1 (d1 = 20) WITH FILTERING = ON, RESET;\nGO\nUSE federation;\n",
}, {
	// ScriptDom's TrivialStatementTests: CHECKPOINT and CHECKPOINT 12.
	name: "scriptdom-checkpoint-duration",
	text: "USE master;\n\nGO\nCHECKPOINT;\n\n\nGO\nCHECKPOINT 12;\n",
	want: []string{"SL302 8:1"},
	msg:  []string{"CHECKPOINT 12 asks SQL Server to stretch the checkpoint over 12 s"},
}, {
	// ScriptDom's CreateAlterDatabaseStatementTests 100 and 120: FILESTREAM
	// and memory-optimized filegroups, no sizes.
	name: "scriptdom-filestream-and-memory-optimized-filegroups",
	text: "ALTER DATABASE db1\n    ADD FILEGROUP fg1 CONTAINS FILESTREAM;\nGO\nCREATE DATABASE db1\n    ON \n    PRIMARY(NAME = z1, FILENAME = 'qqq'), \n" +
		"    FILEGROUP FileStreamPhotos CONTAINS FILESTREAM DEFAULT(NAME = FSPhotos, FILENAME = 'aaa'), \n" +
		"    FILEGROUP Xtp CONTAINS MEMORY_OPTIMIZED_DATA (NAME = Xtp1, FILENAME = 'ddd');\n",
}, {
	// ScriptDom's TestScripts for Azure (CreateAlterDatabaseStatementTestsAzure120):
	// lower case, no semicolons, an elastic pool.
	name: "scriptdom-azure-service-objective",
	text: "-- Azure options\ncreate database d1 (maxsize = 100 mb, edition = 'web', service_objective = 'shared')\ngo\n\n" +
		"alter database d1 modify (maxsize = 1 gb, edition = 'basic', service_objective = 'basic')\ngo\n\n" +
		"create database d1 (service_objective = elastic_pool(name = [epool1] ))\nalter database d1 modify (service_objective = elastic_pool(name = [epool2] ))\n",
}, {
	// ScriptDom's CreateAlterDatabaseStatementTests110: a target recovery
	// time in minutes, HADR and FILESTREAM options.
	name: "scriptdom-target-recovery-time-minutes",
	text: "ALTER DATABASE d1\n    SET HADR AVAILABILITY GROUP = g1;\nGO\nALTER DATABASE d1\n    SET FILESTREAM(NON_TRANSACTED_ACCESS = OFF, DIRECTORY_NAME = NULL);\nGO\n" +
		"ALTER DATABASE d1\n    SET TARGET_RECOVERY_TIME = 42 MINUTES;\n",
}, {
	// ScriptDom's AlterCreateDatabaseStatementTests90 reads TO FILEGROUP
	// after ADD LOG FILE; the documented syntax has none (a log file
	// belongs to no filegroup), so the statement is not checked.
	name: "scriptdom-add-log-file-to-filegroup",
	text: "ALTER DATABASE AdventureWorks\n    ADD LOG FILE (FILENAME = 'log2', NAME = test1log2), (FILENAME = 'log3', NAME = test1log2) TO FILEGROUP FG;\n",
	want: []string{"SL001 1:1"},
	msg:  []string{`unexpected token "TO" (expected the end of the statement) (line 2, column 95)`},
}, {
	// ScriptDom's RestoreStatementTests and RestoreStatementTests140_Azure:
	// RESTORE LOG without FROM, REWINDONLY, KEEP_TEMPORAL_RETENTION, a
	// restore from a database snapshot.
	name: "scriptdom-restore-forms",
	text: "RESTORE LOG db1\n    WITH KEEP_TEMPORAL_RETENTION;\n\nRESTORE REWINDONLY FROM @var1\n    WITH NORECOVERY;\n\n" +
		"RESTORE DATABASE db1 FROM @var1\n    WITH STOPATMARK = 'm1', KEEP_TEMPORAL_RETENTION, STOPBEFOREMARK = 'm2' AFTER @somedate;\n" +
		"RESTORE DATABASE AdventureWorks2012 FROM DATABASE_SNAPSHOT = 'AdventureWorks_dbss1800'\n",
}, {
	// ScriptDom's BackupStatementTests 120 and MiscTests90: encryption,
	// read-write filegroups, a mirror.
	name: "scriptdom-backup-encryption-and-mirror",
	text: "BACKUP LOG d1\n    TO DISK = 'd:'\n    WITH FORMAT, COMPRESSION, ENCRYPTION(ALGORITHM = TRIPLE_DES_3KEY, SERVER CERTIFICATE = [cert1]), STATS = 10;\nGO\n" +
		"BACKUP DATABASE db1\n    READ_WRITE_FILEGROUPS\n    TO d1;\nGO\nBACKUP DATABASE @Var1\n    TO @device1\n    MIRROR TO mirrorDevice;\n",
}, {
	// sqlfluff's alter_database.sql: geo-replication, cutover, backup
	// storage redundancy and Analytics Platform System's sizes, none a file.
	name: "sqlfluff-alter-database-azure-and-pdw",
	text: "ALTER DATABASE db1\nADD SECONDARY ON SERVER secondaryserver\nWITH ( ALLOW_CONNECTIONS = ALL );\n\nALTER DATABASE db1 FORCE_FAILOVER_ALLOW_DATA_LOSS;\n\n" +
		"ALTER DATABASE [mySampleDatabase] PERFORM_CUTOVER;\n\nALTER DATABASE db1\n    MODIFY BACKUP_STORAGE_REDUNDANCY = 'ZONE';\n\n" +
		"ALTER DATABASE CustomerSales\n    SET ( AUTOGROW = ON, LOG_SIZE = 10 GB );\n",
}, {
	// sqlfluff's dbcc.sql: trace flags that do not touch file
	// initialization.
	name: "sqlfluff-dbcc-trace-flags",
	text: "DBCC TRACESTATUS (2528, 3205);\n\nDBCC TRACEOFF (3205, 260, -1);\n\nDBCC TRACEON (3205, -1);\n\nDBCC SHRINKFILE (DataFile1, 7);\n",
}, {
	// sqlfluff's go_delimiters.sql: "GO GO" is no GO for sqlcmd (its count
	// must be a positive integer); GO after a statement is an alias.
	name: "sqlfluff-go-go",
	text: "-- It's possible to have multiple GO between batches.\nGO GO\nGO\nSELECT foo FROM bar GO GO\nSELECT foo FROM bar GO\nGO\n",
	want: []string{"SL002 2:4"},
	msg:  []string{`malformed GO command: expected a positive integer count, as in GO 3, found "GO"`},
}, {
	// The ANTLR grammar's ddl_create_alter_database.sql: an SSMS script
	// with a 10% log growth and TARGET_RECOVERY_TIME = 0.
	name: "antlr-ssms-create-log-percent-and-trt-zero",
	text: "USE [master]\nGO\n\nCREATE DATABASE [TestDb]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'TestDb', FILENAME = N'C:\\Data\\TestDb.mdf' , SIZE = 4288KB , MAXSIZE = UNLIMITED, FILEGROWTH = 1024KB )\n LOG ON \n" +
		"( NAME = N'TestDb_log', FILENAME = N'C:\\Data\\TestDb_log.ldf' , SIZE = 1072KB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\nGO\n\n" +
		"ALTER DATABASE [TestDb] SET FILESTREAM( NON_TRANSACTED_ACCESS = OFF ) \nGO\n\nALTER DATABASE [TestDb] SET TARGET_RECOVERY_TIME = 0 SECONDS \nGO\n",
	want: []string{"SL203 8:2", "SL301 15:25"},
	msg:  []string{"log file TestDb_log grows by 10%", "TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for TestDb"},
}, {
	// pubs' instpubs.sql: USE and CHECKPOINT without semicolons, a
	// database created with the defaults, its recovery model set in an
	// IF ... ELSE.
	name: "pubs-install-checkpoints",
	text: "SET NOCOUNT ON\nGO\n\nUSE master\n\ndeclare @dttm varchar(55)\nselect  @dttm=convert(varchar,getdate(),113)\nGO\n\n" +
		"if exists (select * from sysdatabases where name='pubs')\nbegin\n  DROP database pubs\nend\nGO\n\nCHECKPOINT\ngo\n\n" +
		"CREATE DATABASE pubs\nGO\n\nCHECKPOINT\n\nGO\n\nUSE pubs\n\nGO\n\n" +
		"if CAST(SERVERPROPERTY('ProductMajorVersion') AS INT)<12\nBEGIN\n  exec sp_dboption 'pubs','trunc. log on chkpt.','true'\nEND\n" +
		"ELSE ALTER DATABASE [pubs] SET RECOVERY SIMPLE WITH NO_WAIT\nGO\n",
}, {
	// AdventureWorks' instawdb.sql: a path variable ending in a backslash,
	// an unbracketed $(DatabaseName), accelerated database recovery,
	// optimized locking and the query store.
	name: "adventureworks-install",
	text: " :setvar SqlSamplesSourceDataPath \"C:\\Samples\\AdventureWorks\\\"\n\n:setvar DatabaseName \"AdventureWorks\"\nGO\n\n" +
		"IF '$(SqlSamplesSourceDataPath)' IS NULL OR '$(SqlSamplesSourceDataPath)' = ''\nBEGIN\n\tRETURN\nEND;\nGO\n\nUSE [master];\nGO\n\n" +
		"CREATE DATABASE $(DatabaseName);\nGO\n\nALTER DATABASE $(DatabaseName)\nSET RECOVERY SIMPLE,\n    PAGE_VERIFY CHECKSUM,\n" +
		"    READ_COMMITTED_SNAPSHOT ON,\n    ACCELERATED_DATABASE_RECOVERY = ON;\nGO\n\nALTER DATABASE $(DatabaseName)\nSET OPTIMIZED_LOCKING = ON;\nGO\n\n" +
		"USE $(DatabaseName);\nGO\n\nALTER DATABASE $(DatabaseName)\nSET QUERY_STORE = ON\n    (\n        OPERATION_MODE = READ_WRITE,\n        MAX_STORAGE_SIZE_MB = 100\n    );\nGO\n",
}, {
	// WideWorldImporters' ReadyRoll pre-deployment script: a CREATE inside
	// IF NOT EXISTS with 1 GB and 2 GB data files and a 100 MB log, all
	// under the budgets; then the database's options set through CURRENT.
	name: "wwi-readyroll-create-and-current",
	text: ":setvar DatabaseName \"WideWorldImporters\"\n:setvar DefaultDataPath \"D:\\Data\"\n:setvar DefaultLogPath \"L:\\Log\"\n:setvar DefaultFilePrefix \"WWI\"\n" +
		"USE master;\n \nIF NOT EXISTS(SELECT 1 FROM sys.databases WHERE name = N'$(DatabaseName)')\nBEGIN\n" +
		"\tCREATE DATABASE [$(DatabaseName)] -- Use RR built-in SQLCMD variable\n\tON PRIMARY\n\t(\n\t\tNAME = WWI_Primary,\n" +
		"\t\tFILENAME = '$(DefaultDataPath)\\$(DefaultFilePrefix).mdf',\n\t\tSIZE = 1GB,\n\t\tMAXSIZE = UNLIMITED,\n\t\tFILEGROWTH = 64MB\n\t),\n" +
		"\tFILEGROUP USERDATA DEFAULT\n\t(\n\t\tNAME = WWI_UserData,\n\t\tFILENAME = '$(DefaultDataPath)\\$(DefaultFilePrefix)_UserData.ndf',\n" +
		"\t\tSIZE = 2GB,\n\t\tMAXSIZE = UNLIMITED,\n\t\tFILEGROWTH = 64MB\n\t)\n\tLOG ON\n\t(\n\t\tNAME = WWI_Log,\n" +
		"\t\tFILENAME = '$(DefaultLogPath)\\$(DefaultFilePrefix).ldf',\n\t\tSIZE = 100MB,\n\t\tMAXSIZE = UNLIMITED,\n\t\tFILEGROWTH = 64MB\n\t);\nEND\nGO\n" +
		"USE [$(DatabaseName)];\nGO\n \nALTER DATABASE CURRENT COLLATE Latin1_General_100_CI_AS;\nGO\n \nALTER DATABASE CURRENT SET RECOVERY SIMPLE;\nGO\n" +
		"EXEC(' \nALTER DATABASE CURRENT\nSET QUERY_STORE\n(\n    OPERATION_MODE = READ_WRITE,\n    CLEANUP_POLICY = (STALE_QUERY_THRESHOLD_DAYS = 30)\n);\n');\nGO\n",
}, {
	// WideWorldImporters' construct-database script builds its text with
	// SET @SQL += ... from an empty string, as AdventureWorks' instawdb.sql
	// builds its SINGLE_USER with SELECT @SQL += ...: the text is followed
	// as SET @SQL = @SQL + ... is, and run by EXECUTE.
	name: "wwi-built-with-plus-equals",
	text: "DECLARE @SQL nvarchar(max) = N'';\n\nSET @SQL = N'';\n\nSET @SQL += N'ALTER DATABASE WideWorldImporters SET RECOVERY SIMPLE;'\n" +
		"          + N'ALTER DATABASE WideWorldImporters SET TARGET_RECOVERY_TIME = 0 SECONDS;';\n\nEXECUTE (@SQL);\nGO\n",
	want: []string{"SL301 8:1"},
	msg:  []string{"EXEC runs the text of @SQL: TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for WideWorldImporters"},
}, {
	// The same with SELECT @SQL += and sp_executesql, the text a log
	// backup to the null device.
	name: "select-plus-equals-backup-to-nul",
	text: "DECLARE @DBName NVARCHAR(128) = N'Sales';\nDECLARE @SQL NVARCHAR(MAX) = N'';\n" +
		"SELECT @SQL += 'BACKUP LOG ' + QUOTENAME(@DBName) + ' TO DISK = ''NUL'';';\nEXEC sp_executesql @SQL;\nGO\n",
	want: []string{"SL304 4:1"},
	msg:  []string{"EXEC runs the text of @SQL: BACKUP LOG"},
}}

func TestReal14Shapes(t *testing.T) { runShapes(t, real14Cases) }
