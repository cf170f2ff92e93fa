package output

import (
	"bytes"
	"encoding/xml"
	"strings"
	"unicode/utf8"

	"github.com/sqllint/sqllint/report"
)

// Checkstyle XML, the de-facto format many CI plugins read (Jenkins
// warnings-ng, reviewdog, cs2pr, ...):
//
//	<checkstyle version="4.3">
//	  <file name="PATH">
//	    <error line="L" column="C" severity="warning" message="..." source="sqllint.SL302"></error>
//	  </file>
//	</checkstyle>
//
// Files come in the order the text format prints them (see fileOrder: the
// run's natural order, V2 before V10); within a file, findings keep report
// order and input errors come last (without line or column, source
// "sqllint.input"). A run-level finding (live mode: about the server, no
// file) is an <error> at line 1 of Options.RunPath, as in SARIF and
// GitLab, its message saying so: a <file> names a file (reviewdog, cs2pr
// and Jenkins warnings-ng read it as the file's path). Without RunPath
// it is in a <file name="">.
// Severities are Checkstyle's own: error, warning, info.

type checkstyleDoc struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr,omitempty"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

func writeCheckstyle(b *bytes.Buffer, r *report.Report, opt Options) error {
	byFile := make(map[string]*checkstyleFile)
	file := func(name string) *checkstyleFile {
		cf := byFile[name]
		if cf == nil {
			cf = &checkstyleFile{Name: name}
			byFile[name] = cf
		}
		return cf
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		name, e := f.Path, checkstyleFinding(f)
		if name == "" && opt.RunPath != "" {
			name = opt.RunPath
			checkstyleRunLevel(&e)
		}
		cf := file(name)
		cf.Errors = append(cf.Errors, e)
	}
	for i := range r.Errors {
		e := &r.Errors[i]
		cf := file(e.Path)
		cf.Errors = append(cf.Errors, checkstyleInput(e))
	}
	doc := checkstyleDoc{Version: "4.3"}
	size := 128
	for _, name := range fileOrder(r, opt.RunPath) {
		cf := byFile[name]
		doc.Files = append(doc.Files, *cf)
		size += 64 + len(cf.Name)
		for i := range cf.Errors {
			e := &cf.Errors[i]
			size += 96 + len(e.Severity) + len(e.Message) + len(e.Source)
		}
	}
	writeXMLDoc(b, size, func(w *xw) { w.checkstyle(&doc) })
	return nil
}

// checkstyleFinding is a finding's <error> element.
func checkstyleFinding(f *report.Finding) checkstyleError {
	return checkstyleError{
		Line:     max(f.Line, 0),
		Column:   max(f.Column, 0),
		Severity: severity(f.Severity),
		Message:  cleanLine(message(f)),
		Source:   "sqllint." + cleanLine(f.RuleID),
	}
}

// checkstyleRunLevel makes e, a run-level finding's element, one placed
// at line 1 of Options.RunPath.
func checkstyleRunLevel(e *checkstyleError) {
	e.Line, e.Column = 1, 0
	e.Message = runLevelNote + e.Message
}

// checkstyleInput is an input error's <error> element.
func checkstyleInput(e *report.InputError) checkstyleError {
	return checkstyleError{
		Severity: report.Error,
		Message:  cleanLine(e.Message),
		Source:   "sqllint.input",
	}
}

// xmlText escapes s for element content written with ",innerxml": &, <
// and > become entities, CR becomes &#xD; (a raw CR would be read back as
// LF), and characters XML 1.0 cannot carry become U+FFFD. Unlike
// encoding/xml's chardata, newlines and tabs stay as they are, so
// multi-line text stays readable.
func xmlText(s string) string {
	// Most text is printable ASCII without '&', '<' or '>', which stays
	// as it is: returned without a copy, or copied up to the first byte
	// that needs a look, a character at a time from there.
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>' || c == '\t' || c == '\n' {
			i++
			continue
		}
		break
	}
	if i == len(s) {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s) + 16)
	sb.WriteString(s[:i])
	for _, r := range s[i:] {
		switch {
		case r == '&':
			sb.WriteString("&amp;")
		case r == '<':
			sb.WriteString("&lt;")
		case r == '>':
			sb.WriteString("&gt;")
		case r == '\r':
			sb.WriteString("&#xD;")
		case r == '\t' || r == '\n' || (r >= 0x20 && r <= 0xD7FF && r != utf8.RuneError) ||
			(r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF):
			sb.WriteRune(r)
		default:
			sb.WriteRune(utf8.RuneError)
		}
	}
	return sb.String()
}

// fileOrder returns the paths of r's findings and input errors, each once,
// in the order the text format prints them: the findings' files in report
// order (the run's natural order, V2 before V10), then the files that have
// only input errors, in the order of Errors. Formats that group by file use
// it, so every format lists files alike. The findings of no file are
// runPath's when it is not "" (Checkstyle: Options.RunPath).
func fileOrder(r *report.Report, runPath string) []string {
	seen := make(map[string]bool)
	var out []string
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for i := range r.Findings {
		if p := r.Findings[i].Path; p != "" || runPath == "" {
			add(p)
		} else {
			add(runPath)
		}
	}
	for i := range r.Errors {
		add(r.Errors[i].Path)
	}
	return out
}
