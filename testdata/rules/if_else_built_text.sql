-- Text built in a variable and run by EXEC, with IF ... ELSE: SQL Server
-- runs one arm, so a variable the two arms set apart holds either after
-- the IF (its statements are not known), not the last one written; the
-- ELSE arm starts from the value before the IF.
CREATE DATABASE Big
ON PRIMARY (NAME = Big_dat, FILENAME = 'D:\Data\Big.mdf', SIZE = 1GB)
LOG ON (NAME = Big_log, FILENAME = 'L:\Log\Big.ldf', SIZE = 1GB);
GO
DECLARE @sql nvarchar(max);
IF @@SERVERNAME = N'PROD01'
    SET @sql = N'ALTER DATABASE Big ADD FILE (NAME = f1, FILENAME = ''D:\Data\f1.ndf'', SIZE = 1GB)';
ELSE
    SET @sql = N'ALTER DATABASE Big ADD FILE (NAME = f2, FILENAME = ''D:\Data\f2.ndf'', SIZE = 20GB)';
EXEC (@sql);
GO
-- both arms build the same text: it runs
DECLARE @sql nvarchar(max);
IF @@SERVERNAME = N'PROD01'
    SET @sql = N'ALTER DATABASE Big ADD FILE (NAME = f3, FILENAME = ''D:\Data\f3.ndf'', SIZE = 20GB)';
ELSE
    SET @sql = N'ALTER DATABASE Big ADD FILE (NAME = f3, FILENAME = ''D:\Data\f3.ndf'', SIZE = 20GB)';
EXEC (@sql); -- want "SL201"
GO
-- the ELSE arm runs the text as it was before the IF
DECLARE @sql nvarchar(max) = N'ALTER DATABASE Big SET TARGET_RECOVERY_TIME = 0 SECONDS';
IF @@SERVERNAME = N'PROD01'
    SET @sql = N'ALTER DATABASE Big SET TARGET_RECOVERY_TIME = 60 SECONDS';
ELSE
    EXEC (@sql); -- want "SL301"
GO
DECLARE @sql nvarchar(max);
IF @@SERVERNAME = N'PROD01'
    SET @sql = N'ALTER DATABASE Big SET TARGET_RECOVERY_TIME = 60 SECONDS';
ELSE
    SET @sql = N'ALTER DATABASE Big SET TARGET_RECOVERY_TIME = 0 SECONDS';
EXEC (@sql);
GO
-- tempdb's files built in a variable: apart, not known
DECLARE @t nvarchar(max);
IF (SELECT cpu_count FROM sys.dm_os_sys_info) > 8
    SET @t = N'ALTER DATABASE tempdb ADD FILE (NAME = temp9, FILENAME = ''T:\temp9.ndf'', SIZE = 1GB)';
ELSE
    SET @t = N'ALTER DATABASE tempdb ADD FILE (NAME = temp9, FILENAME = ''T:\temp9.ndf'', SIZE = 40GB)';
EXEC (@t);
GO
