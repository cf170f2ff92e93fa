package parser

import (
	"reflect"
	"testing"
)

// TestGoCountSays: a GO count that the documentation of GO does not take
// (a positive integer, then nothing but a comment) is SL002 at the
// count, and the message says what was expected; where go-sqlcmd, which
// reads the count with Sscanf("%d"), would run the batch anyway, it says
// how many times.
func TestGoCountSays(t *testing.T) {
	src := "SELECT 1\nGO +3\nSELECT 2\nGO 3x\nSELECT 3\nGO -- fine\n"
	sc := Preprocess(NewFile("go.sql", src), nil)
	got := diagsAt(sc)
	want := []string{
		`2:4 malformed GO command: expected a positive integer count, as in GO 3, found "+3": a count takes no sign (go-sqlcmd reads it as 3)`,
		`4:4 malformed GO command: expected a positive integer count, as in GO 3, found "3x": only a comment may follow the count (go-sqlcmd reads the leading 3 and runs the batch 3 times)`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("diags = %q, want %q", got, want)
	}
	if got := batchTexts(sc); !reflect.DeepEqual(got, []string{"SELECT 1\n", "SELECT 2\n", "SELECT 3\n"}) {
		t.Errorf("batches = %q", got)
	}
}
