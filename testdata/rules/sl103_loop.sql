-- SL103: files and filegroups added by dynamic SQL inside a WHILE loop.
DECLARE @fgnum int = 2, @endfgnum int = 1001, @command nvarchar(500);
WHILE (@fgnum < @endfgnum)
BEGIN
    PRINT 'ALTER DATABASE filegrouptest ADD FILEGROUP fgt' + CONVERT(varchar, @fgnum);
    SELECT @command = 'ALTER DATABASE filegrouptest ADD FILEGROUP fgt' -- want "SL103"
        + CONVERT (VARCHAR, @fgnum) + ';'
    EXEC (@command)
    SELECT @command = 'ALTER DATABASE filegrouptest ADD FILE (NAME = fgt_fg' -- want "SL103"
        + CONVERT (VARCHAR, @fgnum)
        + ''', SIZE = 512KB) TO FILEGROUP fgt' + CONVERT (VARCHAR, @fgnum) + ';'
    EXEC (@command)
    SELECT @fgnum = @fgnum + 1, @x = CASE WHEN @fgnum > 5 THEN 1 ELSE 0 END
END
-- outside a loop: an explicit count is fine
SET @command = N'ALTER DATABASE filegrouptest ADD FILEGROUP fgt1';
EXEC (@command);
WHILE @i < 10
    EXEC (N'ALTER DATABASE x ADD LOG FILE (NAME = l' + @n + N')') -- want "SL103"
SET @i = 1;
WHILE @i < 10
BEGIN
    BEGIN TRY
        EXEC sp_executesql N'ALTER DATABASE x ADD FILEGROUP [fg' + @n + N']'; -- want "SL103"
    END TRY
    BEGIN CATCH
        PRINT 'ADD FILEGROUP failed';
    END CATCH
    RAISERROR ('ADD FILE %d done', 10, 1, @i) WITH NOWAIT;
END
EXEC (N'ALTER DATABASE x ADD FILEGROUP fg_after_the_loop');
