-- An unterminated [bracketed] identifier is SL001 at its bracket; the
-- statement it is in is not checked.
USE [a]]b];
CHECKPOINT 10; -- want "SL302"
BACKUP DATABASE [Sales TO DISK = 'NUL'; -- want "SL001"
CHECKPOINT 10;
GO
