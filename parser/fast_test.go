package parser

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// The fast path (fast.go) must agree with participle whenever it answers.
// These tests compare the two on every window a statement of interest can
// have: a table of simple forms and their variations, every fixture, and
// fuzzed input.

// fastCases are statements the fast path must recognize (fast) or leave to
// participle (!fast). Either way, the two must agree on everything.
var fastCases = []struct {
	src  string
	fast bool
}{
	// USE
	{"USE master", true},
	{"use [master];", true},
	{"USE [Sales DB]\nSELECT 1", true},
	{"USE \"quoted\" ;", true},
	{"USE [$(DatabaseName)];", true},
	{"USE @db", true},
	{"USE <database_name, sysname, Sales>", true},
	{"USE [a]]b]", true},
	{"USE [unterminated", true},
	{"USE x y", true},
	{"USE x\nPRINT 'x'", true},
	{"USE TO", false},
	{"use set", false},
	{"USE", false},
	{"USE ;", false},
	{"USE 'string'", false},
	{"USE N'x'", false},
	{"USE 12", false},
	{"USE IF", false},
	{"USE select", false},
	{"USE [select]", true},
	{"ALTER DATABASE x REMOVE FILE IF", false},
	{"ALTER DATABASE x MODIFY NAME = IF", false},
	{"DROP DATABASE IF EXISTS a, WHERE", false},

	// CHECKPOINT
	{"CHECKPOINT", true},
	{"checkpoint;", true},
	{"CHECKPOINT 10", true},
	{"CHECKPOINT 10;", true},
	{"CHECKPOINT @d", true},
	{"CHECKPOINT $(dur);", true},
	{"CHECKPOINT 1.5", true},
	{"CHECKPOINT 99999999999999999999", true},
	{"CHECKPOINT 0x1F", true},
	{"CHECKPOINT\nSELECT 1", true},
	{"CHECKPOINT -1", true},
	{"CHECKPOINT x", true},
	{"CHECKPOINT 10 20", true},

	// DBCC TRACEON / TRACEOFF
	{"DBCC TRACEON (3226)", true},
	{"DBCC TRACEON(3226, -1)", true},
	{"dbcc traceon (1806, - 1) with no_infomsgs", true},
	{"DBCC TRACEOFF (3004, 3605, -1) WITH NO_INFOMSGS;", true},
	{"DBCC TRACEON (@flag, -@x, $(tf))", true},
	{"DBCC TRACEON (99999999999999999999)", true},
	{"DBCC TRACEON (1.5)", true},
	{"DBCC TRACEON", true},
	{"DBCC TRACEON;", true},
	{"DBCC TRACEON WITH NO_INFOMSGS", true},
	{"DBCC TRACEON 3604", true},
	{"DBCC TRACEON (3604)\nDBCC TRACEOFF (3604)", true},
	{"DBCC TRACEON ()", false},
	{"DBCC TRACEON (x)", false},
	{"DBCC TRACEON (1, x)", false},
	{"DBCC TRACEON (1", false},
	{"DBCC TRACEON (1 2)", false},
	{"DBCC TRACEON (-x)", false},
	{"DBCC TRACEON (1) WITH x", false},
	{"DBCC TRACEON (1,)", false},

	// DROP DATABASE
	{"DROP DATABASE Sales", true},
	{"DROP DATABASE IF EXISTS Sales, [Archive];", true},
	{"drop database if exists [$(DatabaseName)]", true},
	{"DROP DATABASE a, b, c\nGO", true},
	{"DROP DATABASE a b", true},
	{"DROP DATABASE [IF]", true},
	{"DROP DATABASE IF EXISTS EXISTS", false},
	{"DROP DATABASE IF", false},
	{"DROP DATABASE IF x", false},
	{"DROP DATABASE a,", false},
	{"DROP DATABASE a, TO", false},
	{"DROP DATABASE FROM", false},
	{"DROP DATABASE 'a'", false},

	// ALTER DATABASE ... SET
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE", true},
	{"ALTER DATABASE [Sales] SET RECOVERY SIMPLE;", true},
	{"alter database current set target_recovery_time = 42 seconds", true},
	{"ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS WITH ROLLBACK IMMEDIATE;", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 1 MINUTES, RECOVERY FULL WITH ROLLBACK AFTER 30 SECONDS", true},
	{"ALTER DATABASE Sales SET RECOVERY FULL, TARGET_RECOVERY_TIME = 60 SECONDS WITH ROLLBACK AFTER 30", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = @t MINUTES", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = -5 SECONDS", false},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 99999999999999 MINUTES", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = () 5 SECONDS", false},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME (5) = 5", false},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME", false},
	{"ALTER DATABASE Sales SET ENCRYPTION ON;", true},
	{"ALTER DATABASE Sales SET encryption suspend", true},
	{"ALTER DATABASE Sales SET SINGLE_USER WITH ROLLBACK IMMEDIATE", true},
	{"ALTER DATABASE Sales SET MULTI_USER WITH NO_WAIT;", true},
	{"ALTER DATABASE Sales SET QUERY_STORE (OPERATION_MODE = READ_WRITE, CLEANUP_POLICY = (STALE_QUERY_THRESHOLD_DAYS = 30))", true},
	{"ALTER DATABASE Sales SET CHANGE_TRACKING = ON (CHANGE_RETENTION = 2 DAYS, AUTO_CLEANUP = ON) WITH NO_WAIT", true},
	{"ALTER DATABASE Sales SET QUERY_STORE = ON (WITH x, (y), ())", true},
	{"ALTER DATABASE Sales SET X ()", true},
	{"ALTER DATABASE Sales SET HADR AVAILABILITY GROUP = [ag1];", true},
	{"ALTER DATABASE Sales SET PARTNER = 'TCP://host:5022'", true},
	{"ALTER DATABASE Sales SET [RECOVERY] SIMPLE, \"PAGE_VERIFY\" CHECKSUM", true},
	{"ALTER DATABASE Sales SET WITH x", false},
	{"ALTER DATABASE [$(DatabaseName)]\n    SET ANSI_NULLS ON,\n        ANSI_PADDING ON,\n        ANSI_WARNINGS ON \n    WITH ROLLBACK IMMEDIATE;", true},
	{"ALTER DATABASE [$(DatabaseName)] SET DATE_CORRELATION_OPTIMIZATION OFF;\nALTER DATABASE x SET y", true},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE CHECKPOINT", true},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH NO_WAIT x", true},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH NO_WAIT, y", true},
	{"ALTER DATABASE Sales SET A = 1 + 2 * 3, B = N'x', C = $(v), D = @v, E = <t>", true},
	{"ALTER DATABASE @db SET RECOVERY SIMPLE", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME  =   60\n\tSECONDS, RECOVERY /* c */ FULL -- x\n WITH NO_WAIT", true},
	{"ALTER DATABASE Sales SET X = a\u00a0 b\u00a0, Y = \u00a0c", true},
	{"ALTER DATABASE Sales SET X = 'unterminated   ", true},
	{"ALTER DATABASE Sales SET X=1,Y=(2),Z(3)=4", true},
	{"ALTER DATABASE Sales SET X == 1", true},
	{"ALTER DATABASE Sales SET X (a,b , (c) ,() d), Y = ((a)) (b) c (,), Z = (,a ,,b WITH (()) ) x", true},
	{"ALTER DATABASE Sales SET X = 1  2, Y = a\tb, Z  =  1  2", true},
	{"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 5 seconds, TARGET_RECOVERY_TIME = 2 minutes, ENCRYPTION off, encryption On", true},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH ROLLBACK AFTER 0x1F seconds;", true},
	{"ALTER DATABASE \"CURRENT\" SET X ON", true},
	{"ALTER DATABASE [CURRENT] SET X ON", true},
	{"ALTER DATABASE cUrReNt SET X ON", true},
	{"ALTER DATABASE Sales SET", false},
	{"ALTER DATABASE Sales SET;", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE,", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE, 5", false},
	{"ALTER DATABASE Sales SET ANSI_NULLS ON ANSI_PADDING ON", true},
	{"ALTER DATABASE Sales SET ANSI_NULLS  =  ON, X = ON(a,(b)) WITH NO_WAIT", true},
	{"ALTER DATABASE Sales SET X = ON (", false},
	{"ALTER DATABASE Sales SET X = OFF = 1", true},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH ROLLBACK", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH ROLLBACK AFTER", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH ROLLBACK AFTER x", false},
	{"ALTER DATABASE Sales SET RECOVERY SIMPLE WITH x", false},
	{"ALTER DATABASE Sales SET X (", false},
	{"ALTER DATABASE Sales SET X (a", false},
	{"ALTER DATABASE Sales SET X (;", false},
	{"ALTER DATABASE Sales SET X (a; b)", false},
	{"ALTER DATABASE Sales SET $(opt) ON", true},
	{"ALTER DATABASE Sales SET ${opt} = ON, <opt, sysname, AUTO_CLOSE> OFF", true},
	{"ALTER DATABASE Sales SET 'x'", false},

	// ALTER DATABASE, other actions
	{"ALTER DATABASE Sales", false}, // no action: a syntax error (qa20h)
	{"ALTER DATABASE Sales;", false},
	{"ALTER DATABASE AdventureWorks2022 ADD FILEGROUP Test1FG1;", true},
	{"ALTER DATABASE Sales ADD FILEGROUP fs CONTAINS FILESTREAM", true},
	{"ALTER DATABASE Sales add filegroup [mo] contains memory_optimized_data;", true},
	{"ALTER DATABASE Sales ADD FILEGROUP fg DEFAULT", true},
	{"ALTER DATABASE Sales ADD FILEGROUP fg [CONTAINS] FILESTREAM", true},
	{"ALTER DATABASE [$(DatabaseName)]\n    ADD FILEGROUP [Archive];\n", true},
	{"ALTER DATABASE AdventureWorks2022 REMOVE FILE test1dat4", true},
	{"ALTER DATABASE AdventureWorks2022 REMOVE FILEGROUP Test1FG1;", true},
	{"ALTER DATABASE x REMOVE FILE [a]]b];", true},
	{"ALTER DATABASE AdventureWorks2022 MODIFY NAME = Northwind;", true},
	{"ALTER DATABASE x MODIFY NAME = [$(NewName)]", true},
	{"ALTER DATABASE AdventureWorks2022 MODIFY FILEGROUP Test1FG1 DEFAULT;", true},
	{"ALTER DATABASE AdventureWorks2022 MODIFY FILEGROUP Test1FG1 NAME = Test1FG2;", true},
	{"ALTER DATABASE x MODIFY FILEGROUP fg READ_ONLY", true},
	{"ALTER DATABASE x MODIFY FILEGROUP fg AUTOGROW_ALL_FILES", true},
	{"ALTER DATABASE x MODIFY FILEGROUP fg", true},
	{"ALTER DATABASE x MODIFY FILEGROUP fg (a, (b)) WITH ,", true},
	{"ALTER DATABASE CURRENT COLLATE French_CI_AI;", true},
	{"ALTER DATABASE x COLLATE [Latin1_General_100_CI_AS_SC_UTF8]", true},
	{"ALTER DATABASE SET x", false},
	{"ALTER DATABASE x ADD FILEGROUP", false},
	{"ALTER DATABASE x ADD FILEGROUP FILE", false},
	{"ALTER DATABASE x ADD FILEGROUP fg CONTAINS", false},
	{"ALTER DATABASE x ADD FILEGROUP fg CONTAINS x", false},
	{"ALTER DATABASE x ADD something", false},
	{"ALTER DATABASE x REMOVE FILE", false},
	{"ALTER DATABASE x REMOVE FILE TO", false},
	{"ALTER DATABASE x REMOVE y", false},
	{"ALTER DATABASE x MODIFY NAME x", false},
	{"ALTER DATABASE x MODIFY NAME = SET", false},
	{"ALTER DATABASE x MODIFY FILEGROUP fg (", false},
	{"ALTER DATABASE x MODIFY FILEGROUP SET", false},
	{"ALTER DATABASE x MODIFY (SERVICE_OBJECTIVE = 'S3', MAXSIZE = 250 GB)", false},
	{"ALTER DATABASE x COLLATE", false},
	{"ALTER DATABASE x COLLATE 'x'", false},
	{"ALTER DATABASE Sales SET HADR SUSPEND; ALTER DATABASE x REBUILD LOG", true},
	{"ALTER DATABASE x REBUILD LOG ON (NAME = a)", false},

	// participle folds case with strings.EqualFold: K is also the Kelvin
	// sign, s also the long s
	{"ALTER DATABASE x SET RECOVERY SIMPLE WITH ROLLBAC\u212a IMMEDIATE", true},
	{"ALTER DATABASE x \u017fET RECOVERY SIMPLE", true},
	{"USE \u017fet", true},
	{"DROP DATABASE IF EXI\u017fT\u017f x", true},
	{"ALTER DATABASE x SET TARGET_RECOVERY_TIME = 5 \u017fECONDS", true},

	// file specifications (through ALTER DATABASE ... MODIFY FILE)
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 10MB)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 10 MB);", true},
	{"alter database x modify file (name = a, size = 10 kb, maxsize = 2tb, filegrowth = 1 gb)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = N'a', NEWNAME = N'b', FILENAME = 'C:\\x\\b.mdf')", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = [a], MAXSIZE = UNLIMITED, FILEGROWTH = 10%)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, MAXSIZE = unlimited, FILEGROWTH = 10 %)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 1.5GB, MAXSIZE = 1e3MB, FILEGROWTH = 0x10)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 99999999999999999999TB, FILEGROWTH = 99999999999%)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = @s, MAXSIZE = $(max), FILEGROWTH = <g, int, 10>)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 'ten', MAXSIZE = N'x', FILEGROWTH = [10])", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, OFFLINE)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 10MB,)", true},
	{"ALTER DATABASE x MODIFY FILE ()", true},
	{"ALTER DATABASE x MODIFY FILE (Unknown = 1, Other, NAME = a)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 5 \u212aB)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 5 [MB])", false},
	{"ALTER DATABASE x MODIFY FILE\n(\n    NAME = a, -- the data file\n    SIZE = 10MB /* grow */\n);\nGO", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a) SET", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a); ALTER DATABASE y MODIFY FILE (NAME = b)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = a) x y", true},
	{"ALTER DATABASE x MODIFY FILE", false},
	{"ALTER DATABASE x MODIFY FILE NAME = a", false},
	{"ALTER DATABASE x MODIFY FILE (", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a,", false},
	{"ALTER DATABASE x MODIFY FILE (NAME =)", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a,,)", false},
	{"ALTER DATABASE x MODIFY FILE (,)", false},
	{"ALTER DATABASE x MODIFY FILE (NAME a)", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a b)", false},
	{"ALTER DATABASE x MODIFY FILE (SIZE = -1)", false},
	{"ALTER DATABASE x MODIFY FILE (SIZE = 10 MB MB)", false},
	{"ALTER DATABASE x MODIFY FILE ([NAME] = a)", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a; SIZE = 1)", false},
	{"ALTER DATABASE x MODIFY FILE (NAME = a), (NAME = b)", true},
	{"ALTER DATABASE x MODIFY FILE (NAME = 'a' + 'b')", false},
	{"ALTER DATABASE x MODIFY FILE (SIZE = 10%=)", false},

	// ALTER DATABASE ADD FILE / ADD LOG FILE
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP fg", true},
	{"ALTER DATABASE x ADD LOG FILE (NAME = a)", true},
	{"ALTER DATABASE [Sales] ADD FILE (NAME = N'f1', FILENAME = N'D:\\Data\\f1.ndf', SIZE = 1GB) TO FILEGROUP [FG1]", true},
	{"ALTER DATABASE Sales ADD FILE (NAME = f1, FILENAME = 'a.ndf'), (NAME = f2, FILENAME = 'b.ndf') TO FILEGROUP fg;", true},
	{"ALTER DATABASE CURRENT ADD FILE (NAME = f1);", true},
	{"alter database [$(DatabaseName)] add file (name = f1, size = 5mb, maxsize = 100mb, filegrowth = 5mb) to filegroup [$(fg)]", true},
	{"ALTER DATABASE x ADD FILE (NAME = a)\nTO\nFILEGROUP\n@fg\nGO", true},
	{"ALTER DATABASE Sales ADD LOG FILE (NAME = l1, FILENAME = 'l1.ldf', SIZE = 5MB, MAXSIZE = 100MB, FILEGROWTH = 5MB), (NAME = l2, FILENAME = 'l2.ldf');", true},
	{"ALTER DATABASE x ADD LOG FILE (NAME = l) TO FILEGROUP fg", true},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP fg CHECKPOINT", true},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP fg; ALTER DATABASE x SET y", true},
	{"ALTER DATABASE x ADD FILE (NAME = a) x", true},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO", false},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO x", false},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP", false},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP FILE", false},
	{"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP 'fg'", false},
	{"ALTER DATABASE x ADD FILE (NAME = a),", false},
	{"ALTER DATABASE x ADD FILE (NAME = a), TO FILEGROUP fg", false},
	{"ALTER DATABASE x ADD FILE", false},
	{"ALTER DATABASE x ADD FILE NAME = a", false},
	{"ALTER DATABASE x ADD FILE (NAME = a", false},
	{"ALTER DATABASE x ADD LOG FILE", false},
	{"ALTER DATABASE x ADD LOG (NAME = a)", false},
	{"ALTER DATABASE x ADD LOG FILE (NAME = a),", false},
	{"ALTER DATABASE x ADD LOG FILE (NAME = a) (NAME = b)", true},

	// CREATE DATABASE
	{"CREATE DATABASE x", true},
	{"create database x;", true},
	{"CREATE DATABASE [Sales DB];\nGO", true},
	{"CREATE DATABASE $(DatabaseName)", true},
	{"CREATE DATABASE <database_name, sysname, db> COLLATE Latin1_General_CI_AS", true},
	{"CREATE DATABASE x COLLATE [Latin1_General_100_CI_AS_SC_UTF8];", true},
	{"CREATE DATABASE x CONTAINMENT = PARTIAL", true},
	{"CREATE DATABASE x CONTAINMENT = none COLLATE Latin1_General_CI_AS", true},
	{"CREATE DATABASE x ON (NAME = a, FILENAME = 'a.mdf')", true},
	{"CREATE DATABASE [Sales1]\n    ON PRIMARY (NAME = N'Sales1', FILENAME = N'D:\\Data\\Sales1.mdf', SIZE = 512MB, FILEGROWTH = 64MB)\n    LOG ON (NAME = N'Sales1_log', FILENAME = N'L:\\Log\\Sales1.ldf', SIZE = 256MB, FILEGROWTH = 10%)\nGO", true},
	{"CREATE DATABASE Sales ON PRIMARY (NAME = s1, FILENAME = 's1.mdf', SIZE = 10, MAXSIZE = 50, FILEGROWTH = 15%), (NAME = s2, FILENAME = 's2.ndf'), FILEGROUP SalesGroup1 (NAME = g1, FILENAME = 'g1.ndf'), (NAME = g2, FILENAME = 'g2.ndf'), FILEGROUP SalesGroup2 DEFAULT (NAME = g3, FILENAME = 'g3.ndf') LOG ON (NAME = l, FILENAME = 'l.ldf', SIZE = 5MB, MAXSIZE = 25MB, FILEGROWTH = 5MB), (NAME = l2, FILENAME = 'l2.ldf');", true},
	{"CREATE DATABASE Archive ON PRIMARY (NAME = a, FILENAME = 'a.mdf'), FILEGROUP fs CONTAINS FILESTREAM (NAME = f, FILENAME = 'c:\\fs'), FILEGROUP mo contains memory_optimized_data default (NAME = m, FILENAME = 'c:\\mo') LOG ON (NAME = l, FILENAME = 'l.ldf')", true},
	{"CREATE DATABASE x ON [PRIMARY] (NAME = a)", false},
	{"CREATE DATABASE x LOG ON (NAME = l) ON PRIMARY (NAME = a) COLLATE c", true},
	{"CREATE DATABASE x ON (NAME = a) FOR ATTACH", true},
	{"CREATE DATABASE x ON (FILENAME = 'a.mdf'), (FILENAME = 'a.ldf') FOR ATTACH_REBUILD_LOG;", true},
	{"CREATE DATABASE x ON (NAME = a) FOR ATTACH WITH ENABLE_BROKER", true},
	{"CREATE DATABASE x WITH TRUSTWORTHY ON, DB_CHAINING ON, DEFAULT_LANGUAGE = us_english, NESTED_TRIGGERS = OFF", true},
	{"CREATE DATABASE x COLLATE c WITH CATALOG_COLLATION = DATABASE_DEFAULT, LEDGER = ON;", true},
	{"CREATE DATABASE x WITH FILESTREAM (NON_TRANSACTED_ACCESS = FULL, DIRECTORY_NAME = N'x'), PERSISTENT_LOG_BUFFER = ON (DIRECTORY_NAME = 'd:\\pmem')", true},
	{"CREATE DATABASE x WITH TRUSTWORTHY ON LOG ON (NAME = l)", true},
	{"CREATE DATABASE x WITH A () B, C (()) (,)", true},
	{"CREATE DATABASE x WITH A WITH B", true},
	{"CREATE DATABASE x WITH A = 1 ON (NAME = a)", true},
	{"CREATE DATABASE snap ON (NAME = a, FILENAME = 'a.ss') AS SNAPSHOT OF Sales;", true},
	{"CREATE DATABASE snap AS SNAPSHOT OF [$(db)]", true},
	{"create database snap as snapshot of @db collate x", true},
	{"CREATE DATABASE x CONTAINMENT = NONE ON PRIMARY (NAME = a) LOG ON (NAME = l) COLLATE c WITH DB_CHAINING OFF FOR ATTACH", true},
	{"CREATE DATABASE x COLLATE c COLLATE d CONTAINMENT = x CONTAINMENT = y", true},
	{"CREATE DATABASE x\n-- comment\nON /* c */ PRIMARY\n(\n  NAME = a, -- data\n  FILENAME = 'a.mdf'\n)\nLOG ON\n(\n  NAME = l,\n  FILENAME = 'l.ldf'\n);\nGO\nUSE x", true},
	{"CREATE DATABASE x ON (NAME = a) x y", true},
	{"CREATE DATABASE x ON (NAME = a) SELECT 1", true},
	{"CREATE DATABASE x; CREATE DATABASE y", true},
	{"CREATE DATABASE x ON ()", true},
	{"CREATE DATABASE x ON (NAME = a,) LOG ON (NAME = l,)", true},
	{"CREATE DATABASE x AS COPY OF y", false},
	{"CREATE DATABASE x AS COPY OF srv.y (SERVICE_OBJECTIVE = 'S0')", false},
	{"CREATE DATABASE x (EDITION = 'Standard', SERVICE_OBJECTIVE = ELASTIC_POOL(name = [p]))", false},
	{"CREATE DATABASE x COLLATE c (MAXSIZE = 10 GB)", false},
	{"CREATE DATABASE", false},
	{"CREATE DATABASE ON (NAME = a)", false},
	{"CREATE DATABASE 'x'", false},
	{"CREATE DATABASE x ON", false},
	{"CREATE DATABASE x ON PRIMARY", false},
	{"CREATE DATABASE x ON PRIMARY LOG ON (NAME = l)", false},
	{"CREATE DATABASE x ON (NAME = a),", false},
	{"CREATE DATABASE x ON (NAME = a), LOG ON (NAME = l)", false},
	{"CREATE DATABASE x ON FILEGROUP (NAME = a)", false},
	{"CREATE DATABASE x ON FILEGROUP fg", false},
	{"CREATE DATABASE x ON FILEGROUP fg CONTAINS x (NAME = a)", false},
	{"CREATE DATABASE x ON FILEGROUP fg CONTAINS (NAME = a)", false},
	{"CREATE DATABASE x ON FILEGROUP fg DEFAULT DEFAULT (NAME = a)", false},
	{"CREATE DATABASE x ON (NAME = a", false},
	{"CREATE DATABASE x ON (NAME = a) LOG", false},
	{"CREATE DATABASE x ON (NAME = a) LOG (NAME = l)", false},
	{"CREATE DATABASE x LOG ON", false},
	{"CREATE DATABASE x LOG ON (NAME = l),", false},
	{"CREATE DATABASE x CONTAINMENT", false},
	{"CREATE DATABASE x CONTAINMENT = 'NONE'", false},
	{"CREATE DATABASE x CONTAINMENT NONE", false},
	{"CREATE DATABASE x COLLATE", false},
	{"CREATE DATABASE x COLLATE 'c'", false},
	{"CREATE DATABASE x WITH", false},
	{"CREATE DATABASE x WITH 5", false},
	{"CREATE DATABASE x WITH A,", false},
	{"CREATE DATABASE x WITH A (", false},
	{"CREATE DATABASE x WITH A (b; c)", false},
	{"CREATE DATABASE x FOR", false},
	{"CREATE DATABASE x FOR ATTACH_FORCE_REBUILD_LOG", true},
	{"CREATE DATABASE x FOR ATTACHED", false},
	{"CREATE DATABASE x AS", false},
	{"CREATE DATABASE x AS SNAPSHOT", false},
	{"CREATE DATABASE x AS SNAPSHOT OF", false},
	{"CREATE DATABASE x AS SNAPSHOT OF FROM", false},
	{"CREATE DATABASE x AS SNAPSHOT y", false},

	// BACKUP
	{"BACKUP DATABASE x TO DISK = 'x'", true},
	{"BACKUP DATABASE [Sales1] TO DISK = N'B:\\Backup\\Sales1.bak' WITH COMPRESSION, CHECKSUM, STATS = 10", true},
	{"backup log x to disk = N'x.trn' with init, format;", true},
	{"BACKUP DATABASE x TO DISK = 'a', DISK = 'b', DISK = @c MIRROR TO DISK = 'm1', DISK = 'm2' MIRROR TO TAPE = '\\\\.\\tape0' WITH FORMAT", true},
	{"BACKUP DATABASE x TO URL = 'https://acct.blob.core.windows.net/c/x.bak' WITH CREDENTIAL = 'cred', COMPRESSION, MAXTRANSFERSIZE = 4194304, BLOCKSIZE = 65536", true},
	{"BACKUP DATABASE x TO MyDevice, [Other Device], @dev, $(dev)", true},
	{"BACKUP DATABASE x READ_WRITE_FILEGROUPS TO DISK = 'x'", true},
	{"BACKUP DATABASE x READ_WRITE_FILEGROUPS, FILEGROUP = 'fg1' TO DISK = 'x'", true},
	{"BACKUP DATABASE x FILE = 'f1', FILEGROUP = N'fg', PAGE = '1:57' TO DISK = 'x'", true},
	{"BACKUP DATABASE x, FILE = 'f1' TO DISK = 'x'", false},
	{"BACKUP DATABASE x FILE = 1 TO DISK = 5MB", true},
	{"BACKUP DATABASE @db TO DISK = @path WITH COPY_ONLY, NAME = N'Full backup', DESCRIPTION = 'x'", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH ENCRYPTION (ALGORITHM = AES_256, SERVER CERTIFICATE = BackupCert), STATS", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH COMPRESSION WITH STATS", true},
	{"BACKUP LOG x TO DISK = 'x' WITH norecovery", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH [quoted], checksum;", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH CHECKSUM, FILE", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH MOVE, CHECKSUM", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH CHECKSUM, MOVE", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH CHECKSUM, SELECT", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH COMPRESSION; BACKUP LOG x TO DISK = 'y'", true},
	{"BACKUP DATABASE x TO DISK = 'x'\nCHECKPOINT", true},
	{"BACKUP DATABASE x", false},
	{"BACKUP DATABASE x;", false},
	{"BACKUP DATABASE x WITH COPY_ONLY", false},
	{"BACKUP DATABASE x MIRROR TO DISK = 'm'", false},
	{"BACKUP DATABASE x TO MIRROR TO DISK = 'm'", true},
	{"BACKUP DATABASE x TO DISK = 'x' x y", true},
	{"BACKUP DATABASE x TO DISK = 'x' WITH A = (1, (2)) B, C = 'it''s', D = N'x' + 'y'", false},
	{"BACKUP\nDATABASE\n[x]\nTO\nDISK\n=\n'x'\nWITH\nINIT\n;", true},
	{"BACKUP DATABASE x TO disk = 'x' WITH STATS = 5 -- comment\n, /* c */ CHECKSUM", true},
	{"BACKUP DATABASE", false},
	{"BACKUP DATABASE TO DISK = 'x'", false},
	{"BACKUP DATABASE 'x' TO DISK = 'x'", false},
	{"BACKUP DATABASE x TO", false},
	{"BACKUP DATABASE x TO DISK", false},
	{"BACKUP DATABASE x TO DISK 'x'", false},
	{"BACKUP DATABASE x TO DISK =", false},
	{"BACKUP DATABASE x TO DISK = (", false},
	{"BACKUP DATABASE x TO DISK = 'x',", false},
	{"BACKUP DATABASE x TO DISK = 'x', WITH INIT", false},
	{"BACKUP DATABASE x TO FROM", false},
	{"BACKUP DATABASE x TO DISK = 'x' MIRROR", false},
	{"BACKUP DATABASE x TO DISK = 'x' MIRROR DISK = 'y'", false},
	{"BACKUP DATABASE x TO DISK = 'x' MIRROR TO", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH INIT,", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH 'x'", false},
	{"BACKUP DATABASE x TO DISK = 'x' WITH A (", false},
	{"BACKUP DATABASE x FILE TO DISK = 'x'", false},
	{"BACKUP DATABASE x FILE = TO DISK = 'x'", false},
	{"BACKUP DATABASE x FILE = 'a', TO DISK = 'x'", false},
	{"BACKUP DATABASE x FILE = 'a', FILE TO DISK = 'x'", false},
	{"BACKUP DATABASE x, , TO DISK = 'x'", false},

	// RESTORE
	{"RESTORE DATABASE x FROM DISK = 'x'", true},
	{"RESTORE DATABASE x FROM DISK = 'a' WITH MOVE 'a' TO 'b', REPLACE\r\nUSE x\r\n", true},
	{"RESTORE DATABASE [Sales] FROM DISK = N'B:\\Sales.bak' WITH FILE = 1, MOVE N'Sales' TO N'D:\\Data\\Sales.mdf', MOVE N'Sales_log' TO N'L:\\Log\\Sales.ldf', NORECOVERY, NOUNLOAD, STATS = 5;", true},
	{"restore log x from disk = 'x.trn' with stopat = '2024-01-01T12:00:00', recovery", true},
	{"RESTORE LOG x FROM DISK = 'a.trn', DISK = 'b.trn' WITH STOPATMARK = 'm' AFTER '2024-01-01'", true},
	{"RESTORE DATABASE x WITH RECOVERY;", true},
	{"RESTORE DATABASE x", true},
	{"RESTORE DATABASE x FILE = 'f1', FILEGROUP = 'fg' FROM TAPE = '\\\\.\\tape0' WITH NORECOVERY", true},
	{"RESTORE DATABASE x PAGE = '1:57, 1:202' FROM DISK = 'x' WITH NORECOVERY", true},
	{"RESTORE DATABASE x READ_WRITE_FILEGROUPS FROM DISK = 'x' WITH PARTIAL, NORECOVERY", true},
	{"RESTORE DATABASE x FILEGROUP = 'fg' READ_WRITE_FILEGROUPS FROM @dev", true},
	{"RESTORE DATABASE x FROM URL = 'https://a/b.bak' WITH CREDENTIAL = 'c'", true},
	{"RESTORE DATABASE x FROM DATABASE_SNAPSHOT = 'snap'", true},
	{"RESTORE DATABASE x FROM MyDevice WITH FILE = 2", true},
	{"RESTORE DATABASE @db FROM DISK = @path WITH MOVE @a TO @b, REPLACE", true},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH RECOVERY WITH x", true},
	{"RESTORE DATABASE x FROM DISK = 'x' x", true}, // answers; the splitter reports what is left over
	{"RESTORE DATABASE x FROM DISK = 'x'; RESTORE LOG x FROM DISK = 'y'", true},
	{"RESTORE DATABASE x, FILE = 'a' FROM DISK = 'x'", true},
	{"RESTORE DATABASE", false},
	{"RESTORE DATABASE FROM DISK = 'x'", false},
	{"RESTORE DATABASE x FROM", false},
	{"RESTORE DATABASE x FROM DISK", false},
	{"RESTORE DATABASE x FROM DISK = 'x',", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE 'a' TO 'b',", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE ('a'", false},
	{"RESTORE DATABASE x FILE FROM DISK = 'x'", false},
	{"RESTORE DATABASE x FILE = 'a', FROM DISK = 'x'", false},
	{"RESTORE DATABASE x FROM TO", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE 'a' TO 'b', MOVE N'c' TO @d, REPLACE, STATS = 10", true},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE $(a) TO 'b'", true},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH STANDBY = N'D:\\undo.dat', STATS, CHECKSUM, FILE = @f", true},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH FILESTREAM (DIRECTORY_NAME = x), KEEP_CDC, NEW_BROKER", true},
	{"RESTORE LOG x FROM DISK = 'x' WITH STOPBEFOREMARK = 'lsn:15000000040000037' AFTER @dt, NORECOVERY", true},
	{"RESTORE DATABASE x READ_WRITE_FILEGROUPS, FILEGROUP = 'fg' FROM DISK = 'x' WITH PARTIAL", true},
	{"RESTORE DATABASE x FILE = 'a', READ_WRITE_FILEGROUPS FROM DISK = 'x'", true},
	{"RESTORE DATABASE x FROM DATABASE_SNAPSHOT = @snap", true},
	{"RESTORE FILELISTONLY FROM DISK = 'x'", true},
	{"restore headeronly from disk = N'x.bak' with file = 1;", true},
	{"RESTORE VERIFYONLY FROM DISK = 'a', DISK = @b WITH CHECKSUM, LOADHISTORY", true},
	{"RESTORE LABELONLY FROM TAPE = '\\\\.\\tape0'", true},
	{"RESTORE REWINDONLY FROM MyTape WITH UNLOAD", true},
	{"RESTORE VERIFYONLY FROM $(dev)", true},
	{"RESTORE FILELISTONLY", false},
	{"RESTORE FILELISTONLY DISK = 'x'", false},
	{"RESTORE VERIFYONLY FROM", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE 'a'", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE 'a' TO", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE, REPLACE", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH STATS =", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH STOPATMARK = 'm' AFTER", false},
	{"RESTORE DATABASE x FROM DISK = 'x' WITH FILESTREAM (", false},
}

