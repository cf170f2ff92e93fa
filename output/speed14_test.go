package output

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// The text stream rewrites only the findings whose text may hold "::" or
// "##" (defuseCI), and what it prints is what rewriting the whole text
// gave, whichever piece of a finding holds them: the path (also a path
// whose ':' meets the one after it), the rule, the message (of one line
// or several), the source line.
func TestStreamDefusesEachFinding(t *testing.T) {
	src := "    GRANT SELECT ON SCHEMA::dbo TO x; -- ##vso[task.setvariable variable=A]b"
	fs := []report.Finding{
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: "a.sql", Line: 1, Column: 5, EndLine: 1, EndColumn: 9, SourceText: "    SELECT 1;"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: ":", Line: 2, Column: 1, SourceText: "SELECT 2;"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: "::warning file=a::b.sql", Line: 3, Column: 1, SourceText: "x"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: "a.sql", Line: 4, Column: 5, SourceText: src},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "set ##VSO[task.complete result=Failed;]", Path: "a.sql", Line: 5, Column: 1, SourceText: "y"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "for x\r\n::error::forged", Path: "a.sql", Line: 6, Column: 1, SourceText: "z"},
		{RuleID: "::", RuleName: "n:", Severity: "warning", Message: "m", Path: "a.sql", Line: 7, Column: 1, SourceText: "##[group]w"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: "a.sql", Line: 8, Column: 1, Confirmed: "::srv", SourceText: "v"},
		{RuleID: "SL301", RuleName: "x", Severity: "warning", Message: "plain", Path: "a.sql", Line: 9, Column: 3, SourceText: "\t\t##[error]tabbed é"},
	}
	lineOf := func(f *report.Finding) (string, bool) { return f.SourceText, true }
	for _, color := range []bool{false, true} {
		var want bytes.Buffer
		for i := range fs {
			textFindingWith(&want, &fs[i], styler(color), true, lineOf, nil)
		}
		defuseCI(&want, 0)
		for _, order := range [][]report.Finding{fs, append(append([]report.Finding(nil), fs[4:]...), fs[:4]...)} {
			if &order[0] != &fs[0] {
				want.Reset()
				for i := range order {
					textFindingWith(&want, &order[i], styler(color), true, lineOf, nil)
				}
				defuseCI(&want, 0)
			}
			s := &Stream{opt: Options{ShowSource: true, Color: color}, lineOf: lineOf}
			var got bytes.Buffer
			if err := (&textStream{}).add(s, &got, order); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("color %v: got\n%s\nwant\n%s", color, got.String(), want.String())
			}
		}
	}
}

// hasCIPair and ciRisky answer for "::" and "##" wherever they are.
func TestHasCIPair(t *testing.T) {
	for n := 0; n <= 12; n++ {
		for _, fill := range []string{"a", ":", "#", "a:", "#a"} {
			base := []byte(strings.Repeat(fill, n)[:n])
			for i := 0; i <= n; i++ {
				for _, c := range []byte{':', '#', 'x'} {
					s := append(append(append([]byte(nil), base[:i]...), c), base[i:]...)
					want := strings.Contains(string(s), "::") || strings.Contains(string(s), "##")
					if got := hasCIPair(string(s)); got != want {
						t.Fatalf("hasCIPair(%q) = %v", s, got)
					}
					risky := want || strings.IndexAny(string(s[:1]), ":#") == 0 || strings.IndexAny(string(s[len(s)-1:]), ":#") == 0
					if got := ciRisky(string(s)); got != risky {
						t.Fatalf("ciRisky(%q) = %v", s, got)
					}
				}
			}
		}
	}
}

// The table of cleaned strings answers for copies of a text (a message
// formatted anew for each finding) and, among many texts that alternate,
// always with the text asked for.
func TestCleanTableCopies(t *testing.T) {
	var sc snippetCache
	var texts []string
	for i := 0; i < 300; i++ {
		texts = append(texts, strings.Repeat("m", i%37)+"::"[:i%3]+strings.Repeat("\x07", i%2)+string(rune('a'+i%26)))
	}
	for round := 0; round < 3; round++ {
		for i, s := range texts {
			for _, in := range []string{s, strings.Clone(s), texts[(i*7)%len(texts)]} {
				got := sc.clean(in)
				if want := newCleaned(in); got != want {
					t.Fatalf("clean(%q) = %+v, want %+v", in, got, want)
				}
			}
		}
	}
	// copies of a few texts take a slot each and then hit it
	msg := "allocates 16 GB of data file: without Instant File Initialization"
	sc = snippetCache{}
	sc.clean(msg)
	e := sc.clean(strings.Clone(msg))
	if e.in != msg || e.s != msg || !e.oneLine || e.risky {
		t.Fatalf("%+v", e)
	}
}

