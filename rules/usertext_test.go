package rules

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

func TestFormatOverBudget(t *testing.T) {
	cases := []struct {
		est, budget float64
		want        string // "estimate / budget"
	}{
		{10.01, 10, "10.01 s / 10 s"},          // SL101 at 801 files
		{10.4, 10, "10.4 s / 10 s"},            //
		{10.0004, 10, "10.001 s / 10 s"},       // under a millisecond over: rounded up
		{60.0094, 60, "60.01 s / 60 s"},        // 6,361 MB at 106 MB/s
		{5.0094, 5, "5.01 s / 5 s"},            // 531 MB of log growth
		{120.4, 120, "120.4 s / 120 s"},        // "2 min 00 s" both ways otherwise
		{7250, 7200, "7,250 s / 7,200 s"},      // "2.0 h" both ways otherwise
		{9.96, 9.9, "10 s / 9.9 s"},            // already distinct: usual rounding
		{77.4, 60, "77 s / 60 s"},              //
		{4*60 + 50.2, 60, "4 min 50 s / 60 s"}, //
		{9.5, 10, "9.5 s / 10 s"},              // under the budget: usual rounding
		{10, 10, "10 s / 10 s"},                // at the budget: not over
	}
	for _, c := range cases {
		e, b := formatOverBudget(c.est, c.budget)
		if got := e + " / " + b; got != c.want {
			t.Errorf("formatOverBudget(%v, %v) = %q, want %q", c.est, c.budget, got, c.want)
		}
	}
	// Whatever the values, an estimate over the budget never prints as
	// the same figure.
	for _, budget := range []float64{1, 5, 9.95, 10, 30, 60, 119.6, 120, 600, 7200} {
		for _, delta := range []float64{1e-9, 1e-4, 0.004, 0.04, 0.4, 0.6} {
			e, b := formatOverBudget(budget+delta, budget)
			if e == b {
				t.Errorf("budget %v + %v prints %q for both", budget, delta, e)
			}
		}
	}
}

// manyFiles is a CREATE DATABASE with n data files and a log file.
func manyFiles(n int) string {
	var b strings.Builder
	b.WriteString("CREATE DATABASE Many ON PRIMARY (NAME = f0, FILENAME = 'D:\\f0.mdf')")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, ", (NAME = f%d, FILENAME = 'D:\\f%d.ndf')", i, i)
	}
	b.WriteString(" LOG ON (NAME = l, FILENAME = 'L:\\l.ldf');")
	return b.String()
}

// TestBudgetMessagesReadOver runs every rule that compares an estimate
// with a budget on a statement just over that budget.
func TestBudgetMessagesReadOver(t *testing.T) {
	cases := []struct{ id, sql, want string }{
		{"SL101", manyFiles(800), "estimated startup delay 10.01 s, over the 10 s budget"},
		{"SL201", "CREATE DATABASE D ON (NAME = d, FILENAME = 'D:\\d.mdf', SIZE = 6361MB);", "about 60.01 s at 106 MB/s"},
		{"SL202", "ALTER DATABASE D ADD LOG FILE (NAME = l2, FILENAME = 'L:\\l2.ldf', SIZE = 6361MB);", "about 60.01 s at 106 MB/s, over the 60 s budget"},
		{"SL203", "ALTER DATABASE D ADD LOG FILE (NAME = l2, FILENAME = 'L:\\l2.ldf', SIZE = 1GB, FILEGROWTH = 531MB);", "about 5.01 s at 106 MB/s, over the 5 s budget"},
		{"SL201", "ALTER DATABASE D MODIFY FILE (NAME = d, SIZE = 1GB);\nALTER DATABASE D MODIFY FILE (NAME = d, SIZE = 7385MB);", "about 60.01 s"},
	}
	for _, c := range cases {
		res := parser.ParseFile(parser.NewFile("t.sql", c.sql), nil)
		var msgs []string
		for _, f := range Analyze(Default, []*parser.Result{res}, nil) {
			if f.Rule.ID == c.id {
				msgs = append(msgs, f.Message)
			}
		}
		if len(msgs) != 1 || !strings.Contains(msgs[0], c.want) {
			t.Errorf("%s: got %q, want one message with %q", c.id, msgs, c.want)
		}
	}
}

