-- sqllint:ignore-file SL302 this folder holds benchmark scripts
CHECKPOINT 10;
CHECKPOINT 30;
-- sqllint:ignore-file SL204 never triggered -- want "SL003"
