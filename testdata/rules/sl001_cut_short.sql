-- A statement cut short after '=' or ',' is SL001, and the statement of
-- interest on the next line is still found and checked.
BACKUP DATABASE Sales TO DISK = -- want "SL001"
CHECKPOINT 10 -- want "SL302"
ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = -- want "SL001"
DBCC TRACEON (1806, -1) -- want "SL204"
CREATE DATABASE Cut ON (NAME = Cut, FILENAME = 'D:\Data\Cut.mdf', SIZE = -- want "SL001"
ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS -- want "SL301"
RESTORE DATABASE Sales FROM DISK = 'B:\Backup\Sales.bak' WITH MOVE 'Sales' TO 'D:\Data\Sales.mdf', -- want "SL001"
BACKUP DATABASE Sales TO DISK = 'NUL' -- want "SL304"
GO
-- near misses: words that only look like a statement of interest there
USE Sales;
SELECT name FROM sys.databases
OPTION (RECOMPILE,
USE HINT ('ENABLE_PARALLEL_PLAN_PREFERENCE'));
SELECT name FROM sys.databases OPTION (
USE PLAN N'<ShowPlanXML xmlns="http://schemas.microsoft.com/sqlserver/2004/07/showplan"/>');
ALTER DATABASE AUDIT SPECIFICATION SalesAudit
FOR SERVER AUDIT SalesServerAudit
ADD (SELECT ON SCHEMA::dbo BY public),
DROP (INSERT ON SCHEMA::dbo BY public);
GRANT CREATE TABLE,
ALTER ANY SCHEMA TO deployer;
CHECKPOINT; -- want "SL303"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak';
