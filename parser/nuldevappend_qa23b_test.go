package parser

import "testing"

// A device variable built stepwise, a known value appended to (SET @e =
// @e + N'NUL', SET @e += N'NUL', SELECT @e = @e + N'NUL', CONCAT(@e,
// N'NUL')), names the null device as the one literal does: only a value
// written whole was followed, and SL304 was silent. An unknown prefix (a
// variable never set, or set to what the script does not show) stays
// unknown.
func TestNulDeviceAppended(t *testing.T) {
	const decl = "DECLARE @e nvarchar(20) = N'\\\\.\\';\n"
	for src, want := range map[string]string{
		decl + "SET @e = @e + N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                                                  `\\.\NUL`,
		decl + "SET @e += N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                                                      `\\.\NUL`,
		decl + "SELECT @e = @e + N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                                               `\\.\NUL`,
		decl + "SET @e = CONCAT(@e, N'NUL');\nBACKUP DATABASE d TO DISK = @e;\n":                                           `\\.\NUL`,
		decl + "SET @e = CONCAT(@e, N'N', 'UL');\nBACKUP DATABASE d TO DISK = @e;\n":                                       `\\.\NUL`,
		"DECLARE @d nvarchar(99) = N'D:\\Backup\\', @f nvarchar(99);\nSET @f = @d + N'NUL';\nBACKUP LOG d TO DISK = @f;\n": `D:\Backup\NUL`,
		"DECLARE @e nvarchar(20) = N'';\nSET @e += N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                             "NUL",
		"DECLARE @e nvarchar(20) = N'NU';\nSET @e += N'L';\nSET @e += N'.bak';\nBACKUP DATABASE d TO DISK = @e;\n":         "NUL.bak",
		// a file named NUL with an extension (SL304's warning), then none
		"DECLARE @e nvarchar(20) = N'NUL.bak';\nSET @e = N'x' + @e;\nBACKUP DATABASE d TO DISK = @e;\n": "",
		// a prefix the script does not show: NULL + 'NUL' is NULL
		"DECLARE @e nvarchar(20);\nSET @e = @e + N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                     "",
		"DECLARE @e nvarchar(20);\nSET @e += N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                         "",
		decl + "SET @e = @x + N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                                        "",
		decl + "SET @e = CONCAT(@e, @x, N'NUL');\nBACKUP DATABASE d TO DISK = @e;\n":                             "",
		decl + "SELECT @e = @e + name FROM sys.databases;\nSET @e += N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n": "",
		decl + "EXEC dbo.GetDir @e OUTPUT;\nSET @e += N'NUL';\nBACKUP DATABASE d TO DISK = @e;\n":                "",
		// the prefix alone is no device
		decl + "BACKUP DATABASE d TO DISK = @e;\n": "",
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
