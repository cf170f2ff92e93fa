package parser

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestScanUnterminated: a string, identifier or block comment without its
// end is found where it opens; everything that is closed is not.
func TestScanUnterminated(t *testing.T) {
	cases := []struct {
		src, what string
		at        int // offset of the opening, when what != ""
	}{
		{"SELECT 'abc", "string", 7},
		{"SELECT N'abc", "string", 7},
		{"SELECT 'it''s", "string", 7},
		{"SELECT 'it'''", "", 0},
		{"SELECT 'it''", "string", 7},
		{"SELECT [a", "bracketed identifier", 7},
		{"SELECT [a]]", "bracketed identifier", 7},
		{"SELECT \"a", "quoted identifier", 7},
		{"SELECT 1 /* c", "comment", 9},
		{"SELECT 1 /* /* nested */ c", "comment", 9},
		{"SELECT 1 /* c *", "comment", 9},
		{"SELECT 1 /*/", "comment", 9},
		{"SELECT 'a', 'b", "string", 12},
		{"SELECT 'a'", "", 0},
		{"SELECT N'it''s'", "", 0},
		{"SELECT 'it'''''", "", 0},
		{"SELECT [a]]b]", "", 0},
		{"SELECT \"a\"\"b\"", "", 0},
		{"SELECT 1 /* /* nested */ */", "", 0},
		{"SELECT 1 -- 'not a string", "", 0},
		{"SELECT 1 -- /* not a comment", "", 0},
		{"SELECT '/* not a comment'", "", 0},
		{"SELECT '-- [not'", "", 0},
		{"/* 'not a string */ SELECT 1", "", 0},
		{"", "", 0},
	}
	for _, tc := range cases {
		var s Scanner
		s.Scan(tc.src)
		if s.Open.What != tc.what || (tc.what != "" && s.Open.Start != tc.at) {
			t.Errorf("%q: open %+v, want %q at %d", tc.src, s.Open, tc.what, tc.at)
		}
	}
	// a scanner reused on closed text forgets the last one
	var s Scanner
	s.Scan("SELECT 'a")
	s.Scan("SELECT 'a'")
	if s.Open.What != "" {
		t.Errorf("reused scanner kept %+v", s.Open)
	}
}

// TestParseUnterminated: an unterminated string, identifier or comment is
// one SL001 at its opening; the statements before it are still parsed, the
// statement it cuts short is not reported a second time.
func TestParseUnterminated(t *testing.T) {
	cases := []struct {
		src, what string
		line, col int
		parsed    int // statements of interest parsed before it
	}{
		{"CHECKPOINT 10;\nPRINT 'it''s not closed\nCHECKPOINT 5;\nGO\nCHECKPOINT 7;\n", "string", 2, 7, 1},
		{"CHECKPOINT 10;\nBACKUP DATABASE x TO DISK = N'x.bak\nGO\n", "string", 2, 29, 1},
		{"USE a;\nUSE [Sales\nGO\n", "bracketed identifier", 2, 5, 1},
		{"USE a;\nUSE \"Sales\nGO\n", "quoted identifier", 2, 5, 1},
		{"CHECKPOINT 10;\n/* /* nested */\nCHECKPOINT 5\nGO\n", "comment", 2, 1, 1},
		{"CHECKPOINT 10\nBACKUP DATABASE x TO /* the path\nGO\n", "comment", 2, 22, 1},
		{"ALTER DATABASE x SET TARGET_RECOVERY_TIME = 60 SECONDS\nCHECKPOINT 'x", "string", 2, 12, 1},
		{"USE a\nALTER DATABASE x SET RECOVERY FULL, X = 'a", "string", 2, 41, 1},
		{"CHECKPOINT\n/* the end", "comment", 2, 1, 1},
	}
	for _, tc := range cases {
		for _, fast := range []bool{true, false} {
			r := parseFileFast(tc.src, fast)
			if len(r.Diags) != 1 {
				t.Errorf("%q: want one diagnostic, got %v", tc.src, r.Diags)
				continue
			}
			d := r.Diags[0]
			p := d.Span.Start.Position()
			want := "unterminated " + tc.what + " starting here"
			if d.Rule != "SL001" || p.Line != tc.line || p.Column != tc.col || !strings.HasPrefix(d.Message, want) {
				t.Errorf("%q: got %s at %d:%d %q, want SL001 at %d:%d %q", tc.src, d.Rule, p.Line, p.Column, d.Message, tc.line, tc.col, want)
			}
			parsed := 0
			for _, st := range r.Statements {
				if st.Node != nil {
					parsed++
				}
			}
			if parsed != tc.parsed {
				t.Errorf("%q: %d statements parsed, want %d", tc.src, parsed, tc.parsed)
			}
		}
	}
}

