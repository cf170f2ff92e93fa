package rules

import (
	"fmt"
	"strings"
)

// references are the public sources a rule's Doc.Source names: where the
// measured figures of its Why come from, or the documentation that
// explains the behaviour measured. Users must be able to open them.
var references = map[string]string{
	"ifi":        `[Database instant file initialization](https://learn.microsoft.com/sql/relational-databases/databases/database-instant-file-initialization), SQL Server documentation`,
	"filegroups": `[How having too many filegroups can affect recovery time](https://blogs.msdn.microsoft.com/sqlserverstorageengine/2007/04/22/how-having-too-many-filegroups-can-affect-recovery-time/), SQL Server Storage Engine blog, 22 April 2007`,
	"backup":     `[BACKUP (Transact-SQL)](https://learn.microsoft.com/sql/t-sql/statements/backup-transact-sql), SQL Server documentation`,
	"checkpoint": `[CHECKPOINT (Transact-SQL)](https://learn.microsoft.com/sql/t-sql/language-elements/checkpoint-transact-sql) and [Database checkpoints (SQL Server)](https://learn.microsoft.com/sql/relational-databases/logs/database-checkpoints-sql-server), SQL Server documentation`,
}

// Summary is the first paragraph of the rule's Why, as plain text.
func Summary(r *Rule) string {
	p, _, _ := strings.Cut(strings.TrimSpace(r.Doc.Why), "\n\n")
	return strings.Join(strings.Fields(p), " ")
}

// Markdown renders a rule's documentation: docs/rules/SLnnn.md, `sqllint
// explain` and SARIF help all come from it.
func Markdown(r *Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\n", r.ID, r.Name)
	fmt.Fprintf(&b, "%s.\n\n", r.Doc.Title)
	fmt.Fprintf(&b, "Default severity: **%s**", r.Severity)
	if r.Live {
		b.WriteString(" (live mode only: runs with `--server`)")
	}
	b.WriteString("\n\n## Why\n\n")
	b.WriteString(strings.TrimSpace(r.Doc.Why))
	b.WriteString("\n")
	if ref := references[r.Doc.Source]; ref != "" {
		fmt.Fprintf(&b, "\nReference: %s.\n", ref)
	}
	fmt.Fprintf(&b, "\n## Bad\n\n```sql\n%s\n```\n", strings.TrimSpace(r.Doc.Bad))
	fmt.Fprintf(&b, "\n## Good\n\n```sql\n%s\n```\n", strings.TrimSpace(r.Doc.Good))
	if r.Doc.Fix != "" {
		fmt.Fprintf(&b, "\n## Fix\n\n`sqllint scan --fix` %s.\n", strings.TrimSuffix(r.Doc.Fix, "."))
	}
	if len(r.Options) > 0 {
		b.WriteString("\n## Options\n\n| option | default | meaning |\n|---|---|---|\n")
		for _, o := range r.Options {
			fmt.Fprintf(&b, "| `%s` | %s %s | %s |\n", o.Name, formatNumber(o.Default), o.Unit, o.Doc)
		}
		fmt.Fprintf(&b, "\nSet them in `.sqllint.yaml`:\n\n```yaml\noptions:\n  %s:\n", r.ID)
		for _, o := range r.Options {
			fmt.Fprintf(&b, "    %s: %s\n", o.Name, formatNumber(o.Default))
		}
		b.WriteString("```\n")
	}
	fmt.Fprintf(&b, "\n## Suppressing\n\n```sql\n-- sqllint:ignore %s the reason why it is fine here\n```\n", r.ID)
	return b.String()
}
