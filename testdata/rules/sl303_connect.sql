-- test-config: database=Sales
-- :connect opens a new connection, which starts in the login's default
-- database: neither -d nor an earlier USE applies after it.
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales1.bak';
GO
:connect ReportServer
CHECKPOINT;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales2.bak';
GO
USE Sales;
GO
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak';
GO
-- the CHECKPOINT runs on ReportServer, the BACKUP on ArchiveServer
CHECKPOINT;
GO
:connect ArchiveServer
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales4.bak';
GO
USE Sales;
CHECKPOINT; -- want "SL303"
:connect ReportServer
-- the whole batch runs on the new connection when GO sends it: the USE
-- above is part of it
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales5.bak';
GO
