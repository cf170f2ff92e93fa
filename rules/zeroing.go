package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// clauseSpan is where a finding about a statement's file allocation
// points: the ALTER DATABASE action (ADD FILE, MODIFY FILE, ...), or the
// whole CREATE DATABASE statement.
// Called only for an effect with allocations or growths, or on tempdb:
// Model.slim keeps the span for those when it drops the parsed form.
func clauseSpan(e *Effect) parser.Span {
	if n, ok := e.Stmt.Node.(*parser.AlterDatabase); ok && n.ActionSpan.Start.IsValid() {
		return n.ActionSpan
	}
	if e.more != nil && e.more.clauseKind == clauseAction {
		return e.more.clause
	}
	return e.Stmt.Span()
}

// logClauseSpan is the LOG ON clause of CREATE DATABASE, or clauseSpan.
func logClauseSpan(e *Effect) parser.Span {
	if n, ok := e.Stmt.Node.(*parser.CreateDatabase); ok && n.LogSpan.Start.IsValid() {
		return n.LogSpan
	}
	if e.more != nil && e.more.clauseKind == clauseLog {
		return e.more.clause
	}
	return clauseSpan(e)
}

// sumAllocs totals the data (or log) space a statement allocates. upTo is
// set when part of it is an upper bound (a MODIFY FILE of a file whose
// earlier size is unknown).
func sumAllocs(e *Effect, log bool) (total int64, upTo bool) {
	for _, a := range e.Allocs() {
		if a.Log == log {
			total += a.Bytes
			upTo = upTo || a.UpTo
		}
	}
	return total, upTo
}

// allocWords are how a message states an allocation and its estimate:
// "allocates 2 GB" and "about", or, for an upper bound, "allocates up to
// 50 GB" and "up to about".
func allocWords(bytes int64, upTo bool) (amount, about string) {
	if upTo {
		return "up to " + formatBytes(bytes), "up to about"
	}
	return formatBytes(bytes), "about"
}

var sl201 = &Rule{
	ID: "SL201", Name: "data-file-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, optZeroingBudget},
	Run: func(p *Pass) {
		effects := p.effects(moreEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		rate, budget := p.Opt("zeroing-rate"), p.Opt("zeroing-budget")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			facts := p.Model.factsAt(e, p.Facts()) // none on another server
			bytes, upTo := sumAllocs(e, false)
			if bytes == 0 || isTempdb(e) { // tempdb: a per-restart cost, SL208
				continue
			}
			tde := e.usesTDE()
			ifiOff := false
			if ifi := facts.ifi(); ifi != nil {
				if *ifi && !tde {
					continue // the server skips zeroing data files
				}
				ifiOff = !*ifi
			}
			sec := ZeroingSeconds(bytes, rate)
			if sec <= budget {
				continue
			}
			var flags uint8
			if upTo {
				flags |= 1
			}
			if tde {
				flags |= 2
			}
			msg := p.Model.memo(msgKey{rule: p.Rule, n: bytes, x: rate, y: budget, flags: flags}, func() string {
				estText, budgetText := formatOverBudget(sec, budget)
				amount, about := allocWords(bytes, upTo)
				msg := "allocates " + amount + " of data file: without Instant File Initialization zero-filling takes " + about + " " + estText + " at " + formatNumber(rate) +
					" MB/s (measured: 100 GB took 16 min 04 s without IFI, 12 s with it), over the " + budgetText + " budget"
				if upTo {
					msg += "; the file's earlier size is unknown, so only its growth is zero-filled"
				}
				if tde {
					msg += "; the database uses TDE, which rules out IFI"
				}
				return msg
			})
			f := p.report(clauseSpan(e), nil, withBuilt(e, msg))
			if ifiOff {
				f.Severity = raise(f.Severity)
				f.Confirmed = facts.Server
				f.Message += facts.ifiOffNote()
			} else if tde && facts.encrypted(e) {
				f.Confirmed = facts.Server
			}
		}
	},
}

