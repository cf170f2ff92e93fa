-- V3 takes a full backup before a risky change.
BACKUP DATABASE Orders TO DISK = N'B:\Backup\Orders_pre_v3.bak' WITH INIT, CHECKSUM, COPY_ONLY;
GO
ALTER DATABASE Orders ADD FILE (NAME = Orders_2, FILENAME = 'D:\Data\Orders_2.ndf', SIZE = 2GB);
GO
