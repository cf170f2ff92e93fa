package output

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sqllint/sqllint/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

type goldenCase struct {
	name   string // file name under testdata/golden, without .golden
	format string
	report func() *report.Report
	opt    Options
}

func goldenCases() []goldenCase {
	full := Options{SrcRoot: fixtureRoot, ShowSource: true}
	cases := []goldenCase{
		{"text-color", "text", fixture, Options{Color: true, SrcRoot: fixtureRoot, ShowSource: true}},
		{"text-nosource", "text", fixture, Options{SrcRoot: fixtureRoot}},
	}
	for _, f := range Formats() {
		cases = append(cases,
			goldenCase{f, f, fixture, full},
			goldenCase{"empty-" + f, f, emptyReport, full},
		)
	}
	return cases
}

func render(t *testing.T, format string, r *report.Report, opt Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, format, r, opt); err != nil {
		t.Fatalf("Write(%s): %v", format, err)
	}
	return buf.Bytes()
}

// TestGolden compares every format's output for the shared fixture (and
// for an empty report) with testdata/golden/<name>.golden, byte for byte.
// Run `go test ./output -update` to rewrite them, then review the diff:
// the golden files are the specification of the formats.
func TestGolden(t *testing.T) {
	for _, tc := range goldenCases() {
		t.Run(tc.name, func(t *testing.T) {
			got := render(t, tc.format, tc.report(), tc.opt)
			path := filepath.Join("testdata", "golden", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./output -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (run go test ./output -update and review the diff)\n--- got ---\n%s", path, got)
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, f := range Formats() {
		a := render(t, f, fixture(), Options{SrcRoot: fixtureRoot, ShowSource: true})
		for range 5 {
			if b := render(t, f, fixture(), Options{SrcRoot: fixtureRoot, ShowSource: true}); !bytes.Equal(a, b) {
				t.Fatalf("%s: two runs differ", f)
			}
		}
	}
}

func TestFormats(t *testing.T) {
	got := Formats()
	want := []string{"azure", "checkstyle", "github", "gitlab", "json", "junit", "sarif", "text"}
	if !slices.Equal(got, want) {
		t.Errorf("Formats() = %v, want %v", got, want)
	}
	if !slices.IsSorted(got) {
		t.Errorf("Formats() not sorted: %v", got)
	}
}

func TestUnknownFormat(t *testing.T) {
	var buf bytes.Buffer
	err := Write(&buf, "xml", fixture(), Options{})
	if err == nil {
		t.Fatal("Write accepted an unknown format")
	}
	for _, f := range Formats() {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("error %q does not list %q", err, f)
		}
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %d bytes for an unknown format", buf.Len())
	}
	if err := Write(&buf, " SARIF ", fixture(), Options{}); err != nil {
		t.Errorf("format names should match without regard to case: %v", err)
	}
}

func TestNilReport(t *testing.T) {
	for _, f := range Formats() {
		if err := Write(&bytes.Buffer{}, f, nil, Options{ShowSource: true}); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWriteError(t *testing.T) {
	if err := Write(failWriter{}, "text", fixture(), Options{}); err == nil {
		t.Error("the writer's error was not returned")
	}
}

// ---- text ----

func TestTextColor(t *testing.T) {
	plain := render(t, "text", fixture(), Options{ShowSource: true})
	if bytes.IndexByte(plain, 0x1b) >= 0 {
		t.Errorf("text output without Color contains an ESC byte:\n%q", plain)
	}
	colored := render(t, "text", fixture(), Options{Color: true, ShowSource: true})
	if bytes.IndexByte(colored, 0x1b) < 0 {
		t.Error("text output with Color has no ESC byte")
	}
	for _, seq := range []string{ansiRed + "error" + ansiReset, ansiYellow + "warning" + ansiReset, ansiBlue + "info" + ansiReset, ansiBold + "SL302" + ansiReset, ansiGreen + "^"} {
		if !bytes.Contains(colored, []byte(seq)) {
			t.Errorf("colored text lacks %q", seq)
		}
	}
}

func TestTextFirstLineShape(t *testing.T) {
	out := string(render(t, "text", fixture(), Options{ShowSource: true}))
	// Every line that is neither a continuation, a snippet, an input error
	// nor the summary must have the PATH:LINE:COL: SEVERITY shape, one per
	// finding.
	var heads int
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, ": error SL") || strings.Contains(line, ": warning SL") || strings.Contains(line, ": info SL") {
			heads++
		}
	}
	if heads != len(fixture().Findings) {
		t.Errorf("found %d finding lines, want %d:\n%s", heads, len(fixture().Findings), out)
	}
	if !strings.Contains(out, "\n    Remove the duration to let SQL Server pick the pace.\n") {
		t.Errorf("second message line not printed as an indented continuation:\n%s", out)
	}
	if !strings.Contains(out, "(1,200,000 rows) (confirmed on sql-prod-01)\n") {
		t.Errorf("confirmed finding lacks its server:\n%s", out)
	}
}

func TestTextMarker(t *testing.T) {
	cases := []struct {
		name string
		src  string
		f    report.Finding
		want string // the marker line
	}{
		{"simple", "SELECT x", report.Finding{Line: 1, Column: 8, EndLine: 1, EndColumn: 9}, "    |        ^"},
		{"range", "SELECT x", report.Finding{Line: 1, Column: 1, EndLine: 1, EndColumn: 7}, "    | ^~~~~~"},
		{"tabs kept", "\t\tSELECT x", report.Finding{Line: 1, Column: 3, EndLine: 1, EndColumn: 9}, "    | \t\t^~~~~~"},
		{"multi-line", "ALTER TABLE t", report.Finding{Line: 1, Column: 7, EndLine: 3, EndColumn: 2}, "    |       ^~~~~~~"},
		{"empty range", "SELECT", report.Finding{Line: 1, Column: 3, EndLine: 1, EndColumn: 3}, "    |   ^"},
		{"past the end", "GO", report.Finding{Line: 1, Column: 4, EndLine: 1, EndColumn: 5}, "    |    ^"},
		{"wide", "x = N'日本'", report.Finding{Line: 1, Column: 5, EndLine: 1, EndColumn: 10}, "    |     ^~~~~~~"},
		// The gutter "  1 | " is 6 columns, so the tab after "a" ends at
		// column 8 and takes one column.
		{"tab inside range", "a\tb", report.Finding{Line: 1, Column: 1, EndLine: 1, EndColumn: 4}, "    | ^~~"},
		{"tab inside range 2", "abc\tb", report.Finding{Line: 1, Column: 1, EndLine: 1, EndColumn: 6}, "    | ^~~~~~~~~~~"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			writeSnippet(&b, &tc.f, nil, tc.src, false, nil)
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("snippet has %d lines: %q", len(lines), b.String())
			}
			if lines[1] != tc.want {
				t.Errorf("marker\n got %q\nwant %q\n(source %q)", lines[1], tc.want, lines[0])
			}
		})
	}
}

// TestTextClipsLongLines: a multi-megabyte line is shown as a short window
// around the finding, with a marker where text was left out, and the
// underline stays under the finding's characters.
func TestTextClipsLongLines(t *testing.T) {
	const n = 4 << 20 // characters in the line
	mk := func(at int, word string) string {
		return strings.Repeat("x", at) + word + strings.Repeat("y", n-at-len(word))
	}
	cases := []struct {
		name         string
		at           int  // character index of the finding
		left, right  bool // clipped on that side
		word         string
		underlineLen int
	}{
		{"near the start", 3, false, true, "UPDATE", 6},
		{"at column 1", 0, false, true, "UPDATE", 6},
		{"middle", n / 2, true, true, "UPDATE", 6},
		{"near the end", n - 10, true, false, "UPDATE", 6},
		{"last character", n - 1, true, false, ";", 1},
		{"wide characters", n / 3, true, true, "N'日本'", 7},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := mk(tc.at, tc.word)
			f := report.Finding{Line: 7, Column: tc.at + 1, EndLine: 7, EndColumn: tc.at + 1 + utf8.RuneCountInString(tc.word)}
			var b, cached bytes.Buffer
			writeSnippet(&b, &f, nil, src, false, nil)
			// a cache that holds another line first, then this one
			var sc snippetCache
			writeSnippet(&bytes.Buffer{}, &f, nil, strings.Repeat("é", snippetLong), false, &sc)
			writeSnippet(&cached, &f, nil, src, false, &sc)
			if cached.String() != b.String() {
				t.Errorf("through a cache:\n%s\nwithout:\n%s", cached.String(), b.String())
			}
			if b.Len() > 1000 {
				t.Fatalf("snippet of a %d-character line is %d bytes", n, b.Len())
			}
			lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
			if len(lines) != 2 {
				t.Fatalf("snippet has %d lines: %q", len(lines), b.String())
			}
			shown := strings.TrimPrefix(lines[0], "  7 | ")
			if got := strings.HasPrefix(shown, clipMarker); got != tc.left {
				t.Errorf("clipped on the left = %v, want %v: %q", got, tc.left, shown)
			}
			if got := strings.HasSuffix(shown, clipMarker); got != tc.right {
				t.Errorf("clipped on the right = %v, want %v: %q", got, tc.right, shown)
			}
			if c := utf8.RuneCountInString(shown); c > maxSnippetChars+2 {
				t.Errorf("shown line has %d characters, want at most %d", c, maxSnippetChars+2)
			}
			// The marker starts at the display column of the word.
			i := strings.Index(lines[0], tc.word)
			if i < 0 {
				t.Fatalf("the finding's text %q is not shown: %q", tc.word, lines[0])
			}
			col := 0
			for _, r := range lines[0][:i] {
				col += runeWidth(r)
			}
			marker := lines[1]
			caret := strings.Index(marker, "^")
			if caret != col {
				t.Errorf("caret at column %d, the finding at %d:\n%s\n%s", caret, col, lines[0], marker)
			}
			if w := len(strings.TrimSpace(marker[caret:])); w != tc.underlineLen {
				t.Errorf("underline is %d columns, want %d:\n%s\n%s", w, tc.underlineLen, lines[0], marker)
			}
		})
	}
}

