-- SL304: backups to the NUL device.
BACKUP DATABASE Sales TO DISK = N'NUL'; -- want "SL304"
BACKUP DATABASE Sales TO DISK = 'nul' WITH COMPRESSION -- want "SL304"
BACKUP LOG Sales to disk = 'NUL:' -- want "SL304"
BACKUP LOG Sales TO DISK = '\\.\NUL' WITH INIT -- want "SL304"
BACKUP DATABASE Sales TO DISK = N'NUL' WITH COPY_ONLY; -- want "SL304"
BACKUP DATABASE Sales TO DISK = N'B:\Backup\NUL.bak'; -- want "SL304" (the null device before Windows 11 and Windows Server 2025)
BACKUP DATABASE Sales TO URL = N'https://acct.blob.core.windows.net/c/nul';
BACKUP MASTER KEY TO FILE = 'NUL' ENCRYPTION BY PASSWORD = 'x';
BACKUP CERTIFICATE MyCert TO FILE = 'NUL';
BACKUP SERVICE MASTER KEY TO FILE = 'NUL' ENCRYPTION BY PASSWORD = 'x';
GRANT BACKUP DATABASE, BACKUP LOG TO [deploy];
