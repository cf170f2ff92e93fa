package live

import (
	"fmt"
	"strings"
)

// Facts is what live mode learned about a server. A nil pointer or map
// field means "unknown" (usually for lack of a permission; Notices says
// why); rules must then fall back to their static behaviour.
type Facts struct {
	// Server is @@SERVERNAME (or SERVERPROPERTY('ServerName'), or the host
	// from the configuration when neither is known), for "confirmed on
	// SERVER".
	Server string
	// ProductVersion is SERVERPROPERTY('ProductVersion'), e.g. "16.0.4135.4".
	ProductVersion string
	// Major is the first part of ProductVersion: 11=2012, 12=2014,
	// 13=2016, 14=2017, 15=2019, 16=2022, 17=2025. 0 = unknown, and on
	// Azure SQL (Edition "SQL Azure"), whose version is always 12.0 although
	// its engine is the newest.
	Major int
	// Edition is SERVERPROPERTY('Edition').
	Edition string
	// IFI tells whether instant file initialization is enabled for the
	// engine service (sys.dm_server_services). nil = unknown.
	IFI *bool
	// TraceFlags holds the trace flags on globally (DBCC TRACESTATUS(-1),
	// rows with Global = 1), each mapped to true. nil = unknown.
	TraceFlags map[int]bool
	// Databases holds the databases asked for, keyed by lower-cased name.
	Databases map[string]*Database
	// Backups holds the latest full backup this server took of each
	// database asked for by BackupHistory, keyed by lower-cased name. A
	// database with no such backup, or whose history could not be read
	// (Notices says why), has no entry; nil when BackupHistory never ran.
	Backups map[string]*Backup
	// Notices explains the facts that are unknown.
	Notices []string
}

// Database is what live mode learned about one database.
type Database struct {
	Name string // as the server spells it when it exists, else as asked for
	// Exists is false when sys.databases has no row for the name: the
	// database does not exist, or the login may not see it (VIEW ANY
	// DATABASE is granted to public by default).
	Exists bool
	// TargetRecoverySeconds is sys.databases.target_recovery_time_in_seconds.
	TargetRecoverySeconds *int
	// Encrypted is sys.databases.is_encrypted (TDE).
	Encrypted *bool
	// Files lists sys.master_files for the database in file_id order; nil =
	// unknown (sys.master_files shows no rows without VIEW ANY DEFINITION,
	// CREATE DATABASE or ALTER ANY DATABASE).
	Files []File
	// FilegroupCount is the number of distinct data spaces of the ROWS and
	// FILESTREAM files (0 when Files is unknown).
	FilegroupCount int
}

// File is one row of sys.master_files.
type File struct {
	FileID int
	Name   string // logical name
	// Type is type_desc: ROWS, LOG, FILESTREAM, FULLTEXT.
	Type string
	// DataSpaceID is the filegroup's data_space_id (0 for the log). Names
	// of filegroups would need sys.filegroups in each database, which live
	// mode does not read.
	DataSpaceID int
	SizeBytes   int64
	// Growth is in 8 KB pages, or in percent when IsPercentGrowth.
	Growth          int
	IsPercentGrowth bool
}

// Backup is the latest full backup of a database in the server's backup
// history (msdb.dbo.backupset, type 'D', taken on this server).
type Backup struct {
	Database string // as asked for
	// Finished is backup_finish_date in ISO 8601 (2026-11-30T22:15:03.000).
	Finished string
	// Files are the data and log files the backup holds, which a restore
	// creates at these sizes, in file_number order.
	Files []BackupFile
}

// BackupFile is one row of msdb.dbo.backupfile.
type BackupFile struct {
	Name      string // logical_name
	Type      string // file_type: D (data) or L (log)
	Filegroup string // filegroup_name; "" for the log
	SizeBytes int64  // file_size
}

// Log reports whether the file is a log file.
func (f BackupFile) Log() bool { return strings.EqualFold(f.Type, "L") }

// GrowthBytes returns the growth increment in bytes, or 0 for percent
// growth and for files that do not grow.
func (f File) GrowthBytes() int64 {
	if f.IsPercentGrowth {
		return 0
	}
	return int64(f.Growth) * 8192
}

// Database returns the facts about the named database (any case), or nil
// when it was not asked for.
func (f *Facts) Database(name string) *Database {
	if f == nil {
		return nil
	}
	return f.Databases[strings.ToLower(name)]
}

// TraceFlag tells whether trace flag n is on globally; known is false when
// the trace flags could not be read.
func (f *Facts) TraceFlag(n int) (on, known bool) {
	if f == nil || f.TraceFlags == nil {
		return false, false
	}
	return f.TraceFlags[n], true
}

// CountFiles returns the number of files of the given type_desc (ROWS,
// LOG, ...); -1 when the files are unknown.
func (d *Database) CountFiles(typ string) int {
	if d == nil || d.Files == nil {
		return -1
	}
	n := 0
	for _, f := range d.Files {
		if strings.EqualFold(f.Type, typ) {
			n++
		}
	}
	return n
}

// VersionName names a major version: 16 → "SQL Server 2022".
func VersionName(major int) string {
	names := map[int]string{
		8: "SQL Server 2000", 9: "SQL Server 2005", 10: "SQL Server 2008",
		11: "SQL Server 2012", 12: "SQL Server 2014", 13: "SQL Server 2016",
		14: "SQL Server 2017", 15: "SQL Server 2019", 16: "SQL Server 2022",
		17: "SQL Server 2025",
	}
	if n, ok := names[major]; ok {
		return n
	}
	if major <= 0 {
		return "unknown SQL Server version"
	}
	return fmt.Sprintf("SQL Server (major version %d)", major)
}
