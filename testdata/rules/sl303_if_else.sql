-- A CHECKPOINT that ends the THEN arm of an IF ... ELSE is followed by
-- the statement after the IF (the ELSE arm runs only when the THEN arm
-- does not): SL303 pairs it with a BACKUP there, as the one that ends the
-- ELSE arm.
USE Sales;
GO
IF @@SERVERNAME = N'PROD01'
    CHECKPOINT; -- want "SL303"
ELSE
    PRINT 'not on the production server';
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales1.bak' WITH CHECKSUM;
GO
IF DB_ID(N'Sales') IS NOT NULL
    CHECKPOINT; -- want "SL303"
ELSE
    CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales2.bak' WITH CHECKSUM;
GO
IF @@SERVERNAME = N'PROD01'
BEGIN
    UPDATE dbo.Settings SET Value = 1 WHERE Name = N'maintenance';
    CHECKPOINT; -- want "SL303"
END
ELSE
BEGIN
    INSERT INTO dbo.Log (Message) VALUES (N'skipped');
    UPDATE dbo.Settings SET Value = 0 WHERE Name = N'maintenance';
END
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak' WITH CHECKSUM;
GO
-- Something runs between the IF and the BACKUP: no pair.
IF @@SERVERNAME = N'PROD01'
    CHECKPOINT;
ELSE
    PRINT 'not on the production server';
INSERT INTO dbo.Log (Message) VALUES (N'backing up');
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales4.bak' WITH CHECKSUM;
