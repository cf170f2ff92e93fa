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

func writeJSON(b *bytes.Buffer, r *report.Report, opt Options) error {
	return writeStreamed(b, "json", r, opt)
}

// encodeJSON writes v with 2-space indentation and a trailing newline,
// without escaping <, > and & (the output is not embedded in HTML).
func encodeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
