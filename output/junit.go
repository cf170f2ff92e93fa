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
//	    <testcase name="SL302 checkpoint-duration at 3:5" classname="PATH" file="PATH" line="3">
//	      <failure message="..." type="warning">PATH:3:5: warning SL302 ...</failure>
//	    </testcase>
//	  </testsuite>
//	</testsuites>
//
// One testsuite per file with findings or input errors (sorted by path),
// one testcase per finding. This is how GitLab, Azure and Jenkins group
// tests (suite → case), so findings appear grouped by file; the test name
// carries rule and position because GitLab keys test cases by classname
// and name, and identical names would merge distinct findings.
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
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	File      string        `xml:"file,attr,omitempty"`
	Line      int           `xml:"line,attr,omitempty"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
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
	suite := func(name string) *junitSuite {
		s := suites[name]
		if s == nil {
			s = &junitSuite{Name: name}
			suites[name] = s
		}
		return s
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		s := suite(f.Path)
		path := cleanLine(f.Path)
		tc := junitCase{
			Name:      cleanLine(junitCaseName(f)),
			Classname: path,
			File:      path,
			Line:      max(f.Line, 0),
		}
		var detail bytes.Buffer
		textFinding(&detail, r, f, false, true)
		if rule := rules[f.RuleID]; rule != nil && rule.HelpURI != "" {
			detail.WriteString("See " + rule.HelpURI + "\n")
		}
		sev := severity(f.Severity)
		if sev == report.Info {
			tc.SystemOut = newJUnitText(detail.String())
		} else {
			tc.Failure = &junitProblem{Message: cleanLine(message(f)), Type: sev, Text: xmlText(detail.String())}
			s.Failures++
		}
		s.Tests++
		s.Cases = append(s.Cases, tc)
	}
	for _, e := range r.Errors {
		path := cleanLine(e.Path)
		var detail bytes.Buffer
		detail.WriteString(position(e.Path, 0, 0) + ": error: ")
		writeMessageLines(&detail, e.Message)
		s := suite(path)
		s.Cases = append(s.Cases, junitCase{
			Name:      "input error",
			Classname: path,
			File:      path,
			Error: &junitProblem{
				Message: cleanLine(e.Message),
				Type:    "input-error",
				Text:    xmlText(detail.String()),
			},
		})
		s.Tests++
		s.Errors++
	}

	doc := junitSuites{Name: toolName(r)}
	if len(suites) == 0 {
		doc.Suites = []junitSuite{{
			Name:  toolName(r),
			Tests: 1,
			Cases: []junitCase{{
				Name:      "no findings",
				Classname: toolName(r),
				SystemOut: newJUnitText("no findings in " + plural(r.Files, "file", "files") + "\n"),
			}},
		}}
	}
	for _, name := range sortedKeys(suites) {
		doc.Suites = append(doc.Suites, *suites[name])
	}
	for _, s := range doc.Suites {
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
	}
	return encodeXML(b, doc)
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
