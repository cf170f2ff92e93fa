-- SL002: scripts written for sqlcmd on Windows name their includes in any
-- letter case; the file is Seed/Settings.inc, found on any file system.
:r .\seed\SETTINGS.inc
ALTER DATABASE [$(Target)] SET TARGET_RECOVERY_TIME = 0 SECONDS; -- want "SL301"
GO
-- near miss: no file by that name in any case
:r .\seed\Absent.inc -- want "SL002"
GO
