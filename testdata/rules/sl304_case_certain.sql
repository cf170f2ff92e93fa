-- SL304 reports a backup that goes to the null device whenever it runs:
-- a CASE or IIF in built text backs up to NUL only when every result
-- does, as a variable the two arms of an IF ... ELSE set apart is not
-- taken as either.
DECLARE @test bit = 1, @sql nvarchar(400);
SET @sql = N'BACKUP LOG Sales TO DISK = ' + CASE WHEN @test = 1 THEN N'''NUL''' ELSE N'''D:\Backup\Sales.trn''' END;
EXEC (@sql);
GO
DECLARE @test bit = 1, @sql nvarchar(400);
SET @sql = N'BACKUP LOG Sales TO DISK = ' + IIF(@test = 1, N'''NUL''', N'''D:\Backup\Sales.trn''');
EXEC (@sql);
GO
DECLARE @test bit = 1, @sql nvarchar(400);
IF @test = 1
    SET @sql = N'BACKUP LOG Sales TO DISK = ''NUL''';
ELSE
    SET @sql = N'BACKUP LOG Sales TO DISK = ''D:\Backup\Sales.trn''';
EXEC (@sql);
GO
-- every result, and both arms, back up to NUL
DECLARE @test bit = 1, @sql nvarchar(400);
SET @sql = N'BACKUP LOG Sales TO DISK = ' + CASE WHEN @test = 1 THEN N'''NUL''' ELSE N'''nul:''' END;
EXEC (@sql); -- want "SL304"
GO
DECLARE @test bit = 1, @sql nvarchar(400);
IF @test = 1
    SET @sql = N'BACKUP LOG Sales TO DISK = ''NUL''';
ELSE
    SET @sql = N'BACKUP LOG Sales TO DISK = ''NUL''';
EXEC (@sql); -- want "SL304"