// fastErrors are malformed statements the fast path must decline, so that
// participle reports them (SL001).
var fastErrors = []string{
	"ALTER DATABASE x MODIFY FILE (",
	"ALTER DATABASE x MODIFY FILE (NAME = a",
	"ALTER DATABASE x MODIFY FILE (NAME = a,",
	"ALTER DATABASE x MODIFY FILE (NAME =)",
	"ALTER DATABASE x MODIFY FILE (NAME = a,,)",
	"ALTER DATABASE x MODIFY FILE (,)",
	"ALTER DATABASE x MODIFY FILE (NAME a)",
	"ALTER DATABASE x MODIFY FILE (NAME = a b)",
	"ALTER DATABASE x MODIFY FILE (SIZE = -1)",
	"ALTER DATABASE x MODIFY FILE (SIZE = 10 MB MB)",
	"ALTER DATABASE x MODIFY FILE (SIZE = 5 [MB])",
	"ALTER DATABASE x MODIFY FILE ([NAME] = a)",
	"ALTER DATABASE x MODIFY FILE (NAME = a; SIZE = 1)",
	"ALTER DATABASE x MODIFY FILE (NAME = 'a' + 'b')",
	"ALTER DATABASE x MODIFY FILE (SIZE = 10%=)",
	"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP",
	"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP FILE",
	"ALTER DATABASE x ADD FILE (NAME = a) TO FILEGROUP 'fg'",
	"ALTER DATABASE x ADD FILE (NAME = a",
	"ALTER DATABASE x ADD LOG FILE",
	"ALTER DATABASE x ADD LOG FILE (NAME = a, SIZE = 1 MB; ",
	"CREATE DATABASE",
	"CREATE DATABASE ON (NAME = a)",
	"CREATE DATABASE 'x'",
	"CREATE DATABASE x ON PRIMARY",
	"CREATE DATABASE x ON PRIMARY LOG ON (NAME = l)",
	"CREATE DATABASE x ON FILEGROUP fg",
	"CREATE DATABASE x ON FILEGROUP fg CONTAINS x (NAME = a)",
	"CREATE DATABASE x ON FILEGROUP fg DEFAULT DEFAULT (NAME = a)",
	"CREATE DATABASE x ON (NAME = a",
	"CREATE DATABASE x ON (NAME = a, FILENAME = 'a.mdf') LOG ON (NAME = l FILENAME = 'l.ldf')",
	"CREATE DATABASE x LOG ON",
	"CREATE DATABASE x CONTAINMENT = 'NONE'",
	"CREATE DATABASE x WITH A (b; c)",
	"CREATE DATABASE x AS SNAPSHOT OF",
	"CREATE DATABASE x AS SNAPSHOT OF FROM",
	"BACKUP DATABASE",
	"BACKUP DATABASE TO DISK = 'x'",
	"BACKUP DATABASE 'x' TO DISK = 'x'",
	"BACKUP DATABASE x TO DISK =",
	"BACKUP DATABASE x TO DISK = (",
	"BACKUP DATABASE x TO DISK = 'x' MIRROR TO",
	"BACKUP DATABASE x FILE = 'a', FILE TO DISK = 'x'",
	"RESTORE DATABASE",
	"RESTORE DATABASE FROM DISK = 'x'",
	"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE ('a'",
	"RESTORE DATABASE x FROM DISK = ; ",
}

