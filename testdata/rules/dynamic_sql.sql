-- Constant dynamic SQL is checked like script text: EXEC ('...'),
-- sp_executesql N'...', and the @command of a T-SQL Agent job step.
USE App;
GO
EXEC msdb.dbo.sp_add_jobstep @job_name = N'x', @step_name = N'log', @subsystem = N'TSQL',
     @database_name = N'master', @command = N'BACKUP LOG [App] TO DISK = N''NUL'''; -- want "SL304"
EXEC('ALTER DATABASE App SET TARGET_RECOVERY_TIME = 0 SECONDS') -- want "SL301"
EXEC sp_executesql N'CHECKPOINT 10' -- want "SL302"
EXECUTE (N'DBCC TRACEON(1806, -1)') -- want "SL204"
EXEC (N'DBCC TRACEON(3004, ' + N'3605, -1)') -- want "SL205"
EXEC @rc = [master].sys.sp_executesql @stmt = N'CHECKPOINT 5', @params = N'' -- want "SL302"
EXEC ('SELECT 1;
   CHECKPOINT 7') -- want "SL302"
-- text built in the EXEC: what its literals say is reported at the EXEC
EXEC (@sql + 'CHECKPOINT 10'); -- want "SL302"
-- a duration built from a variable: an explicit duration all the same
EXEC ('CHECKPOINT ' + @n); -- want "SL302"
GO
-- not run here, or not constant: not checked
EXEC ('CHECKPOINT 10') AT [LinkedServer];
EXEC sp_executesql 'CHECKPOINT 10'; -- varchar: refused, runs nothing
EXEC srv.db.sys.sp_executesql N'CHECKPOINT 10';
EXEC msdb.dbo.sp_add_jobstep @job_name = N'x', @step_name = N'cmd', @subsystem = N'CmdExec',
     @command = N'sqlcmd -Q "BACKUP LOG App TO DISK = ''NUL''"';
EXEC msdb.dbo.sp_add_jobstep @job_name = N'x', @step_name = N'v', @command = @cmd;
SELECT 'CHECKPOINT 10', N'BACKUP LOG App TO DISK = ''NUL''';
PRINT 'BACKUP DATABASE x TO DISK = ''NUL''';
EXEC dbo.usp_Log N'CHECKPOINT 10';
GO
-- the database a job step runs in: its @database_name (master by default)
USE Other;
GO
EXEC msdb.dbo.sp_add_jobstep @job_name = N'full', @step_name = N'full',
     @command = N'CHECKPOINT; -- want "SL303"
BACKUP DATABASE App TO DISK = N''B:\App.bak''', @database_name = N'App';
EXEC msdb.dbo.sp_add_jobstep @job_name = N'full', @step_name = N'master',
     @command = N'CHECKPOINT; BACKUP DATABASE App TO DISK = N''B:\App.bak''';
EXEC msdb.dbo.sp_add_jobstep @job_name = N'full', @step_name = N'master', @database_name = N'master',
     @command = N'CHECKPOINT; -- want "SL303"
BACKUP DATABASE master TO DISK = N''B:\m.bak''';
-- sp_update_jobstep keeps the step's database when none is given: unknown
EXEC msdb.dbo.sp_update_jobstep @job_name = N'full', @step_id = 1,
     @command = N'CHECKPOINT; BACKUP DATABASE master TO DISK = N''B:\m.bak''';
-- the database of db.sys.sp_executesql
EXEC App.sys.sp_executesql N'CHECKPOINT; -- want "SL303"
BACKUP DATABASE App TO DISK = N''B:\App.bak''';
GO
-- dynamic SQL runs in the database of the EXEC, and a USE in it lasts to
-- its end only
USE App;
EXEC ('USE Other; CHECKPOINT; BACKUP DATABASE App TO DISK = ''B:\App.bak''');
EXEC ('CHECKPOINT; -- want "SL303"
       BACKUP DATABASE App TO DISK = ''B:\App.bak''');
EXEC ('USE Other; CHECKPOINT 1'); -- want "SL302"
CHECKPOINT; -- want "SL303"
BACKUP DATABASE App TO DISK = 'B:\App.bak';
-- an EXEC of constant text runs it at once: SL303 pairs a CHECKPOINT
-- with the backup the text starts with; not a CHECKPOINT the text ends
-- with and what follows the EXEC
CHECKPOINT; -- want "SL303"
EXEC ('BACKUP DATABASE App TO DISK = ''B:\App.bak''');
EXEC ('CHECKPOINT');
BACKUP DATABASE App TO DISK = 'B:\App.bak';
GO
-- a job step's command is sent a batch at a time, split at its GO lines
EXEC msdb.dbo.sp_add_jobstep @job_name = N'j', @step_name = N'go', @database_name = N'App',
     @command = N'USE Other