// tally counts copies of a rule ID (other strings of the same text) as
// the rule, whatever their address.
func TestTallyRuleCopies(t *testing.T) {
	var tl tally
	ids := []string{"SL101", "SL202", "SL303"}
	for i := 0; i < 300; i++ {
		id := ids[i%3]
		if i%2 == 1 {
			id = strings.Clone(id)
		}
		tl.add(&report.Finding{RuleID: id, RuleName: "n" + ids[i%3], Severity: "error"})
	}
	if tl.n != 300 || tl.errors != 300 || len(tl.byRule) != 3 {
		t.Fatalf("n %d, errors %d, %d rules", tl.n, tl.errors, len(tl.byRule))
	}
	for _, id := range ids {
		if rc := tl.byRule[id]; rc == nil || rc.n != 100 || rc.name != "n"+id {
			t.Fatalf("%s: %+v", id, rc)
		}
	}
}

// printableMarks is printableASCII and, for a printable text, whether it
// holds ':' or '#', whatever byte sits at whatever place.
func TestPrintableMarks(t *testing.T) {
	for n := 0; n <= 19; n++ {
		base := []byte(strings.Repeat("ab Z~", 4)[:n])
		for i := 0; i <= n; i++ {
			for c := 0; c < 256; c++ {
				s := append([]byte(nil), base...)
				if i < n {
					s[i] = byte(c)
				}
				p, m := printableMarks(string(s))
				wantM := p && strings.ContainsAny(string(s), ":#")
				if p != printableASCII(string(s)) || m != wantM {
					t.Fatalf("printableMarks(%q) = %v %v", s, p, m)
				}
			}
		}
	}
}

// FuzzTextStream: for any path, rule name, message and source line, the
// text stream prints what printing each finding without the caches and
// rewriting the whole text (defuseCI) printed, and jw writes the strings
// as encoding/json does.
func FuzzTextStream(f *testing.F) {
	f.Add(":", "n:", "m ##vso[x]", "    GRANT SELECT ON SCHEMA::dbo TO x;", 5)
	f.Add("a.sql", "data-file-zeroing", "two\nlines ::x", "\t##[group]é", 2)
	f.Add("::b.sql", "", "", "", 1)
	f.Fuzz(func(t *testing.T, path, name, msg, line string, col int) {
		fs := []report.Finding{
			{RuleID: "SL201", RuleName: name, Severity: "warning", Message: msg, Path: path, Line: 1, Column: col % 300, EndLine: 1, EndColumn: col%300 + 4, SourceText: line},
			{RuleID: "SL201", RuleName: name, Severity: "error", Message: strings.Clone(msg), Path: path, Line: 2, Column: 1, SourceText: strings.Clone(line)},
			{RuleID: name, RuleName: msg, Severity: "info", Message: path, Path: line, Line: 3, Column: 2, SourceText: msg},
		}
		lineOf := func(f *report.Finding) (string, bool) { return f.SourceText, true }
		for _, color := range []bool{false, true} {
			var want, got bytes.Buffer
			for i := range fs {
				textFindingWith(&want, &fs[i], styler(color), true, lineOf, nil)
			}
			defuseCI(&want, 0)
			s := &Stream{opt: Options{ShowSource: true, Color: color}, lineOf: lineOf}
			if err := (&textStream{}).add(s, &got, fs); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Fatalf("got\n%q\nwant\n%q", got.String(), want.String())
			}
		}
		for _, str := range []string{path, name, msg, line} {
			var b, d bytes.Buffer
			w := jw{b: &b}
			w.begin(0)
			w.str(str)
			w.end()
			enc := json.NewEncoder(&d)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(str)
			if b.String() != strings.TrimSuffix(d.String(), "\n") {
				t.Fatalf("str(%q) = %s, want %s", str, b.String(), d.String())
			}
		}
	})
}

// TestTrimEOL: trimEOL is strings.TrimRight(s, "\r\n").
func TestTrimEOL(t *testing.T) {
	for _, s := range []string{"", "\n", "\r\n", "a", "a\r", "a\n\r\n\r", "\ra\n", "é\r", "a\rb"} {
		if got, want := trimEOL(s), strings.TrimRight(s, "\r\n"); got != want {
			t.Errorf("trimEOL(%q) = %q, want %q", s, got, want)
		}
	}
}
