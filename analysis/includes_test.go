package analysis

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/report"
	"github.com/sqllint/sqllint/rules"
)

// addFiles is n ALTER DATABASE S ADD FILE statements named p1..pn.
func addFiles(p string, n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE S ADD FILE (NAME = %s%d, FILENAME = 'D:\\%s%d.ndf');\n", p, i, p, i)
	}
	return b.String()
}

func ruleLines(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s %s:%d", f.RuleID, f.Path, f.Line))
	}
	return out
}

// TestAFileAnotherIncludesIsCheckedWhereItIsIncluded: a folder holding a
// sqlcmd wrapper and the scripts it includes is one deployment. An
// include is not checked again on its own, whether it sorts after the
// wrapper (inc/ after deploy.sql) or before it (01_x.sql before
// deploy.sql): its statements reach the model once (602 files, not 1,202:
// no SL101) and the wrapper's variables are defined in it (no SL002). In
// live mode too.
func TestAFileAnotherIncludesIsCheckedWhereItIsIncluded(t *testing.T) {
	for _, live := range []bool{false, true} {
		for _, layout := range []struct{ wrapper, inc1, inc2 string }{
			{"d/deploy.sql", "d/inc/files1.sql", "d/inc/files2.sql"},
			{"d/deploy.sql", "d/01_files.sql", "d/02_files.sql"},
		} {
			dir := t.TempDir()
			chdir(t, dir)
			rel := func(p string) string { return strings.TrimPrefix(p, "d/") }
			write(t, dir, layout.wrapper, ":setvar Db S\nCREATE DATABASE [$(Db)];\nGO\n:r "+rel(layout.inc1)+"\n:r "+rel(layout.inc2)+"\n")
			write(t, dir, layout.inc1, addFiles("F", 300)+"ALTER DATABASE [$(Db)] SET TARGET_RECOVERY_TIME = 0 SECONDS;\n")
			write(t, dir, layout.inc2, addFiles("G", 300))
			opt := Options{Paths: []string{"d"}}
			if live {
				opt.Facts = &rules.ServerFacts{}
			}
			rs, sum := runAll(t, opt)
			got := ruleLines(findings(rs))
			want := []string{"SL301 " + layout.inc1 + ":301"}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("live %v, %s: findings %v, want %v", live, layout.inc1, got, want)
			}
			if sum.Files != 3 {
				t.Errorf("live %v, %s: %d files checked, want 3", live, layout.inc1, sum.Files)
			}
		}
	}
}

// TestIncludedTwiceStillCounts: what makes the model count an include once
// is that it is a file of the run; a wrapper that includes the same
// script twice still runs it twice, and files that include each other
// are each checked (the cycle is reported).
func TestIncludedTwiceStillCounts(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	// (each inclusion names its files apart: SQL Server refuses a logical
	// file name the database already has; a GO between them, as sqlcmd
	// resolves a batch's $(P) at its GO, with the value P has then)
	write(t, dir, "d/deploy.sql", "CREATE DATABASE S;\nGO\n:setvar P F\n:r files.sql\nGO\n:setvar P G\n:r files.sql\n")
	write(t, dir, "d/files.sql", addFiles("$(P)", 400))
	rs, _ := runAll(t, Options{Paths: []string{"d"}})
	got := ruleLines(findings(rs))
	if len(got) != 1 || got[0] != "SL101 d/files.sql:399" {
		t.Errorf("findings %v, want SL101 at the 801st file, line 399 of the second inclusion", got)
	}

	dir = t.TempDir()
	chdir(t, dir)
	write(t, dir, "c/a.sql", "PRINT 'a';\n:r b.sql\n")
	write(t, dir, "c/b.sql", "PRINT 'b';\n:r a.sql\n")
	rs, sum := runAll(t, Options{Paths: []string{"c"}})
	if fs := findings(rs); len(fs) == 0 || sum.Files != 2 {
		t.Errorf("cycle: findings %v, files %d; want the cycle reported, 2 files", ruleLines(fs), sum.Files)
	}
}

