package rules

import (
	"regexp"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// SQL Server's hard limits per database.
const (
	maxFiles      = 32767
	maxFilegroups = 32767
)

var sl101 = &Rule{
	ID: "SL101", Name: "too-many-files", Severity: parser.SevWarning,
	Options: []Option{{Name: "startup-budget", Default: 10, Unit: "s",
		Doc: "longest acceptable estimated startup delay from opening file headers (10 s is about 800 files)"}},
	Run: func(p *Pass) {
		budget := p.Opt("startup-budget")
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if e.DB == nil {
				continue
			}
			est := StartupSeconds(e.Files)
			if est <= budget || !e.DB.once("SL101") {
				continue
			}
			estText, budgetText := formatOverBudget(est, budget)
			f := p.Report(e.Stmt.Span(), nil,
				"database %s reaches %s files in %s filegroups: estimated startup delay %s, over the %s budget (every file header is opened in turn at startup; measured: 1,000 files took 12 s, 2,000 took 29 s)",
				e.DB.Name, formatCount(e.Files), formatCount(e.Filegroups), estText, budgetText)
			if e.DB.FromServer && p.Facts() != nil {
				f.Confirmed = p.Facts().Server
				f.Message += " (counting the files it already has on the server)"
			}
		}
	},
}

var sl102 = &Rule{
	ID: "SL102", Name: "file-limit", Severity: parser.SevError,
	Run: func(p *Pass) {
		for i := range p.Model.Effects {
			e := &p.Model.Effects[i]
			if e.DB == nil {
				continue
			}
			switch {
			case e.Files > maxFiles && e.DB.once("SL102"):
				p.Report(e.Stmt.Span(), nil, "database %s reaches %s files: SQL Server allows at most 32,767 files per database, so this statement fails",
					e.DB.Name, formatCount(e.Files))
			case e.Filegroups > maxFilegroups && e.DB.once("SL102"):
				p.Report(e.Stmt.Span(), nil, "database %s reaches %s filegroups: SQL Server allows at most 32,767 filegroups per database, so this statement fails",
					e.DB.Name, formatCount(e.Filegroups))
			}
		}
	},
}

// addFileRE finds ADD FILE, ADD LOG FILE and ADD FILEGROUP in dynamic SQL.
var addFileRE = regexp.MustCompile(`(?i)\bADD\s+(LOG\s+)?FILE(GROUP)?\b`)

// dynamicKeywords start statements that build or run dynamic SQL. PRINT,
// RAISERROR and the like only show text.
var dynamicKeywords = map[string]bool{"SET": true, "SELECT": true, "EXEC": true, "EXECUTE": true, "DECLARE": true}

var sl103 = &Rule{
	ID: "SL103", Name: "filegroup-loop", Severity: parser.SevWarning,
	Run: func(p *Pass) {
		for i := range p.Model.Effects {
			st := p.Model.Effects[i].Stmt
			if !st.InLoop || st.Kind != parser.KindOther || !dynamicKeywords[st.Keyword()] {
				continue
			}
			if what := dynamicAddFile(st); what != "" {
				p.Report(st.Span(), nil, "%s built as dynamic SQL inside a WHILE loop: the number of files and filegroups (and so the startup delay, SL101) cannot be known before the script runs; list them explicitly",
					what)
			}
		}
	},
}

// dynamicAddFile returns "ADD FILEGROUP" or "ADD FILE" when a string
// literal of st (or their concatenation) contains it.
func dynamicAddFile(st *parser.Statement) string {
	var all strings.Builder
	for _, t := range st.Tokens() {
		if t.Kind != parser.TokString && t.Kind != parser.TokNString {
			continue
		}
		v := parser.StringValue(st.TokenText(t))
		if m := addFileRE.FindString(v); m != "" {
			return normalizeSpace(m)
		}
		all.WriteString(v)
		all.WriteByte(' ')
	}
	if m := addFileRE.FindString(all.String()); m != "" {
		return normalizeSpace(m)
	}
	return ""
}

func normalizeSpace(s string) string { return strings.ToUpper(strings.Join(strings.Fields(s), " ")) }
