-- V2: a later migration grows the files by 2 GB each: under the budget,
-- because V1 made their sizes known.
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 52GB);
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_log, SIZE = 12GB);
