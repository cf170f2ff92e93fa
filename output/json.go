package output

import (
	"bytes"
	"encoding/json"

	"github.com/sqllint/sqllint/report"
)

// jsonReport is the document of the json format; JSON.md describes it
// field by field. Field order is the struct's.
type jsonReport struct {
	Tool     string              `json:"tool"`
	Version  string              `json:"version"`
	Findings []report.Finding    `json:"findings"`
	Errors   []report.InputError `json:"errors"`
	Summary  jsonSummary         `json:"summary"`
}

type jsonSummary struct {
	Files    int `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	Infos    int `json:"infos"`
}

func toolName(r *report.Report) string {
	if r.Tool == "" {
		return "sqllint"
	}
	return r.Tool
}

func writeJSON(b *bytes.Buffer, r *report.Report, _ Options) error {
	c := countFindings(r)
	doc := jsonReport{
		Tool:     toolName(r),
		Version:  r.Version,
		Findings: make([]report.Finding, len(r.Findings)),
		Errors:   make([]report.InputError, len(r.Errors)),
		Summary: jsonSummary{
			Files:    r.Files,
			Errors:   c.errors,
			Warnings: c.warnings,
			Infos:    c.infos,
		},
	}
	copy(doc.Errors, r.Errors)
	for i, f := range r.Findings {
		if f.Fix != nil && f.Fix.Edits == nil {
			// "edits" is always an array, never null.
			fix := *f.Fix
			fix.Edits = []report.Edit{}
			f.Fix = &fix
		}
		doc.Findings[i] = f
	}
	return encodeJSON(b, doc)
}

// encodeJSON writes v with 2-space indentation and a trailing newline,
// without escaping <, > and & (the output is not embedded in HTML).
func encodeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