// TestTextLongLineTabs: tabs before the finding inside the window are
// copied into the marker line, as for a short line.
func TestTextLongLineTabs(t *testing.T) {
	src := strings.Repeat("a", 1000) + "\t\tSELECT" + strings.Repeat("b", 1000)
	f := report.Finding{Line: 1, Column: 1003, EndLine: 1, EndColumn: 1009}
	var b bytes.Buffer
	writeSnippet(&b, &f, nil, src, false, nil)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	want := "    |  " + strings.Repeat(" ", snippetContext-2) + "\t\t^~~~~~"
	if lines[1] != want {
		t.Errorf("marker\n got %q\nwant %q", lines[1], want)
	}
}

func TestTextSummary(t *testing.T) {
	out := string(render(t, "text", fixture(), Options{}))
	for _, want := range []string{
		"\n8 findings (3 errors, 4 warnings, 1 info) in 5 files, 1 input error\n",
		"  SL101 update-without-where: 2\n",
		"  SL302 checkpoint-duration: 3\n",
		"broken, really:bad.sql: error: cannot decode",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	empty := string(render(t, "text", &report.Report{Files: 1}, Options{}))
	if empty != "no findings in 1 file\n" {
		t.Errorf("empty report: %q", empty)
	}
}

// ---- json ----

type jsonDoc struct {
	Tool     string              `json:"tool"`
	Version  string              `json:"version"`
	Findings []report.Finding    `json:"findings"`
	Errors   []report.InputError `json:"errors"`
	Summary  struct {
		Files    int `json:"files"`
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
		Infos    int `json:"infos"`
	} `json:"summary"`
}

func decodeStrict(t *testing.T, data []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("decode: %v\n%s", err, data)
	}
	if dec.More() {
		t.Fatal("more than one JSON value")
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := fixture()
	out := render(t, "json", r, Options{})
	if !bytes.HasSuffix(out, []byte("}\n")) {
		t.Error("JSON output does not end in a newline")
	}
	var doc jsonDoc
	decodeStrict(t, out, &doc)

	want := slices.Clone(r.Findings)
	for i := range want {
		if want[i].Fix != nil {
			fix := *want[i].Fix
			fix.Edits = slices.Clone(fix.Edits)
			for j := range fix.Edits {
				fix.Edits[j].StartOffset, fix.Edits[j].EndOffset = 0, 0 // not serialized
			}
			want[i].Fix = &fix
		}
	}
	if !reflect.DeepEqual(doc.Findings, want) {
		t.Errorf("findings do not round-trip:\n got %+v\nwant %+v", doc.Findings, want)
	}
	if !reflect.DeepEqual(doc.Errors, r.Errors) {
		t.Errorf("errors do not round-trip: %+v", doc.Errors)
	}
	if doc.Tool != "sqllint" || doc.Version != "1.2.3" {
		t.Errorf("tool/version = %q/%q", doc.Tool, doc.Version)
	}
	s := doc.Summary
	if s.Files != 5 || s.Errors != 3 || s.Warnings != 4 || s.Infos != 1 {
		t.Errorf("summary = %+v", s)
	}
}

func TestJSONEmptyArrays(t *testing.T) {
	out := string(render(t, "json", &report.Report{}, Options{}))
	for _, want := range []string{`"findings": []`, `"errors": []`, `"tool": "sqllint"`} {
		if !strings.Contains(out, want) {
			t.Errorf("empty JSON lacks %s:\n%s", want, out)
		}
	}
	r := &report.Report{Findings: []report.Finding{{RuleID: "SL1", Severity: report.Error, Fix: &report.Fix{Description: "d"}}}}
	if out := string(render(t, "json", r, Options{})); !strings.Contains(out, `"edits": []`) {
		t.Errorf("a fix without edits should print \"edits\": []:\n%s", out)
	}
}

// ---- gitlab ----

type gitlabDoc []struct {
	Description string `json:"description"`
	CheckName   string `json:"check_name"`
	Fingerprint string `json:"fingerprint"`
	Severity    string `json:"severity"`
	Location    struct {
		Path  string `json:"path"`
		Lines struct {
			Begin int `json:"begin"`
			End   int `json:"end"`
		} `json:"lines"`
	} `json:"location"`
}

func TestGitLab(t *testing.T) {
	r := fixture()
	var doc gitlabDoc
	decodeStrict(t, render(t, "gitlab", r, Options{}), &doc)
	if len(doc) != len(r.Findings)+len(r.Errors) {
		t.Fatalf("%d issues, want %d", len(doc), len(r.Findings)+len(r.Errors))
	}
	seen := make(map[string]bool)
	for i, is := range doc {
		if is.Description == "" || is.CheckName == "" || is.Location.Path == "" || is.Location.Lines.Begin < 1 {
			t.Errorf("issue %d lacks a required field: %+v", i, is)
		}
		if !slices.Contains([]string{"info", "minor", "major", "critical", "blocker"}, is.Severity) {
			t.Errorf("issue %d: severity %q", i, is.Severity)
		}
		if seen[is.Fingerprint] {
			t.Errorf("issue %d: duplicate fingerprint %s", i, is.Fingerprint)
		}
		seen[is.Fingerprint] = true
	}
	if doc[2].Severity != "major" || doc[0].Severity != "minor" || doc[5].Severity != "info" {
		t.Errorf("severity mapping: %s %s %s", doc[2].Severity, doc[0].Severity, doc[5].Severity)
	}
	if got := render(t, "gitlab", &report.Report{}, Options{}); string(got) != "[]\n" {
		t.Errorf("empty gitlab report = %q", got)
	}
}

// ---- fingerprints ----

func TestFingerprints(t *testing.T) {
	r := fixture()
	fps := fingerprints(r)
	if fps[1] == fps[3] {
		t.Error("findings on identical lines share a fingerprint")
	}
	seen := make(map[string]int)
	for i, fp := range fps {
		if j, dup := seen[fp]; dup {
			t.Errorf("findings %d and %d share a fingerprint", j, i)
		}
		seen[fp] = i
	}

	// Insert two lines at the top of the file: the lines move, the
	// fingerprints must not.
	moved := fixture()
	const file = "dir with space/a,b:c.sql"
	src := map[string][]string{}
	for k, v := range fixtureSource {
		src[k] = v
	}
	src[file] = append([]string{"-- new", "-- lines"}, fixtureSource[file]...)
	moved.Source = sourceOf(src)
	for i := range moved.Findings {
		if moved.Findings[i].Path == file {
			moved.Findings[i].Line += 2
			moved.Findings[i].EndLine += 2
		}
	}
	if got := fingerprints(moved); !slices.Equal(got, fps) {
		t.Errorf("fingerprints changed when lines moved:\n got %v\nwant %v", got, fps)
	}

	// Changing the line's text, the rule or the path changes it.
	changed := fixture()
	changed.Findings[2].RuleID = "SL999"
	if fingerprints(changed)[2] == fps[2] {
		t.Error("fingerprint ignores the rule ID")
	}
}

// ---- github ----

// githubParse mimics the runner's parsing of a workflow command
// (actions/runner ActionCommand.TryParseV2) and unescaping.
func githubParse(t *testing.T, line string) (cmd string, props map[string]string, data string) {
	t.Helper()
	if !strings.HasPrefix(line, "::") {
		t.Fatalf("not a command: %q", line)
	}
	end := strings.Index(line[2:], "::")
	if end < 0 {
		t.Fatalf("no data separator: %q", line)
	}
	head, data := line[2:2+end], line[2+end+2:]
	cmd, propText, _ := strings.Cut(head, " ")
	props = make(map[string]string)
	if propText != "" {
		for _, p := range strings.Split(propText, ",") {
			k, v, ok := strings.Cut(p, "=")
			if !ok {
				t.Fatalf("bad property %q in %q", p, line)
			}
			props[k] = strings.NewReplacer("%0D", "\r", "%0A", "\n", "%3A", ":", "%2C", ",", "%25", "%").Replace(v)
		}
	}
	data = strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(data)
	return cmd, props, data
}

func TestGitHubEscaping(t *testing.T) {
	for _, s := range []string{
		"plain",
		"100%",
		"%0A literal",
		"a:b,c::d",
		"line1\nline2\r\nline3\r",
		"%25%3A%2C",
		"title=x,line=9::injected",
	} {
		if got := githubData.Replace(s); strings.ContainsAny(got, "\r\n") {
			t.Errorf("data escape of %q kept a line break: %q", s, got)
		}
		if got := githubProp.Replace(s); strings.ContainsAny(got, "\r\n,:") {
			t.Errorf("property escape of %q kept a separator: %q", s, got)
		}
		r := &report.Report{Findings: []report.Finding{{
			RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning,
			Message: s, Path: "dir/" + s + ".sql", Line: 3, Column: 2, EndLine: 3, EndColumn: 9,
		}}}
		out := string(render(t, "github", r, Options{}))
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 1 {
			t.Fatalf("%q printed %d lines: %q", s, len(lines), out)
		}
		cmd, props, data := githubParse(t, lines[0])
		if cmd != "warning" || data != s || props["file"] != "dir/"+s+".sql" ||
			props["line"] != "3" || props["col"] != "2" || props["endLine"] != "3" || props["endColumn"] != "9" ||
			props["title"] != "SL302 checkpoint-duration" || len(props) != 6 {
			t.Errorf("%q round-tripped to %s %v %q", s, cmd, props, data)
		}
	}
	if got, want := githubData.Replace("50%\r\n::x"), "50%25%0D%0A::x"; got != want {
		t.Errorf("data escape = %q, want %q", got, want)
	}
	if got, want := githubProp.Replace("a,b:c%\n"), "a%2Cb%3Ac%25%0A"; got != want {
		t.Errorf("property escape = %q, want %q", got, want)
	}
}

// noControls fails if out has control characters other than the newlines
// ending its lines (a raw CR or ESC would break or restyle the CI log).
func noControls(t *testing.T, format, out string) {
	t.Helper()
	for i, r := range out {
		if r != '\n' && (r < 0x20 || r == 0x7f) {
			t.Errorf("%s output has control character %U at byte %d", format, r, i)
		}
	}
}

func TestGitHubCommands(t *testing.T) {
	out := string(render(t, "github", fixture(), Options{}))
	noControls(t, "github", out)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(fixture().Findings)+len(fixture().Errors) {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	want := []string{"warning", "warning", "error", "warning", "error", "notice", "warning", "error", "error"}
	for i, line := range lines {
		cmd, props, _ := githubParse(t, line)
		if cmd != want[i] {
			t.Errorf("line %d: command %q, want %q", i, cmd, want[i])
		}
		if i == 4 { // multi-line range: the runner would drop the columns
			if _, ok := props["col"]; ok {
				t.Errorf("multi-line annotation has a column: %q", line)
			}
			if props["endLine"] != "8" {
				t.Errorf("multi-line annotation endLine = %q", props["endLine"])
			}
		}
	}
	_, props, data := githubParse(t, lines[len(lines)-1])
	if props["file"] != "broken, really:bad.sql" || !strings.HasPrefix(data, "cannot decode") || len(props) != 1 {
		t.Errorf("input error command: %q", lines[len(lines)-1])
	}
}

// ---- azure ----

// azureParse mimics the agent's parsing of a logging command
// (Agent.Sdk Command.TryParse, CommandStringConvertor.Unescape).
func azureParse(t *testing.T, line string) (cmd string, props map[string]string, data string) {
	t.Helper()
	const prefix = "##vso["
	if !strings.HasPrefix(line, prefix) {
		t.Fatalf("not a command: %q", line)
	}
	end := strings.IndexByte(line, ']')
	head, data := line[len(prefix):end], line[end+1:]
	cmd, propText, _ := strings.Cut(head, " ")
	unescape := strings.NewReplacer("%3B", ";", "%0D", "\r", "%0A", "\n", "%5D", "]").Replace
	props = make(map[string]string)
	for _, p := range strings.Split(propText, ";") {
		if strings.TrimSpace(p) == "" {
			continue
		}
		k, v, ok := strings.Cut(p, "=")
		if !ok {
			t.Fatalf("bad property %q in %q", p, line)
		}
		props[k] = strings.ReplaceAll(unescape(v), "%AZP25", "%")
	}
	data = strings.ReplaceAll(unescape(data), "%AZP25", "%")
	return cmd, props, data
}

func TestAzureEscaping(t *testing.T) {
	for _, s := range []string{
		"plain",
		"100%",
		"%AZP25 and %3B literal",
		"a;b]c[d",
		"line1\nline2\r\nline3\r",
		"x;code=SL000]##vso[task.complete result=Failed]",
	} {
		if got := azureProp.Replace(s); strings.ContainsAny(got, "\r\n;]") {
			t.Errorf("property escape of %q kept a separator: %q", s, got)
		}
		r := &report.Report{Findings: []report.Finding{{
			RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Error,
			Message: s, Path: "dir/" + s + ".sql", Line: 3, Column: 2, EndLine: 3, EndColumn: 9,
		}}}
		out := string(render(t, "azure", r, Options{}))
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != 1 {
			t.Fatalf("%q printed %d lines: %q", s, len(lines), out)
		}
		cmd, props, data := azureParse(t, lines[0])
		if cmd != "task.logissue" || data != "SL302 checkpoint-duration: "+s ||
			props["type"] != "error" || props["sourcepath"] != "dir/"+s+".sql" ||
			props["linenumber"] != "3" || props["columnnumber"] != "2" || props["code"] != "SL302" || len(props) != 5 {
			t.Errorf("%q round-tripped to %s %v %q", s, cmd, props, data)
		}
	}
	if got, want := azureData.Replace("50%\r\n;]"), "50%AZP25%0D%0A;]"; got != want {
		t.Errorf("data escape = %q, want %q", got, want)
	}
	if got, want := azureProp.Replace("a;b]c%\n"), "a%3Bb%5Dc%AZP25%0A"; got != want {
		t.Errorf("property escape = %q, want %q", got, want)
	}
}

func TestAzureCommands(t *testing.T) {
	out := string(render(t, "azure", fixture(), Options{}))
	noControls(t, "azure", out)
	var issues, plain int
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "##vso["):
			issues++
			_, props, _ := azureParse(t, line)
			if props["type"] != "error" && props["type"] != "warning" {
				t.Errorf("logissue type %q", props["type"])
			}
		case strings.HasPrefix(line, continuation):
		default:
			plain++
			if !strings.Contains(line, ": info SL501 ") {
				t.Errorf("unexpected plain line %q", line)
			}
		}
	}
	if issues != 8 || plain != 1 {
		t.Errorf("%d issues and %d plain lines, want 8 and 1:\n%s", issues, plain, out)
	}
}

