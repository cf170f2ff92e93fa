package parser

import (
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/internal/gencorpus"
)

// ppRule is a rule of the scanner's stops: the bits of the starts of
// lines (ppLineBits), the plain table's letters (ppBuildTables), and
// where it stops for "--" and '<' (ppPairMarks).
type ppRule struct {
	lineBits uint8
	heads    string
	pairs    bool
	marks    bool
}

var (
	ppRuleNow = ppRule{ppPLine | ppPIndent, ppHeads, true, true}
	// ppRuleOld stops at every blank that starts a line, at the first
	// letter of every word of interest (the s of sp_dropdevice too), and
	// at every '-' and '<'.
	ppRuleOld = ppRule{ppPLine | ppPBlank, "bcdrsuBCDRSU", false, false}
)

// preprocessTrace is all the preprocessor says of src under rule r:
// its batches, plain or not, the offsets it reports its reading at, and
// the script.
func preprocessTrace(src string, r ppRule) string {
	defer func(b uint8, m bool) {
		ppLineBits, ppPairMarks = b, m
		ppBuildTables(ppHeads, true)
	}(ppLineBits, ppPairMarks)
	ppLineBits, ppPairMarks = r.lineBits, r.marks
	ppBuildTables(r.heads, r.pairs)
	var sb strings.Builder
	load := func(path string) (*File, error) {
		ld := &mapLoader{files: fuzzFiles}
		return ld.load(path)
	}
	opt := &PreprocessOptions{Load: load, MaxDepth: 4, Vars: map[string]string{"Dir": ".", "A": "1"}}
	sc := PreprocessLentReading(NewFile("root.sql", src), opt, func(b *Batch, plain bool) {
		fmt.Fprintf(&sb, "batch %v %d %d %q", plain, b.Index, b.Count, b.Text)
		for _, g := range b.Segs {
			fmt.Fprintf(&sb, " [%d %s %d %v]", g.Out, g.File.Path, g.In, g.Subst)
		}
		fmt.Fprintf(&sb, " %v\n", b.Dyn != nil)
	}, func(off int) {
		fmt.Fprintf(&sb, "reading %d\n", off)
	})
	for _, d := range sc.Diags {
		fmt.Fprintf(&sb, "diag %s %s %d %s %d %q\n", d.Rule, d.Span.Start.File.Path, d.Span.Start.Offset, d.Span.End.File.Path, d.Span.End.Offset, d.Message)
	}
	fmt.Fprintf(&sb, "expanded %d includes %d connects %v %q\n", sc.Expanded, sc.IncludeCommands, sc.Connects, sc.ConnectServers)
	for _, f := range sc.Files {
		fmt.Fprintf(&sb, "file %s %d\n", f.Path, len(f.Text))
	}
	return sb.String()
}

// checkIndentRule fails when the scanner's rules for indented lines
// (it stops where a byte that may start a GO line or a command follows
// a blank) and for words of interest (at two of their letters, or their
// first for USE and RESTORE) say anything the rules that stop at every
// blank starting a line and at the first letter of every word of
// interest do not. Each rule is compared alone too.
func checkIndentRule(t *testing.T, name, src string) {
	t.Helper()
	old := preprocessTrace(src, ppRuleOld)
	for _, r := range []ppRule{ppRuleNow, {ppRuleNow.lineBits, ppRuleOld.heads, false, false}, {ppRuleOld.lineBits, ppHeads, true, false},
		{ppRuleOld.lineBits, ppRuleOld.heads, false, true}} {
		checkTraces(t, name, preprocessTrace(src, r), old)
	}
	checkTraces(t, name+" (scanFile alone)", preprocessTraceScanOnly(src), old)
}

func checkTraces(t *testing.T, name, got, old string) {
	t.Helper()
	if got != old {
		i := 0
		for i < len(got) && i < len(old) && got[i] == old[i] {
			i++
		}
		lo := max(0, i-200)
		t.Fatalf("%s: the preprocessor differs at %d of its trace:\n%s\nwas\n%s", name, i, got[lo:min(len(got), i+200)], old[lo:min(len(old), i+200)])
	}
}

