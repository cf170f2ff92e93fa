package parser

import "testing"

// A variable holding blanks alone joins the text tempdbVars builds as
// its value: the file's FILENAME after @CrLf was glued to a built part
// and lost.
func TestTempdbBuiltBlankVariable(t *testing.T) {
	for _, decl := range []string{
		"DECLARE @CrLf nchar(2) = NCHAR(13) + NCHAR(10);\n",
		"DECLARE @CrLf nchar(2);\nSET @CrLf = CHAR(9);\n",
		"DECLARE @CrLf varchar(2) = '';\n",
	} {
		src := decl + "DECLARE @sql nvarchar(max);\nSET @sql = N'ALTER DATABASE tempdb ADD FILE (NAME = tempdev2,' + @CrLf + N'FILENAME = ''T:\\tempdb2.ndf'', SIZE = 40GB)';\nEXEC (@sql);\n"
		tbs := tempdbBuiltOf(t, src)
		if len(tbs) != 1 || len(tbs[0].Files) != 1 {
			t.Fatalf("%s: %d TempdbBuilt, want 1 with 1 file", src, len(tbs))
		}
		if f := tbs[0].Files[0]; f.Name != "tempdev2" || f.FileName != `T:\tempdb2.ndf` {
			t.Errorf("%s: file %q at %q, want tempdev2 at T:\\tempdb2.ndf", src, f.Name, f.FileName)
		}
	}
}

// blankValue reads blanks alone: literals of blanks, CHAR and NCHAR of
// 9, 10, 13 and 32, variables followed, parentheses; nothing else.
func TestBlankValue(t *testing.T) {
	cases := []struct {
		expr string
		want string
		ok   bool
	}{
		{"NCHAR(13) + NCHAR(10)", "\r\n", true},
		{"' ' + (CHAR(9) + N'')", " \t", true},
		{"N''", "", true},
		{"@nl + @nl", "\n\n", true},
		{"CHAR(10) + 'x'", "", false},
		{"CHAR(65)", "", false},
		{"@other", "", false},
		{"NULL", "", false},
		{"CHAR(10) +", "", false},
	}
	for _, c := range cases {
		src := "SELECT " + c.expr
		var s splitter
		toks := (&Scanner{}).Scan(src)
		s.text = src
		s.blank = map[string]string{"@nl": "\n"}
		v, ok := s.blankValue(toks[1:], 0)
		if v != c.want || ok != c.ok {
			t.Errorf("%s: %q %v, want %q %v", c.expr, v, ok, c.want, c.ok)
		}
	}
}
