package tdstest

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/live"
)

// State describes a fake SQL Server for package live's queries.
type State struct {
	ServerName     string // @@SERVERNAME; "" answers NULL
	ProductVersion string // default "16.0.4135.4"
	Edition        string // default "Developer Edition (64-bit)"
	// IFI is instant_file_initialization_enabled: "Y", "N", or "" (NULL).
	IFI string
	// NoEngineRow makes sys.dm_server_services return no row at all.
	NoEngineRow bool
	// TraceFlags are the trace flags on globally.
	TraceFlags []int
	// SessionTraceFlags are on for the session only (Global = 0).
	SessionTraceFlags []int
	Databases         []Database
	// Backups is the backup history in msdb (backupset and backupfile).
	Backups []Backup
	// Deny names queries (live.Query.Name) the login lacks the permission
	// for: they fail with SQL Server's permission error, except "files",
	// which returns no rows (as sys.master_files does).
	Deny []string
	// Fail names queries that fail with another error (207, invalid column).
	Fail []string
	// Hang names the query that hangs after sending its rows until the
	// client sends ATTENTION.
	Hang string
	// Dead names the query after which the server answers nothing, not
	// even ATTENTION.
	Dead string
	// Drop names the query that makes the server close the connection.
	Drop string
}

// Database is one database of the fake server.
type Database struct {
	Name                  string
	ID                    int // database_id; 0 = assigned from the position
	TargetRecoverySeconds int
	Encrypted             bool
	DataFiles             int // ROWS files
	LogFiles              int
	Filegroups            int // filegroups the ROWS files are spread over (default 1)
	FileSizeBytes         int64
}

// Backup is one backup set of the fake server's history.
type Backup struct {
	Database string
	// Type is backupset.type: "D" full (the default), "I" differential,
	// "L" log.
	Type string
	// ServerName is the server that took the backup; "" = this server.
	ServerName string
	// Finished is backup_finish_date in ISO 8601; the latest full backup
	// of a database is the one answered.
	Finished string
	Files    []BackupFile
}

// BackupFile is one row of msdb.dbo.backupfile.
type BackupFile struct {
	Name      string
	Type      string // "D" or "L" (also "F", "S": not answered)
	Filegroup string
	Size      int64
}

// latestFull returns the latest full backup of the named database taken
// on this server, as the backup-history query selects it.
func (st State) latestFull(req Request) *Backup {
	if len(req.Params) == 0 {
		return nil
	}
	name, _ := req.Params[0].(string)
	var best *Backup
	for i := range st.Backups {
		b := &st.Backups[i]
		if !strings.EqualFold(b.Database, name) || (b.Type != "" && b.Type != "D") ||
			(b.ServerName != "" && !strings.EqualFold(b.ServerName, st.ServerName)) {
			continue
		}
		if best == nil || b.Finished > best.Finished {
			best = b
		}
	}
	return best
}

// Files returns the rows sys.master_files would have for the database:
// file 1 is a data file, file 2 the log, then the other data and log
// files.
func (d Database) Files() [][]any {
	fgs := d.Filegroups
	if fgs <= 0 {
		fgs = 1
	}
	size := d.FileSizeBytes
	if size == 0 {
		size = 8 << 20
	}
	var rows [][]any
	id := 1
	dataRow := func(i int) []any {
		r := []any{id, fmt.Sprintf("%s_data%d", d.Name, i+1), "ROWS", 1 + i%fgs, size, 8192, false}
		id++
		return r
	}
	logRow := func(i int) []any {
		r := []any{id, fmt.Sprintf("%s_log%d", d.Name, i+1), "LOG", 0, size, 10, true}
		id++
		return r
	}
	di, li := 0, 0
	if d.DataFiles > 0 {
		rows = append(rows, dataRow(di))
		di++
	}
	if d.LogFiles > 0 {
		rows = append(rows, logRow(li))
		li++
	}
	for ; di < d.DataFiles; di++ {
		rows = append(rows, dataRow(di))
	}
	for ; li < d.LogFiles; li++ {
		rows = append(rows, logRow(li))
	}
	return rows
}

