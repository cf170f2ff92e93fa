-- A CHECKPOINT that ends the body of a procedure, function or trigger is
-- not run when the script runs: the BACKUP after GO does not follow it.
USE Sales;
GO
CREATE PROCEDURE dbo.Flush
AS
    CHECKPOINT;
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales1.bak';
GO
/* generated */ CREATE OR ALTER PROCEDURE dbo.Flush2
AS
BEGIN
    CHECKPOINT;
END
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales2.bak';
GO
-- comment
create   trigger trg ON DATABASE FOR CREATE_TABLE AS
CHECKPOINT
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales3.bak';
GO
ALTER PROC dbo.Flush3 AS
CHECKPOINT
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales4.bak';
GO
-- inside one body the two do run one after the other
CREATE PROCEDURE dbo.Nightly
AS
    CHECKPOINT; -- want "SL303"
    BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales5.bak';
GO
-- a batch that only creates a table is no module
CREATE TABLE dbo.T (id int);
CHECKPOINT; -- want "SL303"
GO
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales6.bak';
GO
