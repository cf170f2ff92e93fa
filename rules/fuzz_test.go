package rules

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// FuzzAnalyze runs every rule over arbitrary scripts: no input may make a
// rule panic, and every finding must point inside its file.
func FuzzAnalyze(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "rules", "*.sql"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil && len(data) < 8<<10 {
			f.Add(string(data))
		}
	}
	for _, r := range Default.All() {
		f.Add(r.Doc.Bad)
	}
	tf, ifi := true, false
	facts := &ServerFacts{Server: "S", Major: 16, IFI: &ifi, TraceFlags: map[int]bool{1806: tf},
		Databases: map[string]*ServerDatabase{"sales": {Name: "Sales", Exists: true, TargetRecoverySeconds: new(int),
			Files:      []ServerFile{{Name: "Sales", Size: 1 << 30}, {Name: "Sales_log", Log: true}},
			FullBackup: &ServerBackup{Files: []ServerFile{{Name: "Sales", Size: 1 << 40}, {Name: "Sales_log", Log: true, Size: 1}}}},
			"tempdb": {Name: "tempdb", Exists: true, Files: []ServerFile{{Name: "tempdev", Size: 1 << 30}}}}}
	f.Fuzz(func(t *testing.T, src string) {
		res := parser.ParseFile(parser.NewFile("fuzz.sql", src), &parser.PreprocessOptions{
			Load: func(string) (*parser.File, error) { return parser.NewFile("inc.sql", "CHECKPOINT 1"), nil }})
		for _, cfg := range []*Config{nil, {Facts: facts, TargetVersion: 16}} {
			for _, fd := range Analyze(Default, []*parser.Result{res}, cfg) {
				s := fd.Span.Start
				if s.File == nil {
					if !fd.Rule.Live {
						t.Fatalf("%s finding without a position", fd.Rule.ID)
					}
					continue
				}
				if s.Offset < 0 || s.Offset > len(s.File.Text) {
					t.Fatalf("%s finding at %d outside its file", fd.Rule.ID, s.Offset)
				}
				if fd.Fix != nil {
					for _, e := range fd.Fix.Edits {
						if e.Start < 0 || e.End > len(e.File.Text) || e.Start > e.End {
							t.Fatalf("%s fix edit [%d,%d) outside its file", fd.Rule.ID, e.Start, e.End)
						}
					}
				}
			}
		}
	})
}
