package rules

import (
	"sort"

	"github.com/sqllint/sqllint/parser"
)

// The live-only rules: they read the server's facts (--server) and point
// at the first statement that touches the server or the database.

// firstTouch returns the first statement of interest of the run's
// reported files, or of database key when key is not "".
func firstTouch(p *Pass, key string) *Effect {
	m := p.Model
	for i := range m.Effects {
		e := &m.Effects[i]
		if e.Stmt.Node == nil || !p.Config.reported(e.Stmt) {
			continue
		}
		if key == "" || (e.DB != nil && e.DB.Key == key) {
			return e
		}
	}
	return nil
}

// runSpan is where a finding with no statement goes: nowhere (a run-level
// finding).
var runSpan parser.Span

var sl206 = &Rule{
	ID: "SL206", Name: "server-ifi-trace-flag", Severity: parser.SevWarning, Live: true,
	Run: func(p *Pass) {
		f := p.Facts()
		if f == nil || !f.TraceFlags[1806] {
			return
		}
		at := runSpan
		if e := firstTouch(p, ""); e != nil {
			at = e.Stmt.Span()
		}
		r := p.Report(at, nil, "trace flag 1806 is on globally on %s: Instant File Initialization is disabled for every database, so every data-file allocation is zero-filled (measured: 100 GB in 16 min 04 s instead of 12 s)", f.Server)
		r.Confirmed = f.Server
	},
}

// systemDatabases are never reported by SL305: master and msdb have
// target_recovery_time_in_seconds = 0 on every server, and deployment
// scripts use master only to reach the databases they change.
var systemDatabases = map[string]bool{"master": true, "model": true, "msdb": true, "tempdb": true}

// changedDatabases returns, for each database the scripts change, the
// index in m.Effects of the first statement of a reported file (see
// Config.Reported) that changes it: CREATE,
// ALTER, BACKUP or RESTORE of it, a CHECKPOINT in it, or any other
// statement run in it after USE. USE itself changes nothing, nor do PRINT,
// SET and DECLARE (they act on the session), nor does a
// statement of interest that names another database (ALTER DATABASE Other
// run while in Sales changes Other). Keys are the names the scripts give,
// before any MODIFY NAME, as the server knows them.
func changedDatabases(m *Model, cfg *Config) map[string]int {
	first := map[string]int{}
	// dropped holds the databases dropped before any change: a CREATE
	// after the DROP makes a new database, which is not the one the
	// server has (its target recovery time comes from model)
	dropped := map[string]bool{}
	mark := func(key string, i int) {
		if key == "" || dropped[key] {
			return
		}
		if _, ok := first[key]; !ok {
			first[key] = i
		}
	}
	for i := range m.Effects {
		e := &m.Effects[i]
		if !m.onLiveServer(e) {
			continue // another server's database of that name
		}
		if n, ok := e.Stmt.Node.(*parser.DropDatabase); ok {
			for j := range n.Databases {
				if k := n.Databases[j].Key(); k != "" {
					if _, changed := first[k]; !changed {
						dropped[k] = true
					}
				}
			}
		}
		if !cfg.reported(e.Stmt) {
			continue // a context file's: its finding would be lost
		}
		switch n := e.Stmt.Node.(type) {
		case *parser.Use, *parser.DropDatabase, *parser.TraceFlags:
		case *parser.AlterDatabase:
			if n.Current {
				mark(e.Context, i)
			} else {
				mark(n.Database.Key(), i)
			}
		case *parser.CreateDatabase:
			mark(n.Database.Key(), i)
		case *parser.Backup:
			mark(n.Database.Key(), i)
		case *parser.Restore:
			mark(n.Database.Key(), i)
		case *parser.Checkpoint:
			mark(e.Context, i)
		case nil:
			// PRINT, SET, DECLARE and BEGIN act on the session, not on
			// the database they run in
			if !passesOver(e.Stmt) {
				mark(e.Context, i)
			}
		}
	}
	return first
}

var sl305 = &Rule{
	ID: "SL305", Name: "server-target-recovery-time-zero", Severity: parser.SevWarning, Live: true,
	Run: func(p *Pass) {
		f := p.Facts()
		if f == nil {
			return
		}
		changed := changedDatabases(p.Model, p.Config)
		keys := make([]string, 0, len(changed))
		for k := range changed {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, key := range keys {
			if systemDatabases[key] {
				continue
			}
			sd := f.Databases[key]
			if sd == nil || !sd.Exists || sd.TargetRecoverySeconds == nil || *sd.TargetRecoverySeconds != 0 {
				continue
			}
			name := sd.Name
			if d := p.Model.Databases[key]; d != nil {
				if d.TRT != nil && *d.TRT > 0 {
					continue // the scripts set a target themselves
				}
				name = d.Name
			}
			if name == "" {
				name = key
			}
			r := p.Report(p.Model.Effects[changed[key]].Stmt.Span(), nil,
				"database %s has target_recovery_time_in_seconds = 0 on %s: it uses automatic, bursty checkpoints (new databases default to 60 s since SQL Server 2016); run ALTER DATABASE %s SET TARGET_RECOVERY_TIME = 60 SECONDS",
				name, f.Server, name)
			r.Confirmed = f.Server
		}
	},
}

// ifi tells whether Instant File Initialization works on the server (nil
// when unknown). Trace flag 1806 on globally turns it off for every
// database whatever sys.dm_server_services says: that tells only whether
// the service account holds the privilege.
func (f *ServerFacts) ifi() *bool {
	if f == nil {
		return nil
	}
	if f.TraceFlags[1806] {
		off := false
		return &off
	}
	return f.IFI
}

// encrypted tells whether the server says the statement's database uses
// TDE (sys.databases.is_encrypted): a finding about TDE is confirmed by
// that, not by the scripts' own SET ENCRYPTION ON.
func (f *ServerFacts) encrypted(e *Effect) bool {
	if f == nil || e.DB == nil {
		return false
	}
	sd := f.Databases[e.DB.Key]
	return sd != nil && sd.Exists && sd.Encrypted != nil && *sd.Encrypted
}

// ifiOffNote is what a finding adds when IFI is off on the server.
func (f *ServerFacts) ifiOffNote() string {
	if f.TraceFlags[1806] {
		return "; IFI is off on " + f.Server + " (trace flag 1806 is on globally)"
	}
	return "; IFI is off on " + f.Server
}
