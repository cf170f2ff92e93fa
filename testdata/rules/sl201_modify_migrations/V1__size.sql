-- V1: the first size set for a file of a database created elsewhere: an
-- upper bound of what it allocates.
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 50GB); -- want "SL201"
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 10GB); -- want "SL202"