// A run in which no file reads a :r command reads each file once: it
// goes without the include pre-pass. One whose wrapper comes last starts
// again when it reads it, and the pre-pass then reads only what the first
// attempt did not: the findings are those of a run with the pre-pass.
func TestIncludePrepassOnlyWhenNeeded(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	for i := 1; i <= 40; i++ {
		write(t, dir, fmt.Sprintf("d/V%d.sql", i), "-- Note:read me\nPRINT 'x';\n")
	}
	write(t, dir, "d/V3.sql", "USE S;\nCHECKPOINT 5;\n")
	// (the others hold ":r" in a comment: the old pre-pass preprocessed
	// them all, to find no command)
	before := prepassReads.Load()
	rs, sum := runAll(t, Options{Paths: []string{"d"}, Workers: 2})
	if n := prepassReads.Load() - before; n != 0 {
		t.Errorf("no include: the pre-pass read %d files, want none", n)
	}
	if got := ruleLines(findings(rs)); len(got) != 1 || got[0] != "SL302 d/V3.sql:2" || sum.Files != 40 {
		t.Errorf("no include: findings %v in %d files", got, sum.Files)
	}

	// the last file includes the third, which is then checked only there,
	// with the wrapper's variables
	write(t, dir, "d/V3.sql", "USE S;\nCHECKPOINT $(n);\n")
	write(t, dir, "d/V99.sql", ":setvar n 5\n:r V3.sql\n")
	before, restarts := prepassReads.Load(), guessRestarts.Load()
	// (a window of a few files: the third is merged before the wrapper
	// is read)
	defer func(n int) { maxWindow = n }(maxWindow)
	maxWindow = 0
	rs, sum = runAll(t, Options{Paths: []string{"d"}, Workers: 2})
	if n := prepassReads.Load() - before; n < 1 || n > 10 {
		t.Errorf("wrapper last: the pre-pass read %d files, want the wrapper and the few in flight with it", n)
	}
	if n := guessRestarts.Load() - restarts; n != 1 {
		t.Errorf("wrapper last: %d restarts, want 1 (the third file was checked on its own first)", n)
	}
	if got := ruleLines(findings(rs)); len(got) != 1 || got[0] != "SL302 d/V3.sql:2" || sum.Files != 41 {
		t.Errorf("wrapper last: findings %v in %d files, want SL302 once, 41 files", got, sum.Files)
	}
	if len(rs) != 41 || rs[len(rs)-1].Path != "d/V99.sql" || len(rs[len(rs)-1].Findings) != 1 {
		t.Errorf("wrapper last: %d results, last %q, want the finding in the wrapper's", len(rs), rs[len(rs)-1].Path)
	}

	// a wrapper before what it includes: the run goes on, without
	// starting again
	write(t, dir, "d/V1.sql", ":setvar n 5\n:r V3.sql\n")
	write(t, dir, "d/V99.sql", "PRINT 'x';\n")
	restarts = guessRestarts.Load()
	rs, sum = runAll(t, Options{Paths: []string{"d"}, Workers: 2})
	if n := guessRestarts.Load() - restarts; n != 0 {
		t.Errorf("wrapper first: %d restarts, want none", n)
	}
	if got := ruleLines(findings(rs)); len(got) != 1 || got[0] != "SL302 d/V3.sql:2" || sum.Files != 41 || len(rs[0].Findings) != 1 {
		t.Errorf("wrapper first: findings %v in %d files, want SL302 once, in the wrapper's result", got, sum.Files)
	}
}

