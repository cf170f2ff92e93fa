-- SL208: a loop that adds one tempdb data file per core, its text built
-- from the loop's counter and a path variable: the file counts once, at
-- the size the text's constant pieces give, and the total is a lower
-- bound. A dry run (the loop only prints) adds nothing.
DECLARE @n int = (SELECT cpu_count FROM sys.dm_os_sys_info), @k int = 2, @stmt nvarchar(max), @path nvarchar(260) = N'T:\Temp\';
WHILE @k <= @n AND @k <= 8
BEGIN
    SET @stmt = N'ALTER DATABASE [tempdb] ADD FILE (NAME = N''temp' + CAST(@k AS nvarchar(3))
        + N''', FILENAME = N''' + @path + N'temp' + CAST(@k AS nvarchar(3)) + N'.ndf'', SIZE = 512MB)';
    PRINT @stmt;
    SET @k += 1;
END
GO
DECLARE @n int = (SELECT cpu_count FROM sys.dm_os_sys_info), @k int = 2, @stmt nvarchar(max), @path nvarchar(260) = N'T:\Temp\';
WHILE @k <= @n AND @k <= 8
BEGIN
    SET @stmt = N'ALTER DATABASE [tempdb] ADD FILE (NAME = N''temp' + CAST(@k AS nvarchar(3))
        + N''', FILENAME = N''' + @path + N'temp' + CAST(@k AS nvarchar(3)) + N'.ndf'', SIZE = 16GB)';
    EXEC sys.sp_executesql @stmt; -- want "SL208"
    SET @k += 1;
END
GO
