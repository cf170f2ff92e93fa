-- test-config: SL101.startup-budget=0.05
-- The database model follows USE, CURRENT, $(var), REMOVE FILE and DROP DATABASE.
-- With a 0.05 s budget the 6th file crosses it (100 files take 1 s).
CREATE DATABASE A;
USE A;
ALTER DATABASE CURRENT ADD FILE (NAME = a1, FILENAME = 'a1.ndf');
ALTER DATABASE CURRENT ADD FILE (NAME = a2, FILENAME = 'a2.ndf'), (NAME = a3, FILENAME = 'a3.ndf');
ALTER DATABASE A REMOVE FILE a3;
ALTER DATABASE [A] ADD FILE (NAME = a4, FILENAME = 'a4.ndf');
ALTER DATABASE a ADD LOG FILE (NAME = a5, FILENAME = 'a5.ldf'); -- want "SL101"
ALTER DATABASE A ADD FILE (NAME = a6, FILENAME = 'a6.ndf');
DROP DATABASE A;
CREATE DATABASE A ON (NAME = b1, FILENAME = 'b1.mdf'), (NAME = b2, FILENAME = 'b2.ndf'), -- want "SL101"
    (NAME = b3, FILENAME = 'b3.ndf'), (NAME = b4, FILENAME = 'b4.ndf'), (NAME = b5, FILENAME = 'b5.ndf');
:setvar db Other
GO
CREATE DATABASE [$(db)];
ALTER DATABASE Other ADD FILE (NAME = o1, FILENAME = 'o1.ndf'), (NAME = o2, FILENAME = 'o2.ndf');
ALTER DATABASE Other MODIFY NAME = Renamed;
ALTER DATABASE Renamed ADD FILE (NAME = o3, FILENAME = 'o3.ndf');
ALTER DATABASE Renamed ADD FILE (NAME = o4, FILENAME = 'o4.ndf'); -- want "SL101"
