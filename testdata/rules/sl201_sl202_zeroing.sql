-- SL201/SL202: big allocations (defaults: 106 MB/s, 60 s budget, about 6.2 GB).
CREATE DATABASE [IFI_DB] -- want "SL201"
    CONTAINMENT = NONE
    ON PRIMARY (NAME = N'IFI_DB', FILENAME = N'D:\Data\IFI_DB.mdf', SIZE = 102400MB)
    LOG ON (NAME = N'IFI_DB_log', FILENAME = N'L:\Log\IFI_DB_log.ldf', SIZE = 2048KB)
GO
ALTER DATABASE [IFI_DB] MODIFY FILE (NAME = N'IFI_DB', SIZE = 204800MB) -- want "SL201"
GO
-- growth over the size known before: 100 GB to 102 GB is 2 GB, under the budget
ALTER DATABASE [IFI_DB] MODIFY FILE (NAME = N'IFI_DB', SIZE = 206848MB)
-- a 5 GB data file is under the budget
CREATE DATABASE Small ON (NAME = s, FILENAME = 'D:\Data\s.mdf', SIZE = 5GB) LOG ON (NAME = s_log, FILENAME = 'L:\s.ldf', SIZE = 1GB);
-- several files add up
CREATE DATABASE Multi -- want "SL201"
ON PRIMARY (NAME = m1, FILENAME = 'D:\m1.mdf', SIZE = 4GB),
   (NAME = m2, FILENAME = 'D:\m2.ndf', SIZE = 4 GB)
LOG ON (NAME = m_log, FILENAME = 'L:\m.ldf', SIZE = 512MB);
ALTER DATABASE Multi ADD FILE (NAME = m3, FILENAME = 'D:\m3.ndf', SIZE = 10GB) TO FILEGROUP [PRIMARY]; -- want "SL201"
ALTER DATABASE Multi
    ADD FILE (NAME = m4, FILENAME = 'D:\m4.ndf', SIZE = 30Gb) -- want "SL201"
GO
-- the log: zero-filled always
CREATE DATABASE BigLog ON (NAME = b, FILENAME = 'D:\b.mdf', SIZE = 1GB)
LOG ON (NAME = b_log, FILENAME = 'L:\b.ldf', SIZE = 20GB); -- want "SL202"
ALTER DATABASE BigLog ADD LOG FILE (NAME = b_log2, FILENAME = 'L:\b2.ldf', SIZE = 8GB); -- want "SL202"
ALTER DATABASE BigLog MODIFY FILE (NAME = b_log, SIZE = 40GB); -- want "SL202"
ALTER DATABASE BigLog ADD LOG FILE (NAME = b_log3, FILENAME = 'L:\b3.ldf', SIZE = 1GB);
-- attach and snapshots allocate nothing
CREATE DATABASE Att ON (NAME = a, FILENAME = 'D:\a.mdf', SIZE = 100GB) FOR ATTACH;
CREATE DATABASE Snap ON (NAME = a, FILENAME = 'D:\a.ss') AS SNAPSHOT OF Att;
