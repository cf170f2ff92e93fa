-- An unterminated string is SL001 at its opening quote; the findings
-- before it are kept, nothing after it is checked (the rest of the file is
-- inside the string, GO lines included).
CHECKPOINT 10; -- want "SL302"
PRINT N'it''s done'; -- closed: '' is a quote inside the string
SELECT '/* not a comment', '-- nor this', '[nor this';
GO
CHECKPOINT 10; -- want "SL302"
PRINT 'Deploying Sales -- want "SL001"
CHECKPOINT 10;
GO
ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;