// A run that guesses gives what a run with the pre-pass gives, whatever
// the layout of wrappers and includes, with context files and with an
// editor's overlay.
func TestIncludeGuessSameAsPrepass(t *testing.T) {
	type file struct{ name, text string }
	checkpoint := "USE S;\nCHECKPOINT $(n);\n"
	for _, tc := range []struct {
		name    string
		files   []file
		paths   []string
		context []string
		overlay []file
	}{
		{"none", []file{{"d/a.sql", "USE S;\nCHECKPOINT 5;\n"}, {"d/b.sql", "PRINT 1;\n"}}, []string{"d"}, nil, nil},
		{"wrapper first", []file{{"d/a.sql", ":setvar n 5\n:r inc/x.sql\n"}, {"d/inc/x.sql", checkpoint}}, []string{"d"}, nil, nil},
		{"wrapper last", []file{{"d/a.sql", checkpoint}, {"d/z.sql", ":setvar n 5\n:r a.sql\n"}, {"d/m.sql", "CHECKPOINT 7;\n"}}, []string{"d"}, nil, nil},
		{"cycle", []file{{"c/a.sql", "CHECKPOINT 1;\n:r b.sql\n"}, {"c/b.sql", "CHECKPOINT 2;\n:r a.sql\n"}}, []string{"c"}, nil, nil},
		{"context wrapper", []file{{"d/a.sql", checkpoint}, {"d/z.sql", ":setvar n 5\n:r a.sql\n"}}, []string{"d/a.sql"}, []string{"d"}, nil},
		{"overlay wrapper", []file{{"d/a.sql", checkpoint}, {"d/b.sql", "PRINT 1;\n"}}, []string{"d"}, nil, []file{{"d/b.sql", ":setvar n 6\n:r a.sql\n"}}},
	} {
		dir := t.TempDir()
		chdir(t, dir)
		for _, f := range tc.files {
			write(t, dir, f.name, f.text)
		}
		opt := func() Options {
			o := Options{Paths: tc.paths, Context: tc.context, Workers: 2}
			for _, f := range tc.overlay {
				if o.Overlay == nil {
					o.Overlay = map[string][]byte{}
				}
				o.Overlay[filepath.Join(dir, f.name)] = []byte(f.text)
			}
			return o
		}
		render := func(rs []*FileResult, sum *Summary) string {
			var b strings.Builder
			fmt.Fprintf(&b, "%d files, %d errors\n", sum.Files, len(sum.Errors))
			for _, r := range rs {
				fmt.Fprintf(&b, "%s:", r.Path)
				for _, f := range r.Findings {
					fmt.Fprintf(&b, " %s %s:%d %q", f.RuleID, f.Path, f.Line, f.Message)
				}
				b.WriteString("\n")
			}
			return b.String()
		}
		guessed := render(runAll(t, opt()))
		// results held one a chunk
		heldChunk = 1
		chunked := render(runAll(t, opt()))
		heldChunk = 1 << 10
		if chunked != guessed {
			t.Errorf("%s: results held one a chunk gave\n%s\nguessing\n%s", tc.name, chunked, guessed)
		}
		// a guess ended early because the held findings pass the bound
		holdFindings = 0
		bounded := render(runAll(t, opt()))
		holdFindings = 1 << 15
		if bounded != guessed {
			t.Errorf("%s: ending the guess early gave\n%s\nguessing\n%s", tc.name, bounded, guessed)
		}
		// results given provisionally (Options.Provisional): once
		// confirmed, or withdrawn and given again, they are those held,
		// also when the guess ends early past the findings given
		for _, hold := range []int{1 << 17, 0} {
			holdProvisional = hold
			calls := ""
			var got []*FileResult
			o := opt()
			o.Provisional = func(final bool) {
				if final {
					calls += "final "
				} else {
					calls += "withdrawn "
					got = nil
				}
			}
			sum, err := Run(context.Background(), o, func(r *FileResult) { got = append(got, r) })
			if err != nil {
				t.Fatal(err)
			}
			if p := render(got, sum); p != guessed || (calls != "final " && calls != "withdrawn ") {
				t.Errorf("%s: provisional results (%s, ending past %d findings) gave\n%s\nguessing\n%s", tc.name, calls, hold, p, guessed)
			}
		}
		holdProvisional = 1 << 17
		guessing = false
		prepass := render(runAll(t, opt()))
		guessing = true
		if guessed != prepass {
			t.Errorf("%s: guessing gave\n%s\nthe pre-pass\n%s", tc.name, guessed, prepass)
		}
		if !strings.Contains(prepass, "SL") {
			t.Errorf("%s: no finding: the comparison proves little\n%s", tc.name, prepass)
		}
	}
}

// A held result gives back what was held: a result without findings or
// error by its path alone, any other as it was.
func TestHeldResult(t *testing.T) {
	empty := &FileResult{Path: "a/b.sql", Findings: []report.Finding{}}
	if h := hold(empty); h.res != nil || !reflect.DeepEqual(h.result(), empty) {
		t.Errorf("held %+v, gave back %+v", h, h.result())
	}
	for _, res := range []*FileResult{
		{Path: "a/c.sql", Findings: []report.Finding{{RuleID: "SL302", Message: "m"}}},
		{Path: "a/d.sql", Err: &report.InputError{Path: "a/d.sql", Message: "unreadable"}},
		{Path: "a/e.sql"},
	} {
		if got := hold(res).result(); got != res {
			t.Errorf("%+v gave back %+v", res, got)
		}
	}
}

