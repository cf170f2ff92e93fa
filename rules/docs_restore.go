package rules

// Documentation of the restore, tempdb and data-file autogrowth rules
// (SL207-SL209). As in docs_catalog.go, Bad must trigger its rule and Good
// must not, under the catalog's defaults; tests run them. The public
// reference for the measured figures is Microsoft's page "Database instant
// file initialization" (Source "ifi").

const ifiReference = "Microsoft's page on database instant file initialization (the reference below) explains that data and log files are zero-filled when a database is created, a file is added or grown, and a database is restored, and that IFI skips this for data files only: log files are always zero-filled (SQL Server 2022 excepts log growth of 64 MB or less)."

var docSL207 = Doc{
	Source: "ifi",
	Title:  "RESTORE DATABASE that zero-fills every file it creates",
	Why: "`RESTORE DATABASE`" + ` creates every file of the database anew, at the size it had when the backup was taken, and does that even ` + "`WITH REPLACE`" + ` over an existing database. Before a single page is copied back, the log files are zero-filled in full, always, and so are the data files unless Instant File Initialization (IFI) is on and the database has no Transparent Data Encryption. During an outage, that is time the database stays unavailable.

Measured on the same database: a restore took 28 min 03 s without IFI and 16 s with it; creating a 100 GB data file took 16 min 04 s without IFI and 12 s with it, about 106 MB/s. ` + ifiReference + `

sqllint knows the sizes from the scanned scripts, when a ` + "`BACKUP DATABASE`" + ` earlier in the run wrote to the device the restore reads (under any database name; on the same server for a local disk or a logical device, as a ` + "`:connect`" + ` to another server reaches that server's own files, while a share or a URL is the same file from every server), or from the database being replaced (a database created without ` + "`LOG ON`" + ` has the log SQL Server creates for it: 25% of its data files' sizes, and at least the model database's log, 8 MB by default; not when the restore's ` + "`MOVE`" + ` options name a logical file that database does not have, as the backup is then of another database); with ` + "`--server`" + `, also from the server's backup history (the latest full backup of the database in msdb, taken on that server) and the existing database's files. The message gives the data and the log estimates separately, at ` + "`zeroing-rate`" + ` (default 106 MB/s); a file a ` + "`DBCC SHRINKFILE`" + ` left at its target size has that size at the least (a shrink stops short of its target when the file holds more), and the estimate it is part of is then given as a lower bound ("at least"). It says nothing when no size is known (a database the scripts created without any ` + "`SIZE`" + ` has only SQL Server's 8 MB defaults, not the sizes its backup holds; a device the two arms of an ` + "`IF ... ELSE`" + ` back up to apart, as only one arm runs), and nothing for ` + "`RESTORE LOG`" + `, ` + "`FILELISTONLY`" + `, ` + "`HEADERONLY`" + ` or ` + "`VERIFYONLY`" + `, which allocate nothing, nor for ` + "`WITH METADATA_ONLY`" + ` or its synonym ` + "`SNAPSHOT`" + ` (the restore of a snapshot backup, SQL Server 2022), which attaches the files a storage snapshot put in place. A partial restore (` + "`WITH PARTIAL`" + `, the first step of a piecemeal restore) creates only the files of the primary filegroup, of the filegroups it names (` + "`FILEGROUP =`" + `, the filegroup of a ` + "`FILE =`" + `, and with ` + "`READ_WRITE_FILEGROUPS`" + ` every filegroup, as the scripts do not say which are read-only) and of the log: the message says it is a partial restore and counts those files. A file or filegroup restore without PARTIAL (` + "`FILE =`" + `, ` + "`FILEGROUP =`" + `, as after the loss of a disk) creates the data files it names, or those of the filegroups it names, and not the log: the message says it is a file restore and counts those files, at their sizes in the database. A page restore, which writes pages into the files there, is not reported.

With ` + "`--server`" + `, the data part is dropped when IFI is on (and the database has no TDE), and the finding becomes an error when IFI is off and the total is over ` + "`zeroing-budget`" + ` (default 60 s). Grant the service account *Perform volume maintenance tasks* and keep the log no larger than the workload needs.`,
	Bad: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 100GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 10GB, FILEGROWTH = 256MB);
BACKUP DATABASE Sales TO DISK = 'B:\Backup\Sales.bak' WITH INIT;
RESTORE DATABASE Sales_Copy FROM DISK = 'B:\Backup\Sales.bak'
WITH MOVE 'Sales_dat' TO 'D:\Data\Sales_Copy.mdf', MOVE 'Sales_log' TO 'L:\Log\Sales_Copy.ldf';`,
	Good: `-- Check the backup without restoring it: nothing is allocated.
RESTORE VERIFYONLY FROM DISK = 'B:\Backup\Sales.bak' WITH CHECKSUM;`,
}

var docSL208 = Doc{
	Source: "ifi",
	Title:  "tempdb file sizes whose zero-fill is paid at every restart",
	Why: `SQL Server creates tempdb anew each time the instance starts, at the sizes set with ` + "`ALTER DATABASE tempdb MODIFY FILE`" + ` or ` + "`ADD FILE`" + `. Its log files are zero-filled at every start, always, and its data files too unless Instant File Initialization (IFI) is on. Unlike a CREATE DATABASE, whose zero-fill is paid once, a large tempdb lengthens every restart, failover and patch reboot, and no database on the instance is usable until tempdb is ready.