func TestAzureInfoIsPlain(t *testing.T) {
	r := &report.Report{Findings: []report.Finding{{
		RuleID: "SL501", RuleName: "x", Severity: report.Info,
		Message: "see ##vso[task.complete result=Failed;]done\nand ##[error]boom ##VSO[x]",
		Path:    "##vso[task.setvariable variable=a]b.sql", Line: 1, Column: 1,
	}}}
	out := string(render(t, "azure", r, Options{}))
	if strings.Contains(strings.ToLower(out), "##vso[") || strings.Contains(out, "##[") {
		t.Errorf("plain info line could be taken for a command:\n%s", out)
	}
	if !strings.HasPrefix(out, "##vso%5Btask.setvariable variable=a]b.sql:1:1: info SL501 x: see ##vso%5Btask.complete") {
		t.Errorf("unexpected info line:\n%s", out)
	}
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], continuation+"and ##%5Berror]") {
		t.Errorf("continuation line:\n%s", out)
	}
}

// ---- checkstyle ----

type checkstyleParsed struct {
	XMLName xml.Name `xml:"checkstyle"`
	Version string   `xml:"version,attr"`
	Files   []struct {
		Name   string `xml:"name,attr"`
		Errors []struct {
			Line     int    `xml:"line,attr"`
			Column   int    `xml:"column,attr"`
			Severity string `xml:"severity,attr"`
			Message  string `xml:"message,attr"`
			Source   string `xml:"source,attr"`
		} `xml:"error"`
	} `xml:"file"`
}

