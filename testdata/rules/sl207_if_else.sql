-- SL207 with IF ... ELSE: SQL Server runs one arm, so a device the two
-- arms back up different databases to holds one backup or the other: a
-- RESTORE from it after the IF does not know which (the sizes are not
-- known: silent), where the last one written was taken as certain.
CREATE DATABASE Big ON (NAME = big1, FILENAME = 'D:\big1.mdf', SIZE = 50GB) LOG ON (NAME = bigl, FILENAME = 'L:\bigl.ldf', SIZE = 1GB); -- want "SL201"
CREATE DATABASE Small ON (NAME = small1, FILENAME = 'D:\small1.mdf', SIZE = 1GB) LOG ON (NAME = smalll, FILENAME = 'L:\smalll.ldf', SIZE = 100MB);
IF @@SERVERNAME = N'PROD'
    BACKUP DATABASE Big TO DISK = 'D:\Backup\x.bak' WITH INIT;
ELSE
    BACKUP DATABASE Small TO DISK = 'D:\Backup\x.bak' WITH INIT;
RESTORE DATABASE Copy1 FROM DISK = 'D:\Backup\x.bak' WITH REPLACE;
GO
-- a device no arm writes to keeps its backup
BACKUP DATABASE Big TO DISK = 'D:\Backup\y.bak' WITH INIT;
IF @@SERVERNAME = N'PROD'
    BACKUP DATABASE Small TO DISK = 'D:\Backup\z.bak' WITH INIT;
ELSE
    PRINT 'no backup';
RESTORE DATABASE Copy2 FROM DISK = 'D:\Backup\y.bak' WITH REPLACE; -- want "SL207"