// Handler answers live's queries, recognized by exact text, from the
// state. Any other text fails with error 50000 "tdstest: unexpected query".
// The state must not change while the server runs.
func (st State) Handler() func(Request) Response {
	byText := map[string]string{}
	for _, q := range live.Queries() {
		byText[q.SQL] = q.Name
	}
	return func(req Request) Response {
		name, ok := byText[req.SQL]
		if !ok {
			return Response{Error: &Message{Number: 50000, State: 1, Class: 16,
				Text: "tdstest: unexpected query: " + req.SQL}}
		}
		resp := st.answer(name, req)
		switch name {
		case st.Drop:
			return Response{CloseConnection: true}
		case st.Hang:
			resp.Hang = true
		case st.Dead:
			resp.Hang, resp.IgnoreAttention = true, true
		}
		return resp
	}
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (st State) answer(name string, req Request) Response {
	if has(st.Fail, name) {
		return Response{Error: &Message{Number: 207, State: 1, Class: 16,
			Text: "Invalid column name 'instant_file_initialization_enabled'."}}
	}
	if has(st.Deny, name) {
		switch name {
		case live.QueryIFI:
			return Response{Error: &Message{Number: 300, State: 1, Class: 14,
				Text: "VIEW SERVER STATE permission was denied on object 'server', database 'master'."}}
		case live.QueryTraceFlags:
			return Response{Error: &Message{Number: 2571, State: 3, Class: 14,
				Text: fmt.Sprintf("User '%s' does not have permission to run DBCC TRACESTATUS.", req.User)}}
		case live.QueryFiles:
			return Response{ResultSets: []ResultSet{{Columns: filesColumns}}}
		case live.QueryBackupHistory:
			return Response{Error: &Message{Number: 229, State: 5, Class: 14,
				Text: "The SELECT permission was denied on the object 'backupset', database 'msdb', schema 'dbo'."}}
		default:
			return Response{Error: &Message{Number: 229, State: 5, Class: 14,
				Text: "The SELECT permission was denied on the object 'databases', database 'mssqlsystemresource', schema 'sys'."}}
		}
	}
	switch name {
	case live.QueryServer:
		version, edition := st.ProductVersion, st.Edition
		if version == "" {
			version = "16.0.4135.4"
		}
		if edition == "" {
			edition = "Developer Edition (64-bit)"
		}
		var server any
		if st.ServerName != "" {
			server = st.ServerName
		}
		return Response{ResultSets: []ResultSet{{
			Columns: []Column{{"server_name", NVarChar}, {"product_version", NVarChar}, {"edition", NVarChar}},
			Rows:    [][]any{{server, version, edition}},
		}}}
	case live.QueryIFI:
		rs := ResultSet{Columns: []Column{{"instant_file_initialization_enabled", NVarChar}}}
		if !st.NoEngineRow {
			var v any
			if st.IFI != "" {
				v = st.IFI
			}
			rs.Rows = [][]any{{v}}
		}
		return Response{ResultSets: []ResultSet{rs}}
	case live.QueryTraceFlags:
		if len(st.TraceFlags)+len(st.SessionTraceFlags) == 0 {
			// DBCC TRACESTATUS(-1) with no flag on returns no result set.
			return Response{}
		}
		rs := ResultSet{Columns: []Column{{"TraceFlag", SmallInt}, {"Status", SmallInt}, {"Global", SmallInt}, {"Session", SmallInt}}}
		for _, f := range st.TraceFlags {
			rs.Rows = append(rs.Rows, []any{f, 1, 1, 0})
		}
		for _, f := range st.SessionTraceFlags {
			rs.Rows = append(rs.Rows, []any{f, 1, 0, 1})
		}
		return Response{ResultSets: []ResultSet{rs}}
	case live.QueryDatabase:
		rs := ResultSet{Columns: []Column{{"name", NVarChar}, {"database_id", Int},
			{"target_recovery_time_in_seconds", IntN}, {"is_encrypted", BitN}}}
		if i, d := st.database(req); d != nil {
			id := d.ID
			if id == 0 {
				id = 5 + i
			}
			rs.Rows = [][]any{{d.Name, id, d.TargetRecoverySeconds, d.Encrypted}}
		}
		return Response{ResultSets: []ResultSet{rs}}
	case live.QueryFiles:
		rs := ResultSet{Columns: filesColumns}
		if _, d := st.database(req); d != nil {
			rs.Rows = d.Files()
		}
		return Response{ResultSets: []ResultSet{rs}}
	case live.QueryBackupHistory:
		rs := ResultSet{Columns: []Column{{"logical_name", NVarChar}, {"file_type", NVarChar}, {"filegroup_name", NVarChar},
			{"file_size_bytes", BigIntN}, {"backup_finish_date", NVarChar}}}
		if b := st.latestFull(req); b != nil {
			for _, f := range b.Files {
				if f.Type != "D" && f.Type != "L" {
					continue
				}
				var fg any
				if f.Filegroup != "" {
					fg = f.Filegroup
				}
				rs.Rows = append(rs.Rows, []any{f.Name, f.Type, fg, f.Size, b.Finished})
			}
		}
		return Response{ResultSets: []ResultSet{rs}}
	}
	return Response{Error: &Message{Number: 50000, State: 1, Class: 16, Text: "tdstest: no answer for " + name}}
}

var filesColumns = []Column{{"file_id", Int}, {"name", NVarChar}, {"type_desc", NVarChar},
	{"data_space_id", Int}, {"size_bytes", BigIntN}, {"growth", Int}, {"is_percent_growth", Bit}}

// database finds the database named by the request's first parameter, as
// a case-insensitive collation would.
func (st State) database(req Request) (int, *Database) {
	if len(req.Params) == 0 {
		return -1, nil
	}
	name, _ := req.Params[0].(string)
	for i := range st.Databases {
		if strings.EqualFold(st.Databases[i].Name, name) {
			return i, &st.Databases[i]
		}
	}
	return -1, nil
}
