-- SL001: statements of interest that do not parse; the rest is still checked.
CREATE DATABASE Broken ON (NAME = a, SIZE = ); -- want "SL001"
CHECKPOINT 10; -- want "SL302"
BACKUP DATABASE TO DISK = 'x.bak'; -- want "SL001"
DBCC TRACEON (1806 -- want "SL001"
ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS; -- want "SL301"