// A run whose results are provisional withdraws them when it starts again
// (the wrapper is read after what it includes was merged on its own), and
// gives them all again: the same as when they are held.
func TestProvisionalResultsWithdrawn(t *testing.T) {
	dir := t.TempDir()
	chdir(t, dir)
	for i := 1; i <= 40; i++ {
		write(t, dir, fmt.Sprintf("d/V%d.sql", i), "PRINT 'x';\n"+checkpoint10)
	}
	write(t, dir, "d/V3.sql", "USE S;\nCHECKPOINT $(n);\n")
	write(t, dir, "d/V99.sql", ":setvar n 5\n:r V3.sql\n")
	defer func(n int) { maxWindow = n }(maxWindow)
	maxWindow = 0 // a few files in flight: the third is merged before the wrapper is read
	render := func(rs []*FileResult) string {
		var b strings.Builder
		for _, r := range rs {
			fmt.Fprintf(&b, "%s:", r.Path)
			for _, f := range r.Findings {
				fmt.Fprintf(&b, " %s %s:%d", f.RuleID, f.Path, f.Line)
			}
			b.WriteString("\n")
		}
		return b.String()
	}
	held, _ := runAll(t, Options{Paths: []string{"d"}, Workers: 2})
	var got []*FileResult
	calls, withdrawnAt := "", 0
	restarts := guessRestarts.Load()
	_, err := Run(context.Background(), Options{Paths: []string{"d"}, Workers: 2, Provisional: func(final bool) {
		if final {
			calls += "final "
			return
		}
		calls += "withdrawn "
		withdrawnAt, got = len(got), nil
	}}, func(r *FileResult) { got = append(got, r) })
	if err != nil {
		t.Fatal(err)
	}
	if n := guessRestarts.Load() - restarts; n != 1 || calls != "withdrawn " || withdrawnAt == 0 {
		t.Errorf("%d restarts, calls %q, %d results withdrawn; want one restart and the results given before it withdrawn", n, calls, withdrawnAt)
	}
	if g, h := render(got), render(held); g != h {
		t.Errorf("provisional results\n%s\nheld\n%s", g, h)
	}
}

// A run that gives its results provisionally holds more findings before
// it ends its guess than one that holds them itself, unless they come
// from files dense with findings: 1,000 findings of ten a file and no :r
// command are read once, without the include pass; held by the run, the
// same findings end the guess and the pass reads the files not read yet,
// as it does when the findings come a hundred a file.
func TestProvisionalHoldsMoreFindings(t *testing.T) {
	defer func(a, b, c int) { holdFindings, holdProvisional, denseFindings = a, b, c }(holdFindings, holdProvisional, denseFindings)
	holdFindings, holdProvisional, denseFindings = 200, 2000, 16
	// (a window of a few files: most are not read when the guess ends)
	defer func(n int) { maxWindow = n }(maxWindow)
	maxWindow = 0
	for _, perFile := range []int{10, 100} {
		dir := t.TempDir()
		chdir(t, dir)
		for i := 1; i <= 1000/perFile; i++ {
			write(t, dir, fmt.Sprintf("d/V%d.sql", i), "USE S;\n"+strings.Repeat("CHECKPOINT 5;\n", perFile))
		}
		for i := 1; i <= 50; i++ {
			write(t, dir, fmt.Sprintf("d/W%d.sql", i), "PRINT 'x';\n")
		}
		n := 0
		before := prepassReads.Load()
		if _, err := Run(context.Background(), Options{Paths: []string{"d"}, Workers: 2, Provisional: func(bool) {}},
			func(r *FileResult) { n += len(r.Findings) }); err != nil {
			t.Fatal(err)
		}
		if n != 1000 {
			t.Fatalf("%d a file: %d findings, want 1,000", perFile, n)
		}
		if reads := prepassReads.Load() - before; (reads == 0) != (perFile == 10) {
			t.Errorf("%d a file, given provisionally: the include pass read %d files, want %s", perFile, reads, map[bool]string{true: "none", false: "some"}[perFile == 10])
		}
		before = prepassReads.Load()
		rs, _ := runAll(t, Options{Paths: []string{"d"}, Workers: 2})
		if reads := prepassReads.Load() - before; reads == 0 || len(findings(rs)) != 1000 {
			t.Errorf("%d a file, held by the run: the include pass read %d files, %d findings, want the pass and 1,000", perFile, reads, len(findings(rs)))
		}
	}
}
