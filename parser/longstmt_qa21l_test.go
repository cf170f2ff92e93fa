package parser

import (
	"strings"
	"testing"
)

// TestLongStatementForgetsWhatItNamesLate: a statement too long for
// dynHook forgets the variables it names after its first maxHookToks
// tokens too: @dev assigned last in a SELECT of 80,000 assignments is no
// longer taken for NUL.
func TestLongStatementForgetsWhatItNamesLate(t *testing.T) {
	text := "DECLARE @dev nvarchar(10) = N'NUL'\n" +
		"SELECT " + strings.Repeat("@v = x, ", 20000) + "@dev = y FROM t\n" +
		"BACKUP DATABASE d TO DISK = @dev\n"
	r, ok := streamed(t, oneBatch(t, text), &StatementBuffer{AddFileOnly: true})
	if !ok {
		t.Fatal("not streamed")
	}
	for _, st := range r.Statements {
		if b, isBackup := st.Node.(*Backup); isBackup && b.Targets[0].Known && b.Targets[0].Value == "NUL" {
			t.Errorf("the device is taken for NUL, which the SELECT may have changed")
		}
	}
}
