package output

import (
	"bytes"
	"encoding/xml"
	"math/rand"
	"testing"
)

// encodeXML is what xw reproduces: the XML declaration and v, indented
// by 2 spaces, with a trailing newline, as encoding/xml writes them.
func encodeXML(b *bytes.Buffer, v any) error {
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(b)
	enc.Indent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.WriteByte('\n')
	return enc.Close()
}

// xmlStrings are the attribute values and inner texts the hand-written
// XML must carry as encoding/xml does.
var xmlStrings = []string{
	"", "plain", `with "quotes" and 'apostrophes'`, "it's", `say "hi"`, "a & b", "x > y", "tab\there", "a<b>&c", "line\nbreak\r\ttab", "\x00\x01\x1b\x7f",
	"日本語", "bad \xff\xfe utf-8", "\uFFFD", "\uFFFE", "\U0001F600", "C:\\path\\V1__x.sql", "é\u0085",
}

// TestHandWrittenXML: Checkstyle and JUnit documents written by xw are
// the bytes encoding/xml writes, with and without elements at each level.
func TestHandWrittenXML(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	s := func() string { return xmlStrings[r.Intn(len(xmlStrings))] }
	inner := func() string { return xmlText(s()) } // inner XML is escaped by xmlText
	for i := 0; i < 2000; i++ {
		cs := checkstyleDoc{Version: s()}
		for n := r.Intn(3); n > 0; n-- {
			f := checkstyleFile{Name: s()}
			for m := r.Intn(3); m > 0; m-- {
				f.Errors = append(f.Errors, checkstyleError{Line: r.Intn(3), Column: r.Intn(3) - 1, Severity: s(), Message: s(), Source: s()})
			}
			cs.Files = append(cs.Files, f)
		}
		var got, want bytes.Buffer
		writeXMLDoc(&got, 0, func(w *xw) { w.checkstyle(&cs) })
		if err := encodeXML(&want, cs); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("checkstyle %+v:\n got %s\nwant %s", cs, got.String(), want.String())
		}

		ju := junitSuites{Name: s(), Tests: r.Intn(5), Failures: r.Intn(5) - 1, Errors: r.Intn(5)}
		for n := r.Intn(3); n > 0; n-- {
			su := junitSuite{Name: s(), Tests: r.Intn(3), Failures: r.Intn(3), Errors: r.Intn(3)}
			if r.Intn(3) > 0 {
				su.Properties = &junitProperties{}
				for m := r.Intn(3); m > 0; m-- {
					su.Properties.Property = append(su.Properties.Property, junitProperty{Name: s(), Value: s()})
				}
			}
			for m := r.Intn(4); m > 0; m-- {
				c := junitCase{Name: s(), Classname: s()}
				if r.Intn(3) == 0 {
					c.Error = &junitProblem{Message: s(), Type: s(), Text: inner()}
				}
				if r.Intn(2) == 0 {
					c.Failure = &junitProblem{Message: s(), Type: s(), Text: inner()}
				}
				if r.Intn(3) == 0 {
					c.SystemOut = &junitText{XML: inner()}
				}
				su.Cases = append(su.Cases, c)
			}
			ju.Suites = append(ju.Suites, su)
		}
		got.Reset()
		want.Reset()
		writeXMLDoc(&got, 0, func(w *xw) { w.junit(&ju) })
		if err := encodeXML(&want, ju); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("junit %+v:\n got %s\nwant %s", ju, got.String(), want.String())
		}
	}
}
