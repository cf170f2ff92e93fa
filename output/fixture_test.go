package output

import (
	"github.com/sqllint/sqllint/report"
)

// fixtureRoot is the SrcRoot the golden files are written with.
const fixtureRoot = "/work/project"

// fixtureSource holds the lines of the fixture's files; "zz/no source.sql"
// is left out on purpose (a finding whose line the report cannot give).
var fixtureSource = map[string][]string{
	"/opt/shared/util.sql": {
		"-- shared helpers",
		"CHECKPOINT 30;",
	},
	"dir with space/a,b:c.sql": {
		"-- deploy script",            // 1
		"SET XACT_ABORT ON;",          // 2
		"\tCHECKPOINT 100;",           // 3
		"GO",                          // 4
		"UPDATE dbo.T SET x = 1",      // 5
		"CHECKPOINT 100;",             // 6: same trimmed text as line 3
		"ALTER TABLE dbo.Orders",      // 7
		"  ADD Total money NOT NULL;", // 8
		"SELECT N'日本' AS x;",          // 9
	},
	"migrations/002_index.sql": {
		"CREATE INDEX IX_A ON dbo.A (x);",
	},
}

func sourceOf(files map[string][]string) func(string, int) (string, bool) {
	return func(path string, line int) (string, bool) {
		lines, ok := files[path]
		if !ok || line < 1 || line > len(lines) {
			return "", false
		}
		return lines[line-1], true
	}
}

func fixtureRules() []report.Rule {
	return []report.Rule{
		{
			ID: "SL101", Name: "update-without-where", Severity: report.Error,
			Title:       "UPDATE or DELETE without a WHERE clause",
			Description: "An UPDATE or DELETE without WHERE changes every row of the table.",
			HelpURI:     "https://github.com/sqllint/sqllint/blob/main/docs/rules/SL101.md",
			Help:        "# SL101 update-without-where\n\nAn `UPDATE` without `WHERE` changes **every** row.\n\n```sql\nUPDATE dbo.T SET x = 1; -- bad\n```\n",
		},
		{
			ID: "SL205", Name: "not-null-column-without-default", Severity: report.Error,
			Title:       "NOT NULL column added without a default",
			Description: "Adding a NOT NULL column without a default fails on a table that has rows.",
			HelpURI:     "https://github.com/sqllint/sqllint/blob/main/docs/rules/SL205.md",
			Help:        "# SL205\n\nAdd a `DEFAULT` constraint, or make the column `NULL`.\n",
		},
		{
			ID: "SL302", Name: "checkpoint-duration", Severity: report.Warning,
			Title:       "CHECKPOINT with a target duration",
			Description: "CHECKPOINT with a duration throttles I/O and can make a deployment slow.",
			HelpURI:     "https://github.com/sqllint/sqllint/blob/main/docs/rules/SL302.md",
			Help:        "# SL302 checkpoint-duration\n\nRemove the duration: `CHECKPOINT;`\n",
		},
		{
			ID: "SL310", Name: "index-not-online", Severity: report.Warning,
			Title:       "CREATE INDEX without ONLINE = ON",
			Description: "An offline index build locks the table for its whole duration.",
			HelpURI:     "https://github.com/sqllint/sqllint/blob/main/docs/rules/SL310.md",
		},
		{
			ID: "SL501", Name: "unicode-literal-to-varchar", Severity: report.Info,
			Title:       "Unicode literal compared with or assigned to varchar",
			Description: "An N'' literal used with a varchar column is converted, and may lose characters.",
		},
	}
}

// fixture is the one report every golden file is printed from: findings of
// all three severities, fixes (a deletion and an insertion), a confirmed
// finding, a multi-line range, an absolute path, a path with a space, a
// comma and a colon, messages with newlines, %, ", <, &, ::, a CR and an
// ESC byte, two findings on identical lines, a finding whose source line is
// unknown, and an input error.
func fixture() *report.Report {
	return &report.Report{
		Tool:    "sqllint",
		Version: "1.2.3",
		Files:   5,
		Rules:   fixtureRules(),
		Source:  sourceOf(fixtureSource),
		Findings: []report.Finding{
			{
				RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: "CHECKPOINT 30 throttles I/O to finish in 30 seconds",
				Path:    "/opt/shared/util.sql", Line: 2, Column: 1, EndLine: 2, EndColumn: 14,
			},
			{
				RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: "CHECKPOINT 100 uses 100% of a \"duration\" budget: <seconds> & more:: see the docs\nRemove the duration to let SQL Server pick the pace.",
				Path:    "dir with space/a,b:c.sql", Line: 3, Column: 2, EndLine: 3, EndColumn: 16,
				Fix: &report.Fix{
					Description: "Remove the duration",
					Edits: []report.Edit{{
						Line: 3, Column: 12, EndLine: 3, EndColumn: 16,
						StartOffset: 42, EndOffset: 46, NewText: "",
					}},
				},
			},
			{
				RuleID: "SL101", RuleName: "update-without-where", Severity: report.Error,
				Message: "UPDATE of dbo.T has no WHERE clause; it changes every row",
				Path:    "dir with space/a,b:c.sql", Line: 5, Column: 1, EndLine: 5, EndColumn: 23,
			},
			{
				RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: "CHECKPOINT 100 throttles I/O to finish in 100 seconds",
				Path:    "dir with space/a,b:c.sql", Line: 6, Column: 1, EndLine: 6, EndColumn: 15,
			},
			{
				RuleID: "SL205", RuleName: "not-null-column-without-default", Severity: report.Error,
				Message: "column Total is added NOT NULL without a default;\nthe ALTER fails when dbo.Orders has rows",
				Path:    "dir with space/a,b:c.sql", Line: 7, Column: 1, EndLine: 8, EndColumn: 28,
				Fix: &report.Fix{
					Description: "Add a default",
					Edits: []report.Edit{{
						Line: 8, Column: 27, EndLine: 8, EndColumn: 27,
						StartOffset: 140, EndOffset: 140, NewText: " DEFAULT 0",
					}},
				},
			},
			{
				RuleID: "SL501", RuleName: "unicode-literal-to-varchar", Severity: report.Info,
				Message: "N'日本' is converted to varchar\r\nand may lose characters (\x1b[31mreally\x1b[0m)",
				Path:    "dir with space/a,b:c.sql", Line: 9, Column: 8, EndLine: 9, EndColumn: 13,
			},
			{
				RuleID: "SL310", RuleName: "index-not-online", Severity: report.Warning,
				Message: "CREATE INDEX IX_A is built offline and locks dbo.A (1,200,000 rows)",
				Path:    "migrations/002_index.sql", Line: 1, Column: 1, EndLine: 1, EndColumn: 32,
				Confirmed: "sql-prod-01",
			},
			{
				RuleID: "SL101", RuleName: "update-without-where", Severity: report.Error,
				Message: "DELETE from dbo.Log has no WHERE clause; it deletes every row",
				Path:    "zz/no source.sql", Line: 4, Column: 1, EndLine: 4, EndColumn: 20,
			},
		},
		Errors: []report.InputError{
			{Path: "broken, really:bad.sql", Message: "cannot decode: invalid UTF-16 byte order mark\nthe file was skipped (100% unreadable; see ##vso[task.setvariable x]y)"},
		},
	}
}

// emptyReport is a run that found nothing.
func emptyReport() *report.Report {
	return &report.Report{
		Tool:    "sqllint",
		Version: "1.2.3",
		Files:   3,
		Rules:   fixtureRules(),
		Source:  sourceOf(nil),
	}
}
