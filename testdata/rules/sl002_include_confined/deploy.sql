-- SL002: :r reads only inside the scanned folder (here the fixture's
-- folder), only regular files.
:r lib/settings.inc
ALTER DATABASE [$(Target)] SET TARGET_RECOVERY_TIME = 0 SECONDS; -- want "SL301"
GO
-- outside the scanned folder: not read, so its statements are not checked
:r ../../parse/alter_database.sql -- want "SL002"
:r /etc/passwd -- want "SL002"
:r ../sl301_trt.sql -- want "SL002"
GO
-- near miss: .. that stays inside
:r lib/../lib/settings.inc
