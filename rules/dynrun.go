package rules

import (
	"slices"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// Text built in a variable and run, or sp_MSforeachdb's command
// (parser.BuiltRun): the statements of it that SL301, SL302, SL204 and
// SL205 look for are reported at the EXEC, whose message says what runs
// them (the text's positions are not in the file), and with no fix: no
// edit can be made safely inside text built in pieces, nor is one made
// inside sp_MSforeachdb's literal.

// builtRun is the text e's statement runs, as SL301, SL302, SL204 and
// SL205 read it: its BuiltRun, or that of the NulBackup of a text that
// also backs up to NUL (which SL304 reports).
func builtRun(e *Effect) (*parser.BuiltRun, bool) {
	switch n := e.Stmt.Node.(type) {
	case *parser.BuiltRun:
		return n, true
	case *parser.NulBackup:
		return n.Run, n.Run != nil
	}
	return nil, false
}

// builtFrom is what a finding about the text br runs starts with, as
// SL304's about a backup to NUL in such text.
func builtFrom(br *parser.BuiltRun) string {
	each := br.Proc
	if each == "" {
		each = "sp_MSforeachdb's command, for each database"
	}
	switch {
	case br.JobStep && br.Step != "":
		return "the command of job step '" + shown(br.Step) + "' is the text of " + br.Var + ": "
	case br.JobStep:
		return "the command of a job step is the text of " + br.Var + ": "
	case br.Var != "" && br.Each:
		return "EXEC runs the text of " + br.Var + ", " + each + ": "
	case br.Each:
		return "EXEC runs the text of " + each + ": "
	case br.Var != "":
		return "EXEC runs the text of " + br.Var + ": "
	}
	return "EXEC runs the text it builds: "
}

// builtTRT is SL301 for the text br runs: each TARGET_RECOVERY_TIME = 0
// of it.
func builtTRT(p *Pass, e *Effect, br *parser.BuiltRun) {
	for _, n := range br.Runs {
		a, ok := n.(*parser.AlterDatabase)
		if !ok || a.TargetRecovery == nil || !trtZero(a.TargetRecovery) {
			continue
		}
		db := "the database it runs in"
		switch {
		case br.Each && strings.Contains(a.Database.Value, "?"):
			db = "each database" // sp_MSforeachdb puts each name for the ?
		case br.Each && a.Current && strings.HasPrefix(br.Proc, "sp_ineachdb"):
			db = "each database" // sp_ineachdb runs its command in each
		case br.Each && a.Current:
			// sp_MSforeachdb (and sp_foreachdb) runs its command where
			// the EXEC runs: only a USE [?] in it moves to each database
			proc, _, _ := strings.Cut(br.Proc, "'")
			if proc == "" {
				proc = "sp_MSforeachdb"
			}
			db = "the database the EXEC runs in, not each database (" + proc + " moves to each only after USE [?])"
		case !a.Current:
			db = shown(a.Database.Value)
		}
		p.report(e.Stmt.Span(), nil, builtFrom(br)+trtMessage(a.TargetRecovery.Raw, db))
	}
}

// builtCheckpoints is SL302, with the limit max-duration, for the text
// br runs: each CHECKPOINT of it with a duration.
func builtCheckpoints(p *Pass, e *Effect, br *parser.BuiltRun, limit float64) {
	for _, n := range br.Runs {
		c, ok := n.(*parser.Checkpoint)
		if !ok {
			continue
		}
		n, unit, overInt, zero, ok := checkpointDuration(c, limit)
		if !ok && limit == 0 && c.Duration == nil && c.DurationRaw != "" {
			// a duration built from an expression ('CHECKPOINT ' +
			// CAST(@n AS varchar(10))): explicit all the same
			n, unit, ok = c.DurationRaw, " seconds", true
		}
		switch {
		case !ok:
		case overInt:
			p.report(e.Stmt.Span(), nil, builtFrom(br)+overIntMessage(n))
		case zero:
			p.report(e.Stmt.Span(), nil, builtFrom(br)+zeroMessage(n))
		default:
			p.report(e.Stmt.Span(), nil, builtFrom(br)+checkpointMessage(n, unit))
		}
	}
}

// builtIFIFlag is SL204 for the text br runs: each DBCC TRACEON of it
// that turns on trace flag 1806.
func builtIFIFlag(p *Pass, e *Effect, br *parser.BuiltRun) {
	for _, n := range br.Runs {
		if t, ok := n.(*parser.TraceFlags); ok && len(flagsOn(t, 1806)) > 0 {
			p.report(e.Stmt.Span(), nil, builtFrom(br)+"DBCC TRACEON "+ifiMessage(scopeOf(t)))
		}
	}
}

// builtZeroingFlags is SL205 for the text br runs: each DBCC TRACEON of
// it that turns on trace flag 3004 or 3605.
func builtZeroingFlags(p *Pass, e *Effect, br *parser.BuiltRun) {
	for _, n := range br.Runs {
		if t, ok := n.(*parser.TraceFlags); ok {
			if hit := flagsOn(t, 3004, 3605); len(hit) > 0 {
				p.report(e.Stmt.Span(), nil, builtFrom(br)+"DBCC TRACEON "+zeroingMessage(hit, slices.Contains(t.Flags, 3604), scopeOf(t)))
			}
		}
	}
}

// builtRunDoc is what the docs of SL204, SL205, SL301 and SL302 say of
// the dynamic SQL they read.
const builtRunDoc = `The statement is found in constant dynamic SQL as in script text (the string of ` + "`EXEC ('...')`" + `, of ` + "`sp_executesql N'...'`" + `, or the ` + "`@command`" + ` of a T-SQL job step), where it is reported at its place in the string. It is also found in text built in a variable in pieces (` + "`SET @sql = N'ALTER DATABASE ' + QUOTENAME(@db) + N' SET ...'`" + `) and run in the same batch by ` + "`EXEC (@sql)`" + ` or ` + "`sp_executesql @sql`" + ` or made a T-SQL job step's command (` + "`sp_add_jobstep @command = @sql`" + `, or ` + "`sp_update_jobstep`" + `; split at its GO lines, as SQL Server Agent runs it, and reported as the step's command), in text built in the ` + "`EXEC (...)`" + ` itself, and in the commands ` + "`sp_MSforeachdb`" + ` (its ` + "`@command1`" + ` to ` + "`@command3`" + `; or the First Responder Kit's ` + "`sp_foreachdb`" + ` and ` + "`sp_ineachdb`" + `, unless ` + "`@print_command_only = 1`" + `) runs for each database (written out, or such a variable; its ` + "`?`" + ` stands for each database): such text is followed while it holds ` + "`TARGET_RECOVERY_TIME`" + `, ` + "`CHECKPOINT`" + ` or ` + "`TRACEON`" + `, and what it runs is reported at the EXEC, whose message says what runs it (` + "`EXEC runs the text of @sql: ...`" + `), without a fix. SQL Server runs one arm of an ` + "`IF ... ELSE`" + `: each arm starts from the text the variable held before the ` + "`IF`" + `, and after it a variable the two arms set apart holds either, so what it runs is not known. Text that is only printed or selected (a dry run) is not reported; an EXEC of text that also backs up to NUL is reported by SL304 as well.`

// builtFiles applies to the model the files that the text e's EXEC runs
// creates or sizes (CREATE DATABASE; ALTER DATABASE ADD FILE, ADD LOG
// FILE, MODIFY FILE), as SQL Server runs them, at the EXEC: their
// allocations and growths are e's (SL201, SL202, SL203, SL209 report
// them there), and a later statement knows the sizes they set. A size
// built from a part that is no constant is unknown, as a variable
// written in the script is. ctx is the database of the USE context; a
// USE in the text is of the text alone. tempdb, whose files set in
// built text are SL208's (tempdbVars), is left alone.
func (m *Model) builtFiles(e *Effect, ctx string) {
	br, ok := builtRun(e)
	if !ok || br.Each {
		return
	}
	for _, x := range br.Runs {
		switch n := x.(type) {
		case *parser.CreateDatabase:
			if keyIs(&n.Database, "tempdb") || refusedCreate(n) {
				continue
			}
			m.resetName(&n.Database)
			d := m.lookup(&n.Database, ctx, false, false)
			d.Created = true
			m.create(e, d, n)
		case *parser.AlterDatabase:
			if !parser.FilesAction(n.Action) || !n.Current && keyIs(&n.Database, "tempdb") || n.Current && ctx == "tempdb" {
				continue
			}
			d := m.database(&n.Database, ctx, n.Current)
			e.DB = d
			m.alter(e, d, n)
		}
	}
}

// builtPrefix is what a finding about e's allocations or growths starts
// with when they are those of text its EXEC runs (builtFiles): what runs
// it; "" for any other statement.
func builtPrefix(e *Effect) string {
	if br, ok := builtRun(e); ok {
		return builtFrom(br)
	}
	return ""
}

// withBuilt is msg, a finding's about e's allocations or growths,
// after builtPrefix(e).
func withBuilt(e *Effect, msg string) string {
	if b := builtPrefix(e); b != "" {
		return b + msg
	}
	return msg
}

// builtFilesDoc is what the docs of SL201, SL202, SL203 and SL209 say of
// the dynamic SQL they read.
const builtFilesDoc = `The file is found in constant dynamic SQL as in script text (the string of ` + "`EXEC ('...')`" + ` or of ` + "`sp_executesql N'...'`" + `), where it is reported at its place in the string. It is also found in text built in a variable in pieces (` + "`SET @sql = N'ALTER DATABASE ' + QUOTENAME(@db) + N' MODIFY FILE (NAME = Sales_dat, SIZE = 100GB)'`" + `) and run in the same batch by ` + "`EXEC (@sql)`" + ` or ` + "`sp_executesql @sql`" + `, or made a T-SQL job step's command (` + "`sp_add_jobstep @command = @sql`" + `), or built in the ` + "`EXEC (...)`" + ` itself, while the text holds ` + "`SIZE`" + `, ` + "`MAXSIZE`" + ` or ` + "`FILEGROWTH`" + `: its CREATE DATABASE, ADD FILE, ADD LOG FILE and MODIFY FILE are applied where the EXEC runs them, reported at the EXEC (` + "`EXEC runs the text of @sql: ...`" + `) without a fix, and a later statement knows the sizes they set. A size built from a part that is no constant (` + "`N'SIZE = ' + CAST(@gb AS nvarchar(10)) + N'GB'`" + `) is unknown, as a variable is, and so is the file's size after it. A database name built from such a part (` + "`QUOTENAME(@db)`" + `) is keyed by what is written. SQL Server runs one arm of an ` + "`IF ... ELSE`" + `: each arm starts from the text the variable held before the ` + "`IF`" + `, and after it a variable the two arms set apart holds either, so what it runs is not known. Text that is only printed or selected (a dry run) is not applied, nor is the command ` + "`sp_MSforeachdb`" + ` runs for each database.`
