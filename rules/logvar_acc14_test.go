package rules

import (
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// A file whose logical or physical name ends in a sqlcmd variable
// without a value is a log file when the variable's name has the word
// Log (or Ldf): MODIFY FILE (NAME = $(LogFileName), SIZE = 20GB) of a
// database the scripts do not create was taken for a data file (SL201,
// which live mode drops when IFI is on, though IFI never helps a log).
func TestLogVariable(t *testing.T) {
	for s, want := range map[string]bool{
		"$(LogName)": true, "$(LogFileName)": true, "$(DBLogName)": true, "$(SALES_LOG)": true,
		"$(log)": true, "$(Log2)": true, "$(LDF)": true, "$(db_log_name)": true, "x_$(LogName)": true,
		"$(LogicalName)": false, "$(LOGNAME)": false, "$(Catalog)": false, "$(Blog)": false,
		"$(DataName)": false, "$(LogName)_data": false, "$(LogName": false, "LogName": false, "": false,
		"$()": false, "$(Dialog)": false, "$(LogFileName)$(Suffix)": false,
	} {
		if got := logVariable(s); got != want {
			t.Errorf("logVariable(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestLogVariableFileKind(t *testing.T) {
	for _, c := range []struct {
		src, rule, want string
	}{
		{"ALTER DATABASE A2 MODIFY FILE (NAME = $(LogName), SIZE = 20GB);\n", "SL202", "log file"},
		{"ALTER DATABASE A2 MODIFY FILE (NAME = $(LogicalName), SIZE = 20GB);\n", "SL201", "data file"},
		{"ALTER DATABASE A2 MODIFY FILE (NAME = A2_file, FILENAME = '$(LogFile)', SIZE = 20GB);\n", "SL202", "log file"},
		// the physical name's extension says more than the variable
		{"ALTER DATABASE A2 MODIFY FILE (NAME = $(LogName), FILENAME = 'D:\\a2.ndf', SIZE = 20GB);\n", "SL201", "data file"},
		{"ALTER DATABASE tempdb MODIFY FILE (NAME = $(TempLogName), SIZE = 20GB);\n", "SL208", "20 GB of log"},
	} {
		res := parser.ParseFile(parser.NewFile("l.sql", c.src), nil)
		fs := Analyze(Default, []*parser.Result{res}, &Config{Options: map[string]map[string]float64{"SL208": {"startup-budget": 1}}})
		var got []string
		for _, f := range fs {
			if f.Rule.ID != "SL002" {
				got = append(got, f.Rule.ID+" "+f.Message)
			}
		}
		if len(got) != 1 || got[0][:5] != c.rule || !strings.Contains(got[0], c.want) {
			t.Errorf("%s: %q, want one %s with %q", c.src, got, c.rule, c.want)
		}
	}
}
