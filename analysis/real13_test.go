package analysis

import "testing"

// Shapes of the real public scripts read in the real13 audit (migration
// and deployment tools: SSDT publish output and storage files, Flyway
// versioned, baseline, repeatable and callback scripts with their
// placeholders, DbUp, grate and RoundhousE folders, Liquibase formatted
// SQL, EF Core idempotent scripts, Redgate SQL Compare output), cut to
// the lines that matter. The audit found every finding and every silence
// right, so the test holds them as they are.
var real13Cases = []shapeCase{{
	// An SSDT publish script: TARGET_RECOVERY_TIME = 0 on a database the
	// script's own :setvar names, after two guarded SET lists.
	name: "ssdt-publish-trt-zero",
	text: ":setvar DatabaseName \"Database1\"\n:setvar DefaultFilePrefix \"Database1\"\n\nGO\n:on error exit\nGO\n" +
		":setvar __IsSqlCmdEnabled \"True\"\nGO\nIF N'$(__IsSqlCmdEnabled)' NOT LIKE N'True'\n    BEGIN\n        SET NOEXEC ON;\n    END\n\n\nGO\n" +
		"IF EXISTS (SELECT 1\n           FROM   [master].[dbo].[sysdatabases]\n           WHERE  [name] = N'$(DatabaseName)')\n    BEGIN\n" +
		"        ALTER DATABASE [$(DatabaseName)]\n            SET PAGE_VERIFY NONE,\n                DISABLE_BROKER \n            WITH ROLLBACK IMMEDIATE;\n    END\n\n\nGO\n" +
		"ALTER DATABASE [$(DatabaseName)]\n    SET TARGET_RECOVERY_TIME = 0 SECONDS \n    WITH ROLLBACK IMMEDIATE;\n\n\nGO\n",
	want: []string{"SL301 29:5"},
	msg:  []string{"TARGET_RECOVERY_TIME = 0 SECONDS turns off indirect checkpoints for Database1:"},
}, {
	// An SSDT project's storage file, checked without its project: the
	// variables are undefined, and the 50,000 MB file is zero-filled.
	name: "ssdt-storage-file-50000mb",
	text: "/*\nDo not change the database path or name variables.\n*/\nALTER DATABASE [$(DatabaseName)]\nADD FILE\n(\n\tNAME = 'PICK',\n" +
		"\tFILENAME = '$(DefaultDataPath)FantasyPremierLeagueUserTeamPick.ndf',\n\tSIZE=50000MB,\n\tFILEGROWTH=500MB\n)\nTO FILEGROUP FantasyPremierLeagueUserTeamPick\nGO",
	want: []string{"SL002 4:17", "SL201 5:1", "SL002 8:14"},
	msg:  []string{"$(DatabaseName) is not defined", "allocates 48.8 GB of data file", "$(DefaultDataPath) is not defined"},
}, {
	// A Flyway repeatable script of SSMS database options: Flyway's own
	// ${flyway:database} placeholder is read as the name.
	name: "flyway-placeholder-trt-zero",
	text: "ALTER DATABASE [${flyway:database}] SET COMPATIBILITY_LEVEL = 150\nGO\n" +
		"ALTER DATABASE [${flyway:database}] SET FILESTREAM( NON_TRANSACTED_ACCESS = OFF ) \nGO\n" +
		"ALTER DATABASE [${flyway:database}] SET TARGET_RECOVERY_TIME = 0 SECONDS \nGO\n" +
		"EXEC sys.sp_db_vardecimal_storage_format N'${flyway:database}', N'ON'\nGO\n",
	want: []string{"SL301 5:37"},
	msg:  []string{"for ${flyway:database}:"},
}, {
	// Flyway placeholders as sizes, growths, option values and in an IF:
	// nothing known, nothing to report, and nothing unparsed.
	name: "flyway-placeholder-sizes-and-options",
	text: "IF NOT EXISTS (SELECT 1 FROM sys.filegroups WHERE name='data_fact_unpart')\nBEGIN\n    ALTER DATABASE [${database_name}] ADD FILEGROUP [data_fact_unpart];\nEND\nGO\n" +
		"IF NOT EXISTS (SELECT 1 FROM sys.database_files WHERE name = N'${database_name}_data_fact_unpart_01')\nBEGIN\n    ALTER DATABASE [${database_name}] \n" +
		"    ADD FILE ( NAME = N'${database_name}_data_fact_unpart_01'\n              ,FILENAME =  N'${alter_database_data_path}${database_name}_data_fact_unpart_01.ndf' \n" +
		"              ,SIZE = ${alter_database_data_size_medium} \n              ,MAXSIZE = UNLIMITED\n              ,FILEGROWTH = ${alter_database_data_growth_medium} ) \n" +
		"    TO FILEGROUP [data_fact_unpart]; \nEND\nGO\n" +
		"ALTER DATABASE [${database_name}] SET COMPATIBILITY_LEVEL = ${alter_database_compatibility};\nGO\n" +
		"IF ${alter_database_compatibility} >= 130\nBEGIN\n  ALTER DATABASE SCOPED CONFIGURATION SET MAXDOP = ${alter_database_scoped_config_maxdop};\n" +
		"  ALTER DATABASE SCOPED CONFIGURATION FOR SECONDARY SET MAXDOP = PRIMARY;\nEND\nGO\n" +
		"ALTER DATABASE [${database_name}] SET RECOVERY ${alter_database_recovery};\nGO\n",
}, {
	// RoundhousE's and grate's {{DatabaseName}}: a database created with
	// no files and options set on it.
	name: "roundhouse-grate-double-brace-name",
	text: "USE master\nIF NOT EXISTS(SELECT * FROM sys.databases WHERE [name] = '{{DatabaseName}}')\nBEGIN\n\tCREATE DATABASE {{DatabaseName}}\nEND\nGO\n" +
		"ALTER DATABASE [{{DatabaseName}}] SET ALLOW_SNAPSHOT_ISOLATION ON;\nGO\nALTER DATABASE [{{DatabaseName}}] SET READ_COMMITTED_SNAPSHOT ON;\nGO\n",
}, {
	// RoundhousE's batch splitter test: GO after a statement on its line
	// is no sqlcmd GO (a column alias to SQL Server), and GO in comments
	// ends nothing.
	name: "roundhouse-go-after-a-statement",
	text: "/*\nUSE database name\nGO\n*/\nSELECT GetDate()\nGO\nSELECT GetDate() GO\nSelect GetDate() GO  \n\n--GO\n-- BOB GO\n/*\nG\nO\n*/\n/* GO\nalsdkjaslkkjf */",
}, {
	// DbUp's sample: a variable reference missing its ")" (a quote is no
	// letter of a name) is malformed where it is; the well-formed use
	// after it is undefined on its own.
	name: "dbup-malformed-variable-reference",
	text: "if db_id('$(DatabaseName') is null\n\tbegin\n\t\traiserror('Database $(DatabaseName) does not exist.',16,1) with nowait;\n\tend;",
	want: []string{"SL002 1:11", "SL002 3:23"},
	msg:  []string{`malformed sqlcmd variable reference "$(DatabaseName"`, "$(DatabaseName) is not defined"},
}, {
	// A post-deployment step that sizes files through text built with
	// SELECT @sql = and a size from a variable, and a migration that sets
	// a data file's growth to 10% by file name from a variable: no size
	// is known, so nothing is estimated.
	name: "built-modify-file-unknown-size-and-file",
	text: "USE [master]\nGO\nDECLARE @mdf NVARCHAR(400)\nDECLARE @sql NVARCHAR(MAX)\nDECLARE @mdfNewSize BIGINT = 500\n" +
		"SELECT @sql = 'ALTER DATABASE [SabinIO.InsertPerformance.Demo] MODIFY FILE ( NAME = N''' + @mdf + ''', SIZE = '+CAST(@mdfNewSize AS NVARCHAR (8))+'MB , FILEGROWTH = 100MB )'\n" +
		"PRINT @SQL\nEXEC (@SQL)\nGO\n" +
		"DECLARE @db_name AS NVARCHAR(128) = DB_NAME();\nDECLARE @sql AS NVARCHAR(max);\nDECLARE @file_name AS SYSNAME\n" +
		"SELECT @file_name = d.name FROM sys.database_files d WHERE d.type = 0 AND d.is_percent_growth = 0 AND d.growth = 1280\n" +
		"IF (@file_name IS NOT NULL) \nBEGIN\n    SET @sql = N'ALTER DATABASE [' + @db_name + '] MODIFY FILE ( NAME = N''' + @file_name + ''', FILEGROWTH = 10% )'\n\n    EXEC(@sql);\nEND \nGO\n",
}, {
	// An Azure SQL Database create in sp_executesql beside the on-premises
	// one, chosen by EngineEdition; the name is a variable nobody set.
	name: "azure-edition-create-in-sp-executesql",
	text: "PRINT N'CUSTOM: Creating database [$(DatabaseName)]...';\nGO\nIF SERVERPROPERTY('EngineEdition') = 5\n" +
		"  EXEC sp_executesql N'CREATE DATABASE [$(DatabaseName)] (EDITION = ''Basic'');';\nELSE\n  CREATE DATABASE [$(DatabaseName)];\nGO\n",
	want: []string{"SL002 1:36"},
	msg:  []string{"also used 2 more times in this file, at lines 4 and 6"},
}, {
	// Microsoft's enable-in-memory-oltp script, as an ORM adapter's test
	// schema runs it: the container is added by built text, with no size.
	name: "in-memory-oltp-container-built",
	text: "BEGIN\n  BEGIN TRY;\n  IF SERVERPROPERTY('EngineEdition') != 5\n  BEGIN\n" +
		"    DECLARE @SQLDataFolder nvarchar(max) = cast(SERVERPROPERTY('InstanceDefaultDataPath') as nvarchar(max))\n" +
		"    DECLARE @MODName nvarchar(max) = DB_NAME() + N'_mod';\n    DECLARE @MemoryOptimizedFilegroupFolder nvarchar(max) = @SQLDataFolder + @MODName;\n" +
		"    DECLARE @SQL nvarchar(max) = N'';\n      SET @SQL = N'\nALTER DATABASE CURRENT\nADD FILEGROUP ' + QUOTENAME(@MODName) + N' CONTAINS MEMORY_OPTIMIZED_DATA;';\n      EXECUTE (@SQL);\n" +
		"      SET @SQL = N'\nALTER DATABASE CURRENT\nADD FILE (name = N''' + @MODName + ''', filename = '''\n            + @MemoryOptimizedFilegroupFolder + N''')\nTO FILEGROUP ' + QUOTENAME(@MODName);\n      EXECUTE (@SQL);\n  END\n" +
		"  IF (SELECT compatibility_level FROM sys.databases WHERE database_id=DB_ID()) < 130\n    ALTER DATABASE CURRENT SET COMPATIBILITY_LEVEL = 130\n" +
		"  ALTER DATABASE CURRENT SET MEMORY_OPTIMIZED_ELEVATE_TO_SNAPSHOT = ON;\n    END TRY\n    BEGIN CATCH\n        THROW;\n    END CATCH;\nEND;\n",
}, {
	// A Flyway baseline migration that restores the database from a
	// backup through text built from variables, and a schema backup to
	// a file built in DECLARE: neither is read, and neither is to NUL.
	name: "flyway-baseline-restore-built",
	text: "-- flyway:executeInTransaction=false\nDECLARE @BackupFilePath NVARCHAR(128) = N'${flyway:workingDirectory}\\backups\\widget.bak';\n" +
		"DECLARE @DatabaseName NVARCHAR(128) = N'${flyway:database}';\nDECLARE @mySQL NVARCHAR(MAX)\nUSE [master]\n" +
		"BEGIN TRY\n    SET @mySQL = N'RESTORE DATABASE [' + @DatabaseName + ']\n    FROM DISK = ''' + @BackupFilePath + '''\n    WITH REPLACE;'\n    EXEC sp_executesql @mySQL\nEND TRY\n" +
		"BEGIN CATCH\n    PRINT ERROR_MESSAGE()\n    RETURN\nEND CATCH\nGO\n" +
		"DECLARE @BackupDB NVARCHAR(128) = N'AutoPilotDev_Schema';\nDECLARE @BackupPath NVARCHAR(256) = N'C:\\WorkingFolders\\FWD\\AutoRodent\\backups\\AutoBackup.bak';\n" +
		"DECLARE @BackupCommand NVARCHAR(MAX) = \n    N'BACKUP DATABASE [' + @BackupDB + N'] TO DISK = ''' + @BackupPath + N''' WITH INIT, FORMAT;';\nEXEC sp_executesql @BackupCommand;\n",
}, {
	// A LocalDB create script: a batch that may RETURN before the CREATE,
	// and a Windows environment variable in the file name, which sqllint
	// expands only when allowed.
	name: "localdb-create-userprofile",
	text: "USE [master];\n\nIF EXISTS\n   (\n      SELECT *\n      FROM sys.databases d\n      WHERE d.name = N'$(DatabaseName)'\n   )\nBEGIN\n   RETURN;\nEND;\n\n" +
		"CREATE DATABASE [$(DatabaseName)]\nON PRIMARY \n(\n   NAME = N'PrimaryData',\n   FILENAME = N'$(USERPROFILE)\\$(DatabaseName).mdf'\n)\nCOLLATE SQL_Latin1_General_CP1_CI_AS;\nGO\n",
	want: []string{"SL002 7:24", "SL002 17:17"},
	msg:  []string{"$(DatabaseName) is not defined", "$(USERPROFILE) is not defined"},
}, {
	// Liquibase formatted SQL: changesets split by comments and GO.
	name: "liquibase-formatted-sql",
	text: "--liquibase formatted sql\n\n--changeset liquibase:1\n--Database: mssql\nCREATE TABLE test_table (test_id INT, test_column VARCHAR, PRIMARY KEY (test_id))\n\n" +
		"--changeset liquibase:3\nCREATE PROC dbo.SP1\nAS\nBEGIN\n    SELECT * FROM dbo.test_table\nEND\nGO\n",
}, {
	// Flyway's own SQL Server test migrations: a backup to a file, and a
	// database put in SINGLE_USER and back.
	name: "flyway-backup-and-single-user",
	text: "BACKUP DATABASE [flyway_db_ms] TO DISK = N'/tmp/flyway_db_ms.bak' WITH CHECKSUM, NO_COMPRESSION;\nGO\n" +
		"alter database flyway_db_ms set single_user with rollback immediate\nGO\n\nalter database flyway_db_ms set multi_user\nGO",
}}

func TestReal13Shapes(t *testing.T) { runShapes(t, real13Cases) }
