package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestSL101OneFile: with a startup budget below one file's delay, SL101
// reports at the first file (a database the scripts do not create:
// the file it adds), and says "1 file", not "1 files".
func TestSL101OneFile(t *testing.T) {
	res := parser.ParseFile(parser.NewFile("one.sql", "ALTER DATABASE Tiny ADD FILE (NAME = t2, FILENAME = 'D:\\t2.ndf');\n"), nil)
	fs := Analyze(Default, []*parser.Result{res}, &Config{Options: map[string]map[string]float64{"SL101": {"startup-budget": 0.001}}})
	var msgs []string
	for _, f := range fs {
		if f.Rule.ID == "SL101" {
			msgs = append(msgs, f.Message)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "reaches 1 file in 1 filegroup:") {
		t.Errorf("SL101 %q, want one at the first file, \"reaches 1 file in 1 filegroup\"", msgs)
	}
}
