-- SL103: only ADD FILE text that a loop builds AND runs is reported.
DECLARE @i int = 1, @sql nvarchar(max), @msg nvarchar(400), @rc int, @apply bit = 0;
-- A dry run: the loop only prints what it would run (what the rule's doc
-- recommends). Nothing runs, nothing is reported.
WHILE @i <= 500
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));
    PRINT @sql;
    PRINT N'ALTER DATABASE Sales ADD FILE (NAME = F' + CAST(@i AS nvarchar(10)) + N')';
    SET @i += 1;
END
GO
-- A message that mentions ADD FILE is not dynamic SQL.
DECLARE @i int = 1, @msg nvarchar(400);
WHILE @i <= 10
BEGIN
    SET @msg = N'ADD FILE step ' + CAST(@i AS nvarchar(10)) + N' skipped';
    RAISERROR (@msg, 10, 1) WITH NOWAIT;
    RAISERROR (N'ADD FILEGROUP %d done', 10, 1, @i) WITH NOWAIT;
    SELECT @msg = N'ALTER DATABASE Sales ADD FILEGROUP x', @i = @i + 1;
    EXEC dbo.log_message @msg; -- a procedure call: it does not run the text
END
GO
-- EXEC of the string itself.
DECLARE @i int = 1;
WHILE @i <= 10
BEGIN
    EXEC (N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10))); -- want "SL103"
    EXECUTE (N'ALTER DATABASE Sales ADD LOG FILE (NAME = L' + CAST(@i AS nvarchar(10)) + N', FILENAME = ''L:\L.ldf'')'); -- want "SL103"
    SET @i += 1;
END
GO
-- EXEC through a variable assigned in the loop: reported where the text is built.
DECLARE @i int = 1, @sql nvarchar(max), @other nvarchar(max);
WHILE @i <= 10
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' -- want "SL103"
        + CAST(@i AS nvarchar(10));
    SET @other = N'SELECT 1';
    EXEC (@sql);
    EXEC (@other);
    SET @i += 1;
END
GO
-- sp_executesql, in its usual spellings.
DECLARE @i int = 1, @sql nvarchar(max), @s2 nvarchar(max), @s3 nvarchar(max), @rc int;
WHILE @i <= 10
BEGIN
    SELECT @sql = N'ALTER DATABASE Sales ADD FILE (NAME = F' + CAST(@i AS nvarchar(10)) + N')'; -- want "SL103"
    EXEC sp_executesql @sql;
    SET @s2 = CONCAT(N'ALTER DATABASE Sales ADD FILEGROUP G', @i); -- want "SL103"
    EXEC @rc = sys.sp_executesql @stmt = @s2;
    SET @s3 = N'ALTER DATABASE Sales ADD FILEGROUP H' + CAST(@i AS nvarchar(10)); -- want "SL103"
    EXECUTE [master].[sys].[sp_executesql] @s3, N'@n int', @n = @i;
    EXEC sp_executesql N'ALTER DATABASE Sales ADD FILEGROUP [K' + @n + N']'; -- want "SL103"
    -- the parameter list is not the statement text
    EXEC sp_executesql N'SELECT @x', N'@x nvarchar(100)', @x = @sql;
    SET @i += 1;
END
GO
-- Text set before the loop and run inside it is fixed: one filegroup (a
-- second run fails on the existing name). Not reported.
DECLARE @i int = 1, @sql nvarchar(max) = N'ALTER DATABASE Sales ADD FILEGROUP Archive';
WHILE @i <= 3
BEGIN
    BEGIN TRY
        EXEC (@sql);
    END TRY
    BEGIN CATCH
        PRINT N'exists';
    END CATCH
    SET @i += 1;
END
GO
-- ...but a loop that derives its text from such a template builds a new
-- statement at each iteration.
DECLARE @i int = 1, @tpl nvarchar(max) = N'ALTER DATABASE Sales ADD FILEGROUP FG#', @cmd nvarchar(max);
WHILE @i <= 10
BEGIN
    SET @cmd = REPLACE(@tpl, N'#', CAST(@i AS nvarchar(10))); -- want "SL103"
    EXEC (@cmd);
    SET @i += 1;
END
GO
-- Nested loops: built in the inner loop, run in the outer one, and the
-- other way round; run before it is built (the next iteration runs it).
DECLARE @i int = 1, @j int, @a nvarchar(max) = N'', @b nvarchar(max), @c nvarchar(max) = N'';
WHILE @i <= 10
BEGIN
    SET @b = N'ALTER DATABASE Sales ADD FILEGROUP B' + CAST(@i AS nvarchar(10)); -- want "SL103"
    SET @j = 1;
    WHILE @j <= 4
    BEGIN
        SET @a = N'ALTER DATABASE Sales ADD FILE (NAME = A' + CAST(@j AS nvarchar(10)) + N')'; -- want "SL103"
        EXEC (@b);
        SET @j += 1;
    END
    EXEC (@a);
    IF @c <> N'' EXEC (@c);
    SET @c = N'ALTER DATABASE Sales ADD FILEGROUP C' + CAST(@i AS nvarchar(10)); -- want "SL103"
    SET @i += 1;
END
GO
-- Text accumulated in a loop and run once after it: the loop still decides
-- how many filegroups there are.
DECLARE @i int = 1, @all nvarchar(max) = N'';
WHILE @i <= 100
BEGIN
    SET @all += N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10)) + N'; '; -- want "SL103"
    SET @i += 1;
END
SET @all = @all + N'PRINT ''done'';';
EXEC (@all);
GO
-- Built in a loop, then overwritten before the EXEC: not run.
DECLARE @i int = 1, @x nvarchar(max);
WHILE @i <= 100
BEGIN
    SET @x = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));
    PRINT @x;
    SET @i += 1;
END
SET @x = N'SELECT 1';
EXEC (@x);
GO
-- A variable of the same name in another batch is another variable.
DECLARE @i int = 1, @sql nvarchar(max);
WHILE @i <= 100
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));
    SET @i += 1;
END
GO
DECLARE @sql nvarchar(max) = N'SELECT 1';
EXEC (@sql);
GO
-- An apply switch around the EXEC does not make it a dry run: it may run.
DECLARE @i int = 1, @apply bit = 1, @sql nvarchar(max);
WHILE @i <= 10
BEGIN
    SET @sql = N'ALTER DATABASE Sales ADD FILEGROUP FG' + CAST(@i AS nvarchar(10)); -- want "SL103"
    IF @apply = 1
        EXEC (@sql);
    ELSE
        PRINT @sql;
    SET @i += 1;
END
GO
-- INSERT ... EXEC runs the text too.
DECLARE @i int = 1, @sql nvarchar(max);
DECLARE @out TABLE (msg nvarchar(400));
WHILE @i <= 10
BEGIN
    DECLARE @s nvarchar(max) = N'ALTER DATABASE Sales ADD FILEGROUP D' + CAST(@i AS nvarchar(10)); -- want "SL103"
    INSERT INTO @out EXEC (@s);
    SET @i += 1;
END
