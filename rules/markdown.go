package rules

import (
	"fmt"
	"strings"
)

var articles = map[string]string{
	"000": "Instant File Initialization (shared/seeds/000_b14e396f9d47672d.txt)",
	"003": "How having too many filegroups can affect recovery time (shared/seeds/003_2a72aacae29b6b1a.txt)",
	"004": "CHECKPOINT Duration: Can You Speed Up a Manual CHECKPOINT? (shared/seeds/004_0e82737b5681b6ab.txt)",
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
	if src := articles[r.Doc.Source]; src != "" {
		fmt.Fprintf(&b, "\nSource: %s.\n", src)
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
