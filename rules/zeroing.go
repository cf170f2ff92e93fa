package rules

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// clauseSpan is where a finding about a statement's file allocation
// points: the ALTER DATABASE action (ADD FILE, MODIFY FILE, ...), or the
// whole CREATE DATABASE statement.
func clauseSpan(e *Effect) parser.Span {
	if n, ok := e.Stmt.Node.(*parser.AlterDatabase); ok && n.ActionSpan.Start.IsValid() {
		return n.ActionSpan
	}
	return e.Stmt.Span()
}

// logClauseSpan is the LOG ON clause of CREATE DATABASE, or clauseSpan.
func logClauseSpan(e *Effect) parser.Span {
	if n, ok := e.Stmt.Node.(*parser.CreateDatabase); ok && n.LogSpan.Start.IsValid() {
		return n.LogSpan
	}
	return clauseSpan(e)
}

func sumAllocs(e *Effect, log bool) int64 {
	var total int64
	for _, a := range e.Allocs {
		if a.Log == log {
			total += a.Bytes
		}
	}
	return total
}

var sl201 = &Rule{
	ID: "SL201", Name: "data-file-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, optZeroingBudget},
	Run: func(p *Pass) {
		rate, budget := p.Opt("zeroing-rate"), p.Opt("zeroing-budget")
		facts := p.Facts()
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			bytes := sumAllocs(e, false)
			if bytes == 0 || isTempdb(e) { // tempdb: a per-restart cost, SL208
				continue
			}
			tde := e.DB != nil && e.DB.TDE
			ifiOff := false
			if facts != nil && facts.IFI != nil {
				if *facts.IFI && !tde {
					continue // the server skips zeroing data files
				}
				ifiOff = !*facts.IFI
			}
			sec := ZeroingSeconds(bytes, rate)
			if sec <= budget {
				continue
			}
			msg := fmt.Sprintf("allocates %s of data file: without Instant File Initialization zero-filling takes about %s at %s MB/s (000 article: 100 GB took 16 min 04 s without IFI, 12 s with it), over the %s budget",
				formatBytes(bytes), formatSeconds(sec), formatNumber(rate), formatSeconds(budget))
			if tde {
				msg += "; the database uses TDE, which rules out IFI"
			}
			f := p.Report(clauseSpan(e), nil, "%s", msg)
			if ifiOff {
				f.Severity = raise(f.Severity)
				f.Confirmed = facts.Server
				f.Message += "; IFI is off on " + facts.Server
			} else if facts != nil && tde {
				f.Confirmed = facts.Server
			}
		}
	},
}

var sl202 = &Rule{
	ID: "SL202", Name: "log-file-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, optZeroingBudget},
	Run: func(p *Pass) {
		rate, budget := p.Opt("zeroing-rate"), p.Opt("zeroing-budget")
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			bytes := sumAllocs(e, true)
			if bytes == 0 || isTempdb(e) { // tempdb: a per-restart cost, SL208
				continue
			}
			sec := ZeroingSeconds(bytes, rate)
			if sec <= budget {
				continue
			}
			p.Report(logClauseSpan(e), nil,
				"allocates %s of log file: log files are always zero-filled, Instant File Initialization never applies, so this takes about %s at %s MB/s (000 article), over the %s budget",
				formatBytes(bytes), formatSeconds(sec), formatNumber(rate), formatSeconds(budget))
		}
	},
}

// instantLogGrowth is the largest log growth SQL Server 2022 and later
// initialize instantly.
const instantLogGrowth = 64 << 20

var sl203 = &Rule{
	ID: "SL203", Name: "log-autogrowth", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, {Name: "autogrowth-budget", Default: 5, Unit: "s",
		Doc: "longest acceptable stall while one log autogrowth is zero-filled"}},
	Run: func(p *Pass) {
		rate, budget := p.Opt("zeroing-rate"), p.Opt("autogrowth-budget")
		version := p.Config.TargetVersion
		if f := p.Facts(); f != nil && f.Major > 0 {
			version = f.Major
		}
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			for _, g := range e.Growths {
				if !g.Log || g.Size.Unknown || g.Size.Unlimited {
					continue
				}
				name := g.File
				if name == "" {
					name = "the log file"
				}
				switch {
				case g.Size.Percent > 0:
					p.Report(logClauseSpan(e), nil,
						"log file %s grows by %d%%: every growth is larger than the last and is zero-filled while transactions wait (log files never use Instant File Initialization, 000 article); use a fixed growth such as 64MB",
						name, g.Size.Percent)
				case g.Size.Bytes > 0:
					if version >= 16 && g.Size.Bytes <= instantLogGrowth {
						continue
					}
					sec := ZeroingSeconds(g.Size.Bytes, rate)
					if sec <= budget {
						continue
					}
					p.Report(logClauseSpan(e), nil,
						"log file %s grows by %s: each autogrowth zero-fills it while transactions wait, about %s at %s MB/s (000 article), over the %s budget",
						name, formatBytes(g.Size.Bytes), formatSeconds(sec), formatNumber(rate), formatSeconds(budget))
				}
			}
		}
	},
}

func traceOn(e *Effect, flags ...int) []int {
	t, ok := e.Stmt.Node.(*parser.TraceFlags)
	if !ok || !t.On {
		return nil
	}
	var hit []int
	for _, f := range t.Flags {
		for _, want := range flags {
			if f == want {
				hit = append(hit, f)
			}
		}
	}
	return hit
}

func scope(e *Effect) string {
	if t, ok := e.Stmt.Node.(*parser.TraceFlags); ok && t.Global {
		return "for the whole instance"
	}
	return "for this session"
}

var sl204 = &Rule{
	ID: "SL204", Name: "ifi-trace-flag", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if len(traceOn(e, 1806)) > 0 {
				p.Report(e.Stmt.Span(), nil,
					"turns on trace flag 1806 %s, which disables Instant File Initialization: new data-file space is zero-filled again (000 article: a 100 GB file took 16 min 04 s instead of 12 s)",
					scope(e))
			}
		}
	},
}

var sl205 = &Rule{
	ID: "SL205", Name: "zeroing-trace-flags", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if hit := traceOn(e, 3004, 3605); len(hit) > 0 {
				names := make([]string, len(hit))
				for i, f := range hit {
					names[i] = fmt.Sprint(f)
				}
				p.Report(e.Stmt.Span(), nil,
					"turns on diagnostic trace flag %s %s: 3004 and 3605 write every file-zeroing step to the error log (000 article); they belong in a test, not in a deployment script",
					strings.Join(names, " and "), scope(e))
			}
		}
	},
}
