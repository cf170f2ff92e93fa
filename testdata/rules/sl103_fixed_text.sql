-- SL103: text made of string literals alone is fixed, whether it is set
-- inside the loop or run there as it is written: it adds one filegroup
-- (the next pass fails on the name that exists: the usual retry loop
-- guards it with TRY/CATCH), as text set before the loop does. Not
-- reported.
DECLARE @i int = 0, @sql nvarchar(400);
WHILE @i < 3
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP Archive';
    BEGIN TRY EXEC (@sql); END TRY BEGIN CATCH PRINT N'exists'; END CATCH
    SET @i += 1;
END
GO
DECLARE @i int = 0;
WHILE @i < 3
BEGIN
    BEGIN TRY
        EXEC (N'ALTER DATABASE Sales ADD FILEGROUP ' + N'Archive2');
        EXEC sys.sp_executesql @stmt = N'ALTER DATABASE Sales ADD FILE (NAME = Archive2_1, FILENAME = ''D:\a2.ndf'') TO FILEGROUP Archive2';
    END TRY
    BEGIN CATCH
        PRINT N'exists';
    END CATCH
    SET @i += 1;
END
GO
EXEC sp_executesql N'ALTER DATABASE Sales ADD FILEGROUP Archive3';
GO 3
-- Text that changes from pass to pass is still reported.
DECLARE @i int = 0, @sql nvarchar(400);
WHILE @i < 3
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10)); -- want "SL103"
    EXEC (@sql);
    EXEC (N'ALTER DATABASE Sales ADD FILEGROUP H' + CAST(@i AS nvarchar(10))); -- want "SL103"
    -- fixed text that the loop then changes: reported where it is written
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP K'; -- want "SL103"
    SET @sql += CAST(@i AS nvarchar(10));
    EXEC (@sql);
    SET @i += 1;
END
GO
DECLARE @s nvarchar(400) = N'';
DECLARE @i int = 0;
WHILE @i < 3
BEGIN
    SET @s += N'ALTER DATABASE Sales ADD FILEGROUP Acc;'; -- want "SL103"
    SET @i += 1;
END
EXEC (@s);
GO
