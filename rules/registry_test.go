package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

func TestRegistryValidatesRules(t *testing.T) {
	if len(Default.All()) != 21 {
		t.Errorf("%d rules, want the 21 of the catalog", len(Default.All()))
	}
	good := func() *Rule {
		return &Rule{ID: "SL900", Name: "ok-rule", Severity: parser.SevWarning, Run: func(*Pass) {},
			Doc: Doc{Title: "t", Why: "w", Bad: "b", Good: "g"}}
	}
	if _, err := NewRegistry(good()); err != nil {
		t.Fatalf("valid rule rejected: %v", err)
	}
	bad := map[string]func(r *Rule){
		"bad ID":        func(r *Rule) { r.ID = "X1" },
		"bad name":      func(r *Rule) { r.Name = "Bad_Name" },
		"empty doc":     func(r *Rule) { r.Doc.Why = "" },
		"no run":        func(r *Rule) { r.Run = nil },
		"no severity":   func(r *Rule) { r.Severity = 0 },
		"option no doc": func(r *Rule) { r.Options = []Option{{Name: "x"}} },
	}
	for name, mutate := range bad {
		r := good()
		mutate(r)
		if _, err := NewRegistry(r); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := NewRegistry(good(), good()); err == nil {
		t.Error("duplicate ID accepted")
	}
}

// illustrative docs cannot run alone: they need many files or a server.
var illustrative = map[string]bool{"SL101": true, "SL102": true, "SL206": true, "SL305": true}

func TestDocExamples(t *testing.T) {
	for _, r := range Default.All() {
		if illustrative[r.ID] {
			continue
		}
		t.Run(r.ID, func(t *testing.T) {
			if got := ruleHits(r.Doc.Bad, r.ID); got == 0 {
				t.Errorf("the Bad example does not trigger %s:\n%s", r.ID, r.Doc.Bad)
			}
			if got := ruleHits(r.Doc.Good, r.ID); got != 0 {
				t.Errorf("the Good example triggers %s:\n%s", r.ID, r.Doc.Good)
			}
		})
	}
}

func ruleHits(sql, id string) int {
	res := parser.ParseFile(parser.NewFile("example.sql", sql), nil)
	n := 0
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		if f.Rule.ID == id {
			n++
		}
	}
	return n
}

func TestMarkdownHasEverySection(t *testing.T) {
	for _, r := range Default.All() {
		md := Markdown(r)
		for _, want := range []string{"# " + r.ID + " " + r.Name, "## Why", "## Bad", "## Good"} {
			if !strings.Contains(md, want) {
				t.Errorf("%s: no %q", r.ID, want)
			}
		}
	}
}

func TestStartupEstimate(t *testing.T) {
	cases := map[int]float64{0: 0, 50: 0.5, 100: 1, 500: 7, 800: 10, 1000: 12, 1204: 15.468, 15000: 309, 20000: 434}
	for n, want := range cases {
		if got := StartupSeconds(n); got < want-0.01 || got > want+0.01 {
			t.Errorf("StartupSeconds(%d) = %v, want %v", n, got, want)
		}
	}
	if s := ZeroingSeconds(100<<30, 106); s < 965 || s > 967 {
		t.Errorf("100 GB at 106 MB/s = %v s", s)
	}
}

func TestSL102FilegroupLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE Huge;\n")
	for i := 0; i < 32767; i++ {
		b.WriteString("ALTER DATABASE Huge ADD FILEGROUP fg")
		b.WriteString(itoa(i))
		b.WriteString(";\n")
	}
	res := parser.ParseFile(parser.NewFile("huge.sql", b.String()), nil)
	var got []string
	for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
		got = append(got, f.Rule.ID+"@"+itoa(f.Span.Start.Position().Line))
	}
	// PRIMARY plus 32,767 filegroups: the last statement crosses the limit
	if len(got) != 1 || got[0] != "SL102@32768" {
		t.Errorf("findings %v", got)
	}
}

func TestApplyEditsSkipsOverlaps(t *testing.T) {
	text := "CHECKPOINT 10; CHECKPOINT 20;"
	edits := []Edit{{Start: 10, End: 13}, {Start: 25, End: 28}, {Start: 11, End: 12, New: "x"}}
	// edits apply from the end of the text: the later-starting of two
	// overlapping edits wins and the other is reported
	got, skipped := ApplyEdits(text, edits)
	if got != "CHECKPOINT x0; CHECKPOINT;" || len(skipped) != 1 || skipped[0] != 0 {
		t.Errorf("got %q, skipped %v", got, skipped)
	}
}
