-- V10 runs after V7 (natural order): only read-only restores and a log
-- restore, which allocate nothing.
RESTORE VERIFYONLY FROM DISK = N'B:\Backup\Orders_pre_v3.bak';
RESTORE HEADERONLY FROM DISK = N'B:\Backup\Orders_pre_v3.bak';
RESTORE LOG Orders_Reporting FROM DISK = N'B:\Backup\Orders_log.trn' WITH STANDBY = 'R:\Data\undo.dat';
GO