// brokenStatements are statements of interest that must be SL001, with and
// without the fast path, whatever part of their grammar is broken.
var brokenStatements = []string{
	// a WITH clause the grammar took for an option's words: inside
	// parentheses, and after a WITH that is none (hasWithClause looks
	// from the window's first WITH)
	"ALTER DATABASE Orders MODIFY FILEGROUP fg (x WITH XMLNAMESPACES (1))",
	"ALTER DATABASE Orders MODIFY FILEGROUP fg a WITH b WITH XMLNAMESPACES ('urn:x' AS ns) SELECT 1",
	"RESTORE DATABASE x FROM DISK = 'x' WITH REPLACE RECOVERY",
	"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE 'a' 'b'",
	"RESTORE DATABASE x FROM DISK = 'x' WITH MOVE, REPLACE",
	"RESTORE DATABASE x, FILE = 'a' FROM DISK = 'x'",
	"RESTORE DATABASE x FROM DISK = 'x' x",
	"RESTORE VERIFYONLY DISK = 'x'",
	"RESTORE HEADERONLY",
	"RESTORE FILELISTONLY FROM DISK = 'x' WITH FILE = 1 CHECKSUM",
	"CHECKPOINT abc;",
	// issue 9: keywords are not values, required clauses are required,
	// options are separated by commas
	"BACKUP DATABASE Orders TO DISK = WITH COPY_ONLY;",
	"BACKUP LOG Orders TO WITH INIT;",
	"BACKUP DATABASE Orders DISK = 'x.bak';",
	"RESTORE DATABASE Orders FROM DISK = WITH REPLACE;",
	"BACKUP DATABASE Orders TO DISK = 'x.bak' WITH COPY_ONLY COMPRESSION;",
	"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME = 0;",
	"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME = SECONDS;",
	"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME = 60 HOURS;",
	"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME 60 SECONDS;",
	"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME = 60 SECONDS RECOVERY FULL;",
	"ALTER DATABASE Orders SET RECOVERY SIMPLE WITH NO_WAIT x",
	"ALTER DATABASE Orders ADD FILE (NAME = a) TO FILEGROUP WITH",
	"ALTER DATABASE Orders MODIFY FILE (NAME = FILE, SIZE = 10MB)",
	"ALTER DATABASE Orders MODIFY FILE (NAME = a, SIZE = ON)",
	"CREATE DATABASE Orders WITH TRUSTWORTHY ON DB_CHAINING ON",
	"CREATE DATABASE Orders WITH DEFAULT_LANGUAGE = FROM",
	"CREATE DATABASE Orders ON (NAME = a) LOG ON (NAME = l) x",
	"BACKUP DATABASE Orders TO DISK = 'x' WITH STATS = 5 CHECKSUM",
	"BACKUP DATABASE Orders TO DISK = 'a' DISK = 'b'",
	"BACKUP DATABASE Orders FILE = ('a' 'b') TO DISK = 'x'",
	"BACKUP DATABASE Orders FILE = () TO DISK = 'x'",
	"BACKUP DATABASE Orders TO DISK = 'x' WITH NAME = SELECT",
	"RESTORE DATABASE Orders FROM DISK = 'x' WITH FILE = 1 NORECOVERY",
	"RESTORE DATABASE Orders FROM DISK = 'x' WITH MOVE 'a' TO WITH",
	"CHECKPOINT 10 20",
	"CHECKPOINT FROM",
	"DBCC TRACEON 3604",
	"DBCC TRACEON (3604) WITH x",
	"DBCC TRACEON (3604) 1",
	"USE Orders x",
	"USE FROM",
	"USE Orders WITH x",
	"USE Orders\nWITH c AS (SELECT 1 AS a) SELECT a FROM c",
	"CHECKPOINT\nWITH XMLNAMESPACES ('urn:x' AS ns) SELECT 1",
	"BACKUP LOG Orders TO DISK = 'x.trn'\nWITH c (a) AS (SELECT 1) SELECT a FROM c",
	"DROP DATABASE Orders Archive",
	"DROP DATABASE IF EXISTS Orders, SELECT",
	"ALTER DATABASE Orders ADD FILE NAME = a",
	"ALTER DATABASE Orders ADD LOG (NAME = a)",
	"ALTER DATABASE Orders REMOVE FILE",
	"ALTER DATABASE Orders MODIFY NAME Orders2",
	"ALTER DATABASE Orders MODIFY FILE NAME = a",
	"ALTER DATABASE Orders COLLATE",
	"ALTER DATABASE Orders SET",
	"ALTER DATABASE Orders SET ANSI_NULLS ON ANSI_PADDING ON",
	"ALTER DATABASE Orders SET ANSI_NULLS = OFF ANSI_PADDING ON WITH ROLLBACK IMMEDIATE",
	"ALTER DATABASE Orders SET AUTO_CREATE_STATISTICS ON (INCREMENTAL = OFF) AUTO_SHRINK OFF",
}

