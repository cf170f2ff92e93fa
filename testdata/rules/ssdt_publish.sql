/*
Deployment script for Sales
*/
GO
SET ANSI_NULLS, ANSI_PADDING, ANSI_WARNINGS, ARITHABORT, CONCAT_NULL_YIELDS_NULL, QUOTED_IDENTIFIER ON;
SET NUMERIC_ROUNDABORT OFF;
GO
:setvar DatabaseName "Sales"
:setvar DefaultFilePrefix "Sales"
:setvar DefaultDataPath "D:\SQLDATA\"
:setvar DefaultLogPath "L:\SQLLOG\"
GO
:on error exit
GO
:setvar __IsSqlCmdEnabled "True"
GO
IF N'$(__IsSqlCmdEnabled)' NOT LIKE N'True'
    BEGIN
        PRINT N'SQLCMD mode must be enabled to successfully execute this script.';
        SET NOEXEC ON;
    END
GO
USE [master];
GO
PRINT N'Creating database $(DatabaseName)...'
GO
CREATE DATABASE [$(DatabaseName)]
    ON 
    PRIMARY(NAME = [$(DatabaseName)], FILENAME = N'$(DefaultDataPath)$(DefaultFilePrefix)_Primary.mdf')
    LOG ON (NAME = [$(DatabaseName)_log], FILENAME = N'$(DefaultLogPath)$(DefaultFilePrefix)_Primary.ldf') COLLATE SQL_Latin1_General_CP1_CI_AS
GO
IF EXISTS (SELECT 1
           FROM   [master].[dbo].[sysdatabases]
           WHERE  [name] = N'$(DatabaseName)')
    BEGIN
        ALTER DATABASE [$(DatabaseName)]
            SET ANSI_NULLS ON,
                ANSI_PADDING ON 
            WITH ROLLBACK IMMEDIATE;
    END
GO
IF EXISTS (SELECT 1
           FROM   [master].[dbo].[sysdatabases]
           WHERE  [name] = N'$(DatabaseName)')
    BEGIN
        ALTER DATABASE [$(DatabaseName)]
            SET TARGET_RECOVERY_TIME = 0 SECONDS -- want "SL301"
            WITH ROLLBACK IMMEDIATE;
    END
GO
USE [$(DatabaseName)];
GO
ALTER DATABASE [$(DatabaseName)]
    ADD FILEGROUP [Archive];
GO
ALTER DATABASE [$(DatabaseName)]
    ADD FILE (NAME = [Archive_1], FILENAME = N'$(DefaultDataPath)$(DefaultFilePrefix)_Archive_1.ndf', SIZE = 10240 MB, FILEGROWTH = 10 %) TO FILEGROUP [Archive]; -- want "SL201" "SL209"
GO
PRINT N'Update complete.';
GO
