package analysis

import (
	"fmt"
	"strings"
	"testing"
)

// Shapes of the real public scripts read in the real10 audit (DBA
// toolkits, restore and refresh scripts, Linux container setups, SSDT
// publish output, trace-flag demos), cut to the lines that matter. Each
// case pins what the whole run reports for such a script: the rule, the
// line and column it is reported at, and the words of the message that
// carry the database and the figures.
// shapeCase is one script shape of a real-script audit: its text, the
// findings the whole run reports ("SL304 42:5", in report order) and
// substrings of their messages, in the same order.
type shapeCase struct {
	name string
	text string
	want []string
	msg  []string
}

var real10Cases = []shapeCase{{
	// An SSMS "Script Database As" file whose CREATE DATABASE and SET
	// options were commented out by one /* */ spanning many GO lines: GO
	// inside a block comment ends no batch, so nothing in it runs.
	name: "ssms-create-commented-over-go-lines",
	text: "\nGO\n/****** Object:  Database [Caso3DB]    Script Date: 6/10/2025 7:47:11 AM ******/\n" +
		"/*CREATE DATABASE [Caso3DB]\n CONTAINMENT = NONE\n ON  PRIMARY \n" +
		"( NAME = N'Caso3DB', FILENAME = N'C:\\Data\\Caso3DB.mdf' , SIZE = 73728KB , MAXSIZE = UNLIMITED, FILEGROWTH = 65536KB )\n LOG ON \n" +
		"( NAME = N'Caso3DB_log', FILENAME = N'C:\\Data\\Caso3DB_log.ldf' , SIZE = 8192KB , MAXSIZE = 2048GB , FILEGROWTH = 65536KB )\n" +
		" WITH CATALOG_COLLATION = DATABASE_DEFAULT, LEDGER = OFF\nGO \n" +
		"ALTER DATABASE [Caso3DB] SET TARGET_RECOVERY_TIME = 0 SECONDS \nGO\n" +
		"BACKUP DATABASE [Caso3DB] TO DISK = 'NUL'\nGO\n" +
		"SET QUOTED_IDENTIFIER ON\nGO\n*/\nCREATE TABLE [dbo].[pv_accessLog]([accessLogID] [int] IDENTITY(1,1) NOT NULL)\nGO\n",
}, {
	// Max Vernon's VLF fix: a log backup to NUL: built in a variable and
	// run by two EXECs, the second in an IF ... ELSE CHECKPOINT inside a
	// WHILE loop; the database is the text's own (QUOTENAME(DB_NAME())).
	name: "vlf-fix-log-backup-to-nul-in-a-variable",
	text: "USE YourDatabaseNameHere;\nSET NOCOUNT ON;\nDECLARE @RecoveryModel nvarchar(max);\n" +
		"IF @RecoveryModel IN (N'FULL', 'BULK_LOGGED')\nBEGIN\n    DECLARE @BackupCommand nvarchar(max);\n" +
		"    SET @BackupCommand = N'CHECKPOINT;\nBACKUP LOG ' + QUOTENAME(DB_NAME()) + N' TO DISK = N''NUL:'' WITH NO_COMPRESSION, NO_CHECKSUM;';\n" +
		"    EXEC (@BackupCommand);\nEND\n" +
		"WHILE 1 = 1\nBEGIN\n    WAITFOR DELAY '00:00:10';\n" +
		"    IF @RecoveryModel IN (N'FULL', N'BULK_LOGGED') EXEC (@BackupCommand) ELSE CHECKPOINT;\nEND\n",
	want: []string{"SL304 9:5", "SL304 14:52"},
	msg:  []string{"BACKUP LOG QUOTENAME(DB_NAME()) TO DISK = 'NUL:'", "breaks the log chain"},
}, {
	// Brent Ozar's tempdb sizing as a repository keeps it: the first
	// MODIFY FILE already puts the per-restart zeroing over the startup
	// budget (8 GB of data, the default 8 MB log), so SL208 is there,
	// once, with the totals after that statement.
	name: "tempdb-four-8gb-files",
	text: "\n\n/* \nScript came from https://www.brentozar.com/blitz/tempdb-data-files/\nThis script example Re-sizes TempDB to 8 GB\n*/\n \n" +
		"USE [master]; \nGO \nalter database tempdb modify file (name='tempdev', size = 8GB);\nGO\n \n" +
		"USE [master];\nGO\n" +
		"ALTER DATABASE [tempdb] ADD FILE (NAME = N'tempdev2', FILENAME = N'T:\\MSSQL\\DATA\\tempdev2.ndf' , SIZE = 8GB , FILEGROWTH = 0);\n" +
		"ALTER DATABASE [tempdb] ADD FILE (NAME = N'tempdev3', FILENAME = N'T:\\MSSQL\\DATA\\tempdev3.ndf' , SIZE = 8GB , FILEGROWTH = 0);\n" +
		"ALTER DATABASE [tempdb] ADD FILE (NAME = N'tempdev4', FILENAME = N'T:\\MSSQL\\DATA\\tempdev4.ndf' , SIZE = 8GB , FILEGROWTH = 0);\nGO\n",
	want: []string{"SL208 10:23"},
	msg:  []string{"its 2 files total 8 GB of data and 8 MB of log"},
}, {
	// A page-format probe: CHECKPOINT; DELETE; CHECKPOINT; BACKUP in one
	// batch. Only the CHECKPOINT right before the backup is redundant.
	name: "checkpoint-delete-checkpoint-backup",
	text: "CREATE DATABASE typeprobe ON (NAME='typeprobe_data', FILENAME='/var/opt/mssql/data/typeprobe.mdf', SIZE=16MB, FILEGROWTH=8MB)\n" +
		"LOG ON (NAME='typeprobe_log', FILENAME='/var/opt/mssql/data/typeprobe.ldf', SIZE=8MB);\nGO\nUSE typeprobe;\nGO\n" +
		"INSERT INTO probe_ghost SELECT i FROM n;\nCHECKPOINT;\nDELETE FROM probe_ghost WHERE id % 3 = 0;\nCHECKPOINT;\n" +
		"BACKUP DATABASE typeprobe TO DISK='/tmp/typeprobe.bak' WITH INIT, NOFORMAT, NOSKIP;\nGO\n",
	want: []string{"SL303 9:1"},
	msg:  []string{"BACKUP DATABASE typeprobe"},
}, {
	// A contained-AG demo for Linux containers: :SETVAR, :CONNECT with a
	// login, a database under /var/opt/mssql, then the NUL backups that
	// seed the log chain before ADD DATABASE.
	name: "contained-ag-demo-nul-backups",
	text: ":SETVAR database_name demo_db\n\n:CONNECT 127.0.0.1,1433 -U sa -P Start123\n\nUSE [master];\nGO\n\n" +
		"CREATE DATABASE [$(database_name)]\n CONTAINMENT = PARTIAL\n ON  PRIMARY \n" +
		"    ( NAME = N'$(database_name)_db', FILENAME = N'/var/opt/mssql/data/$(database_name).mdf' , SIZE = 8192KB , FILEGROWTH = 65536KB )\n LOG ON \n" +
		"    ( NAME = N'$(database_name)_log', FILENAME = N'/var/opt/mssql/data/$(database_name)_log.ldf' , SIZE = 8192KB , FILEGROWTH = 65536KB );\nGO\n" +
		"ALTER DATABASE [$(database_name)] SET RECOVERY FULL; \nGO\n\n" +
		"BACKUP DATABASE [$(database_name)] to DISK = 'NUL';\nBACKUP LOG [$(database_name)] to DISK = 'NUL';\nGO\n\n" +
		"ALTER AVAILABILITY GROUP [ag1] ADD DATABASE [$(database_name)];\nGO\n",
	want: []string{"SL304 18:1", "SL304 19:1"},
	msg:  []string{"BACKUP DATABASE demo_db", "BACKUP LOG demo_db"},
}, {
	// SSDT publish output (Portuguese): the database comes from :setvar;
	// TARGET_RECOVERY_TIME = 0 is reported at its SET clause.
	name: "ssdt-publish-target-recovery-time-zero",
	text: "GO\n:setvar DatabaseName \"DL_ATACADEZ\"\n:setvar DefaultFilePrefix \"DL_ATACADEZ\"\n\nGO\n:on error exit\nGO\n" +
		":setvar __IsSqlCmdEnabled \"True\"\nGO\nIF N'$(__IsSqlCmdEnabled)' NOT LIKE N'True'\n    BEGIN\n        SET NOEXEC ON;\n    END\n\nGO\n" +
		"USE [$(DatabaseName)];\n\nGO\nALTER DATABASE [$(DatabaseName)]\n    SET TARGET_RECOVERY_TIME = 0 SECONDS \n    WITH ROLLBACK IMMEDIATE;\n\nGO\n",
	want: []string{"SL301 20:5"},
	msg:  []string{"for DL_ATACADEZ"},
}, {
	// Scripts of DBA notes and cloud procedures with nothing to report:
	// RDS's msdb procedures, a CHECKPOINT per database through
	// sp_msforeachdb, sp_foreachdb with double-quoted arguments inside its
	// N'...' command, and SELECTs that only build BACKUP LOG ... NUL: text.
	name: "notes-and-cloud-procedures",
	text: "exec msdb.dbo.rds_restore_database\n\t@restore_db_name='WebstoreDB',\n\t@s3_arn_to_restore_from='arn:aws:s3:::bucket/webstore.bak',\n\t@with_norecovery=0,\n    @type='FULL';\ngo\n" +
		"exec sp_msforeachdb 'USE ?; CHECKPOINT'\nGO\n" +
		"EXEC dbo.sp_foreachdb N'\n    ALTER DATABASE [?] SET RECOVERY SIMPLE WITH NO_WAIT;\n    USE [?];\n\tDBCC SHRINKDATABASE(?,0);\n" +
		"\t\tEXEC sp_MSforeachtable @command1=\"ALTER INDEX ALL ON $ REBUILD WITH (ONLINE=OFF)\", @replacechar=\"$\";\n" +
		"\tALTER DATABASE [?] SET RECOVERY FULL WITH NO_WAIT;\n'\n,@print_command_only = 0\n,@user_only = 1\n,@database_list = 'dbSigaPlenus' \nGO\n" +
		"select 'USE ['+DB_NAME(database_id)+'] ; BACKUP LOG ['+DB_NAME(database_id)+'] TO  DISK = N''nul:'';  ' from sys.master_files where type_desc= 'LOG'\n",
}}

func TestReal10Shapes(t *testing.T) { runShapes(t, real10Cases) }

// runShapes runs each case's text as the one script of a run and
// compares the findings' rules, positions and messages.
func runShapes(t *testing.T, cases []shapeCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			chdir(t, dir)
			write(t, dir, "s.sql", c.text)
			rs, _ := runAll(t, Options{Paths: []string{"s.sql"}})
			fs := findings(rs)
			var got []string
			for _, f := range fs {
				got = append(got, fmt.Sprintf("%s %d:%d", f.RuleID, f.Line, f.Column))
			}
			if strings.Join(got, ", ") != strings.Join(c.want, ", ") {
				t.Fatalf("findings %v, want %v\n%+v", got, c.want, fs)
			}
			for i, m := range c.msg {
				if !strings.Contains(fs[i].Message, m) {
					t.Errorf("finding %d: message %q lacks %q", i, fs[i].Message, m)
				}
			}
		})
	}
}
