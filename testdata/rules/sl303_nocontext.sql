-- No USE: the database of the CHECKPOINT is unknown, so nothing is said.
CHECKPOINT;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak';
