-- SL303: CHECKPOINT right before BACKUP DATABASE of the same database.
USE Sales;
GO
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;
GO
CHECKPOINT -- want "SL303"
-- a comment between them
PRINT 'backing up';
DECLARE @d datetime2 = SYSDATETIME();
SET NOCOUNT ON;
GO
BACKUP DATABASE [Sales] TO DISK = N'B:\Backup\Sales2.bak';
GO
-- near miss: another database
CHECKPOINT;
BACKUP DATABASE Archive TO DISK = N'B:\Backup\Archive.bak';
-- near miss: something executable in between
CHECKPOINT;
UPDATE dbo.T SET x = 1;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak';
-- near miss: a log backup
CHECKPOINT;
BACKUP LOG Sales TO DISK = N'B:\Backup\Sales.trn';
USE Archive;
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Archive TO DISK = N'B:\Backup\Archive.bak';
