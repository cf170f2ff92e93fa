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

// TestLongUpdateOrDeleteForgetsWhatItNames: what the README says of a
// statement of more than 65,536 tokens holds for an UPDATE or DELETE
// with a long IN list too, not only for one that starts with SELECT,
// SET, EXEC, DECLARE or FETCH: the variables it names are no longer
// followed (the splitter reads UPDATE's SET as a statement of its own);
// a short one keeps them.
func TestLongUpdateOrDeleteForgetsWhatItNames(t *testing.T) {
	for _, head := range []string{"UPDATE t SET c = @dev WHERE x IN (", "DELETE FROM t WHERE c = @dev OR x IN ("} {
		for _, n := range []int{10, 40000} {
			text := "DECLARE @dev nvarchar(10) = N'NUL'\n" + head + strings.Repeat("1, ", n) + "1)\n" +
				"BACKUP DATABASE d TO DISK = @dev\n"
			r, _ := streamed(t, oneBatch(t, text), &StatementBuffer{AddFileOnly: true})
			known, seen := false, false
			for _, st := range r.Statements {
				if b, isBackup := st.Node.(*Backup); isBackup {
					seen, known = true, b.Targets[0].Known && b.Targets[0].Value == "NUL"
				}
			}
			if want := n < 1000; !seen || known != want {
				t.Errorf("%s… of %d items: backup seen %v, device known to be NUL %v, want %v", head[:6], n, seen, known, want)
			}
		}
	}
}
