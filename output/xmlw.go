package output

import (
	"bytes"
	"encoding/xml"
	"strconv"
)

// xw writes the Checkstyle and JUnit documents by hand, byte for byte as
// encodeXML (encoding/xml, 2-space indentation) writes them: a large
// report has one element per finding, and reflection was most of the cost
// of printing it. An attribute value of printable ASCII that needs no
// escape is written as it is; any other is escaped by encoding/xml.
type xw struct {
	b       *bytes.Buffer
	depth   int
	started bool // an element was written: the next one starts a line
	in      bool // the last thing written is a start tag
}

// indent is encoding/xml's writeIndent for an indentation of two spaces:
// before a start tag (+1) or an end tag (-1).
func (w *xw) indent(delta int) {
	if delta < 0 {
		w.depth--
		if w.in {
			w.in = false // an element without children ends on its line
			return
		}
	}
	if w.started {
		w.b.WriteByte('\n')
	} else {
		w.started = true
	}
	for range w.depth {
		w.b.WriteString("  ")
	}
	if delta > 0 {
		w.depth++
		w.in = true
	}
}

// start writes "<name"; attributes follow, then startEnd.
func (w *xw) start(name string) {
	w.indent(1)
	w.b.WriteByte('<')
	w.b.WriteString(name)
}

func (w *xw) startEnd() { w.b.WriteByte('>') }

// attr writes ` name="value"`, the value escaped as encoding/xml does.
func (w *xw) attr(name, value string) {
	w.b.WriteByte(' ')
	w.b.WriteString(name)
	w.b.WriteString(`="`)
	plain := true
	for i := 0; i < len(value); i++ {
		if c := value[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\'' || c == '&' || c == '<' || c == '>' {
			plain = false
			break
		}
	}
	if plain {
		w.b.WriteString(value)
	} else {
		_ = xml.EscapeText(w.b, []byte(value)) // a bytes.Buffer takes every write
	}
	w.b.WriteByte('"')
}

func (w *xw) attrInt(name string, v int) {
	var a [20]byte
	w.b.WriteByte(' ')
	w.b.WriteString(name)
	w.b.WriteString(`="`)
	w.b.Write(strconv.AppendInt(a[:0], int64(v), 10)) // digits need no escape
	w.b.WriteByte('"')
}

// end writes "</name>".
func (w *xw) end(name string) {
	w.indent(-1)
	w.b.WriteString("</")
	w.b.WriteString(name)
	w.b.WriteByte('>')
}

// writeXMLDoc writes the declaration, the document write writes and a
// newline, as encodeXML does; size is about the document's length (see
// encodeXML).
func writeXMLDoc(b *bytes.Buffer, size int, write func(*xw)) {
	b.Grow(size + size/16)
	b.WriteString(xml.Header)
	write(&xw{b: b})
	b.WriteByte('\n')
}

// checkstyle writes doc as encodeXML does.
func (w *xw) checkstyle(doc *checkstyleDoc) {
	w.start("checkstyle")
	w.attr("version", doc.Version)
	w.startEnd()
	for i := range doc.Files {
		f := &doc.Files[i]
		w.start("file")
		w.attr("name", f.Name)
		w.startEnd()
		for j := range f.Errors {
			w.checkstyleError(&f.Errors[j])
		}
		w.end("file")
	}
	w.end("checkstyle")
}

// checkstyleError writes one <error> element of a <file>.
func (w *xw) checkstyleError(e *checkstyleError) {
	w.start("error")
	if e.Line != 0 {
		w.attrInt("line", e.Line)
	}
	if e.Column != 0 {
		w.attrInt("column", e.Column)
	}
	w.attr("severity", e.Severity)
	w.attr("message", e.Message)
	w.attr("source", e.Source)
	w.startEnd()
	w.end("error")
}

// junit writes doc as encodeXML does.
func (w *xw) junit(doc *junitSuites) {
	w.junitCounts("testsuites", doc.Name, doc.Tests, doc.Failures, doc.Errors)
	for i := range doc.Suites {
		s := &doc.Suites[i]
		w.junitSuiteStart(s)
		for j := range s.Cases {
			w.junitCase(&s.Cases[j])
		}
		w.end("testsuite")
	}
	w.end("testsuites")
}

// junitCounts writes the start tag of <testsuites> or a <testsuite>:
// its name and counts.
func (w *xw) junitCounts(tag, name string, tests, failures, errors int) {
	w.start(tag)
	w.attr("name", name)
	w.attrInt("tests", tests)
	w.attrInt("failures", failures)
	w.attrInt("errors", errors)
	w.startEnd()
}

// junitSuiteStart writes a <testsuite> start tag and its properties:
// its cases follow, then its end tag.
func (w *xw) junitSuiteStart(s *junitSuite) {
	w.junitCounts("testsuite", s.Name, s.Tests, s.Failures, s.Errors)
	if s.Properties != nil {
		w.start("properties")
		w.startEnd()
		for _, p := range s.Properties.Property {
			w.start("property")
			w.attr("name", p.Name)
			w.attr("value", p.Value)
			w.startEnd()
			w.end("property")
		}
		w.end("properties")
	}
}

// junitCase writes one <testcase> element of a <testsuite>.
func (w *xw) junitCase(c *junitCase) {
	w.start("testcase")
	w.attr("name", c.Name)
	w.attr("classname", c.Classname)
	w.startEnd()
	w.junitProblem("error", c.Error)
	w.junitProblem("failure", c.Failure)
	if c.SystemOut != nil {
		w.start("system-out")
		w.startEnd()
		w.b.WriteString(c.SystemOut.XML) // inner XML, as it is
		w.end("system-out")
	}
	w.end("testcase")
}

func (w *xw) junitProblem(name string, p *junitProblem) {
	if p == nil {
		return
	}
	w.start(name)
	w.attr("message", p.Message)
	w.attr("type", p.Type)
	w.startEnd()
	w.b.WriteString(p.Text) // inner XML, as it is
	w.end(name)
}
