package rules

// catalogDocs holds the documentation of every rule in the catalog,
// keyed by rule ID. Each Why gives the measured figures in sqllint's own
// words, and Source names the public reference a user can open (see
// references in markdown.go); user-facing text never names the project's
// internal notes.
//
// Bad must trigger its rule and Good must not, under the catalog's
// defaults; tests run them. Exceptions, whose examples are illustrative and
// skipped by those tests:
//   - SL101 and SL102 depend on the file count built up by earlier scripts,
//     which a short snippet cannot carry; a comment states the assumed count.
//   - SL206 and SL305 are live rules: they depend on the server's state,
//     shown as a comment, not on the script.
var catalogDocs = map[string]Doc{
	"SL001": {
		Title: "Statement of interest that sqllint cannot parse",
		Why: `sqllint reads the statements its rules care about: CREATE and ALTER DATABASE, CHECKPOINT, BACKUP, RESTORE, DBCC TRACEON/TRACEOFF and USE. When one of them does not fit the grammar, the sizes, durations and targets inside it are invisible, so no other rule can check that statement. The rest of the file is still analyzed, except after an unterminated string, comment or bracketed identifier: everything after its opening quote, comment or bracket is inside it, so SL001 points at that opening and nothing after it is checked (up to the batch's GO when a variable's value opened it: sqlcmd finds GO lines before it substitutes variables, so the batches after it still run and are checked). sqlcmd ends no batch at a GO inside a string, so a closing quote missing before a GO shows only where the quotes run out, often lines later on a string that looks closed: when a string closed earlier in the batch runs over a GO line, the message names that string and the GO.

The message names what the parser expected at that point. One that runs into a merge conflict marker (a ` + "`<<<<<<<`" + `, ` + "`|||||||`" + `, ` + "`=======`" + ` or ` + "`>>>>>>>`" + ` line that a merge left in the script) says so instead, once for the conflict, at its first marker: SQL Server refuses the script at deployment, so resolve the conflict. A marker no such statement runs into (one among tables and procedures, or after a statement ended by ` + "`;`" + `) is not reported. If the statement really is broken, fix it now: SQL Server would reject it during the deployment, often after earlier statements have already run. A CREATE, ALTER or DROP DATABASE or a USE that names the database with a ` + "`@variable`" + ` is reported too: SQL Server takes only a name there (BACKUP and RESTORE take a variable); build such a statement as text and run it with ` + "`EXEC`" + ` or ` + "`sp_executesql`" + `. So is one that names it with the bare reserved word ` + "`CURRENT`" + ` or ` + "`PRIMARY`" + ` (` + "`BACKUP DATABASE CURRENT`" + `): only ALTER DATABASE takes CURRENT, and ` + "`[CURRENT]`" + ` is a name. So is a ` + "`DUMP DATABASE`" + `, SQL Server 2000's name for BACKUP DATABASE, which SQL Server 2008 removed (as it removed ` + "`BACKUP TRAN`" + `, reported the same way): write BACKUP DATABASE. So too is an ALTER DATABASE whose action starts with a word SQL Server does not take there (` + "`SETT`" + `, ` + "`MODIFY FILEE`" + `, ` + "`WITH ROLLBACK IMMEDIATE`" + ` written before ` + "`SET`" + ` rather than after its options): the server rejects it, and the options after it (a ` + "`TARGET_RECOVERY_TIME = 0`" + ` for SL301) are never applied. So is an ALTER DATABASE SET whose option SQL Server does not document (` + "`SET TARGET_RECOVERY_TME = 0 SECONDS`" + `) or whose value is not one of its option's (` + "`SET RECOVERY SIMPLEE`" + `; RECOVERY, PAGE_VERIFY, CURSOR_DEFAULT, PARAMETERIZATION, DELAYED_DURABILITY and CONTAINMENT take one word of a set, and the options documented as ON or OFF one of those): the message names the word meant; or whose option is written with an ` + "`=`" + ` the documentation does not give it (` + "`SET RECOVERY = SIMPLE`" + `: RECOVERY, PAGE_VERIFY, CURSOR_DEFAULT and PARAMETERIZATION take their word after the name) or without the one it gives (` + "`SET CONTAINMENT PARTIAL`" + `: CONTAINMENT and DELAYED_DURABILITY take ` + "`=`" + `): the message shows the documented form; or whose value (a word of its set, the number of COMPATIBILITY_LEVEL or TWO_DIGIT_YEAR_CUTOFF, a parenthesized list such as FILESTREAM's), or option that takes none (SINGLE_USER, MULTI_USER, OFFLINE, ONLINE, READ_ONLY, READ_WRITE, ENABLE_BROKER and the other user access, state and broker options), is followed by another word (` + "`SET RECOVERY SIMPLE GO`" + `, a ` + "`GO`" + ` joined to its line, or ` + "`SET RECOVERY SIMPLE PAGE_VERIFY CHECKSUM`" + `, a comma missing), which the server rejects as it rejects a word after ON or OFF: the message names that word; so is a MODIFY FILEGROUP whose property is none SQL Server takes (READ_ONLY, READ_WRITE, READONLY, READWRITE, DEFAULT, NAME = new_name, AUTOGROW_SINGLE_FILE, AUTOGROW_ALL_FILES) or is followed by another word (` + "`MODIFY FILEGROUP [PRIMARY] DEFAULT GO`" + `); a placeholder replaced before the script runs (` + "`${model}`" + `, ` + "`<model, , SIMPLE>`" + `) is not judged. The documented actions that change no file (` + "`FAILOVER`" + `, ` + "`FORCE_FAILOVER_ALLOW_DATA_LOSS`" + `, ` + "`PERFORM_CUTOVER`" + `, ` + "`ADD`" + ` or ` + "`REMOVE SECONDARY ON SERVER`" + `, ` + "`MODIFY (SERVICE_OBJECTIVE = ...)`" + `, ` + "`MODIFY BACKUP_STORAGE_REDUNDANCY`" + `, ` + "`FOR SECONDARY SET ...`" + `), and ` + "`REBUILD LOG`" + `, are read without a finding.

If the statement is valid T-SQL that sqllint does not understand yet, report it as a sqllint bug and suppress the finding, with a reason, until a release handles it.

A statement of interest inside constant dynamic SQL that is surely run (` + "`EXEC ('...')`" + `, ` + "`sp_executesql N'...'`" + `, a T-SQL job step's ` + "`@command`" + `) is checked and reported the same way, at its place inside the string; other strings are never parsed. Text built in a variable in pieces and run (` + "`EXEC (@sql)`" + `, ` + "`sp_executesql @sql`" + `, ` + "`EXEC ('...' + @x)`" + `), and the command ` + "`sp_MSforeachdb`" + ` (or ` + "`sp_foreachdb`" + `, ` + "`sp_ineachdb`" + `) runs for each database, are read only for what SL204, SL205, SL208, SL301, SL302 and SL304 look for (text that ` + "`SELECT @sql += ... FROM sys.databases`" + ` builds, one piece a row, is read as one row's piece, as ` + "`SET`" + ` would build it; for tempdb's files, SL208, it is not followed), and (text built in a variable or in the EXEC) for the files it creates or sizes (SL201, SL202, SL203, SL209; a size or growth a ` + "`CASE`" + ` or ` + "`IIF`" + ` picks among sizes counts at the smallest of them, the one that holds whichever is taken): a statement of such text that does not parse is not reported, since the parts its expressions stand for are not known.`,
		Source: "",
		Bad:    `CREATE DATABASE Sales ON (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = );`,
		Good:   `CREATE DATABASE Sales ON (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 1GB);`,
		Fix:    "",
	},
	"SL002": {
		Title: "sqlcmd include, variable or command that sqlcmd would stop on",
		Why: `Deployment scripts often rely on sqlcmd mode: ` + "`:setvar`" + `, ` + "`:r`" + ` includes and ` + "`$(name)`" + ` variables. A missing include file, two includes that pull each other in, a variable nobody defines or a malformed sqlcmd command makes sqlcmd abort at that line, possibly with half of the release already applied. An unresolved variable also hides the database name from every other rule.

A variable nobody defines is reported once in each file, at its first use, where sqlcmd stops; the message names the lines of its later uses in that file. Suppress it there: a suppression at a later use matches no finding.

Give the variable a value the way sqlcmd would find it: a ` + "`:setvar`" + ` earlier in the script (or later in the same batch: sqlcmd resolves a batch's variables when its ` + "`GO`" + ` comes, with the values they have then), ` + "`-v name=value`" + ` on the command line or a value in the config file, or an environment variable that you allow (` + "`env:`" + ` in the config file, or ` + "`--env NAME`" + `). sqllint expands no environment variable you did not allow, and never one whose name looks secret (PASSWORD, TOKEN, KEY, ...) or ` + "`SQLCMDPASSWORD`" + `, so that their values cannot reach a report or a server. The variables sqlcmd defines itself (` + "`$(SQLCMDSERVER)`" + `, ` + "`$(SQLCMDDBNAME)`" + `, ...) are always defined; ` + "`-d`" + ` gives ` + "`$(SQLCMDDBNAME)`" + `. So are the variables of the SQL project a script belongs to (a ` + "`.sqlproj`" + ` of SQL Server Data Tools, Microsoft.Build.Sql or SQL Change Automation in the script's folder or one above it, up to the repository's root): the ` + "`SqlCmdVariable`" + ` items it declares, and ` + "`DatabaseName`" + `, ` + "`DefaultDataPath`" + `, ` + "`DefaultLogPath`" + `, ` + "`DefaultFilePrefix`" + ` and ` + "`DeployPath`" + `, which its publish step defines. Their values are given at deployment, so a name made of one stays unknown unless ` + "`-v`" + ` gives it; the path of an ` + "`:r`" + ` include made of one takes the value the project gives it (its ` + "`DefaultValue`" + `), as the project's build does, and is reported only when the project gives none.

A byte order mark (U+FEFF) at the start of a line in the middle of a file is reported too: files joined with ` + "`cat`" + ` or ` + "`copy`" + ` keep each one's mark, and sqlcmd takes a command only at the start of a line, so it runs no ` + "`GO`" + `, ` + "`:setvar`" + ` or ` + "`:r`" + ` after one (sqllint reads the line as if the mark were not there); a mark right after ` + "`GO`" + ` on its line (a file joined to the next without a final line break) leaves the line no ` + "`GO`" + ` at all; one in the middle of a line (a file joined to the end of another without a line break) is part of the batch sqlcmd sends, where the statement it touches may fail (sqllint reads it as a blank, so that the statement is still checked). Remove the mark. So is the first ` + "`GO`" + ` line or command of a file that only a lone CR (an old Mac line break) starts: sqlcmd ends a line only at a line feed, so it reads it as part of the line before and does not run it (the message counts the others of the file and names their lines; sqllint reads the file's lines as an editor shows them); save the file with CRLF or LF line breaks.

For an include, check that the path exists and remove the cycle; for a malformed command, fix its syntax (` + "`:listvar`" + `, ` + "`:list`" + ` (but ` + "`:list color`" + `), ` + "`:ed`" + `, ` + "`:quit`" + ` and ` + "`:serverlist`" + ` take no argument; ` + "`:reset`" + ` and ` + "`:help`" + ` ignore one, as go-sqlcmd does). sqllint looks for a relative ` + "`:r`" + ` path beside the script that names it and, for an included script, also in the root script's folder (the message names each path it tried); sqlcmd itself opens a relative path from the folder it runs in (its working directory), whatever script names it, so run it from the root script's folder, or build the path from a variable (` + "`:r $(ScriptDir)\\Tables.sql`" + ` with ` + "`-v ScriptDir=...`" + ` for both). sqlcmd sets ` + "`$(SQLCMDSERVER)`" + `, ` + "`$(SQLCMDDBNAME)`" + `, ` + "`$(SQLCMDUSER)`" + `, ` + "`$(SQLCMDWORKSTATION)`" + `, ` + "`$(SQLCMDPACKETSIZE)`" + ` and ` + "`$(SQLCMDINI)`" + ` once, when it starts: a ` + "`:setvar`" + ` of one fails and leaves its value, so give the script a variable of its own instead. ` + "`:setvar NAME`" + ` without a value removes the variable; go-sqlcmd fails on it when nothing defines the variable, so that is reported too (and a later ` + "`$(NAME)`" + ` as not defined). An include is also reported when it lies outside the scanned folders and the config file's folder, is not a regular file (a pipe or a device; or a folder, which sqlcmd cannot read either), is larger than ` + "`max-file-size`" + ` (64 MB), or would bring the text that includes and variables add past ` + "`max-expanded-size`" + ` (64 MB per file) or ` + "`max-total-expanded-size`" + ` (256 MB per run); docs/security.md explains each limit.`,
		Source: "",
		Bad:    `USE [$(TargetDb)];`,
		Good: `:setvar TargetDb Sales
USE [$(TargetDb)];`,
		Fix: "",
	},
	"SL003": {
		Title: "Inline suppression that matched no finding",
		Why: `An inline suppression such as ` + "`-- sqllint:ignore SL302 reason`" + ` silences the named rules on the next statement (an ` + "`IF`" + ` with the statement or ` + "`BEGIN ... END`" + ` block it runs and its ` + "`ELSE`" + ` arm, an ` + "`ELSE`" + ` or ` + "`WHILE`" + ` with the statement or block it runs, a ` + "`BEGIN ... END`" + ` block with the statements to its ` + "`END`" + `, a ` + "`BEGIN TRY ... END CATCH`" + ` with both its blocks, a ` + "`CREATE PROCEDURE`" + ` with its body; placed inside a statement, before the clause a finding points at such as its LOG ON, also on the rest of that statement), or, when it trails a statement, on its own line and on the statement it trails, from its first line (a multi-line statement reports on its first line). When none of those rules reports anything there, the comment hides nothing: the statement was fixed or moved, or the comment names the wrong rule.

A stale exception is not harmless. It stays attached to the statement and would quietly hide a new problem that no reviewer ever looked at.

Delete the suppression, or move it to the statement it was written for. When it lists several rule IDs, the finding names those that matched nothing (` + "`suppression of SL303 matched no finding: remove SL303 from it`" + `): keep only those that still match a finding. A rule that did not run (turned off in the config or by ` + "`--select`" + `) is never called stale.`,
		Source: "",
		Bad: `-- sqllint:ignore SL302 the nightly load needs a gentle checkpoint
CHECKPOINT;`,
		Good: `-- sqllint:ignore SL302 the nightly load needs a gentle checkpoint
CHECKPOINT 10;`,
		Fix: "",
	},
	"SL004": {
		Title: "Inline suppression with no reason or an unknown rule ID",
		Why: `A suppression records a reviewed exception, so sqllint insists that it names real rules and says why: ` + "`-- sqllint:ignore SL302 reason text`" + `. A comment with no reason, or with an ID that is not in the catalog (a typo, or a rule of another tool), is reported as an error instead of being trusted.

Write the reason after the IDs, in terms a reviewer can verify later: a measurement, a ticket, a date. Use the IDs of the rule catalog; several may be given, separated by commas (` + "`SL302,SL303`" + `) or by blanks (` + "`SL302 SL303`" + `): the reason starts at the first word that is no rule ID. To make one exception for a whole file, use ` + "`-- sqllint:ignore-file`" + ` with the same form.`,
		Source: "",
		Bad: `-- sqllint:ignore SL999 legacy
CHECKPOINT;`,
		Good: `-- sqllint:ignore SL302 measured on our SAN: 10 s keeps latency flat
CHECKPOINT 10;`,
		Fix: "",
	},
	// Illustrative: the Bad assumes 800 files from earlier migrations.
	"SL101": {
		Title: "Statement that gives a database more files than its startup budget allows",
		Why: `Each time a database comes online (instance start, failover, attach), SQL Server opens the header of every one of its files in turn, and the database stays unavailable until the last one has been checked. Every file added lengthens that outage, before crash recovery has even started.

Measured on a test server (*How having too many filegroups can affect recovery time*, SQL Server Storage Engine blog), startup took 1 s with 100 files, 12 s at 1,000 files, 74 s at 5,000 and 309 s at 15,000. sqllint interpolates linearly between the measured points, counting the files of all scanned scripts in order, plus the server's current count with ` + "`--server`" + `: a file added again under a logical name the database already has (an idempotent script's ` + "`IF NOT EXISTS`" + ` guard; SQL Server refuses the name otherwise) is counted once. Files added in the body of a procedure, function or trigger count where it is created (the scripts create it to call it); the message then says that they come when it is called. SQL Server runs one arm of an ` + "`IF ... ELSE`" + `, never both (in script text or in constant dynamic SQL): each arm is counted from the files before the ` + "`IF`" + `, and after it the database has the count of the arm that leaves more, not their sum (an ` + "`IF`" + ` without ` + "`ELSE`" + ` may run: its files count).

The rule fires once per database, on the statement that pushes the estimate over ` + "`startup-budget`" + ` (default 10 s, about 800 files). Prefer a few large files and filegroups over one per table.`,
		Source: "filegroups",
		Bad: `-- Migrations V001-V080 already gave Sales 800 files, one per filegroup.
ALTER DATABASE Sales ADD FILEGROUP FG0801;
ALTER DATABASE Sales ADD FILE (NAME = F0801, FILENAME = 'D:\Data\F0801.ndf', SIZE = 512MB) TO FILEGROUP FG0801;`,
		Good: `-- Migrations V001-V080 already gave Sales 800 files, one per filegroup.
-- Give the new table room on an existing filegroup instead.
ALTER DATABASE Sales MODIFY FILE (NAME = F0800, SIZE = 4GB);`,
		Fix: "",
	},
	// Illustrative: the Bad assumes 32,767 files from earlier migrations.
	"SL102": {
		Title: "Database over SQL Server's limit of 32,767 files or filegroups",
		Why: `SQL Server allows at most 32,767 files and 32,767 filegroups in one database. The statement that goes past either limit fails, which stops the deployment midway and forces a redesign of the file layout before the release can go on.

Long before the limit, startup is already painful. The measurements published in *How having too many filegroups can affect recovery time* (SQL Server Storage Engine blog) found 309 s to bring a database with 15,000 files online, and the author saw adding files slow down sharply past that point (100 filegroups near 19,600 took 4 minutes). Continuing the last measured slope, sqllint estimates more than 12 minutes of startup at the limit.

sqllint counts files and filegroups across all scanned scripts in order; ` + "`DROP DATABASE`" + ` resets the count and ` + "`REMOVE FILE`" + ` / ` + "`REMOVE FILEGROUP`" + ` lower it. Of the two arms of an ` + "`IF ... ELSE`" + `, which never both run, the one that leaves more files (or filegroups) counts.`,
		Source: "filegroups",
		Bad: `-- Earlier migrations already gave Sales 32,767 files.
ALTER DATABASE Sales ADD FILE (NAME = F32768, FILENAME = 'D:\Data\F32768.ndf', SIZE = 64MB) TO FILEGROUP Archive;`,
		Good: `-- Earlier migrations already gave Sales 32,767 files.
-- Reuse an existing file instead of adding one.
ALTER DATABASE Sales MODIFY FILE (NAME = F0001, SIZE = 2GB);`,
		Fix: "",
	},
	"SL103": {
		Title: "Filegroups or files added by dynamic SQL inside a WHILE loop",
		Why: `A ` + "`WHILE`" + ` loop that builds ` + "`ALTER DATABASE ... ADD FILEGROUP`" + ` or ` + "`ADD FILE`" + ` as a string and runs it with ` + "`EXEC`" + ` hides the layout it creates: how many files appear depends on a counter known only at run time, so neither a reviewer nor sqllint's file count (SL101, SL102) can tell.

That count decides how long the database takes to come online. Measured on a test server (*How having too many filegroups can affect recovery time*), 500 files meant 7 s of startup, 2,000 files 29 s and 10,000 files 184 s. Changing one loop bound can turn a short pause into three minutes of downtime on every restart.

sqllint reports the statement that builds the text, and only when the text is run: by ` + "`EXEC (...)`" + `, ` + "`EXECUTE (...)`" + ` or ` + "`sp_executesql`" + ` inside the loop, directly or through a variable the loop assigns (in any order, nested loops included), or once after the loop that accumulated it in a variable. A batch that ` + "`GO n`" + ` runs n times (n over 1) is such a loop too, the whole batch its body. A loop that only ` + "`PRINT`" + `s the statements (a dry run) or mentions ADD FILE in a message is not reported, nor is text set before the loop and run inside it, or made of string literals alone and set or run inside it (` + "`EXEC (N'ALTER DATABASE Sales ADD FILEGROUP Archive')`" + ` in a retry loop) and not changed after: that text is fixed, so it adds one file or filegroup, and running it again fails on the name that already exists.

A loop that adds tempdb's data files, one per core (` + "`ALTER DATABASE tempdb ADD FILE`" + ` in the text), is not reported: the core count bounds it, and tempdb's sizes are a per-restart cost for SL208. SL208 counts such a loop's file once, at the size the text's constant pieces give, and says that its total is then a lower bound: the loop adds one file per pass. Write the files out to have every one of them weighed.

Write the statements out, or run the loop as a dry run that prints them and put its output in the script before review, so that every file it adds is visible.`,
		Source: "filegroups",
		Bad: `DECLARE @i int = 1, @sql nvarchar(400);
WHILE @i <= 500
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));
    EXEC (@sql);
    SET @i += 1;
END`,
		Good: `ALTER DATABASE Sales ADD FILEGROUP FG1;
ALTER DATABASE Sales ADD FILEGROUP FG2;
ALTER DATABASE Sales ADD FILEGROUP FG3;`,
		Fix: "",
	},
	"SL201": {
		Title: "Data-file allocation whose zero-fill would exceed the zeroing budget",
		Why: `Without Instant File Initialization (IFI), SQL Server writes zeros over every new byte of a data file before using it, and the CREATE DATABASE, ADD FILE or MODIFY FILE waits for that. IFI requires the *Perform volume maintenance tasks* right for the service account, and Transparent Data Encryption rules it out for data files.

Measured on one test server, creating a 100 GB data file took 16 min 04 s without IFI and 12 s with it; growing it by another 100 GB took 14 min 32 s against 11 s, and a restore 28 min 03 s against 16 s.

sqllint estimates the zero-fill at ` + "`zeroing-rate`" + ` (default 106 MB/s, the measured rate) and flags allocations over ` + "`zeroing-budget`" + ` (default 60 s, about 6.2 GB). For ` + "`MODIFY FILE`" + ` the allocation is the growth over the file's size known before (from earlier statements of the scanned scripts, in order, or from the server with ` + "`--server`" + `); when no earlier size is known, the new size is reported as an upper bound ("up to"), and from then on the size is known. Each arm of an ` + "`IF ... ELSE`" + ` (SQL Server runs one; in script text or in constant dynamic SQL) starts from the sizes known before it, and after it a file's size is known only when both arms leave it the same. A ` + "`DBCC SHRINKFILE`" + ` of the file (in the database of the ` + "`USE`" + ` context; named, or by file id 1 or 2 when the database has one data or one log file) leaves it at its target size at the least (a shrink stops short of its target when the file holds more, so the growth over the target is reported as an upper bound, "up to"), or at an unknown size without a target (or with target 0, or ` + "`TRUNCATEONLY`" + `, which ignores it), and ` + "`DBCC SHRINKDATABASE`" + ` leaves every file of the database at an unknown size (not with ` + "`NOTRUNCATE`" + ` or ` + "`EMPTYFILE`" + `): growing it again is allocated anew. With ` + "`--server`" + `, the finding is dropped when IFI is on and the database has no TDE, and becomes an error when IFI is off (also when trace flag 1806 is on globally, which turns it off). A file of a FILESTREAM or memory-optimized filegroup (` + "`CONTAINS FILESTREAM`" + `, ` + "`CONTAINS MEMORY_OPTIMIZED_DATA`" + `) is a container, a folder that holds no pages: nothing is zero-filled for it, whatever SIZE or FILEGROWTH it is given (SQL Server's CREATE DATABASE documentation: SIZE and FILEGROWTH do not apply to a FILESTREAM filegroup), and SL209 does not report its growth either.

` + builtFilesDoc,
		Source: "ifi",
		Bad: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 100GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 256MB);`,
		Good: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 4GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 256MB);`,
		Fix: "",
	},
	"SL202": {
		Title: "Log-file allocation whose zero-fill would exceed the zeroing budget",
		Why: `Instant File Initialization never applies to the transaction log: SQL Server zero-fills every byte of a new or enlarged log file, whatever rights the service account holds, and the statement waits until it is done.

With the diagnostic trace flags 3004 and 3605 on, the error log shows the .ldf being zeroed even when IFI is on; a measured data-file creation put zeroing at about 106 MB/s (100 GB in 16 min 04 s). At that pace a 20 GB log costs over three minutes of the deployment window.

sqllint flags an explicit log allocation (LOG ON size, ADD LOG FILE, or MODIFY FILE of a log file the scripts created or, for a file they do not show, whose physical name ends in ".ldf" or whose logical name ends in "log", or either ends in a sqlcmd variable that has no value and whose name has the word Log, as ` + "`$(LogFileName)`" + ` (not ` + "`$(LogicalName)`" + `), unless it is the database's own name, which SQL Server gives the primary data file, or its physical name ends in ".mdf" or ".ndf") whose estimate at ` + "`zeroing-rate`" + ` (default 106 MB/s) exceeds ` + "`zeroing-budget`" + ` (default 60 s, about 6.2 GB). As for SL201, a MODIFY FILE allocates the growth over the size known before (after a ` + "`DBCC SHRINKFILE`" + ` or ` + "`SHRINKDATABASE`" + `, the size it left), or up to its new size when none is known. Size the log for the workload, and do large growth outside the release window, in steps that each fit the budget.

` + builtFilesDoc,
		Source: "ifi",
		Bad: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 1GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 20GB, FILEGROWTH = 256MB);`,
		Good: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 1GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 2GB, FILEGROWTH = 256MB);`,
		Fix: "",
	},
	"SL203": {
		Title: "Log file growing by a percentage or by a step too slow to zero-fill",
		Why: `When the log is full, SQL Server grows it by FILEGROWTH, and since log space is always zero-filled, every transaction that needs log space waits for the new part to be zeroed. A percentage grows with the log: 10% of a 50 GB log is 5 GB, about 48 s of stalled writes at the measured rate of about 106 MB/s (100 GB zero-filled in 16 min 04 s).

sqllint flags any percentage FILEGROWTH on a log file, and a fixed growth whose estimate at ` + "`zeroing-rate`" + ` (default 106 MB/s) exceeds ` + "`autogrowth-budget`" + ` (default 5 s, about 530 MB). A file whose ` + "`MAXSIZE`" + `, given with the growth or by an earlier statement (a MAXSIZE lasts until another is given), is no larger than its known size never grows and is not flagged; one whose ` + "`MAXSIZE`" + ` leaves less room than a growth grows no further than that room, which is what is estimated. A statement whose fixed FILEGROWTH is larger than the MAXSIZE itself, or whose SIZE is over it, is refused by SQL Server (errors 5169 and 5103; 5040 for a MODIFY FILE past the MAXSIZE an earlier statement gave) and sets nothing. A fixed step such as 256 MB keeps each growth short.

From SQL Server 2022, log growth of 64 MB or less is instant (a fixed growth as SQL Server sets it, rounded to the nearest 64 KB: 65,567 KB is 64 MB): when ` + "`target-version`" + ` names 2022 or later, or ` + "`--server`" + ` finds such a server (for the statements run on it, not after a ` + "`:connect`" + ` to another), these small steps are never flagged.

` + builtFilesDoc,
		Source: "ifi",
		Bad: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 1GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 10%);`,
		Good: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 1GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 256MB);`,
		Fix: "",
	},
	"SL204": {
		Title: "DBCC TRACEON of trace flag 1806, which disables Instant File Initialization",
		Why: `Trace flag 1806 turns Instant File Initialization off. Set globally, it applies to every database on the instance until someone turns it off or the service restarts, so it outlives the deployment: every later data-file creation, growth and restore writes zeros over its full size, including the restore you run during an outage. Without ` + "`-1`" + ` it is on for the session only: Microsoft documents no scope for 1806, and a global-only flag turned on for a session has no effect, so the message for that form does not claim that IFI is off.

Measured, that price is 16 min 04 s instead of 12 s to create a 100 GB data file, and 28 min 03 s instead of 16 s to restore it. Only the backup was unaffected (59 s and 58 s).

Remove the ` + "`DBCC TRACEON (1806 ...)`" + `. If a test needs IFI off, switch the flag on a test server, never from a release script.

` + builtRunDoc,
		Source: "ifi",
		Bad:    `DBCC TRACEON (1806, -1);`,
		Good: `-- 3226 keeps successful-backup messages out of the error log.
DBCC TRACEON (3226, -1);`,
		Fix: "",
	},
	"SL205": {
		Title: "DBCC TRACEON of the file-zeroing diagnostic flags 3004 or 3605",
		Why: `Trace flag 3004 makes SQL Server report each file-zeroing operation, and 3605 routes such messages to the error log. The pair is used to see whether data files get zeroed, that is, whether IFI works. 3004 alone shows nothing (with 3604 instead of 3605 the steps go to the client), and 3605 alone only routes the output of other diagnostic flags. They are a diagnostic and do nothing for the speed of a deployment.

Left in a release script, they stay on (globally with ` + "`-1`" + `) until someone turns them off or the service restarts, adding error-log lines for every file created or grown and burying the messages that matter.

Check IFI once, on its own, and keep ` + "`DBCC TRACEON (3004, 3605 ...)`" + ` out of deployments. On recent versions the ` + "`instant_file_initialization_enabled`" + ` column of ` + "`sys.dm_server_services`" + ` answers the same question without trace flags.

` + builtRunDoc,
		Source: "ifi",
		Bad: `DBCC TRACEON (3004, 3605, -1) WITH NO_INFOMSGS;
CREATE DATABASE Sales;`,
		Good: `-- IFI was checked once, outside the release: no trace flags here.
CREATE DATABASE Sales;`,
		Fix: "",
	},
	// Live rule: the examples are illustrative, the server state is shown
	// as a comment.
	"SL206": {
		Title: "Trace flag 1806 on globally on the target server",
		Why: `This rule needs ` + "`--server`" + `: it reads the trace flags enabled globally on the target instance, as ` + "`DBCC TRACESTATUS (-1)`" + ` lists them. When 1806 is among them, Instant File Initialization is off for every database there, whatever rights the service account has.

On such a server, every new or enlarged data file is zero-filled at full size, and SL201, SL207, SL208 and SL209 count IFI as off there, whatever ` + "`sys.dm_server_services`" + ` says. Measured: 16 min 04 s instead of 12 s to create a 100 GB data file and 28 min 03 s instead of 16 s to restore it, delays that land in the middle of an outage.

Find where the flag comes from (a ` + "`-T1806`" + ` startup parameter or a script) and remove it; a flag set with DBCC TRACEON disappears at the next restart.`,
		Source: "ifi",
		Bad: `-- DBCC TRACESTATUS (-1) on the target server returns:
--   TraceFlag 1806, Status 1, Global 1, Session 0
ALTER DATABASE Sales ADD FILE (NAME = Sales_2, FILENAME = 'D:\Data\Sales_2.ndf', SIZE = 4GB);`,
		Good: `-- DBCC TRACESTATUS (-1) on the target server returns no row for 1806.
ALTER DATABASE Sales ADD FILE (NAME = Sales_2, FILENAME = 'D:\Data\Sales_2.ndf', SIZE = 4GB);`,
		Fix: "",
	},
	"SL301": {
		Title: "TARGET_RECOVERY_TIME set to 0, which means automatic, bursty checkpoints",
		Why: "`TARGET_RECOVERY_TIME`" + ` decides how a database writes its dirty pages. Above zero, indirect checkpoints flush them steadily in the background; at zero, the database falls back to automatic checkpoints, which let dirty pages accumulate and then write them in bursts. That means I/O spikes under load, manual checkpoints with more to write, and more work to redo after a crash.

Setting a database to 0 is how a test makes dirty pages pile up on purpose. New databases start at 60 s (the default since SQL Server 2016), while one moved from an older server may still be at 0.

The fix sets 60 SECONDS, the current default; choose another nonzero value only if you measured it.

` + builtRunDoc,
		Source: "checkpoint",
		Bad:    `ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;`,
		Good:   `ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 60 SECONDS;`,
		Fix:    "sets TARGET_RECOVERY_TIME = 60 SECONDS; comments inside the option stay (only the number and unit change)",
	},
	"SL302": {
		Title: "CHECKPOINT with an explicit duration",
		Why: `The number after ` + "`CHECKPOINT`" + ` is a target duration in seconds, not a speed setting. SQL Server paces its writes to end near that time: a short target cannot make the disk go faster, and a long one stretches work that would have finished at once.

Measured with about 123 MB of dirty pages, a plain ` + "`CHECKPOINT`" + ` finished in under a second, ` + "`CHECKPOINT 1`" + ` was no quicker, and ` + "`CHECKPOINT 30`" + ` took 28–29 s (15 s in another run). With about 20 dirty pages, the plain form took 4 ms and ` + "`CHECKPOINT 10`" + ` 6,274 ms. In a deployment, every one of those seconds delays the statements behind it.

sqllint flags a duration over ` + "`max-duration`" + ` (default 0: any explicit duration, a variable such as ` + "`CHECKPOINT @seconds`" + ` too, or in dynamic SQL one built from an expression, ` + "`'CHECKPOINT ' + CAST(@seconds AS varchar(10))`" + `, and a number not written as a whole number of seconds, such as ` + "`0x10`" + ` or ` + "`1e3`" + `). A duration over 2,147,483,647 s, the largest int, or of 0 (` + "`CHECKPOINT 0`" + `) is flagged whatever ` + "`max-duration`" + ` says: SQL Server takes only an int greater than zero, so the statement fails. The fix removes the duration.

` + builtRunDoc,
		Source: "checkpoint",
		Bad: `USE Sales;
CHECKPOINT 30;`,
		Good: `USE Sales;
CHECKPOINT;`,
		Fix: "removes the duration; a comment before it stays",
	},
	"SL303": {
		Title: "CHECKPOINT right before a BACKUP DATABASE of the same database",
		Why: "`BACKUP DATABASE`" + ` runs a checkpoint of its own and writes out the dirty pages before copying data. A ` + "`CHECKPOINT`" + ` just ahead of it on the same database only does that writing a moment earlier and adds its own time to the deployment; the backup gets no faster.

In a measured test, a database had 15,790 dirty pages before a backup and none afterwards: the backup had flushed every one of them itself.

sqllint looks at the next executable statement after the ` + "`CHECKPOINT`" + `, passing over ` + "`PRINT`" + `, ` + "`SET`" + `, ` + "`DECLARE`" + `, ` + "`GO`" + `, comments and the ` + "`BEGIN`" + ` of a ` + "`BEGIN ... END`" + ` or ` + "`BEGIN TRY`" + ` block (which executes nothing), and a ` + "`CATCH`" + ` block reached from the end of its ` + "`TRY`" + ` block (it runs only after an error: when the ` + "`TRY`" + ` block completes, the statement after ` + "`END CATCH`" + ` runs next), and the ` + "`ELSE`" + ` arm of an ` + "`IF ... ELSE`" + ` reached from the end of its ` + "`THEN`" + ` arm (only one arm runs: when the ` + "`THEN`" + ` arm completes, the statement after the ` + "`IF`" + ` runs next; a ` + "`CHECKPOINT`" + ` that ends either arm, or both, is flagged when the ` + "`BACKUP`" + ` follows the ` + "`IF`" + `), and flags the pair when it is a ` + "`BACKUP DATABASE`" + ` of the same database. An ` + "`EXEC ('...')`" + ` or ` + "`sp_executesql N'...'`" + ` of constant text runs that text at once: when the text starts with the backup (comments and semicolons aside), the pair is flagged as well; not when it is a job step's command, which runs later. A ` + "`CHECKPOINT`" + ` that ends the body of a procedure, function or trigger runs only when the module is called, and one before a ` + "`:connect`" + ` runs on another connection than what follows: neither is paired with the statements after it. Nor is a ` + "`CHECKPOINT`" + ` that ends the body of a ` + "`WHILE`" + ` loop, or a batch that ` + "`GO n`" + ` runs n times (passed-over statements aside), paired with the statement after the loop or the batch: the next round runs after it, and only the last round's comes right before that statement (a batched purge checkpoints after each round). The fix removes the CHECKPOINT, except where the script would change without it: the whole body of an ` + "`IF`" + ` or ` + "`ELSE`" + `, or the only statement of a block, is reported without a fix, and so is a ` + "`CHECKPOINT`" + ` of a script included with ` + "`:r`" + ` paired with a ` + "`BACKUP`" + ` of the script that includes it: removed from the included file, it would be gone from every script that includes that file.`,
		Source: "checkpoint",
		Bad: `USE Sales;
CHECKPOINT;
PRINT 'Backing up';
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;`,
		Good: `USE Sales;
PRINT 'Backing up';
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;`,
		Fix: "removes the CHECKPOINT, keeping any comment inside it; a sqllint:ignore that applied to it alone goes with it, and one that also covers another statement on its line stays, without SL302 and SL303",
	},
	"SL304": {
		Title: "BACKUP to the NUL device",
		Why: `A backup to ` + "`DISK = 'NUL'`" + ` reads the whole database and throws every byte away, yet msdb records it as a successful backup. It can measure read throughput inside a test; it never protects data and is never a real backup.

Without ` + "`COPY_ONLY`" + ` it also does harm. ` + "`BACKUP LOG`" + ` to NUL breaks the log chain, so no point-in-time restore is possible past it until the next full or differential backup; ` + "`BACKUP DATABASE`" + ` to NUL becomes the base of later differential backups, which can then never be restored. The next outage then lasts as long as finding an older usable backup.

A differential backup to NUL leaves the base alone, but msdb records it as the latest differential, and a restore that takes it from the backup history finds nothing to restore.

A file named NUL with an extension (` + "`DISK = 'NUL.bak'`" + `, ` + "`'D:\\Backup\\nul.txt'`" + `, or a variable the batch set to such a name, as below for the null device's) is reported as a warning without ` + "`COPY_ONLY`" + `: on Windows Server 2022 and earlier (and Windows 10) such a name is the null device as well (Microsoft's "Naming Files, Paths, and Namespaces": NUL.txt is equivalent to NUL), while Windows Server 2025, Windows 11 and SQL Server on Linux write a real file under that name. Which one runs depends on the server: name the file otherwise.

sqllint reports an error, or a warning when ` + "`COPY_ONLY`" + ` is given, except with ` + "`DIFFERENTIAL`" + `: BACKUP's documentation says that COPY_ONLY is then ignored and a differential backup is created, so that stays an error; a backup with a ` + "`MIRROR TO`" + ` copy that has no device on NUL is a real backup, and is not reported. Back up to a real file, or remove the statement. The null device is ` + "`NUL`" + ` in any case, ` + "`NUL:`" + `, ` + "`\\\\.\\NUL`" + ` and ` + "`\\\\?\\NUL`" + `, and a file named NUL in a folder of a local path (` + "`C:\\NUL`" + `, ` + "`D:\\Backup\\nul`" + `): Windows reserves the name in every folder (SQL Server opens a relative name, ` + "`'NUL'`" + ` too, in its backup folder), also with the dots and blanks Windows drops at the end of a path (` + "`'NUL.'`" + `); not ` + "`NUL.bak`" + ` nor a share's ` + "`\\\\server\\share\\NUL`" + `. A device in double quotes (` + "`DISK = \"NUL\"`" + `) is a string as sqlcmd runs the script: with ` + "`QUOTED_IDENTIFIER OFF`" + `, its default without ` + "`-I`" + `. A device given as a variable is one of them when the batch last set the variable to such a name, written as one string or as strings joined by +, or appended to a value the batch set so (` + "`SET @file = N'NUL'`" + `, ` + "`N'\\\\.\\' + N'NUL'`" + `, or ` + "`SET @file += N'NUL'`" + `, ` + "`@file + N'NUL'`" + ` or ` + "`CONCAT(@file, N'NUL')`" + ` after ` + "`DECLARE @file nvarchar(20) = N'\\\\.\\'`" + `, before ` + "`TO DISK = @file`" + `, even in a test-mode ` + "`IF`" + `; each arm of an ` + "`IF ... ELSE`" + ` from the value before it, and after it not when the two arms set it apart, as either runs; not once a ` + "`FETCH ... INTO`" + `, an ` + "`OUTPUT`" + ` argument, ` + "`EXEC @v = proc`" + ` or ` + "`SELECT @v = col FROM ...`" + ` set it again, to a value the script does not show); a logical backup device is one when ` + "`sp_addumpdevice 'disk'`" + ` put it on such a name earlier in the run, on the same server (also a call in constant dynamic SQL, ` + "`EXEC ('EXEC sp_addumpdevice ...')`" + `), and ` + "`sp_dropdevice`" + ` has not dropped it (` + "`EXEC sp_addumpdevice 'disk', 'NulDev', 'NUL'`" + ` before ` + "`BACKUP DATABASE Sales TO NulDev`" + `).

The backup is found in constant dynamic SQL too, as in script text: the string of ` + "`EXEC ('...')`" + `, of ` + "`sp_executesql N'...'`" + `, or the ` + "`@command`" + ` of a T-SQL SQL Server Agent job step (` + "`msdb.dbo.sp_add_jobstep`" + `), where a nightly log backup to NUL most often hides. So is Ola Hallengren's ` + "`dbo.DatabaseBackup`" + ` called with ` + "`@Directory = 'NUL'`" + ` (its pseudo backup to NUL; blanks around it and line breaks dropped, as the procedure drops them), a variable the batch last set to ` + "`'NUL'`" + `, or ` + "`'NUL'`" + ` passed second, by position (` + "`@Databases`" + `, ` + "`@Directory`" + ` and ` + "`@BackupType`" + ` come first in every version of it): an error, or a warning with ` + "`@CopyOnly = 'Y'`" + ` (not with ` + "`@BackupType = 'DIFF'`" + `, which runs ` + "`WITH DIFFERENTIAL, COPY_ONLY`" + `: COPY_ONLY is then ignored, as above); the databases are those of ` + "`@Databases`" + `, as written; not with ` + "`@Execute = 'N'`" + `, which only prints the commands, nor with a list of directories that holds NUL and another (` + "`'D:\\Backup, NUL'`" + `), which the procedure refuses ("The value for the parameter @Directory is not supported"): it backs up nothing, neither to NUL nor striped across NUL; nor with a parameter it refuses beside NUL (` + "`@Verify = 'Y'`" + `, a ` + "`@CleanupTime`" + `, a ` + "`@MirrorDirectory`" + `), which fails the call the same way. And so is a backup to NUL built in a variable in pieces (` + "`SET @sql = 'BACKUP LOG ' + QUOTENAME(@db) + ' TO DISK = ''NUL'''`" + `, or one a row: ` + "`SELECT @sql += N'BACKUP LOG ' + QUOTENAME(name) + N' TO DISK = ''NUL'';' FROM sys.databases`" + `) and run in the same batch by ` + "`EXEC (@sql)`" + ` or ` + "`sp_executesql @sql`" + `, or made a T-SQL job step's command (` + "`sp_add_jobstep @command = @sql`" + `, or ` + "`sp_update_jobstep`" + `), or built in the ` + "`EXEC ('BACKUP LOG [' + @db + '] TO DISK = ''NUL''')`" + ` itself, or run for each database by ` + "`sp_MSforeachdb`" + ` (or ` + "`sp_foreachdb`" + ` or ` + "`sp_ineachdb`" + `; its command written out or such a variable): reported at the EXEC, with the database as the text has it. Pieces of ` + "`CHAR(13)`" + `, ` + "`CHAR(10)`" + ` and ` + "`CHAR(9)`" + ` are the line breaks and tabs they stand for, and so is a variable the batch set to such pieces or blanks alone (` + "`DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10)`" + `); a piece of ` + "`CHAR(39)`" + ` is the quote (` + "`' TO DISK = ' + CHAR(39) + 'NUL' + CHAR(39)`" + `). A device variable the batch last set to the null device's name stands for that name among the pieces (` + "`DECLARE @file varchar(100) = 'NUL'`" + ` before ` + "`' TO DISK = ''' + @file + ''''`" + `), each variable of a ` + "`DECLARE`" + ` list holding its own value; a ` + "`CASE`" + ` or ` + "`IIF`" + ` among the pieces backs up to NUL only when every result does (a result of ` + "`NULL`" + ` runs nothing): ` + "`CASE WHEN @test = 1 THEN N'''NUL''' ELSE N'''D:\\x.trn''' END`" + ` is not reported.

sqllint reports a backup that goes to the null device whenever it runs, not one that may: a ` + "`CASE`" + ` or ` + "`IIF`" + ` whose results differ, and a variable the two arms of an ` + "`IF ... ELSE`" + ` set apart, leave the device unknown, since only one of them runs. A statement inside an ` + "`IF`" + ` without ` + "`ELSE`" + ` is taken to run, as everywhere in sqllint's model of a script, so a test-mode ` + "`IF`" + ` that sets the device is still reported.`,
		Source: "backup",
		Bad:    `BACKUP DATABASE Sales TO DISK = N'NUL';`,
		Good:   `BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;`,
		Fix:    "",
	},
	// Live rule: the examples are illustrative, the server state is shown
	// as a comment.
	"SL305": {
		Title: "Database with TARGET_RECOVERY_TIME 0 on the target server",
		Why: `This rule needs ` + "`--server`" + `: it reads ` + "`target_recovery_time_in_seconds`" + ` from ` + "`sys.databases`" + ` and reports each database the scripts change that is at 0 there. Such a database uses automatic checkpoints, which let dirty pages build up and flush them in bursts, instead of the steady background writes of indirect checkpoints.

A database the scripts change is one they create, alter, back up, restore or checkpoint, or one they run any other statement in after ` + "`USE`" + `; the finding points at the first such statement. A ` + "`USE`" + ` alone changes nothing, nor do ` + "`PRINT`" + `, ` + "`SET`" + ` and ` + "`DECLARE`" + ` (they act on the session), and the system databases (master, model, msdb, tempdb) are never reported: master and msdb are at 0 on every server, and scripts use master only to reach the databases they deploy. When the scripts themselves set a nonzero ` + "`TARGET_RECOVERY_TIME`" + ` for the database, there is nothing to report. Nor is there when they drop it before they change it: what they create then is a new database, not the one the server has.

New databases start at 60 s (the default since SQL Server 2016), but one carried over from an older server can still be at 0, and this setting is the first thing to suspect when checkpoints flush large bursts of pages.

Set ` + "`TARGET_RECOVERY_TIME = 60 SECONDS`" + ` on that database, in the deployment or on the server after testing.`,
		Source: "checkpoint",
		Bad: `-- sys.databases on the target server: Sales, target_recovery_time_in_seconds = 0
USE master;
GO
ALTER DATABASE Sales SET RECOVERY FULL;`,
		Good: `-- sys.databases on the target server: Sales, target_recovery_time_in_seconds = 60
-- (master is at 0 too, as on every server: system databases are not reported)
USE master;
GO
ALTER DATABASE Sales SET RECOVERY FULL;`,
		Fix: "",
	},
}
