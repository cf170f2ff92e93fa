package parser

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unsafe"
)

// mapLoader serves includes from a map of path -> text and records the
// paths it was asked for.
type mapLoader struct {
	files  map[string]string
	calls  []string
	loaded []string
}

func (m *mapLoader) load(path string) (*File, error) {
	m.calls = append(m.calls, path)
	text, ok := m.files[filepath.ToSlash(path)]
	if !ok {
		return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	m.loaded = append(m.loaded, path)
	return NewFile(path, text), nil
}

func batchTexts(sc *Script) []string {
	out := []string{}
	for _, b := range sc.Batches {
		out = append(out, b.Text)
	}
	return out
}

func batchCounts(sc *Script) []int {
	out := []int{}
	for _, b := range sc.Batches {
		out = append(out, int(b.Count))
	}
	return out
}

// diagsAt is the script's diagnostics as "line:column message", nil
// when it has none.
func diagsAt(sc *Script) []string {
	var out []string
	for _, d := range sc.Diags {
		p := d.Span.Start.Position()
		out = append(out, fmt.Sprintf("%d:%d %s", p.Line, p.Column, d.Message))
	}
	return out
}

func diagMessages(sc *Script) []string {
	out := []string{}
	for _, d := range sc.Diags {
		out = append(out, d.Message)
	}
	return out
}

// checkScript asserts the invariants every preprocessed script keeps.
func checkScript(t testing.TB, sc *Script) {
	t.Helper()
	for i, b := range sc.Batches {
		if b.Index != i {
			t.Errorf("batch %d has Index %d", i, b.Index)
		}
		if b.Count < 1 {
			t.Errorf("batch %d has Count %d", i, b.Count)
		}
		if len(b.Segs) == 0 || b.Segs[0].Out != 0 {
			t.Fatalf("batch %d: bad segments %+v", i, b.Segs)
		}
		for k, sg := range b.Segs {
			end := len(b.Text)
			if k+1 < len(b.Segs) {
				end = b.Segs[k+1].Out
			}
			if sg.Out > end || sg.File == nil {
				t.Fatalf("batch %d segment %d out of order: %+v", i, k, b.Segs)
			}
			if sg.Subst {
				// a variable's value, or the blank a byte order mark in
				// the middle of a line is read as (midBOM)
				if at := sg.File.Text[sg.In:]; !strings.HasPrefix(at, "$(") && !strings.HasPrefix(at, ppBOM) {
					t.Errorf("batch %d segment %d: substitution does not point at $( or a byte order mark: %q", i, k, at)
				}
				continue
			}
			if sg.In+end-sg.Out > len(sg.File.Text) || b.Text[sg.Out:end] != sg.File.Text[sg.In:sg.In+end-sg.Out] {
				t.Errorf("batch %d segment %d text differs from its file", i, k)
			}
		}
		for off := 0; off <= len(b.Text); off++ {
			p := b.Pos(off)
			if p.File == nil || p.Offset < 0 || p.Offset > len(p.File.Text) {
				t.Fatalf("batch %d: Pos(%d) = %+v outside its file", i, off, p)
			}
		}
	}
	for _, d := range sc.Diags {
		s, e := d.Span.Start, d.Span.End
		if d.Rule != "SL002" || s.File == nil || e.File != s.File || s.Offset < 0 || s.Offset > e.Offset || e.Offset > len(s.File.Text) {
			t.Errorf("bad diag %+v", d)
		}
	}
}

// isSubstring reports whether sub shares memory with s (no copy was made).
func isSubstring(sub, s string) bool {
	if len(sub) == 0 {
		return true
	}
	p, q := uintptr(unsafe.Pointer(unsafe.StringData(sub))), uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return p >= q && p+uintptr(len(sub)) <= q+uintptr(len(s))
}

func TestSqlcmdGo(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		batches []string
		counts  []int
		diags   []string
	}{
		{"basic", "SELECT 1\nGO\nSELECT 2\n", []string{"SELECT 1\n", "SELECT 2\n"}, []int{1, 1}, nil},
		{"count", "SELECT 1\ngo 5\nSELECT 2", []string{"SELECT 1\n", "SELECT 2"}, []int{5, 1}, nil},
		{"count and comment", "SELECT 1\nGO 3 -- three times\n", []string{"SELECT 1\n"}, []int{3}, nil},
		{"blanks and comment", "SELECT 1\n \tGo\t -- done\nSELECT 2\n", []string{"SELECT 1\n", "SELECT 2\n"}, []int{1, 1}, nil},
		{"comment without blank", "SELECT 1\nGO--x\nSELECT 2", []string{"SELECT 1\n", "SELECT 2"}, []int{1, 1}, nil},
		{"at end without newline", "SELECT 1\nGO", []string{"SELECT 1\n"}, []int{1}, nil},
		{"crlf", "SELECT 1\r\nGO\r\nSELECT 2\r\n", []string{"SELECT 1\r\n", "SELECT 2\r\n"}, []int{1, 1}, nil},
		// sqlcmd ends a line only at a line feed: reported once a file,
		// and read as the editor shows it (afterLoneCR)
		{"lone cr", "SELECT 1\rGO\rSELECT 2", []string{"SELECT 1\r", "SELECT 2"}, []int{1, 1},
			[]string{`"GO" follows a lone CR line break (an old Mac line ending): sqlcmd ends a line only at a line feed, so it reads this as part of the line before, not as a command, and does not run it; save the file with CRLF or LF line breaks (reported once a file)`}},
		{"no go", "SELECT 1\nSELECT 2\n", []string{"SELECT 1\nSELECT 2\n"}, []int{1}, nil},
		{"empty batches dropped", "GO\nSELECT 1\nGO\nGO\nGO 2\n", []string{"SELECT 1\n"}, []int{1}, nil},
		{"blank batch kept", "SELECT 1\nGO\n\nGO\n", []string{"SELECT 1\n", "\n"}, []int{1, 1}, nil},
		{"comment-only last batch", "SELECT 1\nGO\n-- the end\n", []string{"SELECT 1\n", "-- the end\n"}, []int{1, 1}, nil},
		{"not go", "GOTO done\ngo_table\nGOx\nGO;SELECT 1\n", []string{"GOTO done\ngo_table\nGOx\nGO;SELECT 1\n"}, []int{1}, nil},
		// The documentation of GO: "Do not use a semicolon as a statement
		// terminator after GO" (an error); sqlcmd's GO takes only a count.
		{"go semicolon", "SELECT 1\nGO;\nSELECT 2\n  go; -- x\nGO\n", []string{"SELECT 1\nGO;\nSELECT 2\n  go; -- x\n"}, []int{1}, []string{
			"GO; is not a batch separator: a semicolon may not follow GO, and sqlcmd does not end the batch here (the statements after it run in the same batch, and the server fails on the line); write GO alone on its line",
			"go; is not a batch separator: a semicolon may not follow GO, and sqlcmd does not end the batch here (the statements after it run in the same batch, and the server fails on the line); write go alone on its line"}},
		{"go after code on the line", "SELECT 1 GO\nSELECT 2 /* c */ GO\n", []string{"SELECT 1 GO\nSELECT 2 /* c */ GO\n"}, []int{1}, nil},
		{"in string", "SELECT 'a\nGO\nb'\nGO\n", []string{"SELECT 'a\nGO\nb'\n"}, []int{1}, nil},
		{"in N string with escape", "SELECT N'it''s\nGO\n'\nGO\nSELECT 2", []string{"SELECT N'it''s\nGO\n'\n", "SELECT 2"}, []int{1, 1}, nil},
		{"escaped quote at line end", "SELECT 'x''\nGO\n'''\nGO\nSELECT 2", []string{"SELECT 'x''\nGO\n'''\n", "SELECT 2"}, []int{1, 1}, nil},
		{"in bracket", "SELECT [a\nGO\n]]b]\nGO\nSELECT 2", []string{"SELECT [a\nGO\n]]b]\n", "SELECT 2"}, []int{1, 1}, nil},
		{"escaped bracket before go", "SELECT [a]]\nGO\nb]\nGO\nSELECT 2", []string{"SELECT [a]]\nGO\nb]\n", "SELECT 2"}, []int{1, 1}, nil},
		{"quote in bracket", "SELECT [it's]\nGO\nSELECT 2", []string{"SELECT [it's]\n", "SELECT 2"}, []int{1, 1}, nil},
		{"in double quotes", "SELECT \"a\nGO\n\"\"b\"\nGO\nSELECT 2", []string{"SELECT \"a\nGO\n\"\"b\"\n", "SELECT 2"}, []int{1, 1}, nil},
		{"in nested block comment", "/* /* */\nGO\n*/\nSELECT 1\nGO\nSELECT 2", []string{"/* /* */\nGO\n*/\nSELECT 1\n", "SELECT 2"}, []int{1, 1}, nil},
		{"line comment hides quote", "-- it's\nGO\nSELECT 1", []string{"-- it's\n", "SELECT 1"}, []int{1, 1}, nil},
		{"line comment hides block start", "SELECT 1 -- /*\nGO\nSELECT 2", []string{"SELECT 1 -- /*\n", "SELECT 2"}, []int{1, 1}, nil},
		{"dashes in string", "SELECT '--'\nGO\nSELECT 2", []string{"SELECT '--'\n", "SELECT 2"}, []int{1, 1}, nil},
		{"unclosed comment", "/* x\nGO\nSELECT 1", []string{"/* x\nGO\nSELECT 1"}, []int{1}, nil},
		{"unclosed string", "SELECT 'x\nGO\n", []string{"SELECT 'x\nGO\n"}, []int{1}, nil},
		{"bad count", "SELECT 1\nGO x\nSELECT 2", []string{"SELECT 1\n", "SELECT 2"}, []int{1, 1},
			[]string{`malformed GO command: expected a positive integer count, as in GO 3, found "x"`}},
		{"zero count", "SELECT 1\nGO 0\n", []string{"SELECT 1\n"}, []int{1},
			[]string{`malformed GO command: expected a positive integer count, as in GO 3, found "0"`}},
		{"garbage after count", "SELECT 1\nGO 2 x\n", []string{"SELECT 1\n"}, []int{1},
			[]string{`malformed GO command: expected a positive integer count, as in GO 3, found "2 x": only a comment may follow the count (go-sqlcmd reads the leading 2 and runs the batch 2 times)`}},
		// The documentation of GO: "the line can contain comments" (SSMS's
		// batch parser takes them around the count).
		{"block comments", "SELECT 1\nGO /* once */\nSELECT 2\nGO /* a /* nested */ one */ 3 /* times */ -- x\nSELECT 3\nGO /* open\n*/\n",
			[]string{"SELECT 1\n", "SELECT 2\n", "SELECT 3\n", "*/\n"}, []int{1, 3, 1, 1},
			[]string{`malformed GO command: expected a positive integer count, as in GO 3, found "/* open"`}},
		{"count from variable", ":setvar N 4\nSELECT 1\nGO $(N)\n", []string{"SELECT 1\n"}, []int{4}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := NewFile("go.sql", tc.src)
			sc := Preprocess(f, nil)
			checkScript(t, sc)
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.batches) {
				t.Errorf("batches = %q, want %q", got, tc.batches)
			}
			if got := batchCounts(sc); !reflect.DeepEqual(got, tc.counts) {
				t.Errorf("counts = %v, want %v", got, tc.counts)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
			if len(sc.Files) != 1 || sc.Files[0] != f || sc.File != f {
				t.Errorf("Files = %v", sc.Files)
			}
		})
	}
}