var sl202 = &Rule{
	ID: "SL202", Name: "log-file-zeroing", Severity: parser.SevWarning,
	Options: []Option{optZeroingRate, optZeroingBudget},
	Run: func(p *Pass) {
		effects := p.effects(moreEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		rate, budget := p.Opt("zeroing-rate"), p.Opt("zeroing-budget")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			bytes, upTo := sumAllocs(e, true)
			if bytes == 0 || isTempdb(e) { // tempdb: a per-restart cost, SL208
				continue
			}
			sec := ZeroingSeconds(bytes, rate)
			if sec <= budget {
				continue
			}
			estText, budgetText := formatOverBudget(sec, budget)
			amount, about := allocWords(bytes, upTo)
			f := p.Report(logClauseSpan(e), nil,
				"allocates %s of log file: log files are always zero-filled, Instant File Initialization never applies, so this takes %s %s at %s MB/s, over the %s budget",
				amount, about, estText, formatNumber(rate), budgetText)
			if upTo {
				f.Message += "; the file's earlier size is unknown, so only its growth is zero-filled"
			}
			f.Message = withBuilt(e, f.Message)
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
		effects := p.effects(moreEffects)
		if len(effects) == 0 {
			return // most files: no option read
		}
		rate, budget := p.Opt("zeroing-rate"), p.Opt("autogrowth-budget")
		for _, i := range effects {
			e := &p.Model.Effects[i]
			version := p.Config.TargetVersion
			// the live server's version, not another's after :connect
			if f := p.Model.factsAt(e, p.Facts()); f != nil && f.Major > 0 {
				version = f.Major
			}
			for _, g := range e.Growths() {
				if !g.Log || g.Size.Unknown || g.Size.Unlimited {
					continue
				}
				name := shown(g.File)
				if name == "" {
					name = "the log file"
				}
				switch {
				case g.Size.Percent > 0:
					p.report(logClauseSpan(e), nil, withBuilt(e, p.Model.memo(msgKey{rule: p.Rule, s: name, n: g.Size.Percent, flags: 1}, func() string {
						return "log file " + name + " grows by " + strconv.FormatInt(g.Size.Percent, 10) +
							"%: every growth is larger than the last and is zero-filled while transactions wait (log files never use Instant File Initialization); use a fixed growth such as 64MB"
					})))
				case g.Size.Bytes > 0:
					bytes, cut := roomCut(g, g.Size.Bytes)
					if version >= 16 && bytes <= instantLogGrowth {
						continue
					}
					sec := ZeroingSeconds(bytes, rate)
					if sec <= budget {
						continue
					}
					if cut != "" {
						estText, budgetText := formatOverBudget(sec, budget)
						p.report(logClauseSpan(e), nil, withBuilt(e, "log file "+name+" grows by "+formatBytes(g.Size.Bytes)+cut+
							": each autogrowth zero-fills it while transactions wait, about "+estText+" at "+formatNumber(rate)+" MB/s, over the "+budgetText+" budget"))
						continue
					}
					p.report(logClauseSpan(e), nil, withBuilt(e, p.Model.memo(msgKey{rule: p.Rule, s: name, n: g.Size.Bytes, x: rate, y: budget, flags: 2}, func() string {
						estText, budgetText := formatOverBudget(sec, budget)
						return "log file " + name + " grows by " + formatBytes(g.Size.Bytes) +
							": each autogrowth zero-fills it while transactions wait, about " + estText + " at " + formatNumber(rate) + " MB/s, over the " + budgetText + " budget"
					})))
				}
			}
		}
	},
}

func traceOn(e *Effect, flags ...int) []int {
	t, ok := e.Stmt.Node.(*parser.TraceFlags)
	if !ok {
		return nil
	}
	return flagsOn(t, flags...)
}

// flagsOn are the flags among flags that t turns on.
func flagsOn(t *parser.TraceFlags, flags ...int) []int {
	if !t.On {
		return nil
	}
	if len(t.Flags) == 1 && len(flags) == 1 && t.Flags[0] == flags[0] {
		return t.Flags // the usual DBCC TRACEON (n, -1) asked about n: no copy
	}
	if allAmong(t.Flags, flags) {
		return t.Flags // every flag is asked about (flags differ): the same list, no copy
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

// allAmong reports whether every element of fs is among want.
func allAmong(fs, want []int) bool {
	for _, f := range fs {
		if !slices.Contains(want, f) {
			return false
		}
	}
	return true
}

func scope(e *Effect) string {
	t, _ := e.Stmt.Node.(*parser.TraceFlags)
	return scopeOf(t)
}

// scopeOf is what t, nil for none, turns its flags on for.
func scopeOf(t *parser.TraceFlags) string {
	switch {
	case t != nil && t.Global:
		return "for the whole instance"
	case t != nil && len(t.Unresolved) > 0:
		// DBCC TRACEON (1806, @scope): -1 may be among the arguments
		return "for this session, or for the whole instance if " + strings.Join(t.Unresolved, " or ") + " is -1"
	}
	return "for this session"
}

var sl204 = &Rule{
	ID: "SL204", Name: "ifi-trace-flag", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for _, i := range p.effects(traceFlagEffects) {
			e := &p.Model.Effects[i]
			if br, ok := builtRun(e); ok {
				builtIFIFlag(p, e, br)
				continue
			}
			if len(traceOn(e, 1806)) > 0 {
				p.report(e.Stmt.Span(), nil, ifiMessage(scope(e)))
			}
		}
	},
}

var sl205 = &Rule{
	ID: "SL205", Name: "zeroing-trace-flags", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for _, i := range p.effects(traceFlagEffects) {
			e := &p.Model.Effects[i]
			if br, ok := builtRun(e); ok {
				builtZeroingFlags(p, e, br)
				continue
			}
			if hit := traceOn(e, 3004, 3605); len(hit) > 0 {
				t, _ := e.Stmt.Node.(*parser.TraceFlags)
				with3604 := slices.Contains(t.Flags, 3604)
				msg := func() string { return zeroingMessage(hit, with3604, scope(e)) }
				if len(hit) == 1 && len(t.Unresolved) == 0 { // the usual: one flag, for the session or the instance
					var flags uint8
					if scope(e) == "for the whole instance" {
						flags = 1
					}
					if with3604 {
						flags |= 2
					}
					p.report(e.Stmt.Span(), nil, p.Model.memo(msgKey{rule: p.Rule, n: int64(hit[0]), flags: flags}, msg))
				} else {
					p.report(e.Stmt.Span(), nil, msg())
				}
			}
		}
	},
}

// ifiRest is what SL204's message says trace flag 1806 does.
const ifiRest = ", which disables Instant File Initialization: new data-file space is zero-filled again (measured: a 100 GB file took 16 min 04 s instead of 12 s)"

// ifiSessionRest is what SL204's message says 1806 does for a session
// only (DBCC TRACEON without -1). Microsoft documents no scope for 1806
// (it is not in the table of "DBCC TRACEON - Trace Flags (Transact-SQL)"),
// and that page's Remarks say "A global trace flag must be enabled
// globally. Otherwise, the trace flag has no effect": the message does
// not claim the effect.
const ifiSessionRest = ": 1806's scope is not documented, and a global-only flag turned on for a session has no effect; where it acts, it disables Instant File Initialization: new data-file space is zero-filled again (measured: a 100 GB file took 16 min 04 s instead of 12 s)"

// ifiMessage is SL204's message for trace flag 1806 turned on for scope.
func ifiMessage(scope string) string {
	switch scope {
	case "for the whole instance":
		return "turns on trace flag 1806 for the whole instance" + ifiRest // one string, not one per finding
	case "for this session":
		return "turns on trace flag 1806 for this session only" + ifiSessionRest
	}
	return "turns on trace flag 1806 " + scope + ifiRest
}

// zeroingMessage is SL205's message for the flags hit (3004, 3605)
// turned on for scope; with3604 is whether the same DBCC TRACEON turns
// on 3604 too. 3004 only produces the file-zeroing steps: 3605 sends
// them to the error log, 3604 to the client, and 3004 alone shows
// nothing.
func zeroingMessage(hit []int, with3604 bool, scope string) string {
	alone3004 := len(hit) == 1 && hit[0] == 3004
	if alone3004 && with3604 {
		hit = []int{3004, 3604}
	}
	names := "flag " + strconv.Itoa(hit[0])
	if len(hit) > 1 {
		names = "flags " + strconv.Itoa(hit[0])
	}
	for _, f := range hit[1:] {
		names += " and " + strconv.Itoa(f)
	}
	// 3605 alone is as often on for other flags' output
	// (deadlocks, checkpoints, columnstore) as for 3004's:
	// it writes no file-zeroing step by itself
	what := ": 3004 and 3605 write every file-zeroing step to the error log; they belong in a test, not in a deployment script"
	switch {
	case len(hit) == 1 && hit[0] == 3605:
		what = ": 3605 sends the output of diagnostic trace flags (3004's file-zeroing steps among it) to the error log; it belongs in a test, not in a deployment script"
	case alone3004 && with3604:
		what = ": 3004 and 3604 send every file-zeroing step to the client; they belong in a test, not in a deployment script"
	case alone3004:
		what = ": 3004 reports every file-zeroing step, which reaches the error log once 3605 is on too (the client with 3604); it belongs in a test, not in a deployment script"
	}
	return "turns on diagnostic trace " + names + " " + scope + what
}
