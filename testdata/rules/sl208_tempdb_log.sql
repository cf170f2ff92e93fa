-- SL208 for a tempdb log, which IFI never helps; not SL202.
ALTER DATABASE [TempDB] ADD FILE (NAME = temp2, FILENAME = 'T:\temp2.ndf'); -- 8 MB by default
ALTER DATABASE [TempDB] MODIFY FILE (NAME = templog, SIZE = 20GB, FILEGROWTH = 512MB); -- want "SL208"
-- near miss: a user database's log of the same size is SL202's
CREATE DATABASE Logs ON (NAME = l, FILENAME = 'D:\l.mdf') LOG ON (NAME = l_log, FILENAME = 'L:\l.ldf', SIZE = 20GB); -- want "SL202"
