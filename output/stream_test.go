package output

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/sqllint/sqllint/report"
)

// withSourceText is r with each finding carrying its line, as a run gives
// them, and the Source the CLI built from them before it streamed.
func withSourceText(r *report.Report) *report.Report {
	c := *r
	c.Findings = append([]report.Finding(nil), r.Findings...)
	for i := range c.Findings {
		f := &c.Findings[i]
		if s, ok := r.Source(f.Path, f.Line); ok {
			f.SourceText = s + "\r\n"
		}
	}
	c.Source = report.SourceOf(c.Findings)
	return &c
}

// streamed prints r through a Stream, findings given per parts of size n.
func streamed(t *testing.T, format string, r *report.Report, opt Options, n int) []byte {
	t.Helper()
	var out bytes.Buffer
	head := &report.Report{Tool: r.Tool, Version: r.Version, Rules: r.Rules}
	s, err := NewStream(&out, format, head, opt)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(r.Findings); i += n {
		if err := s.Add(r.Findings[i:min(i+n, len(r.Findings))]); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(&report.Report{Errors: r.Errors, Files: r.Files, Failed: r.Failed, Findings: r.Findings[:min(1, len(r.Findings))]}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestStreamIsWrite: every format prints through a Stream, findings given
// one at a time or all at once, the bytes Write prints for the whole
// report; SARIF also when its results go to a temporary file.
func TestStreamIsWrite(t *testing.T) {
	unknown := &report.Report{
		Tool: "sqllint", Rules: fixtureRules()[:1],
		Findings: []report.Finding{
			{RuleID: "SL101", Severity: report.Error, Path: "a.sql", Line: 2},
			{RuleID: "SL900", RuleName: "zeta", Severity: report.Error, Path: "a.sql", Line: 1},
			{RuleID: "SL101", Severity: report.Error, Path: "a.sql", Line: 2},
			{RuleID: "SL050", RuleName: "alpha", Severity: report.Info, Path: "a.sql", Line: 3},
		},
		Source: sourceOf(map[string][]string{"a.sql": {"x", "  x ", "x"}}),
	}
	defer func(n int) { sarifSpill = n }(sarifSpill)
	for _, spill := range []int{8 << 20, 10} {
		sarifSpill = spill
		for _, base := range []*report.Report{fixture(), emptyReport(), unknown} {
			r := withSourceText(base)
			for _, format := range Formats() {
				for _, opt := range []Options{{SrcRoot: fixtureRoot, ShowSource: true}, {Color: true}} {
					want := render(t, format, r, opt)
					for _, n := range []int{1, 3, 1000} {
						if got := streamed(t, format, r, opt, n); !bytes.Equal(got, want) {
							t.Errorf("%s (parts of %d, spill %d): stream differs from Write\n--- stream ---\n%s\n--- write ---\n%s", format, n, spill, got, want)
						}
					}
				}
			}
		}
	}
}

type shortWriter struct{ n int }

func (w *shortWriter) Write(p []byte) (int, error) {
	if w.n -= len(p); w.n < 0 {
		return 0, errShort
	}
	return len(p), nil
}

var errShort = bytes.ErrTooLarge

// TestStreamWriteError: a writer that fails makes Add or Close fail.
func TestStreamWriteError(t *testing.T) {
	r := withSourceText(fixture())
	for _, format := range Formats() {
		s, err := NewStream(&shortWriter{n: 10}, format, r, Options{})
		if err != nil {
			t.Fatal(err)
		}
		err = s.Add(r.Findings)
		if cerr := s.Close(r); err == nil {
			err = cerr
		}
		if err == nil {
			t.Errorf("%s: a failed write was not returned", format)
		}
	}
}

// TestHasControl: the byte scan finds what a scan of the runes (and of
// UTF-8 validity) finds, on every one- and two-byte string and on mixed
// text.
func TestHasControl(t *testing.T) {
	slow := func(s string, keepCR bool) bool {
		return strings.IndexFunc(s, func(r rune) bool {
			if r == '\t' || r == '\n' || (keepCR && r == '\r') {
				return false
			}
			return r < 0x20 || (r >= 0x7f && r < 0xa0) || isBidiControl(r)
		}) >= 0 || !utf8.ValidString(s) // a byte that is no UTF-8 too
	}
	var cases []string
	for i := 0; i < 256; i++ {
		cases = append(cases, string([]byte{byte(i)}))
		for j := 0; j < 256; j++ {
			cases = append(cases, string([]byte{byte(i), byte(j)}), "ab"+string([]byte{byte(i), byte(j)})+"é")
		}
	}
	cases = append(cases, "日本\u0085x", "x\u00ad", "\r\n", "a\tb")
	// the bidirectional controls and their neighbours, alone and inside
	// text read eight bytes at a time
	for _, r := range []rune{0x061b, 0x061c, 0x061d, 0x200d, 0x200e, 0x200f, 0x2010, 0x2029, 0x202a, 0x202e, 0x202f,
		0x2065, 0x2066, 0x2069, 0x206a, 0x2026, 0x201c} {
		cases = append(cases, string(r), "abcdefgh"+string(r)+"ijklmnop", "abcde"+string(r)+"fghijklmnopq")
	}
	// every byte and every pair at every place of longer text, which
	// is read eight bytes at a time
	for i := 0; i < 256; i++ {
		for at := 0; at < 18; at++ {
			b := []byte("abcdefghijklmnopqr")
			b[at] = byte(i)
			cases = append(cases, string(b))
			if at < 17 {
				b[at+1] = 0x85
				cases = append(cases, string(b))
			}
		}
	}
	for _, s := range cases {
		for _, keep := range []bool{false, true} {
			if got, want := hasControl(s, keep), slow(s, keep); got != want {
				t.Errorf("hasControl(%q, %v) = %v, want %v", s, keep, got, want)
			}
		}
	}
	for r := rune(0); r < 0x300; r++ {
		if got, want := runeWidth(r), func() int {
			if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
				return 0
			}
			return 1
		}(); got != want {
			t.Errorf("runeWidth(%U) = %d, want %d", r, got, want)
		}
	}
}

// TestFingerprintsLongLines: the fingerprints of findings on long lines,
// whose hashes are kept from one finding to the next, are those of every
// byte hashed, occurrences counted per rule, path and line.
func TestFingerprintsLongLines(t *testing.T) {
	long := strings.Repeat("BACKUP DATABASE x TO DISK='NUL'; ", 100)
	other := strings.Repeat("x", fpLong) + "  "
	type in struct{ rule, path, text string }
	ins := []in{
		{"SL1", "a.sql", long}, {"SL2", "a.sql", long}, {"SL1", "a.sql", long},
		{"SL1", "b.sql", long}, {"SL1", "a.sql", other}, {"SL1", "a.sql", long},
		{"SL1", "a.sql", "short"}, {"SL2", "a.sql", long + " "}, {"SL1", "a.sql", other},
	}
	var p fingerprinter
	seen := map[string]int{}
	for i, x := range ins {
		key := x.rule + "\x00" + x.path + "\x00" + strings.TrimSpace(x.text)
		sum := sha256.Sum256([]byte("sqllint/v1\x00" + key + "\x00" + strconv.Itoa(seen[key])))
		seen[key]++
		if got, want := p.next(&report.Finding{RuleID: x.rule, Path: x.path}, x.text), hex.EncodeToString(sum[:]); got != want {
			t.Errorf("finding %d: %s, want %s", i, got, want)
		}
	}
}

// TestStreamManyFindings: a file's findings printed a part at a time
// (more than addPart at once) are the bytes Write prints.
func TestStreamManyFindings(t *testing.T) {
	line := strings.Repeat("BACKUP DATABASE x TO DISK='NUL'; ", 200)
	r := &report.Report{Tool: "sqllint", Files: 1}
	for i := range 2*addPart + 7 {
		c := 1 + i%200*33
		r.Findings = append(r.Findings, report.Finding{RuleID: "SL304", RuleName: "backup-to-nul", Severity: "error", Message: "m ::x", Path: "a.sql",
			Line: 1, Column: c, EndLine: 1, EndColumn: c + 31, SourceText: line})
	}
	r.Source = report.SourceOf(r.Findings)
	for _, format := range []string{"text", "json", "sarif"} {
		var want, got bytes.Buffer
		if err := Write(&want, format, r, Options{ShowSource: true}); err != nil {
			t.Fatal(err)
		}
		s, err := NewStream(&got, format, r, Options{ShowSource: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Add(r.Findings); err != nil {
			t.Fatal(err)
		}
		if err := s.Close(r); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: the stream printed %d bytes, Write %d", format, got.Len(), want.Len())
		}
	}
}

// A sarif stream encodes its results into a buffer of about a step and
// hands them to its spool (past sarifSpill bytes, a temporary file): the
// buffer does not grow with the results, and the bytes are Write's.
func TestSarifSpillSteps(t *testing.T) {
	defer func(n int) { sarifSpill = n }(sarifSpill)
	sarifSpill = 1 << 20
	r := &report.Report{Tool: "sqllint", Version: "1.2.3", Files: 1, Rules: fixtureRules()}
	for i := range 8000 { // about 4 MB of results: a dozen steps past the spill
		r.Findings = append(r.Findings, report.Finding{
			RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
			Message: fmt.Sprintf("CHECKPOINT %d throttles I/O to finish in %d seconds", i, i),
			Path:    fmt.Sprintf("migrations/V%d.sql", i/10), Line: i%10 + 1, Column: 1, EndLine: i%10 + 1, EndColumn: 14,
		})
	}
	want := render(t, "sarif", r, Options{})
	var out bytes.Buffer
	s, err := NewStream(&out, "sarif", &report.Report{Tool: r.Tool, Version: r.Version, Rules: r.Rules}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := s.impl.(*sarifStream)
	most := 0
	for i := 0; i < len(r.Findings); i += 7 {
		if err := s.Add(r.Findings[i:min(i+7, len(r.Findings))]); err != nil {
			t.Fatal(err)
		}
		if x.held.InFile() {
			most = max(most, x.mem.Cap())
		}
	}
	if !x.held.InFile() {
		t.Fatal("the results never went to a temporary file: the test tests nothing")
	}
	if most > sarifSpill/2 {
		t.Errorf("%d bytes of room for results kept in memory after the spill, want a step and some", most)
	}
	if err := s.Close(&report.Report{Files: r.Files}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("stream differs from Write (%d bytes, want %d)", out.Len(), len(want))
	}
}

// github, azure and gitlab print each finding as it is added: a long
// run's commands or issues reach the writer before the end, and nothing
// of them is kept for Close (which adds only the input errors).
func TestFormatsStreamAsTheyCome(t *testing.T) {
	for _, format := range []string{"github", "azure", "gitlab"} {
		var out bytes.Buffer
		s, err := NewStream(&out, format, &report.Report{Tool: "sqllint", Rules: fixtureRules()}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var all []report.Finding
		for i := range 8000 { // about 1 MB of commands
			f := report.Finding{
				RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
				Message: fmt.Sprintf("CHECKPOINT %d throttles I/O to finish in %d seconds", i, i),
				Path:    fmt.Sprintf("migrations/V%d.sql", i/10), Line: i%10 + 1, Column: 1, EndLine: i%10 + 1, EndColumn: 14,
			}
			all = append(all, f)
			if err := s.Add([]report.Finding{f}); err != nil {
				t.Fatal(err)
			}
		}
		if out.Len() < 512<<10 {
			t.Errorf("%s: %d bytes written before Close, want the findings printed as they came", format, out.Len())
		}
		errs := []report.InputError{{Path: "bad.sql", Message: "not UTF-8"}}
		if err := s.Close(&report.Report{Files: 800, Errors: errs}); err != nil {
			t.Fatal(err)
		}
		want := render(t, format, &report.Report{Tool: "sqllint", Rules: fixtureRules(), Files: 800, Findings: all, Errors: errs}, Options{})
		if !bytes.Equal(out.Bytes(), want) {
			t.Errorf("%s: stream differs from Write (%d bytes, want %d)", format, out.Len(), len(want))
		}
	}
}
