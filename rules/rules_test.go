package rules

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/natsort"
	"github.com/sqllint/sqllint/parser"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestFixtures runs every rule over testdata/rules. Each expected finding
// is written on its line as -- want "SL302" (several allowed). An
// unexpected finding fails, and so does an unmatched want. A .sql file is
// one run; a folder is one run over its files in natural order. A first
// line "-- test-config: key=value ..." sets config (target-version=16,
// SL101.startup-budget=20, disable=SL302, database=Sales).
func TestFixtures(t *testing.T) {
	root := filepath.Join("..", "testdata", "rules")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		path := filepath.Join(root, e.Name())
		if !e.IsDir() && !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			var files []string
			if e.IsDir() {
				filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
					if err == nil && !d.IsDir() && strings.HasSuffix(p, ".sql") {
						files = append(files, p)
					}
					return nil
				})
				sort.Slice(files, func(i, j int) bool { return natsort.Less(files[i], files[j]) })
			} else {
				files = []string{path}
			}
			checkRun(t, files)
		})
	}
	if n < 10 {
		t.Fatalf("only %d fixtures found under %s", n, root)
	}
}

var wantRE = regexp.MustCompile(`--\s*want((?:\s+"[^"]+")+)`)
var quotedRE = regexp.MustCompile(`"([^"]+)"`)

type key struct {
	path string
	line int
	rule string
}

func checkRun(t *testing.T, paths []string) {
	t.Helper()
	var results []*parser.Result
	want := map[key]int{}
	cfg := &Config{}
	for i, p := range paths {
		f := readScript(t, p)
		if i == 0 {
			testConfig(t, f.Text, cfg)
		}
		for ln := 1; ln <= f.Lines(); ln++ {
			line, _ := f.Line(ln)
			if m := wantRE.FindStringSubmatch(line); m != nil {
				for _, q := range quotedRE.FindAllStringSubmatch(m[1], -1) {
					want[key{p, ln, q[1]}]++
				}
			}
		}
		results = append(results, parser.ParseFile(f, &parser.PreprocessOptions{Database: cfg.DefaultDatabase}))
	}
	findings := Analyze(Default, results, cfg)
	got := map[key]int{}
	for _, f := range findings {
		pos := f.Span.Start.Position()
		got[key{pos.Path, pos.Line, f.Rule.ID}]++
	}
	for k, n := range got {
		if want[k] < n {
			t.Errorf("%s:%d: unexpected %s: %s", k.path, k.line, k.rule, messageOf(findings, k))
		}
	}
	for k, n := range want {
		if got[k] < n {
			t.Errorf("%s:%d: want %s, not reported", k.path, k.line, k.rule)
		}
	}
	checkGolden(t, paths, findings)
}

func messageOf(fs []Finding, k key) string {
	for _, f := range fs {
		p := f.Span.Start.Position()
		if p.Path == k.path && p.Line == k.line && f.Rule.ID == k.rule {
			return f.Message
		}
	}
	return ""
}

func testConfig(t *testing.T, text string, cfg *Config) {
	first, _, _ := strings.Cut(text, "\n")
	rest, ok := strings.CutPrefix(strings.TrimSpace(first), "-- test-config:")
	if !ok {
		return
	}
	for _, kv := range strings.Fields(rest) {
		k, v, _ := strings.Cut(kv, "=")
		switch {
		case k == "target-version":
			cfg.TargetVersion, _ = strconv.Atoi(v)
		case k == "database":
			cfg.DefaultDatabase = v
		case k == "disable":
			if cfg.Disabled == nil {
				cfg.Disabled = map[string]bool{}
			}
			cfg.Disabled[v] = true
		case strings.Contains(k, "."):
			id, opt, _ := strings.Cut(k, ".")
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("test-config %s: %v", kv, err)
			}
			if cfg.Options == nil {
				cfg.Options = map[string]map[string]float64{}
			}
			if cfg.Options[id] == nil {
				cfg.Options[id] = map[string]float64{}
			}
			cfg.Options[id][opt] = f
		default:
			t.Fatalf("unknown test-config key %q", k)
		}
	}
}

// checkGolden applies every fix and compares with path.golden when it
// exists (or when -update is given and there are fixes).
func checkGolden(t *testing.T, paths []string, findings []Finding) {
	t.Helper()
	for _, p := range paths {
		var edits []Edit
		var text string
		for _, f := range findings {
			if f.Fix == nil {
				continue
			}
			for _, e := range f.Fix.Edits {
				if e.File.Path == p {
					edits = append(edits, e)
					text = e.File.Text
				}
			}
		}
		golden := p + ".golden"
		if _, err := os.Stat(golden); err != nil && !(*update && len(edits) > 0) {
			continue
		}
		if len(edits) == 0 {
			data, _ := os.ReadFile(p)
			text = string(data)
		}
		fixed, skipped := ApplyEdits(text, edits)
		if len(skipped) > 0 {
			t.Errorf("%s: %d overlapping edits", p, len(skipped))
		}
		if *update {
			if err := os.WriteFile(golden, []byte(fixed), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if fixed != string(want) {
			t.Errorf("%s: fixed text differs from %s:\n%s", p, golden, diffLines(string(want), fixed))
		}
	}
}

func diffLines(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, w, g)
		}
	}
	return b.String()
}