// validStatements are real-world forms that must parse, with and without the
// fast path.
var validStatements = []string{
	"BACKUP DATABASE d1 FILE = 'f1', FILE = ('f2', @v) TO TAPE = '\\\\.\\tape0'",
	"BACKUP DATABASE d1 FILEGROUP = (@a, @b) TO DISK = 'x.bak'",
	"BACKUP DATABASE x FILE = 'f' TO URL = 's3://bucket/x.bak' WITH CHECKSUM, INIT, FORMAT",
	"backup database x to DISK = 'NUL'",
	"BACKUP DATABASE x READ_WRITE_FILEGROUPS, FILEGROUP = 'fg1' TO DISK = 'x' WITH DIFFERENTIAL",
	"BACKUP LOG x TO DISK = @p WITH NO_TRUNCATE, NORECOVERY, STANDBY = 'u.dat', EXPIREDATE = @d, RETAINDAYS = 7",
	"BACKUP DATABASE x TO DISK = 'x' WITH ENCRYPTION (ALGORITHM = AES_256, SERVER CERTIFICATE = c), COMPRESSION (ALGORITHM = QAT_DEFLATE), STATS",
	"BACKUP DATABASE x TO DISK = 'a', DISK = 'b' MIRROR TO DISK = 'c', DISK = 'd' WITH FORMAT, MEDIANAME = N'm', DESCRIPTION = N'full'",
	"RESTORE DATABASE x FROM DISK = 'x' WITH FILE = 1, NOUNLOAD, REPLACE, STATS = 10",
	"ALTER DATABASE x SET TARGET_RECOVERY_TIME = 1 MINUTES",
	"ALTER DATABASE x SET TARGET_RECOVERY_TIME = $(trt) seconds, RECOVERY FULL",
	"ALTER DATABASE [$(DatabaseName)]\n    SET TARGET_RECOVERY_TIME = 0 SECONDS\n    WITH ROLLBACK IMMEDIATE;",
	"ALTER DATABASE CURRENT SET RECOVERY FULL, PAGE_VERIFY CHECKSUM, CURSOR_DEFAULT LOCAL",
	"ALTER DATABASE x SET QUERY_STORE = ON (OPERATION_MODE = READ_WRITE), HADR OFF",
	"ALTER DATABASE x MODIFY FILEGROUP [PRIMARY] DEFAULT",
	"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 10MB, MAXSIZE = UNLIMITED, FILEGROWTH = 10%)",
	"CREATE DATABASE x WITH TRUSTWORTHY ON, DB_CHAINING OFF, LEDGER = ON, CATALOG_COLLATION = DATABASE_DEFAULT",
	"CREATE DATABASE x WITH FILESTREAM (NON_TRANSACTED_ACCESS = FULL, DIRECTORY_NAME = N'x'), PERSISTENT_LOG_BUFFER = ON (DIRECTORY_NAME = 'd:\\pmem')",
	"CREATE DATABASE x WITH DEFAULT_LANGUAGE = us_english, NESTED_TRIGGERS = OFF, TWO_DIGIT_YEAR_CUTOFF = 2049, DEFAULT_FULLTEXT_LANGUAGE = 1033",
	"CREATE DATABASE SCOPED ON (NAME = a, FILENAME = 'a.mdf') FOR ATTACH",
	"CREATE DATABASE x AS COPY OF srv.y (SERVICE_OBJECTIVE = ELASTIC_POOL(NAME = [pool]))",
	"CREATE DATABASE x (EDITION = 'Standard', SERVICE_OBJECTIVE = 'S0')",
	"DBCC TRACEON (2371, - 1)",
	"dbcc traceon(1806, -1) WITH NO_INFOMSGS",
	"CHECKPOINT\nretry: PRINT 1",
	"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = 10MB)\nSET NOCOUNT ON",
	"ALTER DATABASE x ADD FILEGROUP fg\nSET @x = 1",
	"ALTER DATABASE x COLLATE Latin1_General_CI_AS\nSET XACT_ABORT ON",
	"ALTER DATABASE x SET RECOVERY FULL\nSET NOCOUNT OFF",
	"CHECKPOINT\n(SELECT 1) UNION (SELECT 2)",
	"USE x\nSEND ON CONVERSATION @h MESSAGE TYPE [m] (@b)",
	"USE x\nRECEIVE TOP (1) * FROM q",
	"USE x\nGET CONVERSATION GROUP @g FROM q",
	"USE x\nMOVE CONVERSATION @h TO @g",
	"USE x\nADD SIGNATURE TO p BY CERTIFICATE c",
	"checkpoint 12",
	"DROP DATABASE IF EXISTS Sales, [Archive];",
	"ALTER DATABASE x ADD SECONDARY ON SERVER s2 WITH (ALLOW_CONNECTIONS = ALL)",
	"ALTER DATABASE x REMOVE SECONDARY ON SERVER s2",
	"ALTER DATABASE x MODIFY (SERVICE_OBJECTIVE = 'S3', MAXSIZE = 250 GB)",
	"ALTER DATABASE x FAILOVER",
	"ALTER DATABASE x SET AUTO_CREATE_STATISTICS ON (INCREMENTAL = OFF), CHANGE_TRACKING = ON (CHANGE_RETENTION = 2 DAYS, AUTO_CLEANUP = ON)",
	"ALTER DATABASE x SET PARTNER OFF, HADR OFF, DATA_RETENTION ON, ACCELERATED_DATABASE_RECOVERY = ON (PERSISTENT_VERSION_STORE_FILEGROUP = [fg])",
	"ALTER DATABASE x SET PARTNER SAFETY FULL, PARTNER TIMEOUT 10, QUERY_STORE CLEAR ALL, HADR AVAILABILITY GROUP = [ag1]",
	// forms from real deployment scripts
	"CREATE DATABASE x ON PRIMARY (NAME = a, FILENAME = 'a.mdf', SIZE = 200Mb, FILEGROWTH = 15 %), FILEGROUP fs CONTAINS FILESTREAM DEFAULT (NAME = f, FILENAME = 'c:\\fs') LOG ON (NAME = l, SIZE = 65536Kb, MAXSIZE = 50 TB)",
	"ALTER DATABASE x MODIFY FILE (OFFLINE, NAME = a, NEWNAME = b)",
	"CREATE DATABASE x COLLATE Latin1_General_CI_AS WITH CATALOG_COLLATION = SQL_Latin1_General_CP1_CI_AS, LEDGER = ON",
	"CREATE DATABASE x CONTAINMENT = NONE ON (NAME = a) FOR ATTACH_REBUILD_LOG",
	"CREATE DATABASE snap ON (NAME = a, FILENAME = 'a.ss') AS SNAPSHOT OF [$(DatabaseName)]",
	"ALTER DATABASE [$(DatabaseName)] ADD FILEGROUP [FG1] CONTAINS MEMORY_OPTIMIZED_DATA",
	"ALTER DATABASE [$(DatabaseName)]\n    SET ANSI_NULLS ON,\n        ANSI_PADDING ON\n    WITH ROLLBACK IMMEDIATE;",
	"BACKUP DATABASE <database_name, sysname, db> TO DISK = N'<path, , x.bak>' WITH NOFORMAT, NOINIT, NAME = N'full', SKIP, NOREWIND, NOUNLOAD, STATS = 10",
	"RESTORE DATABASE [x] FROM DISK = N'x.bak' WITH FILE = 1, NOUNLOAD, STATS = 5",
}

