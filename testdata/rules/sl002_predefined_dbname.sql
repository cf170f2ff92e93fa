-- test-config: database=Sales
-- With -d Sales (or database: Sales in the config), $(SQLCMDDBNAME) is Sales.
PRINT N'Deploying db $(SQLCMDDBNAME) from $(SQLCMDWORKSTATION)';
USE [$(SQLCMDDBNAME)];
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;
GO
-- near miss: another database
USE [$(SQLCMDDBNAME)];
CHECKPOINT;
BACKUP DATABASE Archive TO DISK = N'B:\Backup\Archive.bak' WITH CHECKSUM;
GO
PRINT N'$(SQLCMDDBNAMES)'; -- want "SL002"
