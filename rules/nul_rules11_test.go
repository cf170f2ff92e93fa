package rules

import "testing"

// Windows drops the dots and blanks that end a path (Win32 path
// normalization, every version; not for a path written \\?\...): 'NUL.'
// and 'D:\Backup\nul . ' open the null device as 'NUL' does, so SL304
// reports them; NUL.bak keeps its own rule (not reported).
func TestNulTrailingDots(t *testing.T) {
	for _, c := range []struct {
		s    string
		want bool
	}{
		{"NUL.", true}, {"nul..", true}, {"NUL . ", true}, {`D:\Backup\nul.`, true}, {`C:\NUL . .`, true},
		{`\\.\NUL.`, true}, {"NUL:", true},
		{`\\?\NUL.`, false}, {"NUL.bak", false}, {"NUL.bak.", false}, {`D:\Backup\`, false}, {".", false}, {"...", false},
	} {
		if got := isNul(c.s); got != c.want {
			t.Errorf("isNul(%q) = %v, want %v", c.s, got, c.want)
		}
	}
	src := "BACKUP DATABASE A TO DISK = N'NUL.';\nGO\nDECLARE @s nvarchar(max) = N'BACKUP LOG ' + @db + N' TO DISK = ''D:\\Backup\\nul. ''';\nEXEC (@s);\n"
	var lines []int
	for _, f := range auditRun(t, src, nil) {
		if f.Rule.ID == "SL304" {
			lines = append(lines, f.Span.Start.Position().Line)
		}
	}
	if len(lines) != 2 || lines[0] != 1 || lines[1] != 4 {
		t.Errorf("SL304 on lines %v, want [1 4]", lines)
	}
}
