-- SL208 with IF ... ELSE: SQL Server runs one arm, so tempdb has the
-- files of one of them at the next start, not of both (each arm here
-- adds 600 MB: about 6 s; both would be 1.2 GB, 12 s, over the 10 s).
IF (SELECT cpu_count FROM sys.dm_os_sys_info) > 8
BEGIN
    ALTER DATABASE tempdb ADD FILE (NAME = temp2, FILENAME = 'T:\temp2.ndf', SIZE = 300MB);
    ALTER DATABASE tempdb ADD FILE (NAME = temp3, FILENAME = 'T:\temp3.ndf', SIZE = 300MB);
END
ELSE
BEGIN
    ALTER DATABASE tempdb ADD FILE (NAME = temp4, FILENAME = 'T:\temp4.ndf', SIZE = 300MB);
    ALTER DATABASE tempdb ADD FILE (NAME = temp5, FILENAME = 'T:\temp5.ndf', SIZE = 300MB);
    ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 100MB);
END
-- the larger arm's 700 MB and 400 MB more: over the budget
ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 400MB); -- want "SL208"
