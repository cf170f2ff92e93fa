CREATE DATABASE Sales
    CONTAINMENT = NONE
    ON PRIMARY
    ( NAME = Sales_dat, FILENAME = 'C:\Data\saledat.mdf', SIZE = 10, MAXSIZE = 50, FILEGROWTH = 5 ),
    -- a comment between file specs
    FILEGROUP SalesGroup1
    ( NAME = SGrp1Fi1_dat, FILENAME = 'C:\Data\SG1Fi1dt.ndf', SIZE = 10MB, MAXSIZE = UNLIMITED, FILEGROWTH = 15 % ),
    ( NAME = SGrp1Fi2_dat, FILENAME = 'C:\Data\SG1Fi2dt.ndf', SIZE = 65536Kb, FILEGROWTH = 0 ),
    FILEGROUP FileStreamGroup1 CONTAINS FILESTREAM DEFAULT
    ( NAME = FSGroup1File, FILENAME = 'C:\Data\filestream1' ),
    FILEGROUP MemGroup CONTAINS MEMORY_OPTIMIZED_DATA
    ( NAME = Mem1, FILENAME = 'C:\Data\mem1' )
    LOG ON
    ( NAME = Sales_log, FILENAME = "C:\Log\salelog.ldf", SIZE = 200Mb, MAXSIZE = 2 TB, FILEGROWTH = 64MB )
    COLLATE SQL_Latin1_General_CP1_CI_AS
    WITH CATALOG_COLLATION = DATABASE_DEFAULT, LEDGER = ON
GO
create database [a]]b] on (name = x, filename = '\\host\share\x.mdf', size = 30Gb) log on (name = y, filename = '/var/opt/mssql/y.ldf', size = 1 GB)
CREATE DATABASE Archive ON (FILENAME = 'D:\Data\archdat1.mdf') FOR ATTACH;
CREATE DATABASE Archive2 ON (FILENAME = 'D:\Data\archdat1.mdf') FOR ATTACH_REBUILD_LOG
CREATE DATABASE sales_snapshot0600 ON ( NAME = SPri1_dat, FILENAME = 'C:\Data\SPri1dat_0600.ss') AS SNAPSHOT OF Sales;
CREATE DATABASE db_copy AS COPY OF ozabzw7545.db_original ( SERVICE_OBJECTIVE = ELASTIC_POOL( name = [pool1] ) ) ;
CREATE DATABASE TestDB1 (EDITION = 'Standard', SERVICE_OBJECTIVE = 'S0') WITH CATALOG_COLLATION = DATABASE_DEFAULT
CREATE DATABASE SCOPED ON (FILENAME = 'D:\s.mdf') FOR ATTACH
CREATE DATABASE <database_name, sysname, sample_database>
CREATE DATABASE "Quoted""Name"
CREATE DATABASE [$(DbName)]