func TestCheckstyleParses(t *testing.T) {
	r := fixture()
	var doc checkstyleParsed
	if err := xml.Unmarshal(render(t, "checkstyle", r, Options{}), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != "4.3" {
		t.Errorf("version %q", doc.Version)
	}
	var names []string
	n := 0
	for _, f := range doc.Files {
		names = append(names, f.Name)
		n += len(f.Errors)
	}
	// The text format's order: files with findings in report order, then
	// those with input errors only.
	if want := []string{"/opt/shared/util.sql", "dir with space/a,b:c.sql", "migrations/002_index.sql", "zz/no source.sql", "broken, really:bad.sql"}; !slices.Equal(names, want) {
		t.Errorf("files %q, want %q", names, want)
	}
	if n != len(r.Findings)+len(r.Errors) {
		t.Errorf("%d entries, want %d", n, len(r.Findings)+len(r.Errors))
	}
	// The message with quotes, <, &, a newline survives XML escaping.
	var found bool
	for _, f := range doc.Files {
		for _, e := range f.Errors {
			if e.Message == r.Findings[1].Message {
				found = true
				if f.Name != r.Findings[1].Path || e.Line != 3 || e.Column != 2 || e.Severity != "warning" || e.Source != "sqllint.SL302" {
					t.Errorf("entry: %s %+v", f.Name, e)
				}
			}
		}
	}
	if !found {
		t.Error("the tricky message did not survive XML escaping")
	}
	var empty checkstyleParsed
	if err := xml.Unmarshal(render(t, "checkstyle", &report.Report{}, Options{}), &empty); err != nil || len(empty.Files) != 0 {
		t.Errorf("empty checkstyle: %v %+v", err, empty)
	}
}

// ---- junit ----

type junitParsed struct {
	XMLName  xml.Name `xml:"testsuites"`
	Tests    int      `xml:"tests,attr"`
	Failures int      `xml:"failures,attr"`
	Errors   int      `xml:"errors,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Cases    []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
			SystemOut string `xml:"system-out"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

func TestJUnitParses(t *testing.T) {
	r := fixture()
	var doc junitParsed
	if err := xml.Unmarshal(render(t, "junit", r, Options{ShowSource: true}), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tests != 9 || doc.Failures != 7 || doc.Errors != 1 {
		t.Errorf("totals tests=%d failures=%d errors=%d, want 9 7 1", doc.Tests, doc.Failures, doc.Errors)
	}
	var tests, failures, errs int
	names := map[string]bool{}
	for _, s := range doc.Suites {
		var f, e int
		for _, c := range s.Cases {
			if c.Failure != nil {
				f++
			}
			if c.Error != nil {
				e++
			}
			key := c.Classname + "\x00" + c.Name
			if names[key] {
				t.Errorf("duplicate testcase %q in %q", c.Name, s.Name)
			}
			names[key] = true
		}
		if s.Tests != len(s.Cases) || s.Failures != f || s.Errors != e {
			t.Errorf("suite %q counts %d/%d/%d, has %d/%d/%d", s.Name, s.Tests, s.Failures, s.Errors, len(s.Cases), f, e)
		}
		tests, failures, errs = tests+s.Tests, failures+s.Failures, errs+s.Errors
	}
	if tests != doc.Tests || failures != doc.Failures || errs != doc.Errors {
		t.Errorf("suite counts do not add up to the totals")
	}
	var c = doc.Suites[0].Cases[0]
	for _, s := range doc.Suites {
		if s.Name == r.Findings[1].Path {
			c = s.Cases[0]
		}
	}
	if c.Failure == nil || c.Failure.Message != r.Findings[1].Message || c.Failure.Type != "warning" ||
		!strings.HasPrefix(c.Failure.Text, "dir with space/a,b:c.sql:3:2: warning SL302 checkpoint-duration: ") {
		t.Errorf("failure of the second finding: %+v", c)
	}

	var empty junitParsed
	if err := xml.Unmarshal(render(t, "junit", emptyReport(), Options{}), &empty); err != nil {
		t.Fatal(err)
	}
	if empty.Tests != 1 || empty.Failures != 0 || empty.Errors != 0 || len(empty.Suites) != 1 || len(empty.Suites[0].Cases) != 1 {
		t.Errorf("empty junit: %+v", empty)
	}
}

// ---- empty reports ----

func TestEmptyReports(t *testing.T) {
	r := emptyReport()
	for _, f := range Formats() {
		out := render(t, f, r, Options{ShowSource: true})
		switch f {
		case "json", "gitlab", "sarif":
			var v any
			if err := json.Unmarshal(out, &v); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		case "checkstyle", "junit":
			var v struct{}
			if err := xml.Unmarshal(out, &v); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		case "github", "azure":
			if len(out) != 0 {
				t.Errorf("%s: %q for no findings", f, out)
			}
		case "text":
			if string(out) != "no findings in 3 files\n" {
				t.Errorf("text: %q", out)
			}
		default:
			t.Errorf("no empty-report check for format %q", f)
		}
	}
}

func TestGitLabPathRelativeToRoot(t *testing.T) {
	r := &report.Report{Findings: []report.Finding{
		{RuleID: "SL1", Severity: report.Error, Path: "/work/project/db/a.sql", Line: 1},
		{RuleID: "SL1", Severity: report.Error, Path: "/elsewhere/b.sql", Line: 1},
		{RuleID: "SL1", Severity: report.Error, Path: "c.sql", Line: 1},
	}}
	var doc gitlabDoc
	decodeStrict(t, render(t, "gitlab", r, Options{SrcRoot: "/work/project/"}), &doc)
	got := []string{doc[0].Location.Path, doc[1].Location.Path, doc[2].Location.Path}
	if want := []string{"db/a.sql", "/elsewhere/b.sql", "c.sql"}; !slices.Equal(got, want) {
		t.Errorf("paths %q, want %q", got, want)
	}
}

func TestXMLText(t *testing.T) {
	in := "a<b>&c\r\nd\te\x1b\x00\uFFFE\U0001F600"
	got := xmlText(in)
	if want := "a&lt;b&gt;&amp;c&#xD;\nd\te\uFFFD\uFFFD\uFFFD\U0001F600"; got != want {
		t.Errorf("xmlText(%q) = %q, want %q", in, got, want)
	}
	var v struct {
		Text string `xml:",chardata"`
	}
	if err := xml.Unmarshal([]byte("<x>"+got+"</x>"), &v); err != nil {
		t.Fatal(err)
	}
	if v.Text != "a<b>&c\r\nd\te\uFFFD\uFFFD\uFFFD\U0001F600" {
		t.Errorf("read back %q", v.Text)
	}
}

// naturalReport has findings in the run's natural order (V2 before V10, as
// the engine sorts them), which byte order would reverse, and an input
// error in a file without findings.
func naturalReport() *report.Report {
	return &report.Report{
		Tool: "sqllint", Version: "1.2.3", Files: 3, Rules: fixtureRules(),
		Findings: []report.Finding{
			{RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning, Message: "m", Path: "migrations/V2__b.sql", Line: 1, Column: 1},
			{RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning, Message: "m", Path: "migrations/V10__a.sql", Line: 1, Column: 1},
			{RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning, Message: "m", Path: "migrations/V10__a.sql", Line: 4, Column: 1},
		},
		Errors: []report.InputError{{Path: "migrations/V1__bad.sql", Message: "cannot read"}},
	}
}

// TestGroupedFormatsFollowTextOrder: checkstyle and JUnit list files in
// the order the text format prints them.
func TestGroupedFormatsFollowTextOrder(t *testing.T) {
	want := []string{"migrations/V2__b.sql", "migrations/V10__a.sql", "migrations/V1__bad.sql"}
	var text []string
	for _, line := range strings.Split(string(render(t, "text", naturalReport(), Options{})), "\n") {
		if path, _, ok := strings.Cut(line, ":"); ok && strings.HasPrefix(path, "migrations/") && !slices.Contains(text, path) {
			text = append(text, path)
		}
	}
	if !slices.Equal(text, want) {
		t.Fatalf("text order %q, want %q", text, want)
	}

	var cs checkstyleParsed
	if err := xml.Unmarshal(render(t, "checkstyle", naturalReport(), Options{}), &cs); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range cs.Files {
		got = append(got, f.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("checkstyle order %q, want %q", got, want)
	}

	var ju junitParsed
	if err := xml.Unmarshal(render(t, "junit", naturalReport(), Options{}), &ju); err != nil {
		t.Fatal(err)
	}
	got = nil
	for _, s := range ju.Suites {
		got = append(got, s.Name)
	}
	if !slices.Equal(got, want) {
		t.Errorf("junit order %q, want %q", got, want)
	}
}

// junitSchema is the content model of the JUnit schema Jenkins uses
// (junit-4.xsd; Surefire's reports follow it): for each element, its
// attributes (true: required) and its children in sequence order with the
// most times each may occur (-1: unbounded) and whether it must occur.
var junitSchema = map[string]struct {
	attrs    map[string]bool
	children []junitChild
	text     bool // character content allowed
}{
	"testsuites": {attrs: map[string]bool{"name": false, "time": false, "tests": false, "failures": false, "disabled": false, "errors": false},
		children: []junitChild{{"testsuite", 0, -1}}},
	"testsuite": {attrs: map[string]bool{"name": true, "tests": true, "failures": false, "errors": false, "time": false, "disabled": false,
		"skipped": false, "timestamp": false, "hostname": false, "id": false, "package": false},
		children: []junitChild{{"properties", 0, 1}, {"testcase", 0, -1}, {"system-out", 0, 1}, {"system-err", 0, 1}}},
	"properties": {children: []junitChild{{"property", 1, -1}}},
	"property":   {attrs: map[string]bool{"name": true, "value": true}},
	"testcase": {attrs: map[string]bool{"name": true, "assertions": false, "time": false, "classname": false, "status": false},
		children: []junitChild{{"skipped", 0, 1}, {"error", 0, -1}, {"failure", 0, -1}, {"system-out", 0, -1}, {"system-err", 0, -1}}},
	"failure":    {attrs: map[string]bool{"type": false, "message": false}, text: true},
	"error":      {attrs: map[string]bool{"type": false, "message": false}, text: true},
	"skipped":    {text: true},
	"system-out": {text: true},
	"system-err": {text: true},
}

type junitChild struct {
	name     string
	min, max int
}

// validateJUnit checks a document against junitSchema.
func validateJUnit(doc []byte) []string {
	var errs []string
	errorf := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	dec := xml.NewDecoder(bytes.NewReader(doc))
	type frame struct {
		name   string
		counts map[string]int
		pos    int // index in children of the last child seen
	}
	var stack []*frame
	root := ""
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			errorf("not XML: %v", err)
			return errs
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			el, ok := junitSchema[name]
			if !ok {
				errorf("element <%s> is not in the schema", name)
			}
			if len(stack) == 0 {
				root = name
			} else {
				parent := stack[len(stack)-1]
				model := junitSchema[parent.name].children
				i := slices.IndexFunc(model, func(c junitChild) bool { return c.name == name })
				switch {
				case i < 0:
					errorf("<%s> may not contain <%s>", parent.name, name)
				case i < parent.pos:
					errorf("<%s> comes after <%s> in <%s>: the schema's sequence is %v", name, model[parent.pos].name, parent.name, model)
				default:
					parent.pos = i
					parent.counts[name]++
					if model[i].max >= 0 && parent.counts[name] > model[i].max {
						errorf("<%s> holds more than %d <%s>", parent.name, model[i].max, name)
					}
				}
			}
			seen := map[string]bool{}
			for _, a := range tok.Attr {
				seen[a.Name.Local] = true
				if _, ok := el.attrs[a.Name.Local]; !ok {
					errorf("<%s> has attribute %q, which the schema does not allow", name, a.Name.Local)
				}
			}
			for a, required := range el.attrs {
				if required && !seen[a] {
					errorf("<%s> lacks required attribute %q", name, a)
				}
			}
			stack = append(stack, &frame{name: name, counts: map[string]int{}})
		case xml.EndElement:
			f := stack[len(stack)-1]
			for _, c := range junitSchema[f.name].children {
				if f.counts[c.name] < c.min {
					errorf("<%s> needs at least %d <%s>", f.name, c.min, c.name)
				}
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 && !junitSchema[stack[len(stack)-1].name].text && len(bytes.TrimSpace(tok)) > 0 {
				errorf("<%s> holds text %q", stack[len(stack)-1].name, tok)
			}
		}
	}
	if root != "testsuites" {
		errorf("root element <%s>, want <testsuites>", root)
	}
	return errs
}

// TestJUnitSchema: the JUnit output validates against Jenkins' junit-4.xsd
// content model: no file or line attribute on testcase (the file is a
// suite property), children in the schema's order.
func TestJUnitSchema(t *testing.T) {
	for name, r := range map[string]*report.Report{
		"fixture": fixture(), "natural": naturalReport(), "empty": emptyReport(), "nil": {},
		"info and error": {Findings: []report.Finding{{RuleID: "SL1", Severity: report.Info, Message: "i", Path: "a.sql", Line: 1}},
			Errors: []report.InputError{{Path: "a.sql", Message: "partly unreadable"}}},
	} {
		t.Run(name, func(t *testing.T) {
			for _, e := range validateJUnit(render(t, "junit", r, Options{ShowSource: true})) {
				t.Error(e)
			}
		})
	}
	// The validator rejects what the old output had.
	bad := `<testsuites><testsuite name="a" tests="1"><testcase name="x" classname="a" file="a.sql" line="3"></testcase></testsuite></testsuites>`
	if errs := validateJUnit([]byte(bad)); len(errs) != 2 {
		t.Errorf("the validator finds %q in a testcase with file and line attributes", errs)
	}
	// The file is a property of its suite.
	out := string(render(t, "junit", naturalReport(), Options{}))
	if !strings.Contains(out, `<property name="file" value="migrations/V2__b.sql"></property>`) {
		t.Errorf("no file property:\n%s", out)
	}
}

// BenchmarkTextLongLine: one finding on a 50 MB one-line file. The output
// stays a few hundred bytes (it was 105 MB: the whole line, twice).
func BenchmarkTextLongLine(b *testing.B) {
	line := strings.Repeat("x", 50<<20)
	r := &report.Report{
		Files:    1,
		Findings: []report.Finding{{RuleID: "SL302", Severity: report.Warning, Message: "m", Path: "big.sql", Line: 1, Column: 25 << 20, EndLine: 1, EndColumn: 25<<20 + 10}},
		Source:   func(string, int) (string, bool) { return line, true },
	}
	var n int
	for b.Loop() {
		var buf bytes.Buffer
		if err := Write(&buf, "text", r, Options{ShowSource: true}); err != nil {
			b.Fatal(err)
		}
		n = buf.Len()
	}
	b.ReportMetric(float64(n), "output-bytes")
}

// TestXMLTextAsTheRuneScan: the ASCII scan that xmlText starts with
// changes nothing: its text is what escaping every character gives, on
// every one- and two-byte string and on mixed text.
func TestXMLTextAsTheRuneScan(t *testing.T) {
	slow := func(s string) string {
		var sb strings.Builder
		for _, r := range s {
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
	cases := []string{"", "plain text", "a<b", "é", "x\uFFFDy", "\U0001F600 ok", "tab\tand\nline"}
	for i := 0; i < 256; i++ {
		cases = append(cases, string([]byte{byte(i)}), "abc"+string([]byte{byte(i)}))
		for j := 0; j < 256; j++ {
			cases = append(cases, string([]byte{byte(i), byte(j)})+"z")
		}
	}
	for _, s := range cases {
		if got, want := xmlText(s), slow(s); got != want {
			t.Errorf("xmlText(%q) = %q, want %q", s, got, want)
		}
	}
}

// fingerprints is the fingerprint of each finding of r, in order, as the
// formats print them (fingerprinter).
func fingerprints(r *report.Report) []string {
	out := make([]string, len(r.Findings))
	var fp fingerprinter
	for i := range r.Findings {
		f := &r.Findings[i]
		text, _ := sourceLine(r, f.Path, f.Line)
		out[i] = fp.next(f, text)
	}
	return out
}
