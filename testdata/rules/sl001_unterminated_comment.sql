-- An unterminated block comment (block comments nest) is SL001 where it
-- opens; the findings before it are kept.
/* /* nested */ closed */
CHECKPOINT 10; -- want "SL302"
/* a comment -- want "SL001"
/* nested */
CHECKPOINT 10;
GO
