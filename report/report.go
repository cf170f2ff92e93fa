// Package report holds what a run found, in the form every output format
// prints: resolved findings with file positions, the metadata of the rules
// that raised them, and the run's input errors.
package report

// Severity names as printed: "error", "warning", "info".
const (
	Error   = "error"
	Warning = "warning"
	Info    = "info"
)

// Finding is one problem at one place. Lines and columns are 1-based;
// columns count characters. End is exclusive (the character after the
// range), as in SARIF and LSP.
type Finding struct {
	RuleID    string `json:"rule"`
	RuleName  string `json:"name"`
	Severity  string `json:"severity"`
	Message   string `json:"message"`
	Path      string `json:"file"` // as the user named it, slash-separated, relative when possible
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"end_line"`
	EndColumn int    `json:"end_column"`
	Fix       *Fix   `json:"fix,omitempty"`
	// Confirmed names the server whose live facts confirmed the finding
	// ("" for a purely static finding).
	Confirmed string `json:"confirmed_on,omitempty"`
	// SourceText is the text of line Line of the file, without its line
	// ending, as it was when the file was analyzed ("" when unknown). It
	// lets printers show the line without keeping the file.
	SourceText string `json:"-"`
}

// Fix is a suggested change: text edits in the finding's file.
type Fix struct {
	Description string `json:"description"`
	Edits       []Edit `json:"edits"`
}

// Edit replaces the text between two positions (1-based, end exclusive)
// with NewText. Offsets are byte offsets in the decoded file text.
type Edit struct {
	Line        int    `json:"line"`
	Column      int    `json:"column"`
	EndLine     int    `json:"end_line"`
	EndColumn   int    `json:"end_column"`
	StartOffset int    `json:"-"`
	EndOffset   int    `json:"-"`
	NewText     string `json:"new_text"`
}

// Rule is the metadata of one rule, for formats that describe rules
// (SARIF, the text summary, docs).
type Rule struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Severity    string `json:"severity"` // default severity
	Title       string `json:"title"`    // one line
	Description string `json:"description"`
	HelpURI     string `json:"help_uri"`
	// Help is the rule's documentation as Markdown (why, bad and good
	// examples, options).
	Help string `json:"-"`
}

// InputError is a file that could not be read or decoded; the run went on
// without it.
type InputError struct {
	Path    string `json:"file"`
	Message string `json:"message"`
}

// Report is the whole result of a run.
type Report struct {
	Tool     string // "sqllint"
	Version  string
	Findings []Finding // sorted by path, line, column, rule; no duplicates
	Rules    []Rule    // every rule that is enabled, sorted by ID
	Errors   []InputError
	Files    int // files scanned
	// Source returns line n (1-based) of a scanned file, without its line
	// ending, for printers that show the offending line. It may be nil.
	// SourceOf builds it from the findings' SourceText.
	Source func(path string, line int) (string, bool) `json:"-"`
}

// SourceOf returns a Source that gives the lines the findings carry.
func SourceOf(findings []Finding) func(path string, line int) (string, bool) {
	type key struct {
		path string
		line int
	}
	lines := map[key]string{}
	for _, f := range findings {
		if f.Path != "" && f.Line > 0 {
			lines[key{f.Path, f.Line}] = f.SourceText
		}
	}
	return func(path string, line int) (string, bool) {
		s, ok := lines[key{path, line}]
		return s, ok
	}
}
