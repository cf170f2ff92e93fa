package output

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// TestCheckstyleRunLevelAtRunPath: a Checkstyle <file> names a file; one
// named "" is none (reviewdog, cs2pr and Jenkins warnings-ng take the
// name as the file's path). With Options.RunPath a run-level finding is
// an <error> at line 1 of that file, as in SARIF and GitLab, its message
// saying it is about the server; streamed and written whole alike.
func TestCheckstyleRunLevelAtRunPath(t *testing.T) {
	opt := Options{SrcRoot: fixtureRoot, RunPath: "b.sql"}
	for _, streamed := range []bool{false, true} {
		var out []byte
		if streamed {
			var buf bytes.Buffer
			s, err := NewStream(&buf, "checkstyle", &report.Report{}, opt)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Add(runLevelReport().Findings); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(&report.Report{}); err != nil {
				t.Fatal(err)
			}
			out = buf.Bytes()
		} else {
			out = render(t, "checkstyle", runLevelReport(), opt)
		}
		var doc checkstyleDoc
		if err := xml.Unmarshal(out, &doc); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		if len(doc.Files) != 1 || doc.Files[0].Name != "b.sql" || len(doc.Files[0].Errors) != 2 {
			t.Fatalf("streamed %v: want one <file name=\"b.sql\"> with both errors:\n%s", streamed, out)
		}
		e := doc.Files[0].Errors[0]
		if e.Line != 1 || e.Source != "sqllint.SL206" || !strings.HasPrefix(e.Message, "about the server, not this file (shown at the first file scanned): ") {
			t.Errorf("streamed %v: run-level error %+v", streamed, e)
		}
	}
	without := string(render(t, "checkstyle", runLevelReport(), Options{}))
	if !strings.Contains(without, `<file name="">`) {
		t.Errorf("without RunPath the error must keep no file:\n%s", without)
	}
}