GO
CHECKPOINT 3 -- want "SL302"
GO
BACKUP LOG App TO DISK = ''NUL'' -- want "SL304"
go 2
';
-- a statement of interest that does not parse, in text surely run
EXEC ('BACKUP DATABASE App TO'); -- want "SL001"
EXEC ('CHECKPOINT -- want "SL001"
GO');
-- a suppression before the EXEC applies to its text
-- sqllint:ignore SL304 a test of the speed of the disks
EXEC ('BACKUP DATABASE App TO DISK = ''NUL'' WITH COPY_ONLY');
-- a CREATE DATABASE in dynamic SQL changes the model
EXEC ('CREATE DATABASE Big ON (NAME = b, FILENAME = ''D:\b.mdf'', SIZE = 100GB) LOG ON (NAME = b_log, FILENAME = ''L:\b.ldf'', SIZE = 1GB)'); -- want "SL201"
ALTER DATABASE Big MODIFY FILE (NAME = b, SIZE = 200GB); -- want "SL201"
-- dynamic SQL inside dynamic SQL
EXEC ('EXEC (''CHECKPOINT 8'')'); -- want "SL302"
GO
-- Ola Hallengren's DatabaseBackup backing up to NUL (a pseudo backup)
EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = N'NUL', @BackupType = 'LOG'; -- want "SL304"
EXEC master.dbo.DatabaseBackup @Databases = 'App', @Directory = 'nul', @BackupType = 'FULL', @CopyOnly = 'Y' -- want "SL304"
EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = N'D:\Backup', @BackupType = 'LOG';
EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = @dir, @BackupType = 'LOG';
EXECUTE dbo.usp_Other @Directory = N'NUL';
EXEC msdb.dbo.sp_add_jobstep @job_name = N'DatabaseBackup - USER_DATABASES - LOG', @step_name = N'log',
     @command = N'EXECUTE [dbo].[DatabaseBackup] @Databases = ''USER_DATABASES'', -- want "SL304"
@Directory = N''NUL'', @BackupType = ''LOG'', @Verify = ''N''', @database_name = N'DBA';
-- refused by the procedure with NUL (Verify, CleanupTime, MirrorDirectory): nothing is backed up
EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = N'NUL', @BackupType = 'LOG', @Verify = 'Y';
EXECUTE dbo.DatabaseBackup @Databases = 'USER_DATABASES', @Directory = N'NUL', @BackupType = 'FULL', @CleanupTime = 48;
GO
-- text built in a variable and run: only a backup to NUL is read from it
DECLARE @db sysname = N'App', @sql nvarchar(max);
SET @sql = N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''NUL''';
EXEC (@sql); -- want "SL304"
DECLARE @s2 nvarchar(max) = 'BACKUP DATABASE ' + @db;
SET @s2 += ' TO DISK = ''NUL'' WITH COPY_ONLY';
EXEC sp_executesql @s2; -- want "SL304"
SET @s2 = @s2 + ' CHECKPOINT 10';
EXEC (@s2) AT [Linked];
SET @s2 = 'SELECT 1';
EXEC (@s2);
SET @sql = N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''D:\x.trn''';
EXEC (@sql);
SET @sql = N'BACKUP LOG ' + QUOTENAME(@db) + N' TO DISK = ''' + @dev + '''';
EXEC (@sql);
SET @sql = N'BACKUP LOG [App] TO DISK = ''NUL''';
SELECT @sql = REPLACE(@sql, 'NUL', 'D:\x.trn');
EXEC (@sql);
SET @sql = N'BACKUP LOG [App] TO DISK = ''NUL''';
PRINT @sql;
GO
-- a variable lives for one batch
EXEC (@sql);
GO
-- a backup to NUL built in the EXEC, or by SELECT @v = (alone, or once a row)
DECLARE @name sysname = N'App', @cmd varchar(1000);
SELECT @cmd = 'BACKUP LOG [' + @name + '] TO DISK = ''nul''';
PRINT @cmd;
EXEC (@cmd); -- want "SL304"
EXEC ('BACKUP LOG [' + @name + '] TO DISK = ''NUL'''); -- want "SL304"
EXEC ('BACKUP LOG [' + @name + '] TO DISK = ''D:\x.trn''');
SELECT @cmd = 'BACKUP LOG [' + name + '] TO DISK = ''nul''' FROM sys.databases;
EXEC (@cmd); -- want "SL304"
-- sp_MSforeachdb runs its command for each database
EXEC sp_MSforeachdb 'IF ''?'' NOT IN (''master'', ''tempdb'') BACKUP LOG [?] TO DISK = ''NUL'''; -- want "SL304"
EXEC sp_MSforeachdb 'BACKUP LOG [?] TO DISK = ''D:\?.trn''';
GO
-- text built in a variable, or sp_MSforeachdb's command, is read for
-- SL301, SL302, SL204 and SL205 too: reported at the EXEC, without a fix
DECLARE @s nvarchar(max) = N'ALTER DATABASE ' + QUOTENAME(@db) + N' SET TARGET_RECOVERY_TIME = 0 SECONDS';
EXEC (@s); -- want "SL301"
SET @s = N'DBCC TRACEON(1806, -1)'; EXEC sp_executesql @s; -- want "SL204"
SET @s = N'DBCC TRACEON(3004, 3605)'; EXEC (@s); -- want "SL205"
EXEC sp_MSforeachdb N'USE ?; CHECKPOINT 10'; -- want "SL302"
SET @s = N'CHECKPOINT 10'; PRINT @s; -- a dry run: not run
