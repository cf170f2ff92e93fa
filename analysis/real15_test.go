package analysis

import "testing"

// Shapes of the real public scripts read in the real15 audit (files as
// tools write them: SSMS output saved as UTF-16LE, cp1252 and Cyrillic
// comments; SQL Server 2000-2008 leftovers; Azure SQL Database and
// Managed Instance scripts; HammerDB and TPC benchmark setups; CI and
// docker init scripts), cut to the lines that matter. Each text is a
// cut-down shape written for the test, not the script itself; the
// comment names the script it comes from. All findings on the 42
// scripts were right; the two built-text cases are what the audit's
// fixes in parser/dynvars.go now find.
var real15Cases = []shapeCase{{
	// garyjlittle/hammerdb-sqlserver tpch-1-create-db.sql: SSMS output
	// for a TPC-H database, sizes in KB, the log growing by 10%.
	name: "hammerdb-tpch-kb-sizes-log-percent",
	text: "USE [master]\nGO\nCREATE DATABASE [tpch-test]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'tpch-test-e-1', FILENAME = N'E:\\tpch-test-e-1.mdf' , SIZE = 54272000KB , MAXSIZE = UNLIMITED, FILEGROWTH = 65536KB ),\n" +
		"( NAME = N'tpch-test-f-1', FILENAME = N'F:\\tpch-test-f-1.ndf' , SIZE = 54206464KB , MAXSIZE = UNLIMITED, FILEGROWTH = 65536KB )\n LOG ON \n" +
		"( NAME = N'tpch-test_log', FILENAME = N'I:\\tpch-test_log.ldf' , SIZE = 2097152KB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\n" +
		" WITH CATALOG_COLLATION = DATABASE_DEFAULT\nGO\nALTER DATABASE [tpch-test] SET DELAYED_DURABILITY = FORCED \nGO\n",
	want: []string{"SL201 3:1", "SL203 8:2"},
	msg:  []string{"allocates 103.5 GB of data file: without Instant File Initialization zero-filling takes about 16 min 39 s", "log file tpch-test_log grows by 10%"},
}, {
	// sanjayrao-redhat/hammerdb-3.2-kit mssql/createdb_mssql.sh: the
	// here-document sqlcmd reads, ending in exit (no colon).
	name: "hammerdb-heredoc-sizes-and-exit",
	text: "drop database tpcc\ngo\nCREATE DATABASE tpcc\nON PRIMARY\n(   NAME        = MSSQL_data_1,\n    FILENAME    = '/perf1/mssql_data/data/MSSQL_tpcc_Data_1.mdf',\n" +
		"    SIZE        = 64GB,\n    FILEGROWTH  = 32GB)\nLOG ON\n(   NAME        = MSSQL_tpcc_Log,\n    FILENAME    = '/perf1/mssql_data/data/tpcc_Log.ldf',\n" +
		"    SIZE        = 20480MB,\n    FILEGROWTH  = 500MB,\n    MAXSIZE     = 270000MB)\ngo\n\n" +
		"ALTER DATABASE tpcc ADD FILE\n(    NAME = MSSQL_data_2, FILENAME = '/perf1/mssql_data/data/MSSQL_tpcc_Data_2.mdf', SIZE = 32768)\nGO\n\nexit\n",
	want: []string{"SL201 3:1", "SL209 3:1", "SL202 9:1", "SL201 17:21"},
	msg:  []string{"allocates 64 GB of data file: without Instant File Initialization zero-filling takes about 10 min 18 s", "data file MSSQL_data_1 grows by 32 GB", "allocates 20 GB of log file: log files are always zero-filled, Instant File Initialization never applies, so this takes about 3 min 13 s", "allocates 32 GB of data file"},
}, {
	// sanjayrao-redhat/hammerdb-3.2-kit mssql/update_temp_mnt.sh: the
	// input it writes, one REMOVE FILE and ADD FILE of 8 MB per CPU.
	name: "hammerdb-tempdb-per-cpu-8mb",
	text: " \nALTER DATABASE tempdb REMOVE FILE tempdev1;\nGO\n \nALTER DATABASE tempdb ADD FILE\n(    NAME = tempdev1, FILENAME = '/mnt/mssql_data/data/tempdb1.mdf', SIZE = 8)\nGO\n" +
		" \nALTER DATABASE tempdb REMOVE FILE tempdev2;\nGO\n \nALTER DATABASE tempdb ADD FILE\n(    NAME = tempdev2, FILENAME = '/mnt/mssql_data/data/tempdb2.mdf', SIZE = 8)\nGO\n",
}, {
	// bitwarden/server util/MsSql/backup-db.sql builds its backup in a
	// variable; with the file set to NUL (a test run) the EXEC backs up
	// to nothing. The variables come from -v (here :setvar).
	name: "container-backup-built-with-nul-file",
	text: ":setvar DATABASE_NAME vault\n:setvar now 20261202_160000\nDECLARE @DatabaseName varchar(100)\nSET @DatabaseName = '$(DATABASE_NAME)'\n" +
		"DECLARE @BackupFile varchar(100)\nSET @BackupFile = 'NUL'\nDECLARE @BackupName varchar(100)\nSET @BackupName = @DatabaseName + ' full backup for $(now)'\n" +
		"DECLARE @BackupCommand NVARCHAR(1000)\nSET @BackupCommand = 'BACKUP DATABASE [' + @DatabaseName + '] TO DISK = ''' + @BackupFile + ''' WITH INIT, NAME= ''' + @BackupName + ''', NOSKIP, NOFORMAT'\n\n" +
		"EXEC(@BackupCommand)\n\nDBCC SHRINKFILE ('$(DATABASE_NAME)_log', EMPTYFILE);\n",
	want: []string{"SL304 12:1"},
	msg:  []string{"EXEC runs the text of @BackupCommand: BACKUP DATABASE @DatabaseName TO DISK = 'NUL', which writes nothing"},
}, {
	// The same built backup with its variables declared in one list, as
	// backup-all-databases scripts write them.
	name: "built-backup-declare-list-nul",
	text: "DECLARE @path nvarchar(260) = N'NUL', @db sysname = N'tpcc', @cmd nvarchar(1000)\n" +
		"SET @cmd = N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''' + @path + N''' WITH COPY_ONLY'\nEXEC sp_executesql @cmd\n",
	want: []string{"SL304 3:1"},
	msg:  []string{"EXEC runs the text of @cmd: BACKUP LOG QUOTENAME(@db) TO DISK = 'NUL', which writes nothing: never a real backup; COPY_ONLY"},
}, {
	// dotCMS/core docker-compose-examples mssql-init: drop, create and
	// snapshot isolation, as the container's init runs it.
	name: "docker-init-drop-create-rcsi",
	text: "use master; \ngo \ndrop database dotcms;\ngo\ncreate database dotcms; \ngo \nALTER DATABASE dotcms SET READ_COMMITTED_SNAPSHOT ON; \ngo \n",
}, {
	// Muppity/Presentations-Material AzureServerless/Demo02.sql: Azure
	// SQL Database editions, an elastic pool and a rename.
	name: "azure-edition-elastic-pool-rename",
	text: "CREATE DATABASE GX_05( EDITION = 'GeneralPurpose', SERVICE_OBJECTIVE = 'GP_S_Gen5_1' ) ;\n" +
		"ALTER DATABASE [GX_02] MODIFY ( EDITION = 'GeneralPurpose',SERVICE_OBJECTIVE = 'S0');  \nGO \n" +
		"ALTER DATABASE [GX02]\nMODIFY ( SERVICE_OBJECTIVE = ELASTIC_POOL ( name = SQLPOOL ) ) ;\nALTER DATABASE  [GX02]\nModify Name =  GX03 ;",
}, {
	// anisurrahman75/sql-server-backup-restore query/minio-s3.sql: a
	// backup to S3 and its restore; the database has only the default
	// sizes, not those its backup holds, so nothing is estimated.
	name: "s3-backup-restore-default-sizes",
	text: "CREATE CREDENTIAL [s3://s3.example.com:9000/stashqa] WITH IDENTITY = 'S3 Access Key', SECRET = 'a:b';\nGO\nCREATE DATABASE TestDB1;\nGO\n" +
		"BACKUP DATABASE TestDB1 TO URL = 's3://s3.example.com:9000/stashqa/TestDB1.bak' WITH COMPRESSION, STATS = 10, FORMAT, INIT;\nGO\n" +
		"RESTORE DATABASE TestDB1 FROM URL = 's3://s3.example.com:9000/stashqa/TestDB1.bak' WITH FILE = 1, RECOVERY, REPLACE;\nGO\n",
}, {
	// peterschen/blog gcp/projects/pass25/NOTES.md: a 256 GB benchmark
	// database, checkpoint trace flags, and backups to S3 whose option
	// list starts WITH WITH CREDENTIAL, which the BACKUP grammar has no
	// room for.
	name: "benchmark-256gb-trace-flags-with-with",
	text: "DROP DATABASE [pass];\nCREATE DATABASE [pass] ON \n\tPRIMARY (\n\t\tNAME = N'pass', \n\t\tFILENAME = N'T:\\MSSQL16.MSSQLSERVER\\MSSQL\\Data\\pass.mdf',\n\t\tSIZE = 256GB,\n\t\tFILEGROWTH = 0\n\t)\n" +
		"\tLOG ON (\n\t\tNAME = N'pass_log',\n\t\tFILENAME = N'T:\\MSSQL16.MSSQLSERVER\\MSSQL\\Data\\pass_log.ldf',\n\t\tSIZE = 32GB,\n\t\tFILEGROWTH = 0\n)\n" +
		"ALTER DATABASE [pass] SET RECOVERY SIMPLE;\nGO\nDBCC TRACEON (3502, -1);\nDBCC TRACEON (3504, -1);\nDBCC TRACEON (3605, -1);\n" +
		"BACKUP DATABASE [demo4]\nTO\n\tURL = 's3://storage.googleapis.com/d/demo4_01.bak',\n\tURL = 's3://storage.googleapis.com/d/demo4_02.bak'\nWITH\n\tWITH CREDENTIAL = 'd',\n\tCOMPRESSION,\n\tMAXTRANSFERSIZE = 20971520;\n",
	want: []string{"SL201 2:1", "SL202 9:2", "SL205 19:1", "SL001 20:1"},
	msg:  []string{"allocates 256 GB of data file: without Instant File Initialization zero-filling takes about 41 min 13 s", "allocates 32 GB of log file", "diagnostic trace flag 3605", "cannot parse BACKUP DATABASE: unexpected token \"WITH\" (expected an option) (line 25, column 2)"},
}, {
	// ThiagoSousa81/Curso-Csharp ScriptBancoConstrucao.sql: SSMS 2012
	// "Script Database As" output, saved as SSMS saves in Unicode:
	// UTF-16LE with a BOM, CRLF, no final newline.
	name: "ssms-utf16le-bom-crlf",
	text: utf16le("USE [master]\r\nGO\r\n/****** Object:  Database [Construcao]    Script Date: 24/04/2013 09:13:54 ******/\r\nCREATE DATABASE [Construcao]\r\n CONTAINMENT = NONE\r\n ON  PRIMARY \r\n" +
		"( NAME = N'Construcao', FILENAME = N'C:\\Program Files\\Microsoft SQL Server\\MSSQL11.SQLEXPRESS\\MSSQL\\DATA\\Construcao.mdf' , SIZE = 4160KB , MAXSIZE = UNLIMITED, FILEGROWTH = 1024KB )\r\n LOG ON \r\n" +
		"( NAME = N'Construcao_log', FILENAME = N'C:\\Program Files\\Microsoft SQL Server\\MSSQL11.SQLEXPRESS\\MSSQL\\DATA\\Construcao_log.ldf' , SIZE = 1040KB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\r\nGO"),
	want: []string{"SL203 8:2"},
	msg:  []string{"log file Construcao_log grows by 10%"},
}, {
	// marielevha/IdentityXFiles database/create_db.sql: a cp1252 file
	// (the copyright sign is byte A9), CRLF, PRINT after every GO.
	name: "cp1252-copyright-header-crlf",
	text: "-- #####\r\n-- # \xa9 2019 by Daon. All rights reserved.\r\n-- #####\r\n\r\nUSE [master]\r\nGO\r\nPRINT ''\r\nCREATE DATABASE [IXPRD] ON  PRIMARY \r\n" +
		"( NAME = N'IXPRD', FILENAME = N'C:\\Microsoft SQL Server\\DATA\\IXINST1\\IXPRD\\IXPRD.mdf' , SIZE = 5120KB , MAXSIZE = UNLIMITED, FILEGROWTH = 1024KB )\r\n LOG ON \r\n" +
		"( NAME = N'IXPRD_log', FILENAME = N'C:\\Microsoft SQL Server\\DATA\\IXINST1\\IXPRD\\IXPRD_log.ldf' , SIZE = 4672KB , MAXSIZE = 2048GB , FILEGROWTH = 10%)\r\nGO\r\n" +
		"IF @@error = 0 PRINT 'Database IXPRD created successfully'\r\n",
	want: []string{"SL203 10:2"},
	msg:  []string{"log file IXPRD_log grows by 10%"},
}, {
	// nacorreia/PBI-Cobran-a 1.DBTestePg.sql: cp1252 comments
	// (CRIAÇÃO), a small database with percent growth, dropped again.
	name: "cp1252-comments-small-database",
	text: "-- CRIA\xc7\xc3O DO BANCO DE DADOS\r\nUSE master;\r\nGO\r\nCREATE DATABASE PgMais\r\nON PRIMARY (NAME = PgMais,\r\nFILENAME = 'C:\\SQL\\PgMais.mdf',\r\nSIZE = 10MB, \r\nMAXSIZE = 500MB,\r\nFILEGROWTH = 10%)\r\n\r\nGO\r\n" +
		"--UTILIZA\xc7\xc3O DO BANCO DE TESTE CRIADO \r\ndrop database PgMais\r\n\r\nGO\r\nSP_HELPDB db_TestePg\r\n",
}, {
	// Mo-gawiesh/SQL-Labs SQLQuery1.sql: Cyrillic comments inside the
	// file specs, a log growing by 1%, a snapshot and no semicolons.
	name: "cyrillic-comments-log-percent",
	text: "USE master\nGO\nCREATE DATABASE MyDB\nON /* файл данных */\n( NAME = MyDB_Dat,\nFILENAME = 'C:\\4311\\MyDB_Dat.mdf',\nSIZE = 4,\nMAXSIZE = 10,\nFILEGROWTH = 1)\n" +
		"LOG ON /*файл журнала*/\n( NAME = MyDB_Log,\nFILENAME = 'C:\\4311\\MyDB_Log.ldf', /* Есть такой вариант создания*/\nSIZE = 2,\nMAXSIZE = 5,\nFILEGROWTH = 1%)\nEXEC sp_helpdb MyDB\n" +
		"CREATE DATABASE MyDB_Snapshot ON\n( NAME = N'MyDB', FILENAME= \nN'C:\\4311\\MyDB.ss')   \nAS SNAPSHOT OF MyDB  /*  Снапшот */\nUSE [MyDB]\nGO\n",
	want: []string{"SL203 10:1"},
	msg:  []string{"log file MyDB_Log grows by 1%"},
}, {
	// sixeyed/presentations 2018-ci-cd-database demo2.sql: comments
	// "closed" with /* again, so they nest and never end: nothing runs.
	name: "nested-comments-never-closed",
	text: "-- create database from scratch\n/* \nCREATE DATABASE d2 \nON (NAME='d2', FILENAME = 'C:\\data\\d2.mdf') \nLOG ON (NAME='d2_log', FILENAME = 'C:\\data\\d2.ldf')\n/*\n\n" +
		"-- attach database\n/* \nCREATE DATABASE d2 \nON (FILENAME = 'C:\\data\\d2.mdf'), (FILENAME = 'C:\\data\\d2.ldf')\nFOR ATTACH\n/*\n\n/*\nuse d2\n*/\n",
	want: []string{"SL001 2:1"},
	msg:  []string{"unterminated comment starting here"},
}, {
	// UhuruSoftware/vcap-dotnet CreateServiceDatabaseTemplate.sql: a
	// template whose sizes are <placeholders> the service fills in, and
	// SQL Server 2000's sp_dboption.
	name: "template-placeholder-sizes-sp-dboption",
	text: "CREATE DATABASE [<DatabaseName>] ON  PRIMARY \n( NAME = N'<DatabaseName>PriData', FILENAME = N'<RootDataPath>\\MSSQL\\DATA\\<DatabaseName>PriData.mdf' , SIZE = <InitialDataSize> , MAXSIZE = <MaxDataSize>, FILEGROWTH = <DataFileGrowth> )\n" +
		" LOG ON \n( NAME = N'<DatabaseName>LogData01', FILENAME = N'<RootDataPath>\\MSSQL\\LOG\\<DatabaseName>Log01.ldf' ,  SIZE = <InitialLogSize> ,  MAXSIZE = <MaxLogSize>,  FILEGROWTH = <LogFileGrowth> )\nGO\n" +
		"ALTER DATABASE [<DatabaseName>] SET PAGE_VERIFY NONE  \nGO\nEXEC sp_dboption [<DatabaseName>], 'trunc. log on chkpt.', 'TRUE'\n",
}, {
	// qzhou-hmcts/SynapseCi synapse/Script.PreDeployment.sql: USE with
	// the database name in quotes, which USE does not take.
	name: "use-quoted-string",
	text: ":setvar SqlDwDatabaseName SqlDwDatabaseName\n\nuse master\ngo\nuse '$(SqlDwDatabaseName)'\ngo",
	want: []string{"SL001 5:1"},
	msg:  []string{"cannot parse USE: unexpected token \"'SqlDwDatabaseName'\" (expected a name)"},
}, {
	// gregorkschroeder/abm_warehouse sql/db_build/create_database.sql,
	// run by build_database.bat with sqlcmd -v db_name ... (here
	// :setvar): 5 GB files growing by 5 GB, filegroups added in IF.
	name: "ci-variables-5gb-growth",
	text: ":setvar db_name abm_15\n:setvar db_path \"E:\\data\\\"\n:setvar log_path \"L:\\log\\\"\nUSE [master]\nGO\nCREATE DATABASE $(db_name) ON  PRIMARY\n( NAME = N'$(db_name)_primary',\n  FILENAME = N'$(db_path)$(db_name)_primary.ndf',\n  SIZE = 5GB ,\n  MAXSIZE = 25GB ,\n  FILEGROWTH = 5GB)\n" +
		"LOG ON\n( NAME = N'$(db_name)_log',\n  FILENAME = N'$(log_path)$(db_name)_log.ldf',\n  SIZE = 5GB ,\n  MAXSIZE = 50GB ,\n  FILEGROWTH = 5GB)\nGO\n" +
		"ALTER DATABASE $(db_name) SET AUTO_CREATE_STATISTICS ON (INCREMENTAL = ON)\nGO\nUSE $(db_name);\nIF NOT EXISTS (SELECT name FROM sys.filegroups WHERE name = N'reference_fg')\nBEGIN\n" +
		"ALTER DATABASE $(db_name) ADD FILEGROUP reference_fg;\nALTER DATABASE $(db_name) ADD FILE\n( NAME = reference_file,\n  FILENAME = N'$(db_path)reference_file.ndf',\n  SIZE = 5GB,\n  MAXSIZE = 50GB,\n  FILEGROWTH = 5GB) TO FILEGROUP reference_fg\nEND\nGO\n",
	want: []string{"SL209 6:1", "SL203 12:1", "SL209 25:27"},
	msg:  []string{"data file abm_15_primary grows by 5 GB", "log file abm_15_log grows by 5 GB: each autogrowth zero-fills it while transactions wait, about 48 s", "data file reference_file grows by 5 GB"},
}, {
	// mingburnu/SQLserver ch3_sp_attach_db: notes in Chinese outside
	// comments, sp_detach_db, sp_attach_db and FOR ATTACH of four files.
	name: "attach-four-files-chinese-notes",
	text: "例1\n--卸離資料庫 detach \nEXEC  sp_detach_db 'sample1'\nexec sp_attach_db sample1,  \n    'C:\\DATA\\sample1.mdf' ,\n    'C:\\DATA\\sample1_log.LDF' \n\n或\n" +
		"USE [master]\nGO\nCREATE DATABASE [sample2] ON \n( FILENAME = N'C:\\DATA\\sample2.mdf' ),\n( FILENAME = N'C:\\DATA\\sample2.ldf' ),\n( FILENAME = N'C:\\DATA\\sample2_2.ndf' ),\n( FILENAME = N'C:\\DATA\\sample2_fg2.ndf' )\n FOR ATTACH\nGO\n",
}, {
	// Rasool2020/Script2 Log/RestoreFullBackup.sql: Persian comments and
	// a stray backslash after the restore: the batch does not compile.
	name: "restore-then-stray-backslash",
	text: "USE master\nGO\n/*\nتهیه فول بکاپ\n*/\nBACKUP DATABASE Northwind TO DISK='C:\\temp1\\Nw_Full.bak'\nGO\n" +
		"RESTORE DATABASE Northwind2 FROM  DISK='C:\\temp1\\Nw_Full.bak' WITH \nMOVE 'Northwind' TO 'E:\\DUMP\\Northwind.mdf',\nMOVE 'Northwind_log' TO 'E:\\DUMP\\Northwind_log.ldf',\nSTATS=1\n\n\n\\",
	want: []string{"SL001 8:1"},
	msg:  []string{"cannot parse RESTORE DATABASE: unexpected token \"\\\" (expected a comma between options, or the end of the statement) (line 14, column 1)"},
}}

// utf16le is s encoded as UTF-16LE with a byte order mark, as SSMS saves
// a script in Unicode.
func utf16le(s string) string {
	b := []byte{0xff, 0xfe}
	for _, r := range s {
		if r >= 0x10000 {
			r -= 0x10000
			hi, lo := 0xd800+(r>>10), 0xdc00+(r&0x3ff)
			b = append(b, byte(hi), byte(hi>>8), byte(lo), byte(lo>>8))
			continue
		}
		b = append(b, byte(r), byte(r>>8))
	}
	return string(b)
}

func TestReal15Shapes(t *testing.T) { runShapes(t, real15Cases) }
