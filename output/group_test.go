package output

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// groupReport is a report whose files' findings do not all come one
// after another (b.sql's come back after c.sql's), with an info finding,
// a finding of no file, input errors of a file with findings and of
// files without, and markup to escape.
func groupReport(n int) *report.Report {
	r := &report.Report{Tool: "sqllint", Version: "1.2.3", Files: 9, Rules: fixtureRules()}
	paths := []string{"a.sql", "b <&> \"q\".sql", "c.sql", "b <&> \"q\".sql", "", "d/e.sql"}
	sev := []string{report.Warning, report.Error, report.Info}
	for i := range n {
		p := paths[i*len(paths)/n]
		r.Findings = append(r.Findings, report.Finding{
			RuleID: "SL302", RuleName: "checkpoint-duration", Severity: sev[i%3],
			Message: fmt.Sprintf("CHECKPOINT %d <throttles> & \"stalls\" I/O", i),
			Path:    p, Line: i%7 + 1, Column: 1 + i%3, EndLine: i%7 + 1, EndColumn: 14,
			SourceText: fmt.Sprintf("CHECKPOINT %d; -- %s <x> & y\n", i%7, p), // one text a line
		})
	}
	r.Errors = []report.InputError{
		{Path: "c.sql", Message: "a line\nand <another>"},
		{Path: "z.sql", Message: "not UTF-8"},
		{Path: "a.sql", Message: "lossy"},
		{Path: "z.sql", Message: "again"},
	}
	return r
}

// Checkstyle and junit print through a Stream the bytes Write prints for
// the whole report, with files whose findings come apart, input errors,
// and the elements in memory or in the spool's temporary file.
func TestGroupStreamIsWrite(t *testing.T) {
	defer func(n int) { groupSpill = n }(groupSpill)
	for _, spill := range []int{1 << 20, 100} {
		groupSpill = spill
		for _, n := range []int{0, 1, 6, 60, 601} {
			r := groupReport(n)
			r.Source = report.SourceOf(r.Findings)
			for _, format := range []string{"checkstyle", "junit"} {
				for _, opt := range []Options{{}, {ShowSource: true, SrcRoot: "/src"}} {
					want := render(t, format, r, opt)
					for _, part := range []int{1, 7, 1000} {
						if got := streamed(t, format, r, opt, part); !bytes.Equal(got, want) {
							t.Errorf("%s, %d findings in parts of %d, spill %d: stream differs from Write\n--- stream ---\n%s\n--- write ---\n%s", format, n, part, spill, got, want)
						}
					}
				}
			}
		}
	}
}

// A checkstyle or junit stream keeps its findings printed, past
// groupSpill bytes in a temporary file, a record a run of a file's
// findings in another spool, and a hash a file in memory: not the
// findings, nor their files.
func TestGroupStreamKeepsNoFindings(t *testing.T) {
	defer func(n int) { groupSpill = n }(groupSpill)
	groupSpill = 64 << 10
	for _, format := range []string{"checkstyle", "junit"} {
		var out bytes.Buffer
		s, err := NewStream(&out, format, &report.Report{Tool: "sqllint", Rules: fixtureRules()}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		x := s.impl.(*groupStream)
		for i := range 40000 {
			f := report.Finding{RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: fmt.Sprintf("CHECKPOINT %d throttles I/O", i), Path: fmt.Sprintf("V%d.sql", i/2), Line: i%2 + 1, Column: 1}
			if err := s.Add([]report.Finding{f}); err != nil {
				t.Fatal(err)
			}
		}
		if !x.held.InFile() {
			t.Errorf("%s: 40,000 findings' elements never went to a temporary file", format)
		}
		if len(x.seen) != 19999 || len(x.again) != 0 {
			t.Errorf("%s: %d files' hashes kept and %d names, want 19999 and none (the last file's run is still open)", format, len(x.seen), len(x.again))
		}
		x.endRun()
		records := 0
		if err := x.runs(func(run groupRun) error {
			if want := fmt.Sprintf("V%d.sql", records); run.path != want || run.tests != 2*btoi(format == "junit") {
				t.Errorf("%s: record %d is %+v, want %s with its 2 findings", format, records, run, want)
			}
			records++
			return nil
		}); err != nil || records != 20000 {
			t.Errorf("%s: %d records (%v), want one a file, 20000", format, records, err)
		}
		if err := s.Close(&report.Report{Files: 1000}); err != nil {
			t.Fatal(err)
		}
		if x.held.Len() != 0 || x.held.InFile() {
			t.Errorf("%s: the spool was not dropped at Close", format)
		}
		el := map[string]string{"checkstyle": "<error ", "junit": "<testcase "}[format]
		if n := bytes.Count(out.Bytes(), []byte(el)); n != 40000 {
			t.Errorf("%s: %d findings printed, want 40000", format, n)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
