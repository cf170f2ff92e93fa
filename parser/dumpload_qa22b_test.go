package parser

import "testing"

// DUMP and LOAD are reserved keywords ("Reserved Keywords (Transact-SQL)"):
// SQL Server 2000's synonyms of BACKUP and RESTORE, discontinued in SQL
// Server 2008 but still in old maintenance scripts (DUMP TRAN db WITH
// NO_LOG after SET RECOVERY SIMPLE). Neither can be a value of a statement
// of interest, so one that follows such a statement without a semicolon
// starts the next statement, as RECEIVE does: the statement before is
// parsed and checked, and its span ends on its own line. Before, a clause
// of any words (a SET option's arguments) took the DUMP statement in and
// failed at its NO_LOG ("expected NO_WAIT or ROLLBACK"), and the other
// statements failed at the DUMP or LOAD ("unexpected token").
func TestDumpLoadAfterStatement(t *testing.T) {
	first := []string{
		"ALTER DATABASE d SET RECOVERY SIMPLE",
		"ALTER DATABASE d SET OFFLINE",
		"ALTER DATABASE d MODIFY FILEGROUP g1 DEFAULT",
		"ALTER DATABASE d ADD FILE (NAME = f, FILENAME = 'f.ndf', SIZE = 1 TB)",
		"ALTER DATABASE d FAILOVER",
		"CREATE DATABASE d WITH TRUSTWORTHY ON",
		"BACKUP DATABASE d TO DISK = 'x' WITH INIT",
		"BACKUP LOG d TO DISK = 'x'",
		"RESTORE DATABASE d FROM DISK = 'x' WITH RECOVERY",
		"RESTORE DATABASE d FROM DISK = 'x'",
		"CHECKPOINT 10",
		"USE d",
	}
	next := []string{
		// (dump database d ...: its own SL001 now, TestDumpDatabaseRemoved)
		"DUMP TRAN d WITH NO_LOG", "DUMP TRANSACTION d WITH TRUNCATE_ONLY",
		"LOAD DATABASE d FROM DISK = 'y'", "load tran d from disk = 'z'",
	}
	endsBeforeNext(t, first, next)
}
