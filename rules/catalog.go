package rules

import "github.com/sqllint/sqllint/parser"

// catalog lists every rule of the rule catalog. Each rule's code is in
// the file of its area; its documentation is in docs_catalog.go, or in the
// rule's value (SL207-SL209, docs_restore.go).
func catalog() []*Rule {
	rules := []*Rule{
		{ID: "SL001", Name: "parse-error", Severity: parser.SevWarning},
		{ID: "SL002", Name: "sqlcmd-error", Severity: parser.SevError},
		{ID: "SL003", Name: "unused-suppression", Severity: parser.SevWarning},
		{ID: "SL004", Name: "invalid-suppression", Severity: parser.SevError},
		sl101, sl102, sl103,
		sl201, sl202, sl203, sl204, sl205, sl206, sl207, sl208, sl209,
		sl301, sl302, sl303, sl304, sl305,
	}
	for _, r := range rules {
		if d, ok := catalogDocs[r.ID]; ok {
			r.Doc = d
		}
	}
	return rules
}

// Shared options: the zero-fill rate is one setting for the three zeroing
// rules.
var (
	optZeroingRate = Option{Name: "zeroing-rate", Default: 106, Unit: "MB/s",
		Doc: "rate at which the server zero-fills new file space (measured: 100 GB in 16 min 04 s, about 106 MB/s)"}
	optZeroingBudget = Option{Name: "zeroing-budget", Default: 60, Unit: "s",
		Doc: "longest acceptable zero-fill of one statement's allocation"}
)
