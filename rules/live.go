package rules

import "github.com/sqllint/sqllint/parser"

// The live-only rules: they read the server's facts (--server) and point
// at the first statement that touches the server or the database.

// firstTouch returns the first statement of interest of the run, or of
// database key when key is not "".
func firstTouch(m *Model, key string) *Effect {
	for i := range m.Effects {
		e := &m.Effects[i]
		if e.Stmt.Node == nil {
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
		if e := firstTouch(p.Model, ""); e != nil {
			at = e.Stmt.Span()
		}
		r := p.Report(at, nil, "trace flag 1806 is on globally on %s: Instant File Initialization is disabled for every database, so every data-file allocation is zero-filled (measured: 100 GB in 16 min 04 s instead of 12 s)", f.Server)
		r.Confirmed = f.Server
	},
}

var sl305 = &Rule{
	ID: "SL305", Name: "server-target-recovery-time-zero", Severity: parser.SevWarning, Live: true,
	Run: func(p *Pass) {
		f := p.Facts()
		if f == nil {
			return
		}
		for _, key := range p.Model.sortedKeys() {
			d := p.Model.Databases[key]
			sd := f.Databases[key]
			if sd == nil || !sd.Exists || sd.TargetRecoverySeconds == nil || *sd.TargetRecoverySeconds != 0 {
				continue
			}
			if d.TRT != nil && *d.TRT > 0 {
				continue // the scripts set a target themselves
			}
			at := runSpan
			if e := firstTouch(p.Model, key); e != nil {
				at = e.Stmt.Span()
			}
			r := p.Report(at, nil,
				"database %s has target_recovery_time_in_seconds = 0 on %s: it uses automatic, bursty checkpoints (new databases default to 60 s since SQL Server 2016); run ALTER DATABASE %s SET TARGET_RECOVERY_TIME = 60 SECONDS",
				d.Name, f.Server, d.Name)
			r.Confirmed = f.Server
		}
	},
}
