-- V1: the database starts with one data file and one log file.
CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Data\Sales.mdf', SIZE = 100MB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Log\Sales.ldf', SIZE = 100MB);
GO
