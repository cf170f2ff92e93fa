-- An IF ... ELSE in constant dynamic SQL runs one arm, as in script
-- text: each arm starts from the files before the IF, and after it a
-- file only one arm adds has no known size.
CREATE DATABASE Big -- want "SL201"
ON PRIMARY (NAME = Big_dat, FILENAME = 'D:\Data\Big.mdf', SIZE = 10GB)
LOG ON (NAME = Big_log, FILENAME = 'L:\Log\Big.ldf', SIZE = 1GB);
GO
EXEC (N'IF @@SERVERNAME = N''PROD01''
    ALTER DATABASE Big ADD FILE (NAME = Big_f1, FILENAME = ''D:\Data\Big_f1.ndf'', SIZE = 1GB);
ELSE
    ALTER DATABASE Big MODIFY FILE (NAME = Big_dat, SIZE = 12GB);');
GO
-- Big_dat is 10 GB or 12 GB: up to 20 GB; Big_f1, if it exists, is 1 GB
ALTER DATABASE Big MODIFY FILE (NAME = Big_dat, SIZE = 20GB); -- want "SL201"
ALTER DATABASE Big MODIFY FILE (NAME = Big_f1, SIZE = 8GB); -- want "SL201"
