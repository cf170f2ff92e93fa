-- SL103: a loop that adds one tempdb data file per core is the usual
-- tempdb setup; the count is bounded by the cores, and tempdb's sizes are
-- a per-restart cost (SL208), so it is not reported.
DECLARE @n int = (SELECT cpu_count FROM sys.dm_os_sys_info), @k int = 2, @stmt nvarchar(max);
WHILE @k <= @n AND @k <= 8
BEGIN
    SET @stmt = N'ALTER DATABASE [tempdb] ADD FILE (NAME = N''temp' + CAST(@k AS nvarchar(3))
        + N''', FILENAME = N''T:\Temp\temp' + CAST(@k AS nvarchar(3)) + N'.ndf'', SIZE = 64MB)';
    EXEC (@stmt);
    SET @k += 1;
END
GO
-- near miss: the same loop on a user database is still reported
DECLARE @k int = 2, @stmt nvarchar(max);
WHILE @k <= 8
BEGIN
    SET @stmt = N'ALTER DATABASE Sales ADD FILE (NAME = N''s' + CAST(@k AS nvarchar(3)) + N''')'; -- want "SL103"
    EXEC (@stmt);
    SET @k += 1;
END
GO
