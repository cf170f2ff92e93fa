package parser

import "testing"

// Text built with a device variable the batch last set to the null
// device's name (bitwarden's backup-db.sql builds BACKUP DATABASE [' +
// @DatabaseName + '] TO DISK = ”' + @BackupFile + ”' WITH INIT, ...
// and runs it by EXEC): the variable stands for that name in the text,
// as it does in BACKUP ... TO DISK = @BackupFile.
func TestVarBackupNulDeviceVariable(t *testing.T) {
	build := "SET @cmd = 'BACKUP DATABASE [' + @db + '] TO DISK = ''' + @BackupFile + ''' WITH INIT, NOSKIP, NOFORMAT'\n"
	checkNulCases(t, "", []nulCase{
		{src: "DECLARE @BackupFile varchar(100) = 'NUL'\nDECLARE @db sysname = N'tpcc', @cmd nvarchar(1000)\n" + build + "EXEC(@cmd)\n", db: "@db", typ: "FULL"},
		{src: "DECLARE @BackupFile varchar(100)\nSET @BackupFile = 'nul:'\n" + build + "EXEC (@cmd)\n", db: "@db", typ: "FULL"},
		{src: "SELECT @BackupFile = '\\\\.\\NUL'\n" + build + "EXEC sp_executesql @cmd\n", db: "@db", typ: "FULL"},
		{src: "SET @BackupFile = 'NUL'\nSET @cmd = 'BACKUP LOG ' + QUOTENAME(@db) + ' TO DISK = ''' + @BackupFile + ''' WITH COPY_ONLY'\nEXEC (@cmd)\n", db: "QUOTENAME(@db)", typ: "LOG", copyOnly: true},
		// the value when the text is built counts, not a later one
		{src: "SET @BackupFile = 'D:\\b\\x.bak'\n" + build + "SET @BackupFile = 'NUL'\nEXEC (@cmd)\n"},
		{src: "SET @BackupFile = 'NUL'\nSET @BackupFile = 'D:\\b\\x.bak'\n" + build + "EXEC (@cmd)\n"},
		{src: "SET @BackupFile = 'NULL'\n" + build + "EXEC (@cmd)\n"},
		{src: "SET @BackupFile = 'NUL'\nGO\n" + build + "EXEC (@cmd)\n"},
	})
}

// Each variable of a DECLARE list is assigned its own expression, as
// the followers of built text that is run read the list (runText): the
// list is no longer read as the first variable's expression.
func TestVarBackupDeclareList(t *testing.T) {
	checkNulCases(t, "", []nulCase{
		{src: "DECLARE @sql nvarchar(max) = N'BACKUP LOG A TO DISK = ''NUL''', @x int = 1;\nEXEC (@sql);\n", db: "A", typ: "LOG"},
		{src: "DECLARE @x int = 1, @sql nvarchar(max) = N'BACKUP LOG B TO DISK = ''NUL''';\nEXEC (@sql);\n", db: "B", typ: "LOG"},
		{src: "DECLARE @BackupFile varchar(100) = 'NUL', @db sysname = N'tpcc', @cmd nvarchar(1000)\nSET @cmd = 'BACKUP DATABASE [' + @db + '] TO DISK = ''' + @BackupFile + ''' WITH INIT'\nEXEC(@cmd)\n", db: "@db", typ: "FULL"},
		{src: "DECLARE @sql nvarchar(max) = N'BACKUP LOG A TO DISK = ''NUL''', @y int;\nDECLARE @z int, @sql nvarchar(max);\nEXEC (@sql);\n"},
		{src: "DECLARE @sql nvarchar(max) = N'BACKUP LOG A TO DISK = ''D:\\a.trn''', @nul varchar(9) = 'NUL';\nEXEC (@sql);\n"},
	})
}
