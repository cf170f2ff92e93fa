-- The fix removes a CHECKPOINT only where the script stays the same
-- without it: not the whole body of an IF, ELSE or WHILE (the next
-- statement would become the body), nor the only statement of a
-- BEGIN ... END or TRY block (an empty block does not parse).
USE Sales;
GO
IF @@SERVERNAME = N'PROD'
    CHECKPOINT -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales1.bak';
GO
IF 1 = 1 CHECKPOINT; BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales2.bak'; -- want "SL303"
GO
IF 1 = 0 PRINT 'skip' ELSE CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak';
GO
DECLARE @n int = 0;
-- the whole body of a WHILE: the loop's next round runs after it, not
-- the BACKUP after the loop (not reported)
WHILE @n < 1
    CHECKPOINT
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales4.bak';
GO
IF 1 = 1
BEGIN
    CHECKPOINT; -- want "SL303"
END
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales5.bak';
GO
-- the CATCH block runs only after an error: when the TRY block
-- completes, the BACKUP after it runs next
BEGIN TRY
    CHECKPOINT; -- want "SL303"
END TRY
BEGIN CATCH
    THROW;
END CATCH
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales6.bak';
GO
-- removable: a statement follows it in its block, or it stands alone
IF 1 = 1
BEGIN
    PRINT 'flush';
    CHECKPOINT; -- want "SL303"
END
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales7.bak';
GO
IF 1 = 1 PRINT 'flush'
CHECKPOINT -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales8.bak';
GO
-- DROP ... IF EXISTS is no IF statement: removable
DROP TABLE IF EXISTS dbo.Staging
CHECKPOINT -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales9.bak';
GO
IF EXISTS (SELECT 1 FROM sys.databases WHERE name = N'Sales')
    CHECKPOINT -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales10.bak';
GO