// TestBrokenMessages: SL001 says in plain words what was expected, never
// with the grammar's own names.
func TestBrokenMessages(t *testing.T) {
	cases := []struct{ src, want string }{
		{"BACKUP DATABASE Orders TO DISK = WITH COPY_ONLY;", `unexpected keyword "WITH" where a value is expected (line 1, column 34)`},
		{"BACKUP DATABASE Orders DISK = 'x.bak';", `unexpected token "DISK" (expected "TO")`},
		{"BACKUP DATABASE Orders TO DISK = 'x' WITH COPY_ONLY COMPRESSION", `unexpected token "COMPRESSION" (expected a comma between options, or the end of the statement)`},
		{"ALTER DATABASE Orders SET ANSI_NULLS ON ANSI_PADDING ON", `unexpected token "ANSI_PADDING" (expected a comma between options, or the end of the statement)`},
		{"ALTER DATABASE Orders SET RECOVERY FULL WITH NO_WAIT x", `unexpected token "x" (expected the end of the statement)`},
		{"ALTER DATABASE Orders SET TARGET_RECOVERY_TIME = 0;", `(expected "SECONDS" or "MINUTES")`},
		{"CHECKPOINT abc;", `unexpected token "abc" (expected the end of the statement)`},
		{"RESTORE DATABASE x, FILE = 'a' FROM DISK = 'x'", `unexpected token "," (expected the end of the statement)`},
		{"ALTER DATABASE x ADD LOG FILE", `unexpected end of statement (expected a file specification (NAME = ..., FILENAME = ...))`},
		{"ALTER DATABASE x MODIFY FILE (NAME =)", `unexpected token ")" (expected a value after "=") (line 1, column 37)`},
		{"ALTER DATABASE x MODIFY FILE (NAME = FILE)", `unexpected keyword "FILE" where a value is expected (line 1, column 38)`},
		{"RESTORE HEADERONLY", `unexpected end of statement (expected "FROM")`},
		{"BACKUP LOG Orders TO WITH INIT;", `unexpected token "WITH" (expected a name)`},
		{"CREATE DATABASE Sales WITH TRUSTWORTHY ON\nWITH c AS (SELECT 1 AS a) SELECT a FROM c", `must follow a semicolon: end the CREATE DATABASE with ";" (line 2, column 1)`},
		{"CREATE DATABASE Sales ON (NAME = ) WITH c AS (SELECT 1 AS a) SELECT a FROM c", `unexpected token ")" (expected a value after "=")`},
	}
	for _, tc := range cases {
		r := ParseFile(NewFile("t.sql", tc.src), nil)
		if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Message, tc.want) {
			t.Errorf("%q: got %v, want a message with %q", tc.src, r.Diags, tc.want)
		}
	}
	grammarName := regexp.MustCompile(`\bG[A-Z][a-z]|<ident>|<reserved>|\(\?[!=]|@@`)
	for _, src := range append(append([]string{}, brokenStatements...), fastErrors...) {
		for _, d := range ParseFile(NewFile("t.sql", src), nil).Diags {
			if grammarName.MatchString(d.Message) {
				t.Errorf("%q: the message names the grammar: %s", src, d.Message)
			}
		}
	}
}

