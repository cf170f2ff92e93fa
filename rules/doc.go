package rules

// Doc is a rule's documentation as structured data: `sqllint explain`,
// docs/rules/SLnnn.md and SARIF help text are all generated from it.
type Doc struct {
	Title string // one line, no final period
	// Why explains the problem in Markdown, giving the measured figures
	// in sqllint's own words.
	Why string
	// Source names the public reference of the rule (a key of
	// references: "ifi", "filegroups", "checkpoint"; "" for tool rules).
	Source string
	Bad    string // T-SQL that triggers the rule
	Good   string // T-SQL that does not
	// Fix describes the automatic fix, if the rule has one.
	Fix string
}
