-- SL209: data-file autogrowth whose zero-fill exceeds autogrowth-budget
-- (5 s at 106 MB/s, about 530 MB).
CREATE DATABASE A -- want "SL209"
ON PRIMARY (NAME = a, FILENAME = 'D:\Data\a.mdf', SIZE = 1GB, FILEGROWTH = 1GB)
LOG ON (NAME = a_log, FILENAME = 'L:\Log\a.ldf', SIZE = 1GB, FILEGROWTH = 256MB);
GO
-- near miss: a data file growing by 64 MB
ALTER DATABASE A MODIFY FILE (NAME = a, FILEGROWTH = 64MB);
-- a percentage at the file's known size: 10% of 100 GB is 10 GB
ALTER DATABASE A MODIFY FILE (NAME = a, SIZE = 100GB); -- want "SL201"
ALTER DATABASE A MODIFY FILE (NAME = a, FILEGROWTH = 10%); -- want "SL209"
-- near miss: 10% of a 1 GB file is about 100 MB
ALTER DATABASE A ADD FILE (NAME = a2, FILENAME = 'D:\Data\a2.ndf', SIZE = 1GB, FILEGROWTH = 10%);
-- a fixed step on a new file
ALTER DATABASE A ADD FILE (NAME = a3, FILENAME = 'D:\Data\a3.ndf', SIZE = 1GB, FILEGROWTH = 1024MB) TO FILEGROUP [PRIMARY]; -- want "SL209"
-- near miss: a percentage of a file whose size is unknown
ALTER DATABASE Elsewhere MODIFY FILE (NAME = e_data, FILEGROWTH = 25%);
-- near miss: a log file's growth is SL203's
ALTER DATABASE A MODIFY FILE (NAME = a_log, FILEGROWTH = 1GB); -- want "SL203"
-- near miss: no growth
ALTER DATABASE A MODIFY FILE (NAME = a, FILEGROWTH = 0);