// TestReserved: every reserved keyword is found whatever its case, and
// words that only look like one are not.
func TestReserved(t *testing.T) {
	for _, w := range reservedWords {
		for _, v := range []string{w, strings.ToLower(w), strings.ToUpper(w[:1]) + strings.ToLower(w[1:])} {
			if !reserved(v) {
				t.Errorf("%q is reserved", v)
			}
		}
	}
	for _, w := range []string{"", "A", "TAPE", "URL", "MOVE", "NAME", "SIZE", "FILENAME", "FILEGROUP", "WITHX", "WIT",
		"CHECKPOINTS", "RECOVERY", "SECONDS", "\u017fet", "S\u212aIP", "DATABASE_SNAPSHOT", strings.Repeat("A", 40)} {
		if reserved(w) {
			t.Errorf("%q is not reserved", w)
		}
	}
}

// lookupKeyword knows the keywords in any case and nothing else: every
// keyword, spelt in several cases and changed by a byte, and random
// words of letters and other bytes, against the keywords map.
func TestLookupKeyword(t *testing.T) {
	asciiUpper := func(w string) string {
		b := []byte(w)
		for i, c := range b {
			b[i] = upper(c)
		}
		return string(b)
	}
	check := func(w string) {
		t.Helper()
		if got, want := lookupKeyword(w), keywords[asciiUpper(w)]; got != want {
			t.Fatalf("lookupKeyword(%q) = %d, want %d", w, got, want)
		}
	}
	rnd := rand.New(rand.NewPCG(7, 8))
	alphabet := "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_#@$0123456789\x80\xc3\xa9`{[\x01\x41\x5a\x61\x7a"
	for w := range keywords {
		check(w)
		check(strings.ToLower(w))
		check(strings.ToLower(w[:1]) + w[1:])
		for i := range len(w) {
			for _, c := range []byte{w[i] ^ 0x20, w[i] + 1, w[i] ^ 0x40, w[i] ^ 0x60, '_', '0'} {
				check(w[:i] + string(c) + w[i+1:])
			}
		}
		check(w + "S")
		check("X" + w)
	}
	for range 200000 {
		b := make([]byte, 1+rnd.IntN(12))
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

// keywordName spells every keyword in upper case, from any case, and
// any other word as strings.ToUpper does.
func TestKeywordName(t *testing.T) {
	for w := range keywords {
		for _, v := range []string{w, strings.ToLower(w), strings.ToLower(w[:1]) + w[1:]} {
			if got := keywordName(v); got != w {
				t.Fatalf("keywordName(%q) = %q, want %q", v, got, w)
			}
		}
		for _, v := range []string{w + "s", "x" + strings.ToLower(w), strings.ToLower(w[:len(w)-1]) + "_"} {
			if got, want := keywordName(v), strings.ToUpper(v); got != want {
				t.Fatalf("keywordName(%q) = %q, want %q", v, got, want)
			}
		}
	}
}

// A scan stopped at a limit and gone on with (scanMore) gives the tokens,
// directives and unterminated token of one scan, whatever the limits.
func TestScanMore(t *testing.T) {
	texts := []string{mixedSQL(64<<10, 3), "SELECT 1 -- sqllint: ignore SL001 x\n/* sqllint:ignore SL302 y */ CHECKPOINT\nSELECT 'open",
		"SELECT [a /* b */ FROM t\nGO", "/* open comment\nSELECT 1", "SELECT 1 -- last"}
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	for _, src := range texts {
		var one Scanner
		want := slices.Clone(one.Scan(src))
		for _, first := range []int{1, 2, 7, 64} {
			var sc Scanner
			toks := sc.scan(src, first)
			for n := first; len(toks) == n; {
				n = n*3 + 1
				toks = sc.scanMore(src, toks, n)
			}
			if !slices.Equal(toks, want) || !slices.Equal(sc.Directives, one.Directives) || sc.Open != one.Open {
				t.Fatalf("%.60q from %d tokens: %d tokens, %v, %+v; want %d, %v, %+v", src, first, len(toks), sc.Directives, sc.Open, len(want), one.Directives, one.Open)
			}
		}
	}
}

// keywordAt reads a word inside a longer text (8 bytes at a time past its
// end) as lookupKeyword reads it alone: every keyword and its near misses,
// followed by word bytes, blanks or nothing, at every distance from the
// text's end.
func TestKeywordAtInText(t *testing.T) {
	var words []string
	for w := range keywords {
		words = append(words, w, strings.ToLower(w), w+"S", w[:len(w)-1], "X"+w, w[:len(w)-1]+"_", w[:len(w)-1]+"\xc3")
	}
	words = append(words, "NAME", "dbo", "Id", "SELECTED", "UPDATETEXTS", "CHECKPOINT1", "RECONFIGURES", "a")
	for _, w := range words {
		want := lookupKeyword(w)
		for _, tail := range []string{"", " ", "X", "abcdefghijkl", "\x00\x00\x00\x00\x00\x00\x00\x00", "ION", "(1)"} {
			for _, head := range []string{"", " ", "SELECT "} {
				text := head + w + tail
				if got := keywordAt(text, len(head), len(head)+len(w)); got != want {
					t.Fatalf("keywordAt(%q, %d, %d) = %d, want %d", text, len(head), len(head)+len(w), got, want)
				}
			}
		}
	}
}

// The scanner marks each word with its keyword code (lookupKeyword) and
// each "(", ")" and ";" with its mark, and no other token: what the
// splitter reads instead of the token's text.
func TestScanMarks(t *testing.T) {
	texts := []string{mixedSQL(64<<10, 3), generatedSQL(64<<10, 0.5), "x(", "(begin;", "SELECT N'a'+n'b' FROM t WHERE a<=b;END",
		"db_${env}.t", "exec$(v) ${a}", "{{name}} backup", "EXEC [(]; '(' ; \";\""}
	for _, src := range texts {
		var sc Scanner
		for _, tk := range sc.Scan(src) {
			w := src[tk.Start:tk.End]
			want := kwNone
			switch tk.Kind {
			case TokIdent:
				want = lookupKeyword(w)
			case TokPunct:
				if len(w) == 1 {
					want = punctMark[w[0]]
				}
			}
			if tk.kw != want {
				t.Fatalf("%.40q: token %q (%v) marked %d, want %d", src, w, tk.Kind, tk.kw, want)
			}
		}
	}
}

// The scanner's addStr is stringHasAdd over the tokens it gives, but for
// an unterminated string, which split drops.
func TestScanAddStr(t *testing.T) {
	texts := []string{mixedSQL(16<<10, 3), generatedSQL(16<<10, 0.5), "SELECT 'add'", "SELECT N'x ADD'", "SELECT 'address'",
		"SELECT 'a', 'ADD FILE", "SELECT N'add", "SELECT 'add' + 'open", "SELECT [add]", "SELECT \"add\"", "-- 'add'\nSELECT 1",
		"SELECT '''add'''", "SELECT 'x' /* 'add' */", "SELECT 'ad' + 'd'"}
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data))
	}
	seen := map[bool]int{}
	for _, src := range texts {
		var sc Scanner
		toks := sc.Scan(src)
		if sc.Open.What == "string" {
			toks = toks[:len(toks)-1]
		}
		want := stringHasAdd(src, toks)
		if sc.addStr != want {
			t.Fatalf("%.60q: addStr %v, want %v", src, sc.addStr, want)
		}
		seen[want]++
	}
	if seen[true] < 3 || seen[false] < 3 {
		t.Fatalf("texts with and without ADD text: %v", seen)
	}
}

