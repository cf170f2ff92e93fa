-- Inline suppressions: SL003 when unused, SL004 when invalid.
-- sqllint:ignore SL302 measured on our SAN: 10 s keeps latency flat
CHECKPOINT 10;
CHECKPOINT 20; -- sqllint:ignore SL302 trailing suppression for this line
-- sqllint:ignore SL302 nothing to suppress here -- want "SL003"
CHECKPOINT;
/* sqllint:ignore SL302 */ -- want "SL004"
CHECKPOINT 5; -- want "SL302"
-- sqllint:ignore SL999 unknown rule -- want "SL004"
CHECKPOINT;
-- sqllint:ignore SL301, SL302 on the next statement, where SL302 finds nothing -- want "SL003"
ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;
-- sqllint:ignore checkpoint-duration names work too
CHECKPOINT 7;
/* sqllint:ignore SL304 test backup to measure read speed */
BACKUP DATABASE Sales TO DISK = 'NUL';
-- sqllint:frobnicate SL302 why -- want "SL004"
