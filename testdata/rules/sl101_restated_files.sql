-- test-config: SL101.startup-budget=0.05
-- SL101: an idempotent script states its files again under IF NOT EXISTS.
-- A logical name the database already has adds no file (SQL Server
-- refuses it), so the count stays at 5 and the 0.05 s budget (the 6th
-- file) is never crossed.
CREATE DATABASE Ledger ON PRIMARY (NAME = L0, FILENAME = 'D:\L0.mdf') LOG ON (NAME = L_log, FILENAME = 'L:\L.ldf');
ALTER DATABASE Ledger ADD FILE (NAME = L1, FILENAME = 'D:\L1.ndf'), (NAME = L2, FILENAME = 'D:\L2.ndf'), (NAME = L3, FILENAME = 'D:\L3.ndf');
GO
IF NOT EXISTS (SELECT 1 FROM Ledger.sys.database_files WHERE name = N'L1')
    ALTER DATABASE Ledger ADD FILE (NAME = L1, FILENAME = 'D:\L1.ndf');
IF NOT EXISTS (SELECT 1 FROM Ledger.sys.database_files WHERE name = N'L2')
    ALTER DATABASE Ledger ADD FILE (NAME = l2, FILENAME = 'D:\L2.ndf');
GO
-- near miss: a new name is a new file, the 6th
ALTER DATABASE Ledger ADD FILE (NAME = L4, FILENAME = 'D:\L4.ndf'); -- want "SL101"
GO