// scanSlow scans src a token at a time with toks always full, so that
// scanCommon never runs: every token goes through scanFrom's switch.
func scanSlow(src string) ([]Token, Scanner) {
	var sc Scanner
	toks := sc.scan(src, 0)
	for {
		n := len(toks)
		toks = sc.scanMore(src, toks[:n:n], n+1)
		if len(toks) == n {
			return toks, sc
		}
	}
}

// checkScanCommon fails when the scanner's tokens, directives,
// unterminated token or addStr differ from those of its switch alone.
func checkScanCommon(t *testing.T, src string) {
	t.Helper()
	var sc Scanner
	sc.Tokens = make([]Token, 0, len(src)+1) // room for every token: scanCommon stops when toks is full
	got := sc.Scan(src)
	want, ref := scanSlow(src)
	if !slices.Equal(got, want) || !slices.Equal(sc.Directives, ref.Directives) || sc.Open != ref.Open || sc.addStr != ref.addStr {
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Fatalf("%.60q: token %d is %+v, want %+v (%q)", src, i, got[i], want[i], src[want[i].Start:want[i].End])
			}
		}
		t.Fatalf("%.60q: %d tokens, %v, %+v, %v; want %d, %v, %+v, %v", src, len(got), sc.Directives, sc.Open, sc.addStr, len(want), ref.Directives, ref.Open, ref.addStr)
	}
}

