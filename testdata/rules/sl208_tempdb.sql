-- SL208: tempdb is created anew at every restart; its sizes are a
-- per-restart cost (startup-budget 10 s at 106 MB/s, about 1 GB).
USE master;
GO
-- near miss: a tempdb log under budget (512 MB of log + the 8 MB data file)
ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 512MB);
GO
-- crosses the budget: reported once, and not as SL201
ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 8GB); -- want "SL208"
ALTER DATABASE tempdb ADD FILE (NAME = temp2, FILENAME = 'T:\TempDB\temp2.ndf', SIZE = 8GB);
GO
USE tempdb;
GO
ALTER DATABASE CURRENT MODIFY FILE (NAME = temp2, SIZE = 10GB, FILEGROWTH = 64MB);
GO
-- another database still gets SL201
CREATE DATABASE Big ON (NAME = big, FILENAME = 'D:\Data\big.mdf', SIZE = 10GB); -- want "SL201"
