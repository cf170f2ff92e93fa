package parser

import "testing"

// A variable assigned string literals joined by + that name the null
// device (N'\\.\' + N'NUL') is a backup to that device, as one literal
// is: TO DISK = @dev was read as an unknown device, and SL304 silent.
// Any other part (a variable, a function) leaves the device unknown.
func TestNulDeviceFromPieces(t *testing.T) {
	for src, want := range map[string]string{
		"DECLARE @c nvarchar(260);\nSET @c = N'\\\\.\\' + N'NUL';\nBACKUP LOG Sales TO DISK = @c;\n": `\\.\NUL`,
		"DECLARE @d nvarchar(260) = N'N' + N'UL';\nBACKUP LOG Sales TO DISK = @d;\n":                 "NUL",
		"DECLARE @e nvarchar(10) = 'nu' + 'l:';\nBACKUP DATABASE Sales TO DISK = @e;\n":              "nul:",
		"DECLARE @f nvarchar(10) = N'NUL';\nBACKUP DATABASE Sales TO DISK = @f;\n":                   "NUL",
		"DECLARE @g nvarchar(99) = N'B:\\' + N'NUL.bak';\nBACKUP DATABASE Sales TO DISK = @g;\n":     `B:\NUL.bak`, // SL304's warning, as the literal
		"DECLARE @h nvarchar(99) = N'N' + @x + N'UL';\nBACKUP DATABASE Sales TO DISK = @h;\n":        "",
	} {
		var got string
		for _, st := range ParseFile(NewFile("t.sql", src+"GO\n"), nil).Statements {
			if b, ok := st.Node.(*Backup); ok && len(b.Targets) == 1 && b.Targets[0].Known {
				got = b.Targets[0].Value
			}
		}
		if got != want {
			t.Errorf("%q: device %q, want %q", src, got, want)
		}
	}
}
