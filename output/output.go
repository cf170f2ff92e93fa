// Package output prints a report.Report in the formats sqllint offers:
// human-readable text and the machine formats CI systems and code hosts
// read (JSON, SARIF, GitHub Actions and Azure Pipelines commands,
// Checkstyle, JUnit, GitLab Code Quality).
//
// Every format is deterministic: the same Report gives the same bytes.
// Findings are printed in the order of Report.Findings (the engine sorts
// them by file in the run's natural order, then line, column, rule);
// formats that group by file (Checkstyle, JUnit) list the files in that
// same order, then the files that only have input errors.
package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/sqllint/sqllint/report"
)

// Options tune the printers. The zero value prints plain text without the
// source lines.
type Options struct {
	// Color enables ANSI colour in text output. Other formats ignore it.
	Color bool
	// SrcRoot is the absolute directory that relative finding paths are
	// relative to (a relative one is made absolute against the working
	// directory). SARIF publishes it as %SRCROOT% in
	// run.originalUriBaseIds; SARIF and GitLab print absolute finding paths
	// inside it relative to it. It may be "".
	SrcRoot string
	// ShowSource makes text output print the offending source line with
	// the finding's range underlined (the CLI turns it on by default).
	ShowSource bool
	// RunPath is the file SARIF, GitLab and Checkstyle place a run-level finding
	// (live mode: about the server, not a file) at, on line 1: GitHub code
	// scanning refuses a whole upload when one result has no file, and a
	// GitLab issue's path names a file. The CLI gives the first file
	// scanned. "" leaves such a result without a location.
	RunPath string
}

type writerFunc func(b *bytes.Buffer, r *report.Report, opt Options) error

// formats is filled by init: the printers that stream refer back to it.
var formats map[string]writerFunc

func init() {
	formats = map[string]writerFunc{
		"azure":      writeAzure,
		"checkstyle": writeCheckstyle,
		"github":     writeGitHub,
		"gitlab":     writeGitLab,
		"json":       writeJSON,
		"junit":      writeJUnit,
		"sarif":      writeSARIF,
		"text":       writeText,
	}
}

// Formats returns the names Write accepts, sorted.
func Formats() []string {
	names := make([]string, 0, len(formats))
	for name := range formats {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Write prints r to w in the named format. Names are those of Formats
// (matched without regard to case); an unknown name is an error that lists
// the valid ones, and nothing is written. A nil report prints as an empty
// one. The output is built in memory and written with a single Write call,
// so a failed format never leaves half a document behind.
func Write(w io.Writer, format string, r *report.Report, opt Options) error {
	fn, ok := formats[strings.ToLower(strings.TrimSpace(format))]
	if !ok {
		return fmt.Errorf("unknown output format %q (valid formats: %s)", format, strings.Join(Formats(), ", "))
	}
	if r == nil {
		r = &report.Report{}
	}
	var b bytes.Buffer
	if err := fn(&b, r, opt); err != nil {
		return fmt.Errorf("%s output: %w", format, err)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// severity maps a finding's severity onto the three known ones; anything
// unexpected is treated as a warning so it is neither lost nor escalated.
func severity(s string) string {
	switch s {
	case report.Error, report.Info:
		return s
	default:
		return report.Warning
	}
}

// message is the finding's message as every format prints it: with the
// server that confirmed it, if any.
func message(f *report.Finding) string {
	if f.Confirmed != "" {
		return f.Message + " (confirmed on " + f.Confirmed + ")"
	}
	return f.Message
}

// ruleLabel is "SL302 checkpoint-duration", or just the ID when the name is
// unknown.
func ruleLabel(f *report.Finding) string {
	switch {
	case f.RuleName == "":
		return f.RuleID
	case f.RuleID == "":
		return f.RuleName
	}
	return f.RuleID + " " + f.RuleName
}

type counts struct {
	errors, warnings, infos int
}

// sourceLine returns the text of the finding's first line, if the report
// can give it.
func sourceLine(r *report.Report, path string, line int) (string, bool) {
	if r.Source == nil || line < 1 {
		return "", false
	}
	s, ok := r.Source(path, line)
	if !ok {
		return "", false
	}
	return strings.TrimRight(s, "\r\n"), true
}

// FingerprintKey is the partialFingerprints key sqllint's SARIF results
// carry; GitLab Code Quality's fingerprint is the same value.
const FingerprintKey = "sqllintFingerprint/v1"

// inputErrorFingerprint identifies an input error (GitLab needs one).
func inputErrorFingerprint(e *report.InputError) string {
	sum := sha256.Sum256([]byte("sqllint/v1\x00input-error\x00" + e.Path))
	return hex.EncodeToString(sum[:])
}

// rulesByID indexes the report's rule metadata.
func rulesByID(r *report.Report) map[string]*report.Rule {
	m := make(map[string]*report.Rule, len(r.Rules))
	for i := range r.Rules {
		if _, dup := m[r.Rules[i].ID]; !dup {
			m[r.Rules[i].ID] = &r.Rules[i]
		}
	}
	return m
}

// relToRoot returns path relative to root (a slash-separated directory
// ending in "/", see srcRootSlash) when path is absolute and inside root,
// and path unchanged otherwise.
func relToRoot(path, root string) string {
	if root != "" && isAbsPath(path) && strings.HasPrefix(path, root) && len(path) > len(root) {
		return path[len(root):]
	}
	return path
}

// normalizeNewlines turns CRLF and lone CR into LF.
func normalizeNewlines(s string) string {
	if !strings.Contains(s, "\r") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
