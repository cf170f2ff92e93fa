:setvar DatabaseName "Sales"
:setvar DefaultDataPath "D:\SQLDATA\"
:on error exit
USE [$(DatabaseName)];
GO
ALTER DATABASE [$(Undefined)] SET TARGET_RECOVERY_TIME = 0 SECONDS; -- want "SL002" "SL301"
GO
:r missing_include.sql -- want "SL002"
:bogus command -- want "SL002"
SELECT N'$(DefaultDataPath)$(DatabaseName).mdf';
-- a variable in a comment is not reported: $(NotDefinedEither)