Measured: a 100 GB data file took 16 min 04 s to create without IFI and 12 s with it, about 106 MB/s. ` + ifiReference + `

sqllint adds up the per-restart size of tempdb's files as the scripts set them (files whose size is unknown count at SQL Server's defaults since SQL Server 2016: 8 MB for the data file and 8 MB for the log, see Microsoft's page *tempdb database*, https://learn.microsoft.com/sql/relational-databases/databases/tempdb-database), estimates the zero-fill at ` + "`zeroing-rate`" + ` (default 106 MB/s), and reports once per instance (each server a ` + "`:connect`" + ` names has a tempdb of its own), at the statement after which its total first exceeds ` + "`startup-budget`" + ` (default 10 s, about 1 GB). Data files count as zero-filled unless ` + "`--server`" + ` finds IFI on. For tempdb this rule replaces SL201 and SL202.

The sizes count whether the statements are written out, held in constant text that ` + "`EXEC`" + ` or ` + "`sp_executesql`" + ` runs, or built from variables and run (` + "`EXEC (@sql)`" + `, ` + "`EXEC ('...' + CAST(@i AS nvarchar(10)) + '...')`" + `, ` + "`sp_executesql @sql`" + `): a file added by built text counts at the size its constant pieces give, and a size that comes from a variable is unknown (the default); a size a ` + "`CASE`" + ` or ` + "`IIF`" + ` picks among sizes (by the number of cores, say) counts at the smallest of them, the one that holds whichever is taken. A ` + "`WHILE`" + ` loop that builds the text with a new file name at each pass, as tempdb configuration scripts do to add one data file per core, adds one file per pass; sqllint counts it once and says that the total is then a lower bound. Text the two arms of an ` + "`IF ... ELSE`" + ` build apart in one variable holds either after the ` + "`IF`" + ` (SQL Server runs one arm): an EXEC of it after the ` + "`IF`" + ` is not counted. A ` + "`MODIFY FILE`" + ` whose file name is built is not counted (which file it changes is not known), nor is text the script only prints (a dry run). A ` + "`DBCC SHRINKFILE (file, target_mb)`" + ` run in tempdb (after ` + "`USE tempdb`" + `) sets the size that file is created with at the next start to its target: tempdb starts at the last size set by ` + "`MODIFY FILE`" + ` or a shrink (Microsoft's page *Shrink the tempdb database*); without a target the size it reaches is not known and stays as it was. Of the two arms of an ` + "`IF ... ELSE`" + ` (a configuration for many cores and one for few), SQL Server runs one: each arm sets tempdb's files from those before the ` + "`IF`" + `, and after it tempdb has the files of the arm whose sizes add up to more, not those of both.

Size the tempdb log for the workload rather than generously, enable IFI for the data files, and keep tempdb changes out of routine deployments.`,
	Bad: `ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 16GB);
ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 8GB);`,
	Good: `ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 512MB);
ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 256MB);`,
}

var docSL209 = Doc{
	Source: "ifi",
	Title:  "Data-file autogrowth step whose zero-fill stalls the writers",
	Why: `When a data file is full, SQL Server grows it by its FILEGROWTH, and without Instant File Initialization (IFI) the new part is zero-filled before any transaction can use it: every writer that needs space waits for it. A percentage grows with the file, so each growth is slower than the last.

Measured: growing a data file by 100 GB took 14 min 32 s without IFI and 11 s with it, about 117 MB/s; creating a 100 GB file took 16 min 04 s, about 106 MB/s. ` + ifiReference + ` Transparent Data Encryption rules IFI out for data files.

sqllint reports, as information, a data file's FILEGROWTH whose zero-fill at ` + "`zeroing-rate`" + ` (default 106 MB/s) exceeds ` + "`autogrowth-budget`" + ` (default 5 s, about 530 MB); a percentage is estimated at the file's known size, and again at a later ` + "`MODIFY FILE`" + ` that makes the file larger while it keeps that percentage (each such statement after which one growth is over the budget is reported), and a file whose ` + "`MAXSIZE`" + `, given with the growth or by an earlier statement (a MAXSIZE lasts until another is given), is no larger than its known size never grows and is not reported, and one whose ` + "`MAXSIZE`" + ` leaves less room than a growth grows no further than that room, which is what is estimated. A statement whose fixed FILEGROWTH is larger than the MAXSIZE itself, or whose SIZE is over it, is refused by SQL Server (errors 5169 and 5103; 5040 for a MODIFY FILE past the MAXSIZE an earlier statement gave) and sets nothing. With ` + "`--server`" + `, the finding is dropped when IFI is on and the database has no TDE, and becomes a warning when IFI is off.

Prefer a fixed growth such as 256 MB or 512 MB, presize files for the expected data, and enable IFI.

` + builtFilesDoc,
	Bad: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 4GB, FILEGROWTH = 2GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 256MB);`,
	Good: `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 4GB, FILEGROWTH = 256MB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB, FILEGROWTH = 256MB);`,
}
