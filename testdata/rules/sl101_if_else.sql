-- test-config: SL101.startup-budget=0.05
-- SL101 with IF ... ELSE: SQL Server runs one arm, never both, so a
-- database's file count after it is the larger arm's, not their sum.
-- With a 0.05 s budget the 6th file crosses it (100 files take 1 s).
CREATE DATABASE E;
IF SERVERPROPERTY('EngineEdition') = 3
BEGIN
    ALTER DATABASE E ADD FILE (NAME = e1, FILENAME = 'e1.ndf');
    ALTER DATABASE E ADD FILE (NAME = e2, FILENAME = 'e2.ndf');
END
ELSE
BEGIN
    ALTER DATABASE E ADD FILE (NAME = s1, FILENAME = 's1.ndf');
    ALTER DATABASE E ADD FILE (NAME = s2, FILENAME = 's2.ndf');
    ALTER DATABASE E ADD FILE (NAME = s3, FILENAME = 's3.ndf');
END
-- 4 or 5 files: the next one is the 6th
ALTER DATABASE E ADD FILE (NAME = x1, FILENAME = 'x1.ndf'); -- want "SL101"
GO
-- ELSE IF chains, nested IF ... ELSE, dynamic SQL run in an arm
CREATE DATABASE F;
IF @@VERSION LIKE '%Enterprise%'
    ALTER DATABASE F ADD FILE (NAME = f1, FILENAME = 'f1.ndf'), (NAME = f2, FILENAME = 'f2.ndf');
ELSE IF @@VERSION LIKE '%Standard%'
    EXEC (N'ALTER DATABASE F ADD FILE (NAME = g1, FILENAME = ''g1.ndf''), (NAME = g2, FILENAME = ''g2.ndf''), (NAME = g3, FILENAME = ''g3.ndf'')');
ELSE
BEGIN
    IF DB_ID('F') IS NOT NULL
        ALTER DATABASE F ADD FILE (NAME = h1, FILENAME = 'h1.ndf');
    ELSE
        ALTER DATABASE F ADD FILE (NAME = h2, FILENAME = 'h2.ndf'), (NAME = h3, FILENAME = 'h3.ndf');
    ALTER DATABASE F ADD FILE (NAME = h4, FILENAME = 'h4.ndf');
END
ALTER DATABASE F ADD FILE (NAME = y1, FILENAME = 'y1.ndf'); -- want "SL101"
GO
-- an arm that crosses the budget by itself is reported there (once)
CREATE DATABASE G;
IF DB_ID('G') IS NOT NULL
    ALTER DATABASE G ADD FILE (NAME = a1, FILENAME = 'a1.ndf'), (NAME = a2, FILENAME = 'a2.ndf'), -- want "SL101"
        (NAME = a3, FILENAME = 'a3.ndf'), (NAME = a4, FILENAME = 'a4.ndf');
ELSE
    ALTER DATABASE G ADD FILE (NAME = b1, FILENAME = 'b1.ndf');
GO
-- an IF without ELSE may run: its files count
CREATE DATABASE H;
IF DB_ID('H') IS NOT NULL
    ALTER DATABASE H ADD FILE (NAME = h1, FILENAME = 'h1.ndf'), (NAME = h2, FILENAME = 'h2.ndf');
IF DB_ID('H') IS NOT NULL
    ALTER DATABASE H ADD FILE (NAME = h3, FILENAME = 'h3.ndf'), (NAME = h4, FILENAME = 'h4.ndf'); -- want "SL101"
GO
-- a database created in one arm only may exist after the IF
IF DB_ID('K') IS NULL
    CREATE DATABASE K ON (NAME = k1, FILENAME = 'k1.mdf'), (NAME = k2, FILENAME = 'k2.ndf'), (NAME = k3, FILENAME = 'k3.ndf'), (NAME = k4, FILENAME = 'k4.ndf');
ELSE
    PRINT 'K is there';
ALTER DATABASE K ADD FILE (NAME = k5, FILENAME = 'k5.ndf'); -- want "SL101"