func TestValidStatements(t *testing.T) {
	for _, src := range validStatements {
		bothParses(t, "t.sql", src, &PreprocessOptions{Vars: map[string]string{"DatabaseName": "Sales", "trt": "60"}}, func(fast bool, r *Result) {
			if len(r.Diags) != 0 {
				t.Errorf("%q (fast path %v): %v", src, fast, r.Diags)
			}
			if len(r.Statements) == 0 || r.Statements[0].Node == nil {
				t.Errorf("%q (fast path %v): not parsed", src, fast)
			}
		})
	}
}

func TestBrokenStatements(t *testing.T) {
	for _, src := range brokenStatements {
		bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" {
				t.Errorf("%q (fast path %v): want one SL001, got %v", src, fast, r.Diags)
			}
			for _, st := range r.Statements {
				if st.Node != nil {
					t.Errorf("%q (fast path %v): a broken statement is still checked: %v", src, fast, st.Summary())
				}
			}
		})
	}
}

func TestFastPathErrors(t *testing.T) {
	for _, src := range fastErrors {
		s := Preprocess(NewFile("t.sql", src), nil)
		compareParses(t, s)
		var st fastStats
		compareBatches(t, s, true, &st)
		b := s.Batches[0]
		var sc Scanner
		toks := sc.Scan(b.Text)
		w := interestWindows(b, toks)[0]
		c := converter{b: b, toks: toks[w.i:w.end]}
		if _, _, ok := recognize(&c, w.kind, b.Text, toks[w.i:w.end]); ok {
			t.Errorf("%q: the fast path answered", src)
		}
		r := ParseScript(s)
		if len(r.Diags) == 0 || r.Diags[0].Rule != "SL001" {
			t.Errorf("%q: no SL001: %v", src, r.Diags)
		}
	}
}

// bothParses preprocesses src, checks that the fast path agrees with
// participle on it, and calls check with the parse of each (fast path on,
// then off).
func bothParses(t *testing.T, name, src string, opt *PreprocessOptions, check func(fast bool, r *Result)) {
	t.Helper()
	s := Preprocess(NewFile(name, src), opt)
	compareParses(t, s)
	for _, fast := range []bool{true, false} {
		var r *Result
		if fast {
			r = ParseScript(s)
		} else {
			withoutFastPath(func() { r = ParseScript(s) })
		}
		check(fast, r)
	}
}

// bothCreateDatabase parses src both ways, as bothParses, and gives check
// its first statement read as a CREATE DATABASE without diagnostics.
func bothCreateDatabase(t *testing.T, src string, check func(fast bool, cd *CreateDatabase)) {
	t.Helper()
	bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
		if len(r.Diags) != 0 {
			t.Errorf("%q (fast path %v): %v", src, fast, r.Diags)
			return
		}
		cd, ok := r.Statements[0].Node.(*CreateDatabase)
		if !ok {
			t.Errorf("%q (fast path %v): not read as CREATE DATABASE", src, fast)
			return
		}
		check(fast, cd)
	})
}

// withoutFastPath runs f with participle alone.
func withoutFastPath(f func()) {
	fastPath = false
	defer func() { fastPath = true }()
	f()
}

// parseFileFast parses src as t.sql with the fast path on, or with
// participle alone.
func parseFileFast(src string, fast bool) *Result {
	f := NewFile("t.sql", src)
	if fast {
		return ParseFile(f, nil)
	}
	var r *Result
	withoutFastPath(func() { r = ParseFile(f, nil) })
	return r
}

// referenceParse is participle's answer for a statement window.
func referenceParse(b *Batch, kind Kind, toks []Token) (node Node, n int, err error) {
	sp := splitter{b: b, text: b.Text}
	st := &Statement{Kind: kind, Batch: b}
	withoutFastPath(func() { n, err = sp.parse(st, toks) })
	return st.Node, n, err
}

// interestWindow is a statement of interest's place in a batch's tokens.
type interestWindow struct {
	i, end int
	kind   Kind
}

// interestWindows returns a window for every token where the splitter would
// parse a statement of interest if a statement could start there (a
// superset of the windows it really parses).
func interestWindows(b *Batch, toks []Token) []interestWindow {
	sp := splitter{b: b, text: b.Text, toks: toks}
	var out []interestWindow
	for i := range toks {
		kind := KindOther
		switch k := sp.kwAt(i); k {
		case kwCreate, kwAlter, kwDrop:
			if sp.isWord(i+1, "DATABASE") && !sp.lookAlike(i+2) {
				kind = map[kw]Kind{kwCreate: KindCreateDatabase, kwAlter: KindAlterDatabase, kwDrop: KindDropDatabase}[k]
			}
		case kwBackup, kwRestore:
			switch {
			case sp.isWord(i+1, "DATABASE"):
				kind = map[kw]Kind{kwBackup: KindBackupDatabase, kwRestore: KindRestoreDatabase}[k]
			case sp.isWord(i+1, "LOG"):
				kind = map[kw]Kind{kwBackup: KindBackupLog, kwRestore: KindRestoreLog}[k]
			case k == kwRestore && restoreOnly(&sp, i+1):
				kind = KindRestoreOnly
			}
		case kwDBCC:
			switch {
			case sp.isWord(i+1, "TRACEON"):
				kind = KindDBCCTraceOn
			case sp.isWord(i+1, "TRACEOFF"):
				kind = KindDBCCTraceOff
			}
		case kwCheckpoint:
			kind = KindCheckpoint
		case kwUse:
			kind = KindUse
		}
		if kind != KindOther {
			out = append(out, interestWindow{i: i, end: sp.window(i, kind), kind: kind})
		}
	}
	return out
}

// fastStats counts the windows compared and those the fast path answered;
// own and ownHits count only the windows the splitter itself would give
// (no prefix, no run-on past the end), by statement kind.
type fastStats struct {
	windows, hits int
	own, ownHits  map[Kind]int
}

func (st *fastStats) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d windows, %d on the fast path", st.windows, st.hits)
	total, hits := 0, 0
	for _, k := range []Kind{KindUse, KindCheckpoint, KindDBCCTraceOn, KindDBCCTraceOff, KindDropDatabase,
		KindAlterDatabase, KindCreateDatabase, KindBackupDatabase, KindBackupLog, KindRestoreDatabase, KindRestoreLog, KindRestoreOnly} {
		if st.own[k] > 0 {
			fmt.Fprintf(&sb, "\n  %-16s %5d of %5d own windows on the fast path", k, st.ownHits[k], st.own[k])
			total += st.own[k]
			hits += st.ownHits[k]
		}
	}
	if total > 0 {
		fmt.Fprintf(&sb, "\n  all: %d of %d own windows (%.1f%%)", hits, total, 100*float64(hits)/float64(total))
	}
	return sb.String()
}

// compareWindow runs the fast path on toks and, when it answers, checks
// that participle gives the same node and token count without error.
func compareWindow(t testing.TB, b *Batch, kind Kind, toks []Token, st *fastStats) bool {
	t.Helper()
	st.windows++
	c := converter{b: b, toks: toks}
	node, n, ok := recognize(&c, kind, b.Text, toks)
	if !ok {
		if node != nil || n != 0 {
			t.Errorf("%q: declined with a node or a count", windowText(b, toks))
		}
		return false
	}
	st.hits++
	text := windowText(b, toks)
	want, wn, err := referenceParse(b, kind, toks)
	if err != nil {
		t.Errorf("%s %q: fast path answered, participle fails: %v", kind, text, err)
		return true
	}
	if n != wn {
		t.Errorf("%s %q: fast path consumed %d tokens, participle %d", kind, text, n, wn)
	}
	if !reflect.DeepEqual(node, want) {
		t.Errorf("%s %q: nodes differ\nfast:       %s\nparticiple: %s", kind, text, dumpNode(node), dumpNode(want))
	}
	return true
}

func windowText(b *Batch, toks []Token) string {
	if len(toks) == 0 {
		return ""
	}
	return b.Text[toks[0].Start:toks[len(toks)-1].End]
}

// dumpNode shows a node with its spans, which JSON leaves out.
func dumpNode(n Node) string {
	data, _ := json.Marshal(n)
	return fmt.Sprintf("%s %+v", data, n)
}

// compareBatches compares the fast path with participle on every window
// of every batch of s, and on every prefix of those windows when prefixes
// is set (a prefix is what the window would be if the statement stopped
// there).
func compareBatches(t testing.TB, s *Script, prefixes bool, st *fastStats) {
	t.Helper()
	var sc Scanner
	for _, b := range s.Batches {
		toks := append([]Token(nil), sc.Scan(b.Text)...)
		for _, w := range interestWindows(b, toks) {
			if st.own == nil {
				st.own, st.ownHits = map[Kind]int{}, map[Kind]int{}
			}
			st.own[w.kind]++
			if compareWindow(t, b, w.kind, toks[w.i:w.end], st) {
				st.ownHits[w.kind]++
			}
			if w.end < len(toks) {
				// not a window the splitter makes: running on past its end
				// puts words such as IF and SELECT where names go
				compareWindow(t, b, w.kind, toks[w.i:min(w.end+16, len(toks))], st)
			}
			if prefixes {
				for j := w.i + 1; j < w.end; j++ {
					compareWindow(t, b, w.kind, toks[w.i:j], st)
				}
			}
		}
	}
}

