-- SL303 looks through the start of a BEGIN ... END or BEGIN TRY block:
-- it executes nothing, so the BACKUP inside is the next statement.
USE Sales;
GO
CHECKPOINT; -- want "SL303"
BEGIN TRY
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales1.bak' WITH CHECKSUM;
END TRY
BEGIN CATCH
    THROW;
END CATCH
GO
CHECKPOINT -- want "SL303"
BEGIN
    PRINT 'full backup';
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales2.bak';
END
GO
BEGIN TRY
    CHECKPOINT; -- want "SL303"
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak';
END TRY
BEGIN CATCH
    THROW;
END CATCH
GO
-- near miss: BEGIN TRAN executes (and BACKUP would fail inside it)
CHECKPOINT;
BEGIN TRAN;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales4.bak';
COMMIT;
GO
-- near miss: a CATCH body runs only after an error
BEGIN TRY
    CHECKPOINT;
END TRY
BEGIN CATCH
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales5.bak';
END CATCH
GO
-- near miss: the block's first statement is executable
CHECKPOINT;
BEGIN
    SELECT name FROM sys.databases;
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales6.bak';
END
GO
-- the CHECKPOINT ends the TRY block, whose CATCH block runs only after
-- an error: the BACKUP after END CATCH runs next
BEGIN TRY
    DBCC CHECKDB (Sales) WITH NO_INFOMSGS;
    CHECKPOINT; -- want "SL303"
END TRY
BEGIN CATCH
    PRINT ERROR_MESSAGE();
    THROW;
END CATCH;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales7.bak';
GO
-- near miss: what runs after the CATCH block is executable
BEGIN TRY
    DBCC CHECKDB (Sales) WITH NO_INFOMSGS;
    CHECKPOINT;
END TRY
BEGIN CATCH
    THROW;
END CATCH;
INSERT INTO dbo.MaintenanceLog (Step) VALUES (N'checkdb');
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales8.bak';
