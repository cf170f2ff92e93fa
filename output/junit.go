package output

import (
	"bytes"
	"encoding/xml"
	"strconv"

	"github.com/sqllint/sqllint/report"
)

// JUnit XML, for CI systems that show test reports (GitLab
// artifacts:reports:junit, Azure PublishTestResults, Jenkins junit):
//
//	<testsuites name="sqllint" tests="N" failures="F" errors="E">
//	  <testsuite name="PATH" tests=".." failures=".." errors="..">
//	    <properties>
//	      <property name="file" value="PATH"></property>
//	    </properties>
//	    <testcase name="SL302 checkpoint-duration at 3:5" classname="PATH">
//	      <failure message="..." type="warning">PATH:3:5: warning SL302 ...</failure>
//	    </testcase>
//	  </testsuite>
//	</testsuites>
//
// One testsuite per file with findings or input errors, in the order the
// text format lists files (see fileOrder), one testcase per finding. This
// is how GitLab, Azure and Jenkins group tests (suite → case), so findings
// appear grouped by file; the test name carries rule and position because
// GitLab keys test cases by classname and name, and identical names would
// merge distinct findings.
//
// The document validates against the JUnit schema Jenkins uses
// (junit-4.xsd, also what Surefire's reports follow): a testcase takes only
// name, classname, time, assertions and status attributes, so the file is
// a property of its suite and the line is in the case name and the
// failure text, not file/line attributes.
//
// Errors and warnings are <failure>s. Info findings are passing testcases
// whose <system-out> holds the message: JUnit has no "notice" outcome, and
// a failure would fail the test report over an informational finding.
// Input errors are <error>s (the file could not be checked at all).
// A report without findings or input errors gives one "sqllint" suite
// with one passing testcase, since some consumers reject an empty report.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string           `xml:"name,attr"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
}

type junitProperties struct {
	Property []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// junitCase's elements are in the schema's order: error, failure,
// system-out.
type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Error     *junitProblem `xml:"error,omitempty"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	SystemOut *junitText    `xml:"system-out,omitempty"`
}

// junitText is element content escaped by xmlText.
type junitText struct {
	XML string `xml:",innerxml"`
}

func newJUnitText(s string) *junitText {
	return &junitText{XML: xmlText(s)}
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",innerxml"` // escaped by xmlText
}

func writeJUnit(b *bytes.Buffer, r *report.Report, _ Options) error {
	rules := rulesByID(r)
	suites := make(map[string]*junitSuite)
	suite := func(path string) *junitSuite {
		s := suites[path]
		if s == nil {
			s = newJUnitSuite(path)
			suites[path] = s
		}
		return s
	}
	var detail bytes.Buffer // reused: its text is copied out by String
	var sc snippetCache
	lineOf := func(f *report.Finding) (string, bool) { return sourceLine(r, f.Path, f.Line) }
	for i := range r.Findings {
		f := &r.Findings[i]
		s := suite(f.Path)
		tc, failed := junitFindingCase(f, rules, &detail, lineOf, &sc)
		if failed {
			s.Failures++
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	for i := range r.Errors {
		e := &r.Errors[i]
		s := suite(e.Path)
		s.Cases = append(s.Cases, junitInputCase(e))
		s.Tests++
		s.Errors++
	}

	doc := junitSuites{Name: toolName(r)}
	if len(suites) == 0 {
		doc.Suites = []junitSuite{junitNoFindings(r)}
	}
	for _, path := range fileOrder(r, "") {
		doc.Suites = append(doc.Suites, *suites[path])
	}
	size := 128
	for _, s := range doc.Suites {
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		size += 192 + 2*len(s.Name)
		for i := range s.Cases {
			c := &s.Cases[i]
			size += 128 + len(c.Name) + len(c.Classname)
			for _, p := range []*junitProblem{c.Error, c.Failure} {
				if p != nil {
					size += len(p.Message) + len(p.Type) + len(p.Text)
				}
			}
			if c.SystemOut != nil {
				size += len(c.SystemOut.XML)
			}
		}
	}
	writeXMLDoc(b, size, func(w *xw) { w.junit(&doc) })
	return nil
}

// newJUnitSuite is the empty suite of the file path ("" for findings of
// no file: no file property).
func newJUnitSuite(path string) *junitSuite {
	name := cleanLine(path)
	s := &junitSuite{Name: name}
	if path != "" {
		s.Properties = &junitProperties{Property: []junitProperty{{Name: "file", Value: name}}}
	}
	return s
}

// junitFindingCase is a finding's testcase, its text printed with
// detail's room (lineOf gives the finding's line); failed when it is a
// failure (an error or warning; an info finding passes).
func junitFindingCase(f *report.Finding, rules map[string]*report.Rule, detail *bytes.Buffer, lineOf func(*report.Finding) (string, bool), sc *snippetCache) (tc junitCase, failed bool) {
	tc = junitCase{
		Name:      cleanLine(junitCaseName(f)),
		Classname: cleanLine(f.Path),
	}
	detail.Reset()
	textFindingWith(detail, f, false, true, lineOf, sc)
	if rule := rules[f.RuleID]; rule != nil && rule.HelpURI != "" {
		detail.WriteString("See ")
		detail.WriteString(rule.HelpURI)
		detail.WriteByte('\n')
	}
	sev := severity(f.Severity)
	if sev == report.Info {
		tc.SystemOut = newJUnitText(detail.String())
		return tc, false
	}
	tc.Failure = &junitProblem{Message: cleanLine(message(f)), Type: sev, Text: xmlText(detail.String())}
	return tc, true
}

// junitInputCase is an input error's testcase.
func junitInputCase(e *report.InputError) junitCase {
	var detail bytes.Buffer
	detail.WriteString(position(e.Path, 0, 0) + ": error: ")
	writeMessageLines(&detail, e.Message)
	return junitCase{
		Name:      "input error",
		Classname: cleanLine(e.Path),
		Error: &junitProblem{
			Message: cleanLine(e.Message),
			Type:    "input-error",
			Text:    xmlText(detail.String()),
		},
	}
}

// junitNoFindings is the one suite of a report without findings or input
// errors: some consumers reject an empty report.
func junitNoFindings(r *report.Report) junitSuite {
	return junitSuite{
		Name:  toolName(r),
		Tests: 1,
		Cases: []junitCase{{
			Name:      "no findings",
			Classname: toolName(r),
			SystemOut: newJUnitText("no findings in " + plural(r.Files, "file", "files") + "\n"),
		}},
	}
}

// junitCaseName is "SL302 checkpoint-duration at 3:5": unique within the
// file's suite, as findings are unique by path, line, column and rule.
func junitCaseName(f *report.Finding) string {
	name := ruleLabel(f)
	if f.Line > 0 {
		name += " at " + strconv.Itoa(f.Line)
		if f.Column > 0 {
			name += ":" + strconv.Itoa(f.Column)
		}
	}
	return name
}
