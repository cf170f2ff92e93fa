-- V10 (after V2 in natural order): 52 GB to 60 GB is 8 GB, over the budget.
ALTER DATABASE Bar MODIFY FILE (NAME = Bar_dat, SIZE = 60GB); -- want "SL201"
