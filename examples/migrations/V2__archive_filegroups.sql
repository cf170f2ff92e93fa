-- V2: one filegroup per month of archive, built in a loop.
USE [Sales];
GO
DECLARE @month int = 1, @sql nvarchar(max);
WHILE @month <= 120
BEGIN
    SET @sql = N'ALTER DATABASE [Sales] ADD FILEGROUP [Archive_' + CAST(@month AS nvarchar(10)) + N'];';
    EXEC sys.sp_executesql @sql;
    SET @month += 1;
END
GO
