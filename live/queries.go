package live

// Query is one of the read-only statements live mode may send to a server.
// The set is fixed at build time (see Queries): live mode never sends
// anything else, in particular never the text of the scanned scripts.
// Database names reach the server only as query parameters (@p1), never
// spliced into the text.
type Query struct {
	Name       string // short name used in notices, errors and tests
	SQL        string // exact text sent to the server
	Params     string // the parameters the text takes ("" for none)
	Purpose    string // what the result is used for
	Reads      string // the catalog views, DMVs or commands it reads
	Permission string // the permission it needs beyond CONNECT SQL

	// maxRows, when not 0, is the most rows a server can return; rowLimit
	// says why ("... can have: ...").
	maxRows  int
	rowLimit string
}

// maxFiles is the most files a database can have (Maximum capacity
// specifications for SQL Server: files per database).
const maxFiles = 32767

const maxFilesLimit = "a database can have: SQL Server allows at most 32,767 files per database"

// Names of the queries, as in Query.Name.
const (
	QueryServer     = "server"
	QueryIFI        = "ifi"
	QueryTraceFlags = "trace-flags"
	QueryDatabase   = "database"
	QueryFiles      = "files"
	// QueryBackupHistory reads the latest full backup of a database from
	// msdb; Client.BackupHistory sends it, only for the databases the
	// scripts restore.
	QueryBackupHistory = "backup-history"
)

// The query texts. Keep them constant: the TDS test server recognizes them
// by exact text and the docs print them.
const (
	sqlServer = `SELECT CAST(COALESCE(@@SERVERNAME, SERVERPROPERTY('ServerName')) AS nvarchar(256)) AS server_name, ` +
		`CAST(SERVERPROPERTY('ProductVersion') AS nvarchar(128)) AS product_version, ` +
		`CAST(SERVERPROPERTY('Edition') AS nvarchar(128)) AS edition;`

	sqlIFI = `SELECT instant_file_initialization_enabled FROM sys.dm_server_services ` +
		`WHERE servicename LIKE N'SQL Server (%';`

	sqlTraceFlags = `DBCC TRACESTATUS(-1) WITH NO_INFOMSGS;`

	sqlDatabase = `SELECT name, database_id, target_recovery_time_in_seconds, is_encrypted ` +
		`FROM sys.databases WHERE name = @p1;`

	sqlFiles = `SELECT file_id, name, type_desc, data_space_id, CAST(size AS bigint) * 8192 AS size_bytes, growth, is_percent_growth ` +
		`FROM sys.master_files WHERE database_id = DB_ID(@p1) ORDER BY file_id;`

	// The latest full backup (type 'D') of the database taken on this
	// server: backupset also holds rows for backups of other servers that
	// were restored here. The table names are bracketed so the text never
	// contains "SET " (see the read-only test).
	sqlBackupHistory = `SELECT bf.logical_name, bf.file_type, bf.filegroup_name, CAST(bf.file_size AS bigint) AS file_size_bytes, ` +
		`CONVERT(nvarchar(30), bs.backup_finish_date, 126) AS backup_finish_date ` +
		`FROM msdb.dbo.[backupfile] AS bf JOIN msdb.dbo.[backupset] AS bs ON bs.backup_set_id = bf.backup_set_id ` +
		`WHERE bf.backup_set_id = (SELECT TOP (1) b.backup_set_id FROM msdb.dbo.[backupset] AS b ` +
		`WHERE b.database_name = @p1 AND b.type = 'D' ` +
		`AND b.server_name IN (@@SERVERNAME, CAST(SERVERPROPERTY('ServerName') AS nvarchar(128))) ` +
		`ORDER BY b.backup_finish_date DESC, b.backup_set_id DESC) ` +
		`AND bf.file_type IN ('D', 'L') AND bf.is_present = 1 ORDER BY bf.file_number;`
)

var queries = [...]Query{
	{
		Name:       QueryServer,
		SQL:        sqlServer,
		Purpose:    "server name (for \"confirmed on SERVER\"), product version (SL203) and edition",
		Reads:      "@@SERVERNAME, SERVERPROPERTY",
		Permission: "none (public)",
	},
	{
		Name:       QueryIFI,
		SQL:        sqlIFI,
		Purpose:    "whether instant file initialization is enabled for the engine service (SL201)",
		Reads:      "sys.dm_server_services",
		Permission: "VIEW SERVER STATE",
	},
	{
		Name:       QueryTraceFlags,
		SQL:        sqlTraceFlags,
		Purpose:    "global trace flags, e.g. 1806 which disables instant file initialization (SL206)",
		Reads:      "DBCC TRACESTATUS",
		Permission: "none (public)",
	},
	{
		Name:       QueryDatabase,
		SQL:        sqlDatabase,
		Params:     "@p1 nvarchar: database name",
		Purpose:    "whether a database the scripts name exists, its target recovery time (SL305, for the databases the scripts change; system databases are never reported) and TDE state (SL201)",
		Reads:      "sys.databases",
		Permission: "VIEW ANY DATABASE (granted to public by default) or ownership of the database",
	},
	{
		Name:       QueryFiles,
		SQL:        sqlFiles,
		Params:     "@p1 nvarchar: database name",
		Purpose:    "the database's files: count, type, filegroup, size and growth (SL101, SL201)",
		Reads:      "sys.master_files",
		Permission: "VIEW ANY DEFINITION, CREATE DATABASE or ALTER ANY DATABASE",
		maxRows:    maxFiles,
		rowLimit:   maxFilesLimit,
	},
	{
		Name:       QueryBackupHistory,
		SQL:        sqlBackupHistory,
		Params:     "@p1 nvarchar: database name",
		Purpose:    "the files and sizes of the latest full backup of a database the scripts restore, when this server took it (SL207); sent only when the scripts contain RESTORE DATABASE. Membership in msdb's db_datareader role grants the SELECT it needs",
		Reads:      "msdb.dbo.backupset, msdb.dbo.backupfile",
		Permission: "SELECT on msdb.dbo.backupset and msdb.dbo.backupfile",
		maxRows:    maxFiles,
		rowLimit:   maxFilesLimit,
	},
}

// Queries returns every statement live mode may send, in the order Facts
// sends them. The slice is a copy: changing it changes nothing.
func Queries() []Query {
	out := make([]Query, len(queries))
	copy(out, queries[:])
	return out
}

func query(name string) *Query {
	for i := range queries {
		if queries[i].Name == name {
			return &queries[i]
		}
	}
	panic("live: unknown query " + name)
}