// compareParses parses s with and without the fast path and checks that
// the results are the same: statements, nodes, spans and diagnostics.
func compareParses(t testing.TB, s *Script) {
	t.Helper()
	got := ParseScript(s)
	var want *Result
	withoutFastPath(func() { want = ParseScript(s) })
	if len(got.Statements) != len(want.Statements) {
		t.Errorf("%s: %d statements with the fast path, %d without", s.File.Path, len(got.Statements), len(want.Statements))
		return
	}
	for i := range got.Statements {
		if g, w := got.Statements[i], want.Statements[i]; !reflect.DeepEqual(g, w) {
			t.Errorf("%s: statement %d differs\nfast:       %v %s\nparticiple: %v %s", s.File.Path, i, g.Summary(), dumpNode(g.Node), w.Summary(), dumpNode(w.Node))
		}
	}
	if !reflect.DeepEqual(got.Diags, want.Diags) {
		t.Errorf("%s: diagnostics differ\nfast:       %v\nparticiple: %v", s.File.Path, got.Diags, want.Diags)
	}
}

func TestFastPathTable(t *testing.T) {
	var st fastStats
	for _, tc := range fastCases {
		s := Preprocess(NewFile("t.sql", tc.src), nil)
		compareParses(t, s)
		compareBatches(t, s, true, &st)
		// the statement's own window: does the fast path take it?
		var sc Scanner
		b := s.Batches[0]
		toks := sc.Scan(b.Text)
		ws := interestWindows(b, toks)
		if len(ws) == 0 {
			t.Errorf("%q: no statement of interest", tc.src)
			continue
		}
		w := ws[0]
		c := converter{b: b, toks: toks[w.i:w.end]}
		if _, _, ok := recognize(&c, w.kind, b.Text, toks[w.i:w.end]); ok != tc.fast {
			t.Errorf("%q: fast path answered %v, want %v", tc.src, ok, tc.fast)
		}
	}
	t.Logf("%v", &st)
	if st.hits == 0 {
		t.Error("the fast path never answered")
	}
}

// fixtureFiles returns testdata/parse/*.sql and testdata/rules/**/*.sql.
func fixtureFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.sql"))
	if err != nil {
		t.Fatal(err)
	}
	err = filepath.WalkDir(filepath.Join("..", "testdata", "rules"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sql") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	return files
}

// generatedAndFixtures returns a script of size bytes generated with seed
// at each density, then the text of every fixture.
func generatedAndFixtures(t *testing.T, seed uint64, size int, densities ...float64) []string {
	t.Helper()
	var texts []string
	for _, density := range densities {
		var sb strings.Builder
		if _, err := gencorpus.New(seed, density, 0).WriteTo(&sb, int64(size)); err != nil {
			t.Fatal(err)
		}
		texts = append(texts, sb.String())
	}
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	return texts
}

func compareFiles(t *testing.T, files []string, prefixes bool) fastStats {
	var st fastStats
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Decode(path, data)
		if err != nil {
			t.Fatal(err)
		}
		// with the variables defined, and without (names stay $(var))
		for _, opt := range []*PreprocessOptions{
			{Vars: map[string]string{"DatabaseName": "Sales"}},
			{Load: func(string) (*File, error) { return NewFile("inc.sql", "CHECKPOINT 1"), nil }},
		} {
			s := Preprocess(f, opt)
			compareParses(t, s)
			compareBatches(t, s, prefixes, &st)
		}
	}
	return st
}

func TestFastPathFixtures(t *testing.T) {
	st := compareFiles(t, fixtureFiles(t), true)
	t.Logf("%v", &st)
	if st.hits < 50 {
		t.Errorf("the fast path answered only %d times", st.hits)
	}
}

// TestFastPathCorpus compares on a folder of real scripts when
// SQLLINT_FAST_CORPUS names one (too big and too slow for every run).
func TestFastPathCorpus(t *testing.T) {
	dir := os.Getenv("SQLLINT_FAST_CORPUS")
	if dir == "" {
		t.Skip("set SQLLINT_FAST_CORPUS to a folder of .sql files")
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".sql") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("SQLLINT_FAST_CORPUS=%s: no .sql files there (it names a folder)", dir)
	}
	st := compareFiles(t, files, os.Getenv("SQLLINT_FAST_PREFIXES") != "")
	t.Logf("%d files, %v", len(files), &st)
}

// FuzzFastPath: for any input, the fast path and participle agree on
// every statement of interest the fast path answers, and the whole parse
// is the same with and without it.
func FuzzFastPath(f *testing.F) {
	for _, tc := range fastCases {
		f.Add(tc.src)
	}
	for _, src := range fastErrors {
		f.Add(src)
	}
	for _, src := range brokenStatements {
		f.Add(src)
	}
	for _, src := range validStatements {
		f.Add(src)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if !utf8.ValidString(src) {
			src = strings.ToValidUTF8(src, "?")
		}
		s := Preprocess(NewFile("fuzz.sql", src), &PreprocessOptions{Load: func(string) (*File, error) { return NewFile("inc.sql", "CHECKPOINT 1"), nil }})
		var st fastStats
		compareBatches(t, s, len(src) < 400, &st)
		compareParses(t, s)
	})
}

// simpleSQL is like ordinarySQL with interest, but its statements of
// interest are only the simple forms of an SSDT publish script.
func simpleSQL(size int) string {
	var sb strings.Builder
	for i := 0; sb.Len() < size; i++ {
		sb.WriteString(ordinarySQL(1, false))
		fmt.Fprintf(&sb, `USE [master];
GO
IF EXISTS (SELECT 1 FROM [master].[dbo].[sysdatabases] WHERE [name] = N'Sales%d')
    BEGIN
        ALTER DATABASE [Sales%d]
            SET ANSI_NULLS ON,
                ANSI_PADDING ON,
                ANSI_WARNINGS ON,
                ARITHABORT ON,
                CONCAT_NULL_YIELDS_NULL ON,
                QUOTED_IDENTIFIER ON,
                ANSI_NULL_DEFAULT ON,
                CURSOR_DEFAULT LOCAL
            WITH ROLLBACK IMMEDIATE;
        ALTER DATABASE [Sales%d] SET RECOVERY FULL WITH ROLLBACK IMMEDIATE;
        ALTER DATABASE [Sales%d] SET QUERY_STORE (QUERY_CAPTURE_MODE = ALL, DATA_FLUSH_INTERVAL_SECONDS = 900, INTERVAL_LENGTH_MINUTES = 60, MAX_PLANS_PER_QUERY = 200, CLEANUP_POLICY = (STALE_QUERY_THRESHOLD_DAYS = 367), MAX_STORAGE_SIZE_MB = 100)
            WITH ROLLBACK IMMEDIATE;
        ALTER DATABASE [Sales%d] SET TARGET_RECOVERY_TIME = 60 SECONDS WITH ROLLBACK IMMEDIATE;
    END
GO
ALTER DATABASE [Sales%d] ADD FILEGROUP [FG%d];
ALTER DATABASE CURRENT COLLATE Latin1_General_100_CI_AS;
CHECKPOINT 10;
DBCC TRACEON (3226, -1) WITH NO_INFOMSGS;
DROP DATABASE IF EXISTS [Old%d];
GO
USE [Sales%d];
GO
`, i, i, i, i, i, i, i, i, i)
	}
	return sb.String()
}

// BenchmarkParseSimple is BenchmarkParse on a file whose statements of
// interest all take the fast path.
func BenchmarkParseSimple(b *testing.B) {
	for _, fast := range []bool{true, false} {
		b.Run(map[bool]string{true: "fast", false: "participle"}[fast], func(b *testing.B) {
			f := NewFile("bench.sql", simpleSQL(1<<20))
			b.SetBytes(int64(len(f.Text)))
			b.ReportAllocs()
			fastPath = fast
			defer func() { fastPath = true }()
			for b.Loop() {
				ParseFile(f, nil)
			}
		})
	}
}

