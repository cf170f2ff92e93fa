package output

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// FuzzFormats renders a finding whose file name, message and source line
// come from a hostile script in every format: nothing panics, json, sarif
// and gitlab stay valid JSON and checkstyle and junit well-formed XML, and
// neither the text format nor the CI command formats print a control
// character (but tab and the line breaks between lines) or a bidirectional
// one; every line of github and azure output is one command, so no name or
// message starts a command of its own.
func FuzzFormats(f *testing.F) {
	f.Add("a.sql", "CHECKPOINT 10 throttles", "CHECKPOINT 10;")
	f.Add("b\n::error file=x::pwn.sql", "x%0A::warning::y\r\n##vso[task.complete result=Failed]", "\x1b]8;;http://e\x07l\x1b]8;;\x07")
	f.Add("c\u202eloc.sql", "\u2066admin\u2069 \xff\xfe", "-- \u202e } \u2066\x00\x85\x9b")
	f.Add("d]1.sql;x=y", "]]> <![CDATA[ &amp; \"'", "\ud7ff\uffff\U0010ffff")
	f.Fuzz(func(t *testing.T, path, msg, line string) {
		if path == "" {
			path = "x"
		}
		r := &report.Report{Tool: "sqllint", Version: "1", Files: 1, Rules: fixtureRules(),
			Source: func(p string, n int) (string, bool) { return line, p == path && n == 1 },
			Findings: []report.Finding{{
				RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: msg, Path: path, Line: 1, Column: 1, EndLine: 1, EndColumn: 3,
			}},
		}
		for _, format := range Formats() {
			var buf bytes.Buffer
			if err := Write(&buf, format, r, Options{ShowSource: true}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			out := buf.String()
			switch format {
			case "json", "sarif", "gitlab":
				if !json.Valid(buf.Bytes()) {
					t.Fatalf("%s: not valid JSON:\n%s", format, out)
				}
			case "checkstyle", "junit":
				d := xml.NewDecoder(&buf)
				for {
					if _, err := d.Token(); errors.Is(err, io.EOF) {
						break
					} else if err != nil {
						t.Fatalf("%s: not well-formed XML (%v):\n%s", format, err, out)
					}
				}
			}
			switch format {
			case "text", "github", "azure":
				if i := strings.IndexFunc(out, func(r rune) bool {
					return (r < 0x20 && r != '\t' && r != '\n') || (r >= 0x7f && r < 0xa0) || isBidiControl(r)
				}); i >= 0 {
					t.Fatalf("%s: prints %q:\n%q", format, []rune(out[i:])[0], out)
				}
			}
			if format == "github" || format == "azure" {
				prefix := map[string]string{"github": "::", "azure": "##vso["}[format]
				// a command is a line that starts with the prefix
				lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
				for _, l := range lines {
					if !strings.HasPrefix(l, prefix) {
						t.Fatalf("%s: a line that is not a command of sqllint's: %q in\n%s", format, l, out)
					}
				}
				if len(lines) != 1 {
					t.Fatalf("%s: %d commands for one finding:\n%s", format, len(lines), out)
				}
			}
		}
	})
}
