package output

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// printableASCII agrees with a byte-by-byte test, whatever byte sits at
// whatever place of a line of any length (the eight-byte steps and the
// tail).
func TestPrintableASCII(t *testing.T) {
	ref := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] > 0x7e {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 19; n++ {
		base := []byte(strings.Repeat("a~ Z", 5)[:n])
		if !printableASCII(string(base)) {
			t.Fatalf("%q: not printable", base)
		}
		for i := 0; i < n; i++ {
			for c := 0; c < 256; c++ {
				s := append([]byte(nil), base...)
				s[i] = byte(c)
				if got, want := printableASCII(string(s)), ref(string(s)); got != want {
					t.Fatalf("%q: printableASCII = %v, want %v", s, got, want)
				}
			}
		}
	}
}

// The fast window of a printable ASCII line is the one the general path
// finds, for short and clipped lines and every column.
func TestSnippetWindowFast(t *testing.T) {
	lines := []string{
		"",
		"x",
		"ALTER DATABASE [Sales] MODIFY FILE (NAME = N'Sales_log', SIZE = 4096MB);",
		strings.Repeat("SELECT 1; ", 30),
		strings.Repeat("0123456789", 12),
		strings.Repeat("0123456789", 12) + "x",
	}
	for _, src := range lines {
		for start := 0; start <= len(src)+3; start++ {
			f1, e1, s1, r1, a1 := snippetWindow(src, start, nil, true)
			f2, e2, s2, r2, a2 := snippetWindow(src, start, nil, false)
			if f1 != f2 || e1 != e2 || s1 != s2 || len(r1) != len(r2) || a1 != a2 {
				t.Fatalf("%q at %d: fast (%d %d %q %v) general (%d %d %q %v)", src, start, f1, e1, s1, a1, f2, e2, s2, a2)
			}
		}
	}
}

// clean through a cache gives cleanText and the one-line test of the
// string asked, not of another string that was in its slot.
func TestSnippetCacheClean(t *testing.T) {
	var sc snippetCache
	inputs := []string{
		"plain message", "two\nlines", "cr\rhere", "bell\x07", "del\x7f", "c1 \u0085 next",
		"path/to/V1__x.sql", "SL201", "data-file-zeroing", "é and \t tab",
	}
	for round := 0; round < 3; round++ {
		for _, in := range inputs {
			// a copy at another address, and many strings of one length
			// that may share a slot
			for _, s := range []string{in, strings.Clone(in), strings.Repeat(in[:1], len(in))} {
				got := sc.clean(s)
				oneLine := !strings.ContainsAny(s, "\r\n")
				if got.s != cleanText(s) || got.oneLine != oneLine {
					t.Fatalf("clean(%q) = %q %v, want %q %v", s, got.s, got.oneLine, cleanText(s), oneLine)
				}
			}
		}
	}
	for i := 0; i < 1000; i++ {
		s := strings.Repeat("\x01", i%7) + strings.Repeat("m", i)
		if got := sc.clean(s); got.s != cleanText(s) {
			t.Fatalf("clean(%q) = %q", s, got.s)
		}
	}
}

// A finding printed through a printer's cache reads as one printed
// without it, for messages of one line, of several and with controls.
func TestTextFindingCached(t *testing.T) {
	var sc snippetCache
	lineOf := func(f *report.Finding) (string, bool) { return f.SourceText, true }
	fs := []report.Finding{
		{RuleID: "SL201", RuleName: "data-file-zeroing", Severity: "warning", Message: "one line", Path: "a.sql", Line: 3, Column: 5, EndLine: 3, EndColumn: 9, SourceText: "    ALTER DATABASE x;"},
		{RuleID: "SL201", RuleName: "data-file-zeroing", Severity: "warning", Message: "two\nlines", Path: "a.sql", Line: 4, Column: 1, SourceText: "\tBACKUP\x07 é"},
		{RuleID: "SL1\x01", RuleName: "n\x7fame", Severity: "error", Message: "bell\x07", Path: "dir/b\x02.sql", Line: 9, Column: 2, SourceText: strings.Repeat("x", 200)},
		{RuleID: "SL201", RuleName: "data-file-zeroing", Severity: "warning", Message: "one line", Path: "a.sql", Line: 3, Column: 5, EndLine: 3, EndColumn: 9, SourceText: "    ALTER DATABASE x;"},
	}
	for round := 0; round < 2; round++ {
		for i := range fs {
			var with, without bytes.Buffer
			textFindingWith(&with, &fs[i], false, true, lineOf, &sc)
			textFindingWith(&without, &fs[i], false, true, lineOf, nil)
			if with.String() != without.String() {
				t.Fatalf("finding %d: through the cache\n%s\nwithout\n%s", i, with.String(), without.String())
			}
		}
	}
}

// tally counts each rule's findings, in a row or interleaved, keeping the
// name its first finding gave.
func TestTallyByRule(t *testing.T) {
	var tl tally
	for _, id := range []string{"SL1", "SL1", "SL2", "SL1", "SL2", "SL2", "SL3", "SL1"} {
		tl.add(&report.Finding{RuleID: id, RuleName: "name-" + id + "-" + string(rune('a'+tl.n)), Severity: "warning"})
	}
	want := map[string]int{"SL1": 4, "SL2": 3, "SL3": 1}
	names := map[string]string{"SL1": "name-SL1-a", "SL2": "name-SL2-c", "SL3": "name-SL3-g"}
	if tl.n != 8 || tl.warnings != 8 || len(tl.byRule) != len(want) {
		t.Fatalf("n %d, warnings %d, %d rules", tl.n, tl.warnings, len(tl.byRule))
	}
	for id, n := range want {
		rc := tl.byRule[id]
		if rc == nil || rc.n != n || rc.name != names[id] || rc.id != id {
			t.Fatalf("%s: %+v, want %d named %s", id, rc, n, names[id])
		}
	}
}
