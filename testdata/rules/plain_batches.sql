-- Batches with nothing a rule reads in them (plain batches) between the
-- statements that matter: a static run passes over most of them unparsed,
-- and the findings stay the same.
USE Sales;
GO
CHECKPOINT; -- want "SL303"
GO
PRINT 'about to back up';
SET NOCOUNT ON;
GO
DECLARE @n int = 1;
GO
BEGIN TRY
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Plain1.bak' WITH CHECKSUM;
END TRY
BEGIN CATCH
    THROW;
END CATCH
GO
-- near miss: plain batches that execute something
CHECKPOINT;
GO
SELECT name FROM sys.tables;
GO
SELECT 2;
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Plain2.bak';
GO
-- a suppression applies to the next statement, here in a plain batch
-- sqllint:ignore SL302 the next statement is a SELECT -- want "SL003"
GO
SELECT 3;
GO
CHECKPOINT 5 -- want "SL302"
GO
-- USE after plain batches, in any case, still switches the database
SELECT 4;
GO
uSe Billing
GO
SELECT 5;
GO
ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 0 SECONDS; -- want "SL301"
GO
:setvar kw CHECKPOINT
$(kw) 10 -- want "SL302"
GO
SELECT 6;
GO
SELECT 'ends inside a string -- want "SL001"
