-- SL304 with IF ... ELSE: SQL Server runs one arm, so a variable the two
-- arms set apart holds either after the IF, not the last one written.
DECLARE @p nvarchar(100);
IF @@SERVERNAME LIKE N'DEV%' SET @p = N'D:\Backup\Sales.bak'; ELSE SET @p = N'NUL';
BACKUP DATABASE Sales TO DISK = @p;
GO
-- both arms set the null device: it is
DECLARE @p nvarchar(100);
IF @@SERVERNAME LIKE N'DEV%'
BEGIN
    SET @p = N'NUL';
END
ELSE
BEGIN
    SET @p = N'nul';
    SET @p = N'NUL';
END
BACKUP DATABASE Sales TO DISK = @p; -- want "SL304"
GO
-- the ELSE arm sees the value before the IF, not the THEN arm's
DECLARE @p nvarchar(100) = N'NUL';
IF @@SERVERNAME LIKE N'DEV%'
    SET @p = N'D:\Backup\Sales.bak';
ELSE
    BACKUP DATABASE Sales TO DISK = @p; -- want "SL304"
GO
-- text built apart in the two arms, run after the IF
DECLARE @s nvarchar(400);
IF @@SERVERNAME LIKE N'DEV%'
BEGIN
    IF DB_ID(N'Sales') IS NOT NULL
        SET @s = N'BACKUP DATABASE Sales TO DISK = ''D:\Backup\Sales.bak''';
    ELSE
        SET @s = N'BACKUP DATABASE Sales TO DISK = ''NUL''';
END
ELSE
    SET @s = N'BACKUP DATABASE Sales TO DISK = ''NUL''';
EXEC (@s);
GO
-- an IF without ELSE may run
DECLARE @p nvarchar(100) = N'D:\Backup\Sales.bak';
IF @@SERVERNAME LIKE N'DEV%' SET @p = N'NUL';
BACKUP DATABASE Sales TO DISK = @p; -- want "SL304"
GO
-- blocks that end together: the inner IF's arms join first
DECLARE @p nvarchar(100);
IF @@SERVERNAME LIKE N'DEV%'
BEGIN
    IF DB_ID(N'Sales') IS NOT NULL
    BEGIN
        SET @p = N'D:\Backup\Sales.bak'
    END
    ELSE
    BEGIN
        SET @p = N'NUL'
    END
END
ELSE
    SET @p = N'NUL'
BACKUP DATABASE Sales TO DISK = @p;
GO
DECLARE @p nvarchar(100);
BEGIN
    IF @@SERVERNAME LIKE N'DEV%' SET @p = N'NUL'; ELSE SET @p = N'NUL';
END;
BACKUP DATABASE Sales TO DISK = @p; -- want "SL304"
GO
DECLARE @p nvarchar(100) = N'NUL', @i int = 0;
WHILE @i < 2
BEGIN
    IF @i = 1 PRINT 'one' ELSE SET @p = N'D:\Backup\Sales.bak'
    SET @i += 1
END
BACKUP DATABASE Sales TO DISK = @p;
