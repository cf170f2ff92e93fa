-- SL207: a restore creates every file anew and zero-fills it (106 MB/s).
CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 4GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 1GB);
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH INIT, CHECKSUM;
GO
-- near misses: the read-only forms allocate nothing
RESTORE VERIFYONLY FROM DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;
RESTORE FILELISTONLY FROM DISK = N'B:\Backup\Sales.bak';
RESTORE HEADERONLY FROM DISK = N'B:\Backup\Sales.bak';
GO
-- restored under another name (the device in another case), files moved
RESTORE DATABASE Sales_Copy FROM DISK = N'b:\backup\SALES.bak' -- want "SL207"
WITH MOVE N'Sales_dat' TO N'D:\Data\Sales_Copy.mdf',
     MOVE N'Sales_log' TO N'L:\Log\Sales_Copy.ldf', NORECOVERY;
GO
-- near miss: a log restore allocates nothing
RESTORE LOG Sales_Copy FROM DISK = N'B:\Backup\Sales_log.trn' WITH RECOVERY;
GO
-- near misses: recovery alone, a revert to a snapshot and a page restore
-- create no file anew; a filegroup restore creates its data files anew
RESTORE DATABASE Sales_Copy WITH RECOVERY;
RESTORE DATABASE Sales FROM DATABASE_SNAPSHOT = 'Sales_snap';
RESTORE DATABASE Sales FILEGROUP = 'PRIMARY' FROM DISK = N'B:\Backup\Sales.bak' WITH NORECOVERY; -- want "SL207"
RESTORE DATABASE Sales PAGE = '1:57' FROM DISK = N'B:\Backup\Sales.bak' WITH NORECOVERY;
GO
-- a partial restore creates the primary filegroup and the log anew
RESTORE DATABASE Sales FILEGROUP = 'PRIMARY' FROM DISK = N'B:\Backup\Sales.bak' WITH PARTIAL, NORECOVERY; -- want "SL207"
GO
-- over itself WITH REPLACE: the files are still created anew
RESTORE DATABASE Sales FROM DISK = N'B:\Backup\Sales.bak' WITH REPLACE; -- want "SL207"
GO
-- near miss: a device no script wrote to, for a database nothing is known of
RESTORE DATABASE Unknown FROM DISK = N'\\share\backups\Unknown.bak';
GO
-- the restored copy is backed up and restored again: its sizes follow
BACKUP DATABASE Sales_Copy TO DISK = N'B:\Backup\Copy.bak' WITH INIT;
RESTORE DATABASE Sales_Copy2 FROM DISK = N'B:\Backup\Copy.bak'; -- want "SL207"
GO
-- appended backup sets: FILE = n picks the nth since the last INIT
BACKUP DATABASE Nobody TO DISK = N'B:\Backup\Multi.bak' WITH INIT;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Multi.bak';
-- near miss: the first set is of a database whose sizes are unknown
RESTORE DATABASE Multi1 FROM DISK = N'B:\Backup\Multi.bak' WITH FILE = 1;
RESTORE DATABASE Multi2 FROM DISK = N'B:\Backup\Multi.bak' WITH FILE = 2; -- want "SL207"
GO
-- near miss: a differential backup holds no full layout
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Diff.bak' WITH DIFFERENTIAL, INIT;
RESTORE DATABASE Fresh FROM DISK = N'B:\Backup\Diff.bak';
GO
-- a device the scripts never wrote to, over a database they know: the
-- sizes of the database being replaced
RESTORE DATABASE Sales_Copy2 FROM URL = N'https://acct.blob.core.windows.net/bak/copy.bak' WITH REPLACE; -- want "SL207"
GO
-- a restore sequence: only the full backup creates the files
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Seq_full.bak' WITH INIT;
RESTORE DATABASE Sales FROM DISK = N'B:\Backup\Seq_full.bak' WITH NORECOVERY, REPLACE; -- want "SL207"
-- near miss: from an unknown device into a database waiting for more
-- backups, a differential
RESTORE DATABASE Sales FROM DISK = N'\\share\Sales_diff.bak' WITH NORECOVERY;
RESTORE LOG Sales FROM DISK = N'\\share\Sales_log.trn' WITH RECOVERY;
-- near miss: a device that holds a differential, over an existing database
RESTORE DATABASE Sales FROM DISK = N'B:\Backup\Diff.bak' WITH REPLACE;
