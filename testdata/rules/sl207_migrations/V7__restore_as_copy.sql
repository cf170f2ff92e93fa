-- V7 restores that backup as a reporting copy: the files of V1, as they were
-- at the backup of V3 (20 GB of data, 4 GB of log, without Orders_2).
RESTORE DATABASE Orders_Reporting FROM DISK = N'B:\Backup\Orders_pre_v3.bak' -- want "SL207"
WITH MOVE 'Orders_dat' TO 'R:\Data\Orders_Reporting.mdf',
     MOVE 'Orders_log' TO 'R:\Log\Orders_Reporting.ldf', RECOVERY, STATS = 10;
GO