// isTRTZero matches by hand what this regular expression matches.
var trtZeroRE = regexp.MustCompile(`(?is)^TARGET_RECOVERY_TIME\s*=\s*0+\s+(SECONDS|MINUTES)$`)

func TestIsTRTZeroAsTheRegularExpression(t *testing.T) {
	check := func(s string) {
		t.Helper()
		if got, want := isTRTZero(s), trtZeroRE.MatchString(s); got != want {
			t.Errorf("isTRTZero(%q) = %v; the regular expression says %v", s, got, want)
		}
	}
	for _, s := range []string{
		"", "TARGET_RECOVERY_TIME = 0 SECONDS", "target_recovery_time=00\tminutes", "TARGET_RECOVERY_TIME = 0SECONDS",
		"TARGET_RECOVERY_TIME = 0 SECONDS ", " TARGET_RECOVERY_TIME = 0 SECONDS", "TARGET_RECOVERY_TIME = 10 SECONDS",
		"TARGET_RECOVERY_TIME = 0 \u017fECONDS", "TARGET_RECOVERY_TIME = 0 MINUTE\u017f", "TARGET_RECOVERY_TIME = 0 HOURS",
		"TARGET_RECOVERY_TIME\n=\n0\r\nSECONDS", "TARGET_RECOVERY_TIME = 0\vSECONDS", "TARGET_RECOVERY_TIME 0 SECONDS",
		"TARGET_RECOVERY_TIME = SECONDS", "TARGET_RECOVERY_TIME = 0 $(unit)",
	} {
		check(s)
	}
	// and on strings made of pieces that match or nearly do
	pieces := [][]string{
		{"TARGET_RECOVERY_TIME", "target_recovery_time", "TARGET_RECOVERY_TIM", "x"},
		{"", " ", "\t\n", "\v"},
		{"=", "", "=="},
		{"", " ", "\r\n", "\v"},
		{"0", "00", "", "1", "01"},
		{" ", "  \f", "", "\v"},
		{"SECONDS", "seconds", "MINUTES", "minute\u017f", "\u017fECOND\u017f", "HOURS", "SECOND"},
		{"", "", " ", "x", "\u212a"},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		var b strings.Builder
		for _, p := range pieces {
			b.WriteString(p[rng.IntN(len(p))])
		}
		check(b.String())
	}
}

func TestIsNul(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"NUL", true}, {"nul", true}, {" Nul: ", true}, {`\\.\nul`, true}, {`\\.\NUL`, true}, {"\tNUL\n", true},
		{"NUL.bak", false}, {"B:\\Backup\\x.bak", false}, {"", false}, {"NULL", false}, {"NU", false}, {`\\.\NUL:`, false},
	} {
		if got := isNul(c.s); got != c.want {
			t.Errorf("isNul(%q) = %v, want %v", c.s, got, c.want)
		}
	}
}

// TestSL103ManyBuildersInALoop: a loop that assigns ADD FILE text to
// more variables than loopAddFiles looks through in a list (it then
// indexes them) reports the builders of the variables it runs, and only
// those, as a loop with few does.
func TestSL103ManyBuildersInALoop(t *testing.T) {
	for _, n := range []int{3, 40} {
		var b strings.Builder
		b.WriteString("DECLARE @i int = 0;\nWHILE @i < 10\nBEGIN\n")
		for k := range n {
			fmt.Fprintf(&b, "    SET @v%d = N'ALTER DATABASE s ADD FILEGROUP FG' + CAST(@i AS nvarchar(10));\n", k)
		}
		b.WriteString("    SET @v1 = @v1 + N' ADD FILE';\n    EXEC (@v1);\n    EXEC sys.sp_executesql @v2;\n    SET @i += 1;\nEND\n")
		var lines []int
		for _, f := range run(t, b.String(), nil, "SL103") {
			lines = append(lines, f.Span.Start.Position().Line)
		}
		// @v1's two builders (lines 5 and n+4) and @v2's (line 6)
		if want := []int{5, 6, n + 4}; fmt.Sprint(lines) != fmt.Sprint(want) {
			t.Errorf("%d variables: SL103 on lines %v, want %v", n, lines, want)
		}
	}
}