// internalRef matches what users must never read: the project's notes
// folder, its seed files, or a source named by its internal number.
var internalRef = regexp.MustCompile(`(?i)shared/|seeds|\b00[0-9] article|\(00[0-9]\)|article`)

func TestNoInternalReferences(t *testing.T) {
	for _, r := range Default.All() {
		md := Markdown(r)
		if m := internalRef.FindString(md); m != "" {
			t.Errorf("%s documentation contains %q", r.ID, m)
		}
		if r.Doc.Source != "" {
			ref, ok := references[r.Doc.Source]
			if !ok {
				t.Errorf("%s: unknown reference %q", r.ID, r.Doc.Source)
			} else if !strings.Contains(md, "Reference: "+ref) || !strings.Contains(ref, "](https://") {
				t.Errorf("%s: the reference is not a link in the page", r.ID)
			}
		}
		for _, o := range r.Options {
			if m := internalRef.FindString(o.Doc); m != "" {
				t.Errorf("%s option %s: doc contains %q", r.ID, o.Name, m)
			}
		}
	}
	// Messages: every fixture and every doc example, statically and with
	// live facts that make the live rules report.
	var scripts []*parser.Result
	root := filepath.Join("..", "testdata", "rules")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".sql") {
			return nil
		}
		scripts = append(scripts, parser.ParseFile(readScript(t, p), nil))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range Default.All() {
		scripts = append(scripts, parser.ParseFile(parser.NewFile(r.ID+"-bad.sql", r.Doc.Bad), nil))
	}
	scripts = append(scripts, parser.ParseFile(parser.NewFile("many.sql", manyFiles(40000)), nil))
	off, zero := false, 0
	facts := &ServerFacts{Server: "SQL1", Major: 15, IFI: &off, TraceFlags: map[int]bool{1806: true},
		Databases: map[string]*ServerDatabase{"sales": {Name: "Sales", Exists: true, TargetRecoverySeconds: &zero}}}
	seen := map[string]bool{}
	for _, cfg := range []*Config{nil, {Facts: facts}} {
		for _, s := range scripts {
			for _, f := range Analyze(Default, []*parser.Result{s}, cfg) {
				seen[f.Rule.ID] = true
				if m := internalRef.FindString(f.Message); m != "" {
					t.Errorf("%s message contains %q: %s", f.Rule.ID, m, f.Message)
				}
			}
		}
	}
	for _, r := range Default.All() {
		if !seen[r.ID] && r.ID != "SL003" {
			t.Errorf("no message of %s was checked", r.ID)
		}
	}
}

// TestRoundSecondsIsFmt: roundSeconds prints what fmt printed before it
// used strconv ("%.0f s", "%d min %02d s", "%.1f h").
func TestRoundSecondsIsFmt(t *testing.T) {
	old := func(s float64) string {
		switch {
		case s < 10:
			r := math.Round(s*10) / 10
			return strconv.FormatFloat(r, 'f', -1, 64) + " s"
		case s < 119.5:
			return fmt.Sprintf("%.0f s", math.Round(s))
		case s < 7199.5:
			m := int(math.Round(s))
			return fmt.Sprintf("%d min %02d s", m/60, m%60)
		}
		return fmt.Sprintf("%.1f h", math.Round(s/360)/10)
	}
	values := []float64{0, 9.94, 9.96, 10, 10.5, 11.5, 119.49, 119.5, 119.99, 120, 120.4, 599.5, 3599.5, 7199.4, 7199.6, 7200, 7235, 1e6, 1e12, math.Inf(1)}
	for s := 0.0; s < 20000; s += 0.37 {
		values = append(values, s)
	}
	for _, s := range values {
		if _, got := roundSeconds(s); got != old(s) {
			t.Errorf("roundSeconds(%v) = %q, fmt printed %q", s, got, old(s))
		}
	}
	// the unit is that of the rounded figure: 119.6 s was "120 s" and
	// 7199.6 s "120 min 00 s"
	for s, want := range map[float64]string{119.49: "119 s", 119.5: "2 min 00 s", 119.99: "2 min 00 s", 7199.4: "119 min 59 s", 7199.6: "2.0 h", 9.96: "10 s"} {
		if _, got := roundSeconds(s); got != want {
			t.Errorf("roundSeconds(%v) = %q, want %q", s, got, want)
		}
	}
}
