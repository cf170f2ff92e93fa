package output

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
)

// A long line is clipped a number of characters before the finding, and a
// character may be written as several: é as e and U+0301. A window that
// started between them showed the combining accent first, after the clip
// marker, which it then decorated ("…́éé"). The window leaves such marks
// out, and the marker line still points at the finding.
func TestClipLeavesOutMarksOfACharacterCut(t *testing.T) {
	line := "PRINT N'" + strings.Repeat("e\u0301", 300) + "'; CHECKPOINT 10;"
	col := len([]rune("PRINT N'"+strings.Repeat("e\u0301", 300)+"'; ")) + 1
	r := &report.Report{Files: 1, Source: func(p string, n int) (string, bool) { return line, n == 1 }, Findings: []report.Finding{{
		RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning, Message: "m",
		Path: "a.sql", Line: 1, Column: col, EndLine: 1, EndColumn: col + 13,
	}}}
	out := string(render(t, "text", r, Options{ShowSource: true}))
	lines := strings.Split(out, "\n")
	src, marker := lines[1], lines[2]
	if strings.Contains(src, "\u2026\u0301") || !strings.Contains(src, "  1 | \u2026e\u0301") {
		t.Errorf("the clipped line starts with a mark of a character cut:\n%q", src)
	}
	// the marker's column: the characters before CHECKPOINT that take one
	// column each (the marks take none)
	at := strings.Index(src, "CHECKPOINT")
	if at < 0 {
		t.Fatalf("the finding is not shown:\n%s", src)
	}
	before := strings.ReplaceAll(src[:at], "\u0301", "")
	if got, want := strings.Index(marker, "^"), len([]rune(before)); got != want {
		t.Errorf("marker at column %d, want %d:\n%s\n%s", got, want, src, marker)
	}
}

// The window's end may cut a character as well: it ends after the marks
// of its last character ("é…", not "e…").
func TestClipKeepsTheMarksOfItsLastCharacter(t *testing.T) {
	for _, pad := range []string{"", "x"} { // the cut after the e or after its mark
		line := "PRINT N'é'; CHECKPOINT 10; PRINT N'" + pad + strings.Repeat("e\u0301", 300) + "';"
		col := len([]rune("PRINT N'é'; ")) + 1
		r := &report.Report{Files: 1, Source: func(p string, n int) (string, bool) { return line, n == 1 }, Findings: []report.Finding{{
			RuleID: "SL302", RuleName: "checkpoint-duration", Severity: report.Warning, Message: "m",
			Path: "a.sql", Line: 1, Column: col, EndLine: 1, EndColumn: col + 13,
		}}}
		out := string(render(t, "text", r, Options{ShowSource: true}))
		src := strings.Split(out, "\n")[1]
		if !strings.HasSuffix(src, "e\u0301\u2026") {
			t.Errorf("pad %q: the clipped line does not end with a whole character: %q", pad, src[max(0, len(src)-12):])
		}
	}
}
