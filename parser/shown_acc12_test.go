package parser

import "testing"

// SL001 shows the token it stopped at as it is written in the script
// (a path's backslashes were doubled, Go's %q escapes), between double
// quotes, a double quote in it doubled as T-SQL doubles it, and each
// control character as its picture, which no terminal acts on.
func TestParseErrorShowsTokenAsWritten(t *testing.T) {
	cases := []struct{ src, want string }{
		{`BACKUP DATABASE x TO DISK 'C:\b\x.bak';`,
			`cannot parse BACKUP DATABASE: unexpected token "'C:\b\x.bak'" (expected "=") (line 1, column 27); the statement is not checked`},
		{"BACKUP DATABASE x TO DISK 'C:\\b\\x\t\"q\"\x1b[31m.bak';",
			"cannot parse BACKUP DATABASE: unexpected token \"'C:\\b\\x\u2409\"\"q\"\"\u241b[31m.bak'\" (expected \"=\") (line 1, column 27); the statement is not checked"},
		// nothing escaped: as before
		{"CREATE DATABASE x ON (NAME = a FILENAME = 'x.mdf');",
			`cannot parse CREATE DATABASE: unexpected token "FILENAME" (expected ")") (line 1, column 32); the statement is not checked`},
	}
	for _, c := range cases {
		r := ParseFile(NewFile("a.sql", c.src+"\n"), &PreprocessOptions{})
		if len(r.Diags) != 1 || r.Diags[0].Message != c.want {
			var got []string
			for _, d := range r.Diags {
				got = append(got, d.Message)
			}
			t.Errorf("%s\n got %q\nwant %q", c.src, got, c.want)
		}
	}
}