// scanCommon, the scanner's loop for the commonest tokens, gives what
// its switch gives for every token.
func TestScanCommon(t *testing.T) {
	texts := []string{mixedSQL(16<<10, 3), generatedSQL(16<<10, 0.5), "", "a", "N", "n'x'", "Na", "x$", "a$(b)c", "a${b}", "a{{b}}",
		"a>=b", "a!<b", "a!>b", "a::b", "a<>b", "a<=b", "a!=b", "@v+=1", "x.y", "1.5e3", "$12", "{", "{{a}}", "[a]", "\"a\"",
		"CHECKPOINT", "CHECKPOINTX", "checkpoint", "RECONFIGURE", "RECONFIGURES", "x RECONFIGURE", "UPDATETEXT", "SET", "set",
		"a -- sqllint: ignore SL001\nb", "a /* x */ b", "N'a", "'a", "é ñ", "\x00\x1a x", "#t ##g @@rowcount",
		"0x1F", "0X0a+1", "12x", "1.5", "5.", "1e5", "1E+5", "1e", ".5", "a.b", "a-b", "a--b", "-1", "a/b", "a/*b*/c", "a-=1", "1-2", "9",
		"a b  c\td \t e\r\nf\n\n g\v\fh\x00i \x1aj ", "( a ,b ) ;", "'x' [y]  \"z\"\t'w'", " "}
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, string(data[:min(len(data), 16<<10)])) // scanSlow is quadratic
	}
	for _, src := range texts {
		checkScanCommon(t, src)
		// every keyword at every distance from the end of the text
		for k := 0; k < 10 && k < len(src); k++ {
			checkScanCommon(t, src[len(src)-k:])
		}
	}
	for w := range keywords {
		for _, tail := range []string{"", " ", "x", ";", "  1234567890"} {
			checkScanCommon(t, w+tail)
			checkScanCommon(t, "a "+strings.ToLower(w)+tail)
		}
	}
}

// scanCommon's strings, N'...' strings and quoted names, read 8 bytes at
// a time, end where the switch's do, at every distance of their closing
// or doubled quote from a block of 8, and a string that may hold ADD text
// ("dd" in any case, across blocks too) sets addStr as the switch does.
func TestScanCommonQuoted(t *testing.T) {
	pad := strings.Repeat("x", 24)
	for _, q := range []string{"'", "N'", "n'", "\"", "["} {
		cl := q[len(q)-1:]
		if cl == "[" {
			cl = "]"
		}
		for a := 0; a < 20; a++ {
			for _, body := range []string{"", "a", "add", "ADD file", "dd", "d d", "Dd", "padded", cl + cl, "a" + cl + cl + "b", "x add" + cl + cl, cl + cl + "add"} {
				tok := q + pad[:a] + body + pad[:a%9] + cl
				for _, src := range []string{tok, tok + " b", "a " + tok + " = " + tok + ";\n" + pad, tok + cl, "N" + tok + "N" + tok} {
					checkScanCommon(t, src)
				}
			}
		}
	}
}

func FuzzScanCommon(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Add(mixedSQL(4<<10, 3))
	f.Fuzz(func(t *testing.T, src string) { checkScanCommon(t, src) })
}
