-- SL302: an explicit CHECKPOINT duration; the fix removes it.
CHECKPOINT;
CHECKPOINT 10; -- want "SL302"
checkpoint 12 -- want "SL302"
CHECKPOINT
SELECT 1;
IF @mode = 3 CHECKPOINT 30; -- want "SL302"
EXEC sp_executesql N'CHECKPOINT 30'; -- want "SL302"
SELECT checkpoint_duration = 5;
CREATE PROCEDURE dbo.Flush AS
BEGIN
    CHECKPOINT 100 -- want "SL302"
END
:setvar dur 15
CHECKPOINT $(dur) -- want "SL302"
