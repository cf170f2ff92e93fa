package rules

import "strings"

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
	return joinFields(p)
}

// joinFields is strings.Join(strings.Fields(s), " "), made in one pass
// over ASCII text.
func joinFields(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := false // a space is owed before the next word
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			space = b.Len() > 0
		default:
			if c >= 0x80 {
				return strings.Join(strings.Fields(s), " ") // Unicode spaces
			}
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Markdown renders a rule's documentation: docs/rules/SLnnn.md, `sqllint
// explain` and SARIF help all come from it. (Written piece by piece:
// formatted, it was most of the instructions a scan of a few files spent
// on its rules' metadata.)
func Markdown(r *Rule) string {
	var b strings.Builder
	b.WriteString("# " + r.ID + " " + r.Name + "\n\n")
	b.WriteString(r.Doc.Title + ".\n\n")
	b.WriteString("Default severity: **" + r.Severity.String() + "**")
	if r.Live {
		b.WriteString(" (live mode only: runs with `--server`)")
	}
	b.WriteString("\n\n## Why\n\n")
	b.WriteString(strings.TrimSpace(r.Doc.Why))
	b.WriteString("\n")
	if ref := references[r.Doc.Source]; ref != "" {
		b.WriteString("\nReference: " + ref + ".\n")
	}
	b.WriteString("\n## Bad\n\n```sql\n" + strings.TrimSpace(r.Doc.Bad) + "\n```\n")
	b.WriteString("\n## Good\n\n```sql\n" + strings.TrimSpace(r.Doc.Good) + "\n```\n")
	if r.Doc.Fix != "" {
		b.WriteString("\n## Fix\n\n`sqllint scan --fix` " + strings.TrimSuffix(r.Doc.Fix, ".") + ".\n")
	}
	if len(r.Options) > 0 {
		b.WriteString("\n## Options\n\n| option | default | meaning |\n|---|---|---|\n")
		for _, o := range r.Options {
			b.WriteString("| `" + o.Name + "` | " + formatNumber(o.Default) + " " + o.Unit + " | " + o.Doc + " |\n")
		}
		b.WriteString("\nSet them in `.sqllint.yaml`:\n\n```yaml\noptions:\n  " + r.ID + ":\n")
		for _, o := range r.Options {
			b.WriteString("    " + o.Name + ": " + formatNumber(o.Default) + "\n")
		}
		b.WriteString("```\n")
	}
	if r.ID == "SL003" || r.ID == "SL004" {
		// their findings are about the suppressions: no comment silences
		// them (one naming them matches nothing)
		b.WriteString("\n## Turning it off\n\nA `sqllint:ignore` comment does not silence " + r.ID + ", whose findings are about such comments. Turn it off in `.sqllint.yaml` instead:\n\n```yaml\nseverity:\n  " + r.ID + ": off\n```\n")
		return b.String()
	}
	b.WriteString("\n## Suppressing\n\n```sql\n-- sqllint:ignore " + r.ID + " the reason why it is fine here\n```\n")
	return b.String()
}
