-- SL002: sqlcmd defines its own scripting variables; their values depend on how sqlcmd is started and are not known here.
PRINT N'Deploying to $(SQLCMDSERVER) from $(SQLCMDWORKSTATION), db $(SQLCMDDBNAME)';
SELECT '$(SQLCMDUSER)', '$(sqlcmdpacketsize)', '$(SQLCMDLOGINTIMEOUT)', '$(SQLCMDSTATTIMEOUT)', '$(SQLCMDHEADERS)';
SELECT '$(SQLCMDCOLSEP)', '$(SQLCMDCOLWIDTH)', '$(SQLCMDERRORLEVEL)', '$(SQLCMDMAXVARTYPEWIDTH)', '$(SQLCMDMAXFIXEDTYPEWIDTH)';
SELECT '$(SQLCMDEDITOR)', '$(SQLCMDINI)', '$(SQLCMDPASSWORD)', '$(SqlCmdServer)';
GO
-- near misses: names sqlcmd does not define
PRINT N'$(Foo)'; -- want "SL002"
PRINT N'$(SQLCMDDATABASE) $(SQLCMDSERVERNAME)'; -- want "SL002" "SL002"
GO
-- a command needs the value, which sqllint does not know without -v
:r $(SQLCMDINI) -- want "SL002"
GO
-- No -d: the starting database is not known, so the USE names an
-- unresolved database and the CHECKPOINT is not known to be Sales's.
USE [$(SQLCMDDBNAME)];
CHECKPOINT;
BACKUP DATABASE Sales TO DISK = N'B:\Backup\Sales.bak' WITH CHECKSUM;
