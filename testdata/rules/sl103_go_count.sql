-- SL103: GO n runs its batch n times, a loop as much as WHILE is:
-- filegroups added by dynamic SQL there are as many as the runs.
DECLARE @fg sysname = N'FG_' + CONVERT(nvarchar(36), NEWID());
DECLARE @sql nvarchar(max) = N'ALTER DATABASE Big ADD FILEGROUP ' + QUOTENAME(@fg); -- want "SL103"
EXEC sp_executesql @sql;
GO 1000
EXEC (N'ALTER DATABASE Big ADD FILE (NAME = f' + CONVERT(nvarchar(36), NEWID()) + N', FILENAME = ''D:\f.ndf'')'); -- want "SL103"
GO 50
-- run once: an explicit count is fine
DECLARE @one nvarchar(max) = N'ALTER DATABASE Big ADD FILEGROUP fg_once';
EXEC (@one);
GO
DECLARE @once nvarchar(max) = N'ALTER DATABASE Big ADD FILEGROUP fg_once2';
EXEC (@once);
GO 1
-- built but only printed: a dry run
DECLARE @dry nvarchar(max) = N'ALTER DATABASE Big ADD FILEGROUP fg_dry';
PRINT @dry;
GO 10
