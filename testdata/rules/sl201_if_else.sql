-- SL201 with IF ... ELSE: each arm starts from the sizes known before
-- the IF (SQL Server runs one of them), and a file's size is known after
-- it only when both arms leave the same.
CREATE DATABASE Z ON (NAME = zd, FILENAME = 'zd.mdf', SIZE = 1GB) LOG ON (NAME = zl, FILENAME = 'zl.ldf', SIZE = 100MB);
IF SERVERPROPERTY('EngineEdition') = 3
    ALTER DATABASE Z MODIFY FILE (NAME = zd, SIZE = 5GB);
ELSE
    ALTER DATABASE Z MODIFY FILE (NAME = zd, SIZE = 10GB); -- want "SL201"
-- 5 or 10 GB before: not known, up to the new size
ALTER DATABASE Z MODIFY FILE (NAME = zd, SIZE = 12GB); -- want "SL201"
GO
CREATE DATABASE Y ON (NAME = yd, FILENAME = 'yd.mdf', SIZE = 1GB);
IF SERVERPROPERTY('EngineEdition') = 3
    ALTER DATABASE Y MODIFY FILE (NAME = yd, SIZE = 5GB);
ELSE
    ALTER DATABASE Y MODIFY FILE (NAME = yd, SIZE = 5GB);
-- both arms leave 5 GB: known
ALTER DATABASE Y MODIFY FILE (NAME = yd, SIZE = 10GB);
GO
-- a THEN arm of ordinary statements is an arm still: 1 GB or 5 GB
CREATE DATABASE X ON (NAME = xd, FILENAME = 'xd.mdf', SIZE = 1GB);
GO
DECLARE @n int = 1;
SELECT @n = COUNT(*) FROM sys.databases WHERE database_id > 4 AND state = 0 AND is_read_only = 0;
IF @n = 1
    PRINT 'X is online';
ELSE
    ALTER DATABASE X MODIFY FILE (NAME = xd, SIZE = 5GB);
ALTER DATABASE X MODIFY FILE (NAME = xd, SIZE = 10GB); -- want "SL201"
SELECT name, state_desc, recovery_model_desc, compatibility_level, collation_name FROM sys.databases WHERE name = N'X';
SELECT name, physical_name, size, max_size, growth, is_percent_growth FROM sys.master_files WHERE database_id = DB_ID(N'X');
SELECT name, type_desc, data_space_id, is_default FROM sys.filegroups ORDER BY data_space_id;
PRINT 'done';