// BenchmarkStmt times one statement of interest, fast path against
// participle.
func BenchmarkStmt(b *testing.B) {
	stmts := []struct{ name, src string }{
		{"use", "USE [master];"},
		{"checkpoint", "CHECKPOINT 10;"},
		{"dbcc", "DBCC TRACEON (3226, -1) WITH NO_INFOMSGS;"},
		{"drop", "DROP DATABASE IF EXISTS Sales, [Archive];"},
		{"alter_set", "ALTER DATABASE [Sales] SET ANSI_NULLS ON, ANSI_PADDING ON, ANSI_WARNINGS ON, ARITHABORT ON WITH ROLLBACK IMMEDIATE;"},
		{"alter_trt", "ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 60 SECONDS WITH NO_WAIT"},
		{"alter_query_store", "ALTER DATABASE Sales SET QUERY_STORE (OPERATION_MODE = READ_WRITE, CLEANUP_POLICY = (STALE_QUERY_THRESHOLD_DAYS = 30))"},
		{"alter_filegroup", "ALTER DATABASE [Sales] ADD FILEGROUP [FG1] CONTAINS FILESTREAM;"},
		{"alter_add_file", "ALTER DATABASE [Sales1] ADD FILE (NAME = N'f1', FILENAME = N'D:\\Data\\f1.ndf', SIZE = 1GB) TO FILEGROUP [FG1]"},
		{"alter_modify_file", "ALTER DATABASE [Sales1] MODIFY FILE (NAME = N'Sales1_log', SIZE = 1024MB, MAXSIZE = UNLIMITED, FILEGROWTH = 10%);"},
		{"create", "CREATE DATABASE [Sales1]\n    ON PRIMARY (NAME = N'Sales1', FILENAME = N'D:\\Data\\Sales1.mdf', SIZE = 512MB, FILEGROWTH = 64MB)\n    LOG ON (NAME = N'Sales1_log', FILENAME = N'L:\\Log\\Sales1.ldf', SIZE = 256MB, FILEGROWTH = 10%)"},
		{"create_fg", "CREATE DATABASE Sales ON PRIMARY (NAME = s1, FILENAME = 's1.mdf'), FILEGROUP fg1 DEFAULT (NAME = g1, FILENAME = 'g1.ndf') LOG ON (NAME = l, FILENAME = 'l.ldf') COLLATE Latin1_General_100_CI_AS WITH TRUSTWORTHY OFF;"},
		{"backup", "BACKUP DATABASE [Sales1] TO DISK = N'B:\\Backup\\Sales1.bak' WITH COMPRESSION, CHECKSUM, STATS = 10"},
		{"restore", "RESTORE DATABASE [Sales] FROM DISK = N'B:\\Sales.bak' WITH FILE = 1, MOVE N'Sales' TO N'D:\\Data\\Sales.mdf', MOVE N'Sales_log' TO N'L:\\Log\\Sales.ldf', NORECOVERY, STATS = 5;"},
	}
	for _, sc := range stmts {
		s := Preprocess(NewFile("b.sql", sc.src), nil)
		bt := s.Batches[0]
		var scn Scanner
		toks := scn.Scan(bt.Text)
		w := interestWindows(bt, toks)[0]
		win := toks[w.i:w.end]
		b.Run(sc.name+"/fast", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c := converter{b: bt, toks: win}
				if _, _, ok := fastParse(&c, w.kind, bt.Text, win); !ok {
					b.Fatal("not on the fast path")
				}
			}
		})
		b.Run(sc.name+"/participle", func(b *testing.B) {
			b.ReportAllocs()
			sp := splitter{b: bt, text: bt.Text}
			st := &Statement{Kind: w.kind, Batch: bt}
			fastPath = false
			defer func() { fastPath = true }()
			for b.Loop() {
				if _, err := sp.parse(st, win); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestFollowedWithoutSemicolon: half of real statements have no semicolon,
// so a statement of interest is often followed directly by another
// statement. Whatever that statement is, the statement of interest parses
// and no SL001 is reported, but for a WITH (a common table expression),
// which SQL Server rejects there too.
func TestFollowedWithoutSemicolon(t *testing.T) {
	first := []string{
		"USE [Sales]", "CHECKPOINT", "CHECKPOINT 10", "DBCC TRACEON (3604)", "DBCC TRACEOFF (3604, -1) WITH NO_INFOMSGS",
		"DROP DATABASE IF EXISTS Old", "ALTER DATABASE Sales SET RECOVERY FULL", "ALTER DATABASE Sales SET ANSI_NULLS ON WITH NO_WAIT",
		"ALTER DATABASE Sales MODIFY FILE (NAME = a, SIZE = 10MB)", "ALTER DATABASE Sales ADD FILEGROUP fg",
		"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 60 SECONDS",
		"CREATE DATABASE Sales ON (NAME = a, FILENAME = 'a.mdf') LOG ON (NAME = l, FILENAME = 'l.ldf')",
		"CREATE DATABASE Sales WITH TRUSTWORTHY ON", "BACKUP DATABASE Sales TO DISK = 'x.bak' WITH COPY_ONLY, INIT",
		"BACKUP LOG Sales TO DISK = 'x.trn'", "RESTORE DATABASE Sales FROM DISK = 'x.bak' WITH REPLACE",
		"RESTORE VERIFYONLY FROM DISK = 'x.bak'", "RESTORE DATABASE Sales WITH RECOVERY",
	}
	next := []string{
		"SELECT 1", "PRINT 'x'", "EXEC sp_who", "EXECUTE ('SELECT 1')", "SET NOCOUNT ON", "SET @x = 1", "IF 1 = 1 PRINT 1",
		"DECLARE @x int", "WAITFOR DELAY '00:00:01'", "RAISERROR ('x', 0, 1) WITH NOWAIT", "BEGIN TRAN", "BEGIN TRANSACTION t",
		"COMMIT", "ROLLBACK", "INSERT INTO t VALUES (1)", "UPDATE t SET a = 1", "DELETE FROM t", "TRUNCATE TABLE t",
		"MERGE t USING s ON t.a = s.a WHEN MATCHED THEN DELETE;", "CREATE TABLE t (a int)", "ALTER TABLE t ADD c int",
		"DROP TABLE t", "GRANT SELECT ON t TO u", "DENY SELECT ON t TO u", "REVOKE SELECT ON t FROM u",
		"WITH c AS (SELECT 1 AS a) SELECT a FROM c", "WITH c (a) AS (SELECT 1) SELECT a FROM c", "THROW 50000, 'x', 1",
		"WITH XMLNAMESPACES ('urn:x' AS ns) SELECT 1",
		"WITH CHANGE_TRACKING_CONTEXT (@ctx) UPDATE t SET a = 1",
		"RETURN", "BEGIN SELECT 1 END", "retry: PRINT 1", "GOTO retry", "OPEN c", "FETCH NEXT FROM c INTO @x", "CLOSE c",
		"DEALLOCATE c", "KILL 55", "RECONFIGURE", "BULK INSERT t FROM 'f'", "ENABLE TRIGGER tr ON t", "DISABLE TRIGGER tr ON t",
		"UPDATE STATISTICS t", "DBCC CHECKDB (Sales) WITH NO_INFOMSGS", "CHECKPOINT", "USE master", "SAVE TRANSACTION s",
		"BACKUP DATABASE Sales TO DISK = 'y.bak'", "RESTORE HEADERONLY FROM DISK = 'y.bak'", "DROP DATABASE x",
		"CREATE DATABASE y", "ALTER DATABASE y SET OFFLINE", "BACKUP CERTIFICATE c TO FILE = 'c.cer'", "REVERT",
		"WHILE 1 = 0 BREAK", "TRUNCATE TABLE dbo.t", "SETUSER", "SHUTDOWN WITH NOWAIT",
	}
	for _, a := range first {
		for _, b := range next {
			for _, sep := range []string{"\n", " "} {
				src := a + sep + b
				s := Preprocess(NewFile("t.sql", src), nil)
				r := ParseScript(s)
				if strings.HasPrefix(b, "WITH") {
					// SQL Server's error 319: a WITH that starts a statement
					// must follow a semicolon
					if len(r.Diags) != 1 || !strings.Contains(r.Diags[0].Message, "must follow a semicolon") {
						t.Errorf("%q: %v", src, r.Diags)
					}
					if r := ParseScript(Preprocess(NewFile("t.sql", a+";"+sep+b), nil)); len(r.Diags) != 0 {
						t.Errorf("%q with a semicolon: %v", src, r.Diags)
					}
					continue
				}
				if len(r.Diags) != 0 {
					t.Errorf("%q: %v", src, r.Diags)
					continue
				}
				if len(r.Statements) == 0 || r.Statements[0].Node == nil {
					t.Errorf("%q: the first statement is not parsed", src)
				}
			}
		}
	}
}

// BenchmarkRecognize is the fast path alone on the statements of interest
// of a dense deployment script, one form at a time.
func BenchmarkRecognize(b *testing.B) {
	for _, bc := range []struct {
		name string
		kind Kind
		src  string
	}{
		{"add_file", KindAlterDatabase, `ALTER DATABASE [Sales] ADD FILE (NAME = N'Sales_1_2', FILENAME = N'D:\Data\Sales_1_2.ndf', SIZE = 512MB, FILEGROWTH = 64MB) TO FILEGROUP [PRIMARY];`},
		{"modify_file", KindAlterDatabase, `ALTER DATABASE [Sales] MODIFY FILE (NAME = N'Sales_log', SIZE = 1024MB, FILEGROWTH = 10%);`},
		{"set", KindAlterDatabase, `ALTER DATABASE [Sales] SET TARGET_RECOVERY_TIME = 60 SECONDS;`},
		{"create", KindCreateDatabase, `CREATE DATABASE [Sales_1_2] ON PRIMARY (NAME = N'd2', FILENAME = N'D:\Data\d1_2.mdf', SIZE = 512MB) LOG ON (NAME = N'l2', FILENAME = N'L:\Log\l1_2.ldf', SIZE = 256MB, FILEGROWTH = 64MB);`},
		{"backup", KindBackupDatabase, `BACKUP DATABASE [Sales] TO DISK = N'B:\Backup\Sales_12.bak' WITH COMPRESSION, CHECKSUM;`},
		{"dbcc", KindDBCCTraceOn, `DBCC TRACEON (3226, -1);`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			bt := &Batch{Text: bc.src, Segs: []Segment{{File: NewFile("b.sql", bc.src)}}}
			var sc Scanner
			toks := sc.Scan(bc.src)
			b.ReportAllocs()
			for b.Loop() {
				c := converter{b: bt, toks: toks}
				if _, _, ok := recognize(&c, bc.kind, bc.src, toks); !ok {
					b.Fatal("the fast path declined")
				}
			}
		})
	}
}

// fastArena.reset resets only the slabs the recognizer of the statement's
// kind puts values in: after every window (and window prefix, and window
// run on past its end) of a generated dense script and of every fixture,
// recognized in one arena, every slab of it is empty. A slab a recognizer
// fills that its kind's reset leaves alone would grow a chunk at a time.
func TestFastArenaResetsWhatItUses(t *testing.T) {
	a := new(fastArena)
	v := reflect.ValueOf(a).Elem()
	var slabs []int
	for i := range v.NumField() {
		if name := v.Type().Field(i).Name; strings.HasPrefix(name, "s_") || strings.HasPrefix(name, "l_") {
			slabs = append(slabs, i)
		}
	}
	used := map[string]bool{}
	run := func(b *Batch, kind Kind, toks []Token) {
		c := converter{b: b, toks: toks, fast: a}
		fastParse(&c, kind, b.Text, toks)
		for _, i := range slabs {
			if n := v.Field(i).Field(0).Len(); n != 0 {
				t.Fatalf("%s %q: %s holds %d values after the statement", kind, windowText(b, toks), v.Type().Field(i).Name, n)
			}
			if v.Field(i).Field(0).Cap() != 0 {
				used[v.Type().Field(i).Name] = true
			}
		}
	}
	var sc Scanner
	for _, text := range generatedAndFixtures(t, 7, 100<<10, 1) {
		s := Preprocess(NewFile("t.sql", text), &PreprocessOptions{Vars: map[string]string{"DatabaseName": "Sales"}})
		for _, b := range s.Batches {
			toks := append([]Token(nil), sc.Scan(b.Text)...)
			for _, w := range interestWindows(b, toks) {
				run(b, w.kind, toks[w.i:w.end])
				run(b, w.kind, toks[w.i:min(w.end+16, len(toks))])
				for j := w.i + 1; j < w.end; j++ {
					run(b, w.kind, toks[w.i:j])
				}
			}
		}
	}
	t.Logf("%d of %d slabs used", len(used), len(slabs))
	if len(used) < len(slabs)*3/4 {
		t.Fatalf("only %d of %d slabs used: the test proves little", len(used), len(slabs))
	}
}
