-- A DBCC SHRINKFILE leaves the file at its target size at the least:
-- the restore's zero-fill of it is a lower bound, and SL207 says so.
CREATE DATABASE Sales -- want "SL201"
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 100GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 10GB); -- want "SL202"
GO
USE Sales;
DBCC SHRINKFILE (Sales_dat, 20000);
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH INIT;
RESTORE DATABASE Sales_Copy FROM DISK = N'B:\Backup\Sales.bak' -- want "SL207"
WITH MOVE 'Sales_dat' TO 'D:\Data\Sales_Copy.mdf', MOVE 'Sales_log' TO 'L:\Log\Sales_Copy.ldf';
