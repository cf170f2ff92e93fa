-- test-config: target-version=16
-- With SQL Server 2022 as the target, log growth of 64 MB or less is instant.
CREATE DATABASE G3 ON (NAME = g3, FILENAME = 'D:\g3.mdf')
LOG ON (NAME = g3_log, FILENAME = 'L:\g3.ldf', FILEGROWTH = 64MB);
ALTER DATABASE G3 MODIFY FILE (NAME = g3_log, FILEGROWTH = 10%); -- want "SL203"
ALTER DATABASE G3 MODIFY FILE (NAME = g3_log, FILEGROWTH = 1024MB); -- want "SL203"
