-- V1 creates the database with its real sizes.
CREATE DATABASE Orders -- want "SL201"
ON PRIMARY (NAME = Orders_dat, FILENAME = 'D:\Data\Orders.mdf', SIZE = 20GB, FILEGROWTH = 512MB)
LOG ON (NAME = Orders_log, FILENAME = 'L:\Log\Orders.ldf', SIZE = 4GB, FILEGROWTH = 256MB);
GO
