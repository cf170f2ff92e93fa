-- SL201/SL202: MODIFY FILE of a file whose earlier size no script gives.
-- Bar was created elsewhere: the first size set is an upper bound of the
-- allocation ("up to 50 GB")...
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 50GB); -- want "SL201"
-- ...and from then on the size is known: 50 GB to 52 GB grows by 2 GB, about 19 s
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 52GB);
-- a smaller size allocates nothing
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 10GB);
-- a large growth over the known size is reported
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 100GB); -- want "SL201"
-- a first size under the budget, then a growth under it: nothing
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_idx, SIZE = 4GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_idx, SIZE = 9GB);
-- log files the same (SL202)
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 20GB); -- want "SL202"
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 24GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 40GB); -- want "SL202"
-- renamed, then grown: the size follows the new name (100 GB to 102 GB)
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, NEWNAME = Bar_data);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_data, SIZE = 102GB);
-- ADD FILE then MODIFY FILE: growths over the added size
ALTER DATABASE Bar ADD FILE (NAME = Bar_2, FILENAME = 'D:\Data\Bar_2.ndf', SIZE = 1GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_2, SIZE = 6GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_2, SIZE = 20GB); -- want "SL201"
-- ADD LOG FILE without SIZE (8 MB) then MODIFY FILE
ALTER DATABASE Bar ADD LOG FILE (NAME = Bar_log2, FILENAME = 'L:\Log\Bar_log2.ldf');
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log2, SIZE = 6GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log2, SIZE = 14GB); -- want "SL202"
-- created without a file list: the file the MODIFY names is one of its two
-- unnamed files, whose size becomes known
CREATE DATABASE Baz;
ALTER DATABASE Baz MODIFY FILE (NAME = Baz, SIZE = 30GB); -- want "SL201"
ALTER DATABASE Baz MODIFY FILE (NAME = Baz, SIZE = 31GB);
-- a file of another database with the same name is another file
ALTER DATABASE Qux MODIFY FILE (NAME = Bar_dat, SIZE = 52GB); -- want "SL201"
