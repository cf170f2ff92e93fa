-- test-config: SL101.startup-budget=0.035
-- SL101 counts the files a restore brings: 4 files is 0.04 s of startup.
CREATE DATABASE Wide -- want "SL101"
ON PRIMARY (NAME = w1, FILENAME = 'D:\w1.mdf'), (NAME = w2, FILENAME = 'D:\w2.ndf'), (NAME = w3, FILENAME = 'D:\w3.ndf')
LOG ON (NAME = w_log, FILENAME = 'L:\w.ldf');
BACKUP DATABASE Wide TO DISK = 'B:\Wide.bak' WITH INIT;
-- the copy gets the same four files (no SL207: each has only the 8 MB
-- default size, not a size the scripts know the backup to hold)
RESTORE DATABASE Wide_Copy FROM DISK = 'B:\Wide.bak' WITH MOVE 'w1' TO 'E:\c1.mdf', MOVE 'w2' TO 'E:\c2.ndf', MOVE 'w3' TO 'E:\c3.ndf', MOVE 'w_log' TO 'E:\c.ldf'; -- want "SL101"
-- near miss: a log restore adds no file
RESTORE LOG Wide_Copy FROM DISK = 'B:\Wide.trn';