func TestSqlcmdZeroCopy(t *testing.T) {
	f := NewFile("z.sql", "SELECT 1\nGO\n:setvar X 1\nSELECT 2\nGO\nSELECT 3\n:setvar Y 2\nSELECT 4\nGO\nSELECT '$(X)'\n")
	sc := Preprocess(f, nil)
	checkScript(t, sc)
	want := []struct {
		text   string
		shared bool
		segs   int
	}{
		{"SELECT 1\n", true, 1},
		{"SELECT 2\n", true, 1}, // the removed line comes first: still one run
		{"SELECT 3\nSELECT 4\n", false, 2},
		{"SELECT '1'\n", false, 3},
	}
	if len(sc.Batches) != len(want) {
		t.Fatalf("batches = %q", batchTexts(sc))
	}
	for i, w := range want {
		b := sc.Batches[i]
		if b.Text != w.text || isSubstring(b.Text, f.Text) != w.shared || len(b.Segs) != w.segs {
			t.Errorf("batch %d = %q shared=%v segs=%d, want %q shared=%v segs=%d",
				i, b.Text, isSubstring(b.Text, f.Text), len(b.Segs), w.text, w.shared, w.segs)
		}
	}
}

func TestSqlcmdSetvar(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		text  string
		diags []string
	}{
		{"forms",
			":setvar A 1\n:setvar B \"x y\"\n:setvar C \"a \"\"q\"\" b\"\n:setvar DefaultDataPath \"D:\\SQLDATA\\\"\nSELECT $(A), '$(B)', [$(C)], N'$(DefaultDataPath)'\n",
			"SELECT 1, 'x y', [a \"q\" b], N'D:\\SQLDATA\\'\n", nil},
		{"case-insensitive names and commands", ":SETVAR DatabaseName Sales\n  :SetVar\tOther  \"v\"  \nUSE [$(DATABASENAME)]; SELECT '$(other)'\n",
			"USE [Sales]; SELECT 'v'\n", nil},
		{"trailing comment", ":setvar A x -- the value\n:setvar B \"y -- not a comment\"\nSELECT '$(A)', '$(B)'", "SELECT 'x', 'y -- not a comment'", nil},
		{"empty value", ":setvar E \"\"\nSELECT '$(E)'", "SELECT ''", nil},
		// sqlcmd resolves a batch's references at its GO (TestSqlcmdVariablesAtGo)
		{"later setvar changes the batch", ":setvar A 1\nSELECT $(A)\n:setvar A 2\nSELECT $(A)\nGO\n:setvar A 3\nSELECT $(A)\n", "SELECT 2\nSELECT 2\n|SELECT 3\n", nil},
		{"undefine", ":setvar A 1\n:setvar A\nSELECT '$(A)'", "SELECT '$(A)'",
			[]string{"sqlcmd variable $(A) is not defined (define it with :setvar, -v A=value or the config file)"}},
		{"ssdt names", ":setvar __IsSqlCmdEnabled \"True\"\n:setvar My-Var_2 x\nIF N'$(__IsSqlCmdEnabled)' NOT LIKE N'True' SELECT '$(My-Var_2)'",
			"IF N'True' NOT LIKE N'True' SELECT 'x'", nil},
		{"value not rescanned", ":setvar A \"$(B)\"\n:setvar B b\nSELECT '$(A)'", "SELECT '$(B)'", nil},
		{"missing name", ":setvar\nSELECT 1", "SELECT 1", []string{"malformed sqlcmd command :setvar: a variable name is required"}},
		{"bad name", ":setvar 1abc x\n:setvar a$b x\nSELECT 1", "SELECT 1", []string{
			`invalid sqlcmd variable name "1abc": use letters, digits, _ or -, starting with a letter or _`,
			`invalid sqlcmd variable name "a$b": use letters, digits, _ or -, starting with a letter or _`}},
		{"unquoted blanks", ":setvar A a b\nSELECT 1", "SELECT 1", []string{
			"invalid value for sqlcmd variable A: a value with blanks must be enclosed in double quotes"}},
		{"bad quotes", ":setvar A \"abc\nSELECT 1", "SELECT 1", []string{
			`invalid value for sqlcmd variable A: "abc is not a double-quoted string (write "" for a quote inside it)`}},
		// sqlcmd's "R" variables (the table of scripting variables: set once,
		// at start; go-sqlcmd's readOnlyVariables): :setvar fails and the
		// value stays; an R/W one takes the value.
		{"read-only", ":setvar SQLCMDSERVER other\n:SetVar sqlcmddbname Sales\n:setvar SQLCMDUSER\n:setvar SQLCMDLOGINTIMEOUT 60\n" +
			"SELECT '$(SQLCMDSERVER)', '$(SQLCMDDBNAME)', $(SQLCMDLOGINTIMEOUT)", "SELECT '$(SQLCMDSERVER)', '$(SQLCMDDBNAME)', 60", []string{
			"sqlcmd variable $(SQLCMDSERVER) is read-only: sqlcmd sets it from -S when it starts and at each :connect, and :setvar SQLCMDSERVER fails with an error and leaves its value unchanged",
			"sqlcmd variable $(sqlcmddbname) is read-only: sqlcmd sets it from -d when it starts, and :setvar sqlcmddbname fails with an error and leaves its value unchanged",
			"sqlcmd variable $(SQLCMDUSER) is read-only: sqlcmd sets it from -U when it starts and at each :connect, and :setvar SQLCMDUSER fails with an error and leaves its value unchanged"}},
		// a comment right after the closing quote: sqlcmd (go-sqlcmd) fails,
		// SSMS's SQLCMD mode ignores it; the value stands, so its uses are
		// not reported again
		{"comment after the quote", ":setvar A \"a \"\"b\"\"\"-- note\nSELECT '$(A)'", "SELECT 'a \"b\"'", []string{
			"invalid value for sqlcmd variable A: sqlcmd takes nothing after the closing quote, not even a comment (SSMS's SQLCMD mode ignores it); put the comment on a line of its own"}},
		{"quote inside", ":setvar A \"a\"b\"\nSELECT 1", "SELECT 1", []string{
			`invalid value for sqlcmd variable A: "a"b" is not a double-quoted string (write "" for a quote inside it)`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("v.sql", tc.src), nil)
			checkScript(t, sc)
			if got := strings.Join(batchTexts(sc), "|"); got != tc.text {
				t.Errorf("text = %q, want %q", got, tc.text)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

// TestSqlcmdVariablesAtGo: sqlcmd resolves the references of a batch when
// its GO comes, with the values the variables have then (go-sqlcmd's
// getRunnableQuery; the batch parser of SSMS and Azure Data Studio hands
// the text block over at GO, then resolves it), so a :setvar after a
// reference in the same batch, or in a file it includes, changes it.
func TestSqlcmdVariablesAtGo(t *testing.T) {
	ld := &mapLoader{files: map[string]string{"inc.sql": ":setvar T Orders\nSELECT '$(T)'\n"}}
	tests := []struct {
		name  string
		src   string
		text  string
		diags []string
	}{
		{"defined after the reference", "SELECT $(B), '$(B)'\n:setvar B x\nGO\nSELECT $(B)", "SELECT x, 'x'\n|SELECT x", nil},
		{"redefined", ":setvar A 1\nSELECT [$(A)] + $(A)\n:setvar A 22\nGO\n", "SELECT [22] + 22\n", nil},
		{"removed", ":setvar C 1\nSELECT [$(C)]\n:setvar C\nGO\n", "SELECT [$(C)]\n", []string{
			"sqlcmd variable $(C) is not defined (define it with :setvar, -v C=value or the config file)"}},
		{"empty values", ":setvar E \"\"\nSELECT a$(E)b, $(E)\n:setvar E zz\nGO\n:setvar E \"\"\nSELECT $(E)1\n", "SELECT azzb, zz\n|SELECT 1\n", nil},
		{"to empty", ":setvar E x\nSELECT a$(E)b$(E)\n:setvar E \"\"\n", "SELECT ab\n", nil},
		{"value next to value", ":setvar A a\n:setvar B b\nSELECT '$(A)$(B)$(A)'\n:setvar B BB\nGO", "SELECT 'aBBa'\n", nil},
		{"in an include", "SELECT '$(T)'\n:r inc.sql\nGO\nSELECT '$(T)'", "SELECT 'Orders'\nSELECT 'Orders'\n|SELECT 'Orders'", nil},
		{"after GO unchanged", ":setvar A 1\nSELECT $(A)\nGO\n:setvar A 2\n", "SELECT 1\n", nil},
		{"reset drops them", "SELECT $(R)\n:reset\n:setvar R r\nSELECT $(R)\nGO", "SELECT r\n", []string{
			"sqlcmd variable $(R) is not defined (define it with :setvar, -v R=value or the config file)"}},
		{"other names stay", "SELECT $(U), $(A)\n:setvar A 1\n:setvar U u\nGO", "SELECT u, 1\n", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("g.sql", tc.src), &PreprocessOptions{Load: ld.load, IncludeOutside: true})
			checkScript(t, sc)
			if got := strings.Join(batchTexts(sc), "|"); got != tc.text {
				t.Errorf("text = %q, want %q", got, tc.text)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
	// A value is text of the batch, never read again for GO lines,
	// commands or references (go-sqlcmd substitutes at GO, when the
	// commands have run; SSMS's parser resolves the text block it hands
	// over).
	sc0 := Preprocess(NewFile("v.sql", "SELECT 1\n$(V)\nSELECT 2\nGO\n"),
		&PreprocessOptions{Vars: map[string]string{"V": "GO\n:r x.sql\n:setvar W 1\n$(W)"}})
	if got := strings.Join(batchTexts(sc0), "|"); got != "SELECT 1\nGO\n:r x.sql\n:setvar W 1\n$(W)\nSELECT 2\n" || len(sc0.Diags) != 0 || sc0.IncludeCommands != 0 {
		t.Errorf("batches %q, diags %q, %d includes", got, diagMessages(sc0), sc0.IncludeCommands)
	}
	// The substituted text maps back to its reference.
	f := NewFile("m.sql", "SELECT $(B) FROM t\n:setvar B col\nGO\n")
	sc := Preprocess(f, nil)
	if len(sc.Batches) != 1 || sc.Batches[0].Text != "SELECT col FROM t\n" {
		t.Fatalf("batches %q", batchTexts(sc))
	}
	b := sc.Batches[0]
	for off, want := range map[int]int{7: 7, 9: 7, 10: 11, 11: 12} {
		if got := b.Pos(off).Offset; got != want {
			t.Errorf("Pos(%d) = %d, want %d", off, got, want)
		}
	}
}

func TestSqlcmdVariablePrecedence(t *testing.T) {
	env := map[string]string{"X": "env", "Y": "env", "Z": "env", "lower": "envlower"}
	opt := &PreprocessOptions{
		Vars: map[string]string{"y": "vars", "Z": "vars"},
		Env: func(name string) (string, bool) {
			v, ok := env[name]
			return v, ok
		},
		EnvAllowed: func(string) bool { return true },
	}
	src := "SELECT '$(X) $(Y) $(Z) $(LOWER)'\nGO\n:setvar Z set\n:setvar Y\nSELECT '$(X) $(y) $(z)'\n"
	sc := Preprocess(NewFile("p.sql", src), opt)
	checkScript(t, sc)
	// :setvar Y removes the -v value: the environment shows through again
	// (go-sqlcmd: Variables.Unset, then resolveVariable falls back to the
	// environment).
	want := "SELECT 'env vars vars $(LOWER)'\n|SELECT 'env env set'\n"
	if got := strings.Join(batchTexts(sc), "|"); got != want {
		t.Errorf("text = %q, want %q", batchTexts(sc), want)
	}
	if got := diagMessages(sc); len(got) != 1 || !strings.Contains(got[0], "$(LOWER) is not defined") {
		t.Errorf("diags = %q", got)
	}
	// The options are not modified.
	if opt.Vars["Z"] != "vars" || len(opt.Vars) != 2 {
		t.Errorf("options modified: %v", opt.Vars)
	}
}

func TestSqlcmdVariables(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		text  string
		diags []string
	}{
		{"in string, bracket, quoted identifier and code", "SELECT N'ALTER DATABASE [$(D)]', [$(D)], \"$(D)\", $(D).dbo.t", "SELECT N'ALTER DATABASE [db]', [db], \"db\", db.dbo.t", nil},
		{"not in comments", "-- $(D) $(Nope)\n/* $(D) /* $(Nope) */ $(Nope) */ SELECT $(D)", "-- $(D) $(Nope)\n/* $(D) /* $(Nope) */ $(Nope) */ SELECT db", nil},
		{"dollar alone", "SELECT $1, $ (D), $x, '$'", "SELECT $1, $ (D), $x, '$'", nil},
		{"adjacent", "SELECT '$(D)$(D)'", "SELECT 'dbdb'", nil},
		{"empty value", ":setvar E \"\"\nSELECT [x$(E)y]", "SELECT [xy]", nil},
		{"unterminated", "SELECT '$(D'\n", "SELECT '$(D'\n", []string{
			`malformed sqlcmd variable reference "$(D": expected $(NAME) with a NAME of letters, digits, _ or -`}},
		{"bad character", "SELECT '$(a b)'", "SELECT '$(a b)'", []string{
			`malformed sqlcmd variable reference "$(a": expected $(NAME) with a NAME of letters, digits, _ or -`}},
		{"empty name", "SELECT $()", "SELECT $()", []string{
			`malformed sqlcmd variable reference "$(": expected $(NAME) with a NAME of letters, digits, _ or -`}},
		{"at end of file", "SELECT $(", "SELECT $(", []string{
			`malformed sqlcmd variable reference "$(": expected $(NAME) with a NAME of letters, digits, _ or -`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("v.sql", tc.src), &PreprocessOptions{Vars: map[string]string{"D": "db"}})
			checkScript(t, sc)
			if got := strings.Join(batchTexts(sc), "|"); got != tc.text {
				t.Errorf("text = %q, want %q", got, tc.text)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

func TestSqlcmdUndefinedVariablePosition(t *testing.T) {
	f := NewFile("u.sql", "SELECT 1\r\nGO\r\nSELECT N'é$(Missing)'\r\n")
	sc := Preprocess(f, nil)
	checkScript(t, sc)
	if len(sc.Diags) != 1 {
		t.Fatalf("diags = %q", diagMessages(sc))
	}
	d := sc.Diags[0]
	start, end := d.Span.Start.Position(), d.Span.End.Position()
	if start.Line != 3 || start.Column != 11 || end.Line != 3 || end.Column != 21 {
		t.Errorf("span %d:%d-%d:%d, want 3:11-3:21", start.Line, start.Column, end.Line, end.Column)
	}
	if d.Message != "sqlcmd variable $(Missing) is not defined (define it with :setvar, -v Missing=value or the config file)" {
		t.Errorf("message %q", d.Message)
	}
	if got := sc.Batches[1].Text; got != "SELECT N'é$(Missing)'\r\n" {
		t.Errorf("text %q: an undefined variable must stay as it is", got)
	}
}

func TestSqlcmdPositionsThroughBatchPos(t *testing.T) {
	src := "SELECT 1\n:setvar T dbo.Tab\n:on error exit\nSELECT * FROM $(T) WHERE x = 1\nGO\n"
	f := NewFile("m.sql", src)
	sc := Preprocess(f, nil)
	checkScript(t, sc)
	if len(sc.Batches) != 1 {
		t.Fatalf("batches %q", batchTexts(sc))
	}
	b := sc.Batches[0]
	if b.Text != "SELECT 1\nSELECT * FROM dbo.Tab WHERE x = 1\n" {
		t.Fatalf("text %q", b.Text)
	}
	tests := []struct {
		at        string // text in the batch
		delta     int    // offset from its start
		line, col int
	}{
		{"SELECT 1", 0, 1, 1},
		{"SELECT *", 0, 4, 1},        // after the removed command lines
		{"dbo.Tab", 0, 4, 15},        // substitution maps to its $(
		{"dbo.Tab", 4, 4, 15},        // every byte of it
		{" WHERE", 0, 4, 19},         // text after the substitution
		{"WHERE", 0, 4, 20},          //
		{"= 1\n", 3, 4, 31},          // the final newline
		{"= 1\n", 4, 5, 1},           // end of the batch: the GO line
		{"SELECT 1\n", 8, 1, 9},      // newline before a removed line
		{"SELECT 1\nS", 9, 4, 1},     // first byte after it
		{"x = 1\n", 0, 4, 26},        //
		{"* FROM dbo", 7, 4, 15},     // 'd' of the value
		{"SELECT * FROM", 13, 4, 14}, // the blank before $(
	}
	for _, tc := range tests {
		i := strings.Index(b.Text, tc.at)
		if i < 0 {
			t.Fatalf("%q not in batch", tc.at)
		}
		p := b.Pos(i + tc.delta).Position()
		if p.Line != tc.line || p.Column != tc.col || p.Path != "m.sql" {
			t.Errorf("Pos(%q+%d) = %s:%d:%d, want %d:%d", tc.at, tc.delta, p.Path, p.Line, p.Column, tc.line, tc.col)
		}
	}
	// A token ending in the substituted value ends after its "$(T)".
	i := strings.Index(b.Text, "dbo.Tab")
	sp := b.Span(i, i+len("dbo.Tab"))
	if sp.Start.Offset != strings.Index(src, "$(T)") || sp.End.Offset != sp.Start.Offset+len("$(T)") {
		t.Errorf("span %+v", sp)
	}
}

func TestSqlcmdCommands(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		text  string
		diags []string
	}{
		// (":xml maybe": go-sqlcmd, and ODBC sqlcmd by its note, read any
		// value but ON as OFF; :XML alone fails there.)
		{"passed over", ":on error exit\n:On Error ignore\n:connect srv -U sa\n:out stdout\n:error err.txt\n:reset\n:listvar\n:list\n:help\n:serverlist\n:xml on\n:XML Off\n:xml maybe\n:perftrace stdout\n:ed\n!! dir /b\n:!! ls\n  :r nothing.sql -- commented\nSELECT 1\n",
			"SELECT 1\n", []string{`:r cannot include "nothing.sql": nothing.sql: file does not exist`}},
		{"bare osql forms", "SELECT 1\nGO\nED\n  exit  -- x\nSELECT 2", "SELECT 1\n", nil},
		{"reset clears the batch", "SELECT 1\n:reset\nSELECT 2\nGO\nSELECT 3\n  RESET\nSELECT 4\n", "SELECT 2\n|SELECT 4\n", nil},
		{"bare words inside T-SQL stay", "SELECT reset, ed, quit\nFROM t\nRETURN\nEXEC p\nEND\nresets\nquit now\n", "SELECT reset, ed, quit\nFROM t\nRETURN\nEXEC p\nEND\nresets\nquit now\n", nil},
		{"unknown", ":xyz foo\nSELECT 1\n:setvar2 a b\n:r.sql\n", "SELECT 1\n", []string{
			"unknown sqlcmd command :xyz", "unknown sqlcmd command :setvar2", "unknown sqlcmd command :r.sql"}},
		{"not commands", "::fn_helpcollations()\n:1\n: x\nSELECT ':setvar A 1'\n", "::fn_helpcollations()\n:1\n: x\nSELECT ':setvar A 1'\n", nil},
		{"not at line start", "SELECT 1 :setvar A 1\n", "SELECT 1 :setvar A 1\n", nil},
		{"not in string", "SELECT '\n:setvar A 1\n:xyz\n'", "SELECT '\n:setvar A 1\n:xyz\n'", nil},
		{"not in comment", "/*\n:xyz\n!! rm\n*/", "/*\n:xyz\n!! rm\n*/", nil},
		{"malformed", ":r\n:on error maybe\n:on\n:connect\n:out\n:xml\n!!\n:quit now\nSELECT 1", "SELECT 1", []string{
			"malformed sqlcmd command :r: a file name is required",
			"malformed sqlcmd command :on error: expected EXIT or IGNORE",
			"unknown sqlcmd command :on (did you mean :on error exit|ignore?)",
			"malformed sqlcmd command :connect: a server name is required",
			"malformed sqlcmd command :out: a file name, STDOUT or STDERR is required",
			"malformed sqlcmd command :xml: expected ON or OFF",
			"malformed sqlcmd command !!: an operating system command is required",
			"malformed sqlcmd command :quit: QUIT takes no argument",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ld := &mapLoader{}
			sc := Preprocess(NewFile("c.sql", tc.src), &PreprocessOptions{Load: ld.load})
			checkScript(t, sc)
			if got := strings.Join(batchTexts(sc), "|"); got != tc.text {
				t.Errorf("text = %q, want %q", got, tc.text)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

func TestSqlcmdQuitExit(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		batches []string
		diags   []string
	}{
		{"quit after go", "SELECT 1\nGO\n:quit\nSELECT 2\nGO\n", []string{"SELECT 1\n"}, nil},
		{"bare quit", "SELECT 1\nGO\nQUIT\nSELECT 2\n", []string{"SELECT 1\n"}, nil},
		{"quit discards the batch", "SELECT 1\n:QUIT\nSELECT 2\n", []string{}, []string{
			"sqlcmd stops at :QUIT without running the current batch: the statements before it since the last GO are not executed"}},
		{"only comments before quit", "SELECT 1\nGO\n-- done\n/* x */\n:quit\n", []string{"SELECT 1\n"}, nil},
		{"exit", "SELECT 1\nGO\n:exit\nSELECT 2\n", []string{"SELECT 1\n"}, nil},
		{"exit runs nothing pending", "SELECT 1\n:exit\n", []string{}, []string{
			"sqlcmd stops at :exit without running the current batch: the statements before it since the last GO are not executed"}},
		{"exit()", "SELECT 1\n:exit()\nSELECT 2\n", []string{"SELECT 1\n"}, nil},
		{"exit(query)", "SELECT 1\n:EXIT( SELECT @@ERROR )\nSELECT 2\n", []string{"SELECT 1\nSELECT @@ERROR"}, nil},
		{"bare exit(query)", "exit(SELECT '$(V)')\n", []string{"SELECT 'v'"}, nil},
		{"malformed exit", ":exit now\nSELECT 1\n", []string{"SELECT 1\n"}, []string{
			"malformed sqlcmd command :exit: expected EXIT, EXIT() or EXIT(query)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sc := Preprocess(NewFile("q.sql", tc.src), &PreprocessOptions{Vars: map[string]string{"V": "v"}})
			checkScript(t, sc)
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.batches) {
				t.Errorf("batches = %q, want %q", got, tc.batches)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
		})
	}
}

func TestSqlcmdInclude(t *testing.T) {
	ld := &mapLoader{files: map[string]string{
		"dir/sub/inc.sql":       "SELECT 2\nGO\nSELECT 2b\n",
		"dir/sub/my file.sql":   "SELECT 'spaces'\n",
		"dir/sub/nested.sql":    ":r ../other.sql\n",
		"dir/other.sql":         "SELECT 'other'\n",
		"dir/sub/nonl.sql":      "SELECT 'no newline'",
		"dir/sub/comment.sql":   "SELECT 'c' -- trailing",
		"dir/sub/open.sql":      "SELECT 'open\n",
		"dir/sub/quit.sql":      "SELECT 'q'\nGO\n:quit\n",
		"dir/sub/vars.sql":      ":setvar FromInclude yes\nSELECT '$(Root)'\n",
		"dir/sub/undefined.sql": "\nSELECT '$(Nope)'\n",
	}}
	tests := []struct {
		name    string
		src     string
		batches []string
		diags   []string
		files   []string
	}{
		{"inline with go", "SELECT 1\n:r sub/inc.sql\nSELECT 3\nGO\n",
			[]string{"SELECT 1\nSELECT 2\n", "SELECT 2b\nSELECT 3\n"}, nil, []string{"dir/main.sql", "dir/sub/inc.sql"}},
		{"backslashes", ":r sub\\inc.sql\n", []string{"SELECT 2\n", "SELECT 2b\n"}, nil, []string{"dir/main.sql", "dir/sub/inc.sql"}},
		{"quoted with spaces", ":r \"sub/my file.sql\" -- comment\n", []string{"SELECT 'spaces'\n"}, nil, []string{"dir/main.sql", "dir/sub/my file.sql"}},
		{"unquoted with spaces", ":r sub/my file.sql\n", []string{"SELECT 'spaces'\n"}, nil, []string{"dir/main.sql", "dir/sub/my file.sql"}},
		{"variable in path", ":setvar Sub sub\n:r $(Sub)\\inc.sql\n", []string{"SELECT 2\n", "SELECT 2b\n"}, nil, []string{"dir/main.sql", "dir/sub/inc.sql"}},
		{"nested relative to includer", ":r sub/nested.sql\n", []string{"SELECT 'other'\n"}, nil, []string{"dir/main.sql", "dir/sub/nested.sql", "dir/other.sql"}},
		{"included twice, loaded once", ":r sub/inc.sql\n:r sub/inc.sql\n",
			[]string{"SELECT 2\n", "SELECT 2b\nSELECT 2\n", "SELECT 2b\n"}, nil, []string{"dir/main.sql", "dir/sub/inc.sql"}},
		{"no final newline", "SELECT 1\n:r sub/nonl.sql\nSELECT 3\n", []string{"SELECT 1\nSELECT 'no newline'\nSELECT 3\n"}, nil, nil},
		{"comment at end of include", ":r sub/comment.sql\nSELECT 3\n", []string{"SELECT 'c' -- trailing\nSELECT 3\n"}, nil, nil},
		{"state carries over", ":r sub/open.sql\nGO\n'\nGO\n", []string{"SELECT 'open\nGO\n'\n"}, nil, nil},
		{"quit in include", ":r sub/quit.sql\nSELECT 'after'\n", []string{"SELECT 'q'\n"}, nil, nil},
		{"variables are global", ":setvar Root r\n:r sub/vars.sql\nSELECT '$(FromInclude)'\n", []string{"SELECT 'r'\nSELECT 'yes'\n"}, nil, nil},
		{"missing", "SELECT 1\n:r sub/missing.sql\n", []string{"SELECT 1\n"},
			[]string{`:r cannot include "sub/missing.sql": dir/sub/missing.sql: file does not exist`}, []string{"dir/main.sql"}},
		{"undefined variable in path", ":r $(Nowhere)/x.sql\n", []string{},
			[]string{"sqlcmd variable $(Nowhere) is not defined (define it with :setvar, -v Nowhere=value or the config file)"}, []string{"dir/main.sql"}},
		{"self", ":r main.sql\n", []string{}, []string{":r include cycle: dir/main.sql → dir/main.sql"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ld.calls, ld.loaded = nil, nil
			sc := Preprocess(NewFile("dir/main.sql", tc.src), &PreprocessOptions{Load: ld.load})
			checkScript(t, sc)
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.batches) {
				t.Errorf("batches = %q, want %q", got, tc.batches)
			}
			if got := diagMessages(sc); !reflect.DeepEqual(got, append([]string{}, tc.diags...)) {
				t.Errorf("diags = %q, want %q", got, tc.diags)
			}
			if tc.files != nil {
				var got []string
				for _, f := range sc.Files {
					got = append(got, filepath.ToSlash(f.Path))
				}
				if !reflect.DeepEqual(got, tc.files) {
					t.Errorf("files = %q, want %q", got, tc.files)
				}
				if len(ld.loaded) != len(tc.files)-1 {
					t.Errorf("loads = %q", ld.loaded)
				}
			}
		})
	}
}

func TestSqlcmdIncludePositions(t *testing.T) {
	ld := &mapLoader{files: map[string]string{
		"lib/inc.sql":  "-- header\r\nSELECT 2\r\nGO\r\nSELECT [$(V)]\r\n:r nonl.sql\r\n",
		"lib/nonl.sql": "SELECT 'z'",
	}}
	root := NewFile("main.sql", "SELECT 1\n:r lib/inc.sql\nSELECT 3\n")
	sc := Preprocess(root, &PreprocessOptions{Load: ld.load, Vars: map[string]string{"V": "val"}})
	checkScript(t, sc)
	want := []string{"SELECT 1\n-- header\r\nSELECT 2\r\n", "SELECT [val]\r\nSELECT 'z'\r\nSELECT 3\n"}
	if got := batchTexts(sc); !reflect.DeepEqual(got, want) {
		t.Fatalf("batches = %q, want %q", got, want)
	}
	tests := []struct {
		batch     int
		at        string
		delta     int
		path      string
		line, col int
	}{
		{0, "SELECT 1", 0, "main.sql", 1, 1},
		{0, "-- header", 0, "lib/inc.sql", 1, 1},
		{0, "SELECT 2", 7, "lib/inc.sql", 2, 8},
		{1, "SELECT [", 0, "lib/inc.sql", 4, 1},
		{1, "val", 1, "lib/inc.sql", 4, 9},
		{1, "]\r\n", 0, "lib/inc.sql", 4, 13},
		{1, "SELECT 'z'", 8, "lib/nonl.sql", 1, 9},
		{1, "'z'\r\n", 3, "lib/inc.sql", 5, 12}, // the :r line's break, lent to the include
		{1, "SELECT 3", 0, "main.sql", 3, 1},
	}
	for _, tc := range tests {
		b := sc.Batches[tc.batch]
		i := strings.Index(b.Text, tc.at)
		if i < 0 {
			t.Fatalf("%q not in batch %d", tc.at, tc.batch)
		}
		p := b.Pos(i + tc.delta).Position()
		if filepath.ToSlash(p.Path) != tc.path || p.Line != tc.line || p.Column != tc.col {
			t.Errorf("batch %d Pos(%q+%d) = %s:%d:%d, want %s:%d:%d", tc.batch, tc.at, tc.delta, p.Path, p.Line, p.Column, tc.path, tc.line, tc.col)
		}
	}
	if len(sc.Files) != 3 || sc.Files[0] != root {
		t.Errorf("files %v", sc.Files)
	}
}

func TestSqlcmdIncludeCycleAndDepth(t *testing.T) {
	ld := &mapLoader{files: map[string]string{
		"a.sql":  "SELECT 'a'\n:r b.sql\n",
		"b.sql":  "SELECT 'b'\n  :r a.sql\n",
		"d1.sql": ":r d2.sql\n",
		"d2.sql": ":r d3.sql\n",
		"d3.sql": ":r d4.sql\n",
		"d4.sql": "SELECT 'deep'\n",
	}}
	t.Run("cycle", func(t *testing.T) {
		a, _ := ld.load("a.sql")
		sc := Preprocess(a, &PreprocessOptions{Load: ld.load})
		checkScript(t, sc)
		if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 'a'\nSELECT 'b'\n"}) {
			t.Errorf("batches %q", got)
		}
		if len(sc.Diags) != 1 || sc.Diags[0].Message != ":r include cycle: a.sql → b.sql → a.sql" {
			t.Fatalf("diags %q", diagMessages(sc))
		}
		p := sc.Diags[0].Span.Start.Position()
		if p.Path != "b.sql" || p.Line != 2 || p.Column != 3 {
			t.Errorf("diag at %s:%d:%d, want b.sql:2:3", p.Path, p.Line, p.Column)
		}
	})
	t.Run("cycle from a path not clean", func(t *testing.T) {
		// the root's path is cleaned when it first includes, as the
		// included ones are
		src, _ := ld.load("a.sql")
		a := NewFile("./x/../a.sql", src.Text)
		sc := Preprocess(a, &PreprocessOptions{Load: ld.load})
		if len(sc.Diags) != 1 || sc.Diags[0].Message != ":r include cycle: a.sql → b.sql → a.sql" {
			t.Fatalf("diags %q", diagMessages(sc))
		}
	})
	t.Run("depth", func(t *testing.T) {
		for _, tc := range []struct {
			max   int
			text  []string
			diags int
		}{
			{0, []string{"SELECT 'deep'\n"}, 0},
			{3, []string{"SELECT 'deep'\n"}, 0},
			{2, []string{}, 1},
		} {
			d1, _ := ld.load("d1.sql")
			sc := Preprocess(d1, &PreprocessOptions{Load: ld.load, MaxDepth: tc.max})
			checkScript(t, sc)
			if got := batchTexts(sc); !reflect.DeepEqual(got, tc.text) {
				t.Errorf("max %d: batches %q", tc.max, got)
			}
			if len(sc.Diags) != tc.diags {
				t.Errorf("max %d: diags %q", tc.max, diagMessages(sc))
			}
			if tc.diags == 1 {
				want := ":r includes nested more than 2 deep: d1.sql → d2.sql → d3.sql → d4.sql"
				if sc.Diags[0].Message != want || sc.Diags[0].Span.Start.File.Path != "d3.sql" {
					t.Errorf("diag %q in %s, want %q in d3.sql", sc.Diags[0].Message, sc.Diags[0].Span.Start.File.Path, want)
				}
			}
		}
	})
}

func TestSqlcmdIncludeFromDisk(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "Post Deploy")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// A cp1252 file and a UTF-16 file with BOM, included by relative path.
	if err := os.WriteFile(filepath.Join(sub, "seed.sql"), []byte("INSERT t VALUES ('caf\xE9')\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(sub, "wide.sql"), utf16Bytes("SELECT N'€'\r\n", false, true), 0o644); err != nil {
		t.Fatal(err)
	}
	main := NewFile(filepath.Join(dir, "main.sql"), ":r \".\\Post Deploy\\seed.sql\"\n:r \"Post Deploy/wide.sql\"\n:r missing.sql\n")
	sc := Preprocess(main, nil)
	checkScript(t, sc)
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"INSERT t VALUES ('café')\r\nSELECT N'€'\r\n"}) {
		t.Errorf("batches %q", got)
	}
	if len(sc.Files) != 3 || sc.Files[1].Encoding != CP1252 || sc.Files[2].Encoding != UTF16LE {
		t.Errorf("files %v", sc.Files)
	}
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, `:r cannot include "missing.sql": `) ||
		!strings.Contains(sc.Diags[0].Message, "no such file or directory") {
		t.Errorf("diags %q", diagMessages(sc))
	}
}

// An include named in another letter case than the file is found, as
// sqlcmd on Windows finds it; a Windows path in a message keeps its single
// backslashes.
func TestSqlcmdIncludeCaseFolded(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Seed"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Seed", "Data.sql"), []byte("SELECT 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	main := NewFile(filepath.Join(dir, "main.sql"), ":r .\\seed\\DATA.SQL\n:r .\\seed\\gone.sql\n")
	sc := Preprocess(main, nil)
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\n"}) {
		t.Errorf("batches %q", got)
	}
	if len(sc.Diags) != 1 || !strings.Contains(sc.Diags[0].Message, `:r cannot include ".\seed\gone.sql": `) {
		t.Errorf("diags %q", diagMessages(sc))
	}
}

func TestSqlcmdNeverPanics(t *testing.T) {
	inputs := []string{"", "\r", "\n", "GO", "go 99999999999999999999999", ":", "::", ":r", ":r \"", "!!", "!", "$", "$(", "$(x", "'", "[", "\"", "/*", "/*/", "--",
		"-", ":exit(", ":exit(x", "exit(", ":on", ":on error", "\x00", "\xff\xfe", "G", "Go\r", "$()", ":setvar \"", ":setvar a \"", ":setvar a \"\"\""}
	for _, in := range inputs {
		for _, suffix := range []string{"", "\n", "\r\n", "\nSELECT 1"} {
			sc := Preprocess(NewFile("n.sql", in+suffix), nil)
			checkScript(t, sc)
		}
	}
}

// sqlcmdBenchText generates about size bytes of T-SQL with GO lines. With
// vars it starts with a few :setvar lines and uses $(var) here and there.
func sqlcmdBenchText(size int, vars bool) string {
	var sb strings.Builder
	if vars {
		sb.WriteString(":setvar DatabaseName \"Sales\"\n:setvar DefaultDataPath \"D:\\SQLDATA\\\"\n:on error exit\n")
	}
	db := "Sales"
	if vars {
		db = "$(DatabaseName)"
	}
	for i := 0; sb.Len() < size; i++ {
		fmt.Fprintf(&sb, `-- Step %d: orders table and procedures
/* Block comment with a nested /* inner */ part
   and some prose about the change. */
IF OBJECT_ID(N'dbo.Orders%d', N'U') IS NULL
BEGIN
    CREATE TABLE [dbo].[Orders%d] (
        [OrderID] INT IDENTITY(1,1) NOT NULL PRIMARY KEY,
        [CustomerID] NVARCHAR(50) NOT NULL,
        [Amount] DECIMAL(18, 2) NOT NULL CHECK ([Amount] >= 0.0),
        [Note] NVARCHAR(MAX) NULL
    );
END
GO
CREATE OR ALTER PROCEDURE dbo.usp_GetOrders%d @CustomerID NVARCHAR(50)
AS
BEGIN
    SET NOCOUNT ON;
    DECLARE @msg NVARCHAR(200) = N'Loading orders for ' + @CustomerID + N' isn''t slow';
    SELECT o.OrderID, o.Amount, c.Name AS "Customer Name"
    FROM [%s].dbo.Orders%d AS o
    INNER JOIN dbo.Customers c ON c.CustomerID = o.CustomerID
    WHERE o.CustomerID = @CustomerID;
END
GO
`, i, i, i, i, db, i)
	}
	return sb.String()
}

func BenchmarkPreprocess(b *testing.B) {
	for _, bc := range []struct {
		name string
		vars bool
	}{{"plain", false}, {"vars", true}} {
		b.Run(bc.name, func(b *testing.B) {
			f := NewFile("bench.sql", sqlcmdBenchText(1<<20, bc.vars))
			b.SetBytes(int64(len(f.Text)))
			b.ReportAllocs()
			for b.Loop() {
				sc := Preprocess(f, nil)
				if len(sc.Diags) != 0 {
					b.Fatal(sc.Diags[0].Message)
				}
			}
		})
	}
}

// ssdtHeader is the start of a publish script as SSDT generates it.
const ssdtHeader = `/*
Deployment script for Sales

This code was generated by a tool.
*/

GO
SET ANSI_NULLS, ANSI_PADDING, ANSI_WARNINGS, ARITHABORT, CONCAT_NULL_YIELDS_NULL, QUOTED_IDENTIFIER ON;

SET NUMERIC_ROUNDABORT OFF;


GO
:setvar DatabaseName "Sales"
:setvar DefaultFilePrefix "Sales"
:setvar DefaultDataPath "C:\Program Files\Microsoft SQL Server\MSSQL15.MSSQLSERVER\MSSQL\DATA\"
:setvar DefaultLogPath "C:\Program Files\Microsoft SQL Server\MSSQL15.MSSQLSERVER\MSSQL\DATA\"

GO
:on error exit
GO
/*
Detect SQLCMD mode and disable script execution if SQLCMD mode is not supported.
*/
:setvar __IsSqlCmdEnabled "True"
GO
IF N'$(__IsSqlCmdEnabled)' NOT LIKE N'True'
    BEGIN
        PRINT N'SQLCMD mode must be enabled to successfully execute this script.';
        SET NOEXEC ON;
    END


GO
USE [$(DatabaseName)];


GO
ALTER DATABASE [$(DatabaseName)] ADD FILE (NAME = [$(DatabaseName)_2], FILENAME = N'$(DefaultDataPath)$(DefaultFilePrefix)_2.ndf');
`

func TestSqlcmdSSDTScript(t *testing.T) {
	f := NewFile("Sales.publish.sql", strings.ReplaceAll(ssdtHeader, "\n", "\r\n"))
	sc := Preprocess(f, &PreprocessOptions{Vars: map[string]string{"DatabaseName": "Overridden"}})
	checkScript(t, sc)
	if len(sc.Diags) != 0 {
		t.Errorf("diags %q", diagMessages(sc))
	}
	want := []string{
		"/*\r\nDeployment script for Sales\r\n\r\nThis code was generated by a tool.\r\n*/\r\n\r\n",
		"SET ANSI_NULLS, ANSI_PADDING, ANSI_WARNINGS, ARITHABORT, CONCAT_NULL_YIELDS_NULL, QUOTED_IDENTIFIER ON;\r\n\r\nSET NUMERIC_ROUNDABORT OFF;\r\n\r\n\r\n",
		"\r\n",
		"/*\r\nDetect SQLCMD mode and disable script execution if SQLCMD mode is not supported.\r\n*/\r\n",
		"IF N'True' NOT LIKE N'True'\r\n    BEGIN\r\n        PRINT N'SQLCMD mode must be enabled to successfully execute this script.';\r\n        SET NOEXEC ON;\r\n    END\r\n\r\n\r\n",
		"USE [Sales];\r\n\r\n\r\n", // :setvar beats -v
		"ALTER DATABASE [Sales] ADD FILE (NAME = [Sales_2], FILENAME = N'C:\\Program Files\\Microsoft SQL Server\\MSSQL15.MSSQLSERVER\\MSSQL\\DATA\\Sales_2.ndf');\r\n",
	}
	if got := batchTexts(sc); !reflect.DeepEqual(got, want) {
		t.Errorf("batches:\n got %q\nwant %q", got, want)
	}
	for i, b := range sc.Batches {
		if strings.Contains(b.Text, "$(") || isSubstring(b.Text, f.Text) != (i < 4) {
			t.Errorf("batch %d: shared with the file = %v", i, isSubstring(b.Text, f.Text))
		}
	}
	// The USE batch's "]" maps back to the file after "$(DatabaseName)".
	use := sc.Batches[5]
	p := use.Pos(strings.Index(use.Text, "]")).Position()
	if p.Line != 35 || p.Column != 21 {
		t.Errorf("] at %d:%d, want 35:21", p.Line, p.Column)
	}
}

// ppHasAdd finds "add" in any case wherever it is, and nothing else.
func TestPPHasAdd(t *testing.T) {
	rnd := rand.New(rand.NewPCG(9, 10))
	for range 100000 {
		b := make([]byte, rnd.IntN(12))
		for i := range b {
			b[i] = "aAdDx '"[rnd.IntN(7)]
		}
		s := string(b)
		if got, want := ppHasAdd(s), strings.Contains(strings.ToLower(s), "add"); got != want {
			t.Fatalf("ppHasAdd(%q) = %v, want %v", s, got, want)
		}
	}
}

// ppPairAt lets through the first three letters of every word of
// interest in any case, and few others.
func TestPPPairAt(t *testing.T) {
	for _, w := range []string{"use", "checkpoint", "backup", "restore", "database", "dbcc"} {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:], w[:1] + strings.ToUpper(w[1:])} {
			if !ppPairAt(v, 0) || !ppKeywordAt(v, 0) {
				t.Errorf("%q: not let through", v)
			}
		}
	}
	passed := 0
	for a := 'a'; a <= 'z'; a++ {
		for b := 'a'; b <= 'z'; b++ {
			for c := 'a'; c <= 'z'; c++ {
				if ppPairAt(string([]rune{a, b, c}), 0) {
					passed++
				}
			}
			if ppPairAt(string([]rune{a, b}), 0) {
				t.Errorf("%c%c: two letters let through", a, b)
			}
		}
	}
	if passed != 6 {
		t.Errorf("%d runs of three lower-case letters let through, want 6", passed)
	}
}

// ppKeywordAt, which tells most words apart by their first four bytes,
// says what a plain comparison with each word says: every word in
// several cases, changed by a byte, cut short, at the end of the text or
// before a byte of a word, and random words.
func TestPPKeywordAt(t *testing.T) {
	words := []string{"use", "checkpoint", "backup", "restore", "database", "dbcc", "databasebackup"}
	ref := func(s string, i int) bool {
		for _, w := range words {
			if len(s)-i >= len(w) && strings.EqualFold(s[i:i+len(w)], w) {
				// EqualFold folds Unicode too: compare bytes as the
				// preprocessor does
				ok := true
				for k := 0; k < len(w); k++ {
					ok = ok && s[i+k]|0x20 == w[k]
				}
				if ok && (i+len(w) == len(s) || !identCont[s[i+len(w)]]) {
					return true
				}
			}
		}
		return false
	}
	check := func(s string) {
		t.Helper()
		for i := range len(s) {
			if got, want := ppKeywordAt(s, i), ref(s, i); got != want {
				t.Fatalf("ppKeywordAt(%q, %d) = %v, want %v", s, i, got, want)
			}
		}
	}
	for _, w := range words {
		for _, v := range []string{w, strings.ToUpper(w), strings.ToUpper(w[:1]) + w[1:]} {
			for _, ctx := range []string{"%s", " %s", "%s ", "(%s)", "%sx", "%s1", "%s_", "%s$", "x%s", "%s;", "%s\n"} {
				check(strings.Replace(ctx, "%s", v, 1))
			}
			for k := range len(v) {
				check(v[:k])
				for _, c := range []byte{v[k] ^ 0x20, v[k] + 1, v[k] ^ 0x40, '_', '0', 0} {
					check(v[:k] + string(c) + v[k+1:])
				}
			}
		}
	}
	rnd := rand.New(rand.NewPCG(3, 4))
	alphabet := "useUSEchkpointCHKPOINTbacupBACUPrsoRSOdtbDTB_#@$0 ;(\x80"
	for range 100000 {
		b := make([]byte, 1+rnd.IntN(12))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

// ppCommandHead passes over no GO line or command: scripts of lines that
// start with the commands' first letters (and T-SQL that does) give the
// same batches, counts, plain flags and diagnostics as when lineCommand
// looks at every such line.
func TestCommandHead(t *testing.T) {
	type out struct {
		texts  []string
		counts []int
		plain  []bool
		diags  []string
	}
	run := func(text string) out {
		var o out
		sc := PreprocessPlain(NewFile("t.sql", text), &PreprocessOptions{Vars: map[string]string{"X": "1"}}, func(b *Batch, plain bool) {
			o.texts = append(o.texts, b.Text)
			o.counts = append(o.counts, int(b.Count))
			o.plain = append(o.plain, plain)
		})
		o.diags = diagMessages(sc)
		return o
	}
	heads := []string{"GO", "go", "Go 2", "GO -- c", "GOTO x", "GROUP BY a", "EXIT", "exit(SELECT 1)", ":EXIT", "ED", "ed", "EXEC p",
		"END", "ELSE", "QUIT", "quit", "QUERY", "RESET", "reset", "RETURN", "RESTORE DATABASE d", ":setvar Y 2", ":r x.sql", "!! dir",
		":on error exit", "e", "g", "q", "r", ":", "!", "  GO", "\tEXIT", "E", "Gx",
		"Exit", "eXiT(1)", "EXISTS (SELECT 1)", "EXI", "EX", "exits", "QuIt", "QUI", "QUOTENAME(x)", "ReSeT", "RES", "rese", "REVERT", "resets",
		"\uFEFFGO", "\uFEFFSELECT 1", "\uFEFF:setvar Y 3", "\uFF21", "\uFEFF"}
	rnd := rand.New(rand.NewPCG(5, 6))
	for range 3000 {
		var sb strings.Builder
		for range 1 + rnd.IntN(8) {
			if rnd.IntN(3) == 0 {
				sb.WriteString("SELECT 1")
			} else {
				sb.WriteString(heads[rnd.IntN(len(heads))])
			}
			sb.WriteString([]string{"\n", "\r\n", "\r", " \n"}[rnd.IntN(4)])
		}
		text := sb.String()
		got := run(text)
		ppAllCommandHeads = true
		want := run(text)
		ppAllCommandHeads = false
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: %+v, want %+v", text, got, want)
		}
	}
	// the command lines themselves are looked at
	for _, h := range []string{"GO", "go 2", "EXIT", "ed", "QUIT", "reset", ":r x", "!! x", "eXiT", "Quit", "ReSeT", "EXIT(1)"} {
		if !ppCommandHead(h+"\n", 0) {
			t.Errorf("ppCommandHead(%q) = false", h)
		}
	}
	// a line cut short by the end of the text may still be one
	for _, h := range []string{"E", "EX", "EXI", "ex", "exi"} {
		if !ppCommandHead(h, 0) {
			t.Errorf("ppCommandHead(%q) at the end = false", h)
		}
	}
	// EXEC lines leave ppRun's loop no more
	for _, h := range []string{"EXEC p", "exec p", "EXISTS (", "ExEc"} {
		if ppCommandHead(h+"\n", 0) {
			t.Errorf("ppCommandHead(%q) = true", h)
		}
	}
}
