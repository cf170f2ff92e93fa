-- Rule exactness (second round): misspelt SET options and values are
-- SL001 and hide nothing; a size a CASE or IIF picks counts at the
-- smallest; a null device written in pieces is one; placeholders parse.
ALTER DATABASE Sales SET TARGET_RECOVERY_TME = 0 SECONDS; -- want "SL001"
ALTER DATABASE Sales SET RECOVERY SIMPLEE; -- want "SL001"
ALTER DATABASE Sales SET AUTO_CLOSE OF; -- want "SL001"
ALTER DATABASE Sales SET ${option} = ON, <option, sysname, AUTO_SHRINK> OFF;
ALTER DATABASE Sales SET RECOVERY SIMPLE, TARGET_RECOVERY_TIME = 0 MINUTES; -- want "SL301"
GO
DECLARE @prod bit = 0, @sql nvarchar(max);
SET @sql = N'CREATE DATABASE Shop ON (NAME = Shop, FILENAME = ''D:\Shop.mdf'', SIZE = '
    + CASE WHEN @prod = 1 THEN N'100GB' ELSE N'1GB' END + N') LOG ON (NAME = Shop_log, FILENAME = ''L:\Shop.ldf'', SIZE = '
    + IIF(@prod = 1, N'20GB', N'512MB') + N');';
EXEC (@sql);
GO
DECLARE @cores int = 8, @sql nvarchar(max);
SET @sql = N'ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = '
    + CASE WHEN @cores > 4 THEN N'16384MB' ELSE N'8192MB' END + N');';
EXEC (@sql); -- want "SL208"
GO
DECLARE @dev nvarchar(260) = N'\\.\' + N'NUL';
BACKUP LOG Sales TO DISK = @dev; -- want "SL304"
GO
CREATE DATABASE Part ON (NAME = Part, FILENAME = 'D:\Part.mdf', SIZE = foo)
LOG ON (NAME = Part_log, FILENAME = 'L:\Part_log.ldf', SIZE = 12GB); -- want "SL202"
RESTORE DATABASE Part FROM DISK = 'B:\Part.bak' WITH REPLACE; -- want "SL207"
GO