// indentSamples are lines that start, or nearly start, GO lines and
// commands, indented or not, with the bytes that end lines.
var indentSamples = []string{
	"GO", "go", "  GO", "\tgo 2", " \t GO -- c", "    go", "        GO\t", "GOTO x", "  GOTO x",
	":r inc.sql", "  :r inc.sql", "\t:setvar A 2", "  :setvar B $(A)", "  :on error exit", "!!dir", "  !!dir",
	"  EXIT", "exit(select 1)", "  QUIT", "  :connect srv", "  RESET", "  ED", "  ERROR x", "  EXEC p",
	"  e", "  r", " ", "\t", "", "SELECT 1", "  SELECT '  GO'", "  /* x", "  GO */", "'", "  '", "x <t, y, z>",
	"  <a, b, c>", "  SELECT ${x} -- y", "  ${x}", "USE db", "  use db", "  CHECKPOINT", "  BACKUP DATABASE d",
	"  dbcc checkdb", "RESTORE x", "  [a] GO", "CHECKPOINT", "checkpoint;", "x.checkpoint", "5checkpoint", "$checkpoint",
	"0x12checkpoint", "backup log", "BACKUP", "abackup", "ALTER DATABASE d", "database", "_database", "@database", "dbcc", "DBCC(",
	"dbccx", "DBcc", "kp", "ku", "ab", "bc", "abc", "kpu", "table", "checkpoints", "backups", "databases", "#backup",
	"chec", "chekp", "backu", "datab", "dbc", "use", "USE db", "xuse", "restore", "RESTORE", "u", "ruse", "1use", "(use", "'use'",
	"[dbcc]", "--backup", "/*checkpoint*/", "$(A)checkpoint", "$(A)backup", "N'x'database", "\"  GO\"", "  --GO", "  -- :r x", "N'", "$(A)", "  $(A) GO",
	"-", "--", "---", "- -", "a-b", "a - -- x", "-3", "x<y", "<", "<<x", "a <b", "a<-b", "<'x'", "<--x", "<\"x\"", "<[x]", "<$(A)",
	"'a'--b", "$(A)--x", "/--", "/*x*/--y", "-<x", "<-", "<u", "<use x", "< GO", "a<\r", "--\r--",
	"EXEC sp_addumpdevice 'disk', 'D', 'x'", "sp_dropdevice", "SP_DROPDEVICE 'D'", "dbo.sp_AddUmpDevice", "sp_dropdevices", "xsp_dropdevice",
	"sp_drop", "dropdevice", "dumpdevice", "sp_addumpdevic", "sp_dropdevICE(", "ic", "Ic", "device", "sp_xdropdevice", "sp_dump device",
}

func indentText(r *rand.Rand, lines int) string {
	var sb strings.Builder
	for k := 0; k < lines; k++ {
		sb.WriteString(indentSamples[r.Intn(len(indentSamples))])
		if r.Intn(3) == 0 { // words run together
			sb.WriteString(indentSamples[r.Intn(len(indentSamples))])
		}
		switch r.Intn(9) {
		case 8:
			const seps = " (,.;0$_@#x\t"
			sb.WriteByte(seps[r.Intn(len(seps))])
		case 0:
			sb.WriteString("\r\n")
		case 1:
			sb.WriteString("\r")
		case 2:
			sb.WriteString(" ")
		default:
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

// The rule for indented lines changes nothing the preprocessor says:
// on the fixtures, generated scripts (one large enough to report its
// reading), scripts of indented commands and random lines.
func TestIndentRuleSameOutput(t *testing.T) {
	for _, path := range fixtureFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checkIndentRule(t, path, string(data))
	}
	for _, c := range []struct {
		density float64
		size    int64
	}{{0.02, 1 << 20}, {0.2, 256 << 10}, {1, 256 << 10}, {0.02, 9 << 20}} {
		var sb strings.Builder
		if _, err := gencorpus.New(5, c.density, 0).WriteTo(&sb, c.size); err != nil {
			t.Fatal(err)
		}
		checkIndentRule(t, fmt.Sprintf("generated %v %d", c.density, c.size), sb.String())
	}
	r := rand.New(rand.NewSource(11))
	for k := 0; k < 3000; k++ {
		checkIndentRule(t, fmt.Sprintf("random %d", k), indentText(r, 1+r.Intn(12)))
	}
	for _, src := range fuzzSeeds {
		checkIndentRule(t, "seed", src)
	}
}

// The indented GO lines and commands are found where the scanner stops
// after a blank: batches end at them, and an indented :setvar sets its
// variable.
func TestIndentedLinesFound(t *testing.T) {
	src := "SELECT 1\n    GO\nSELECT x\n\t  :setvar V 7\nSELECT $(V) -- GO\n  go\nSELECT 'GO'\n  SELECT 2\n GO\n"
	var texts []string
	sc := PreprocessFunc(NewFile("t.sql", src), nil, func(b *Batch) { texts = append(texts, b.Text) })
	want := []string{"SELECT 1\n", "SELECT x\nSELECT 7 -- GO\n", "SELECT 'GO'\n  SELECT 2\n"}
	if fmt.Sprint(texts) != fmt.Sprint(want) || len(sc.Diags) != 0 {
		t.Fatalf("batches %q, diags %v; want %q", texts, sc.Diags, want)
	}
}

// FuzzIndentRule: the rule for indented lines changes nothing the
// preprocessor says on any text.
func FuzzIndentRule(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	r := rand.New(rand.NewSource(3))
	for k := 0; k < 20; k++ {
		f.Add(indentText(r, 6))
	}
	f.Fuzz(func(t *testing.T, src string) {
		checkIndentRule(t, "fuzz", src)
	})
}
