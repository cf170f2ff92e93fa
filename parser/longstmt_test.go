package parser

import (
	"strings"
	"testing"
)

// longSelect is a SELECT of about 2n tokens on one line, naming @dev
// when named.
func longSelect(n int, named bool) string {
	head := "SELECT "
	if named {
		head = "SELECT @dev = "
	}
	return head + strings.Repeat("x,", n) + "x FROM t\n"
}

// oneBatch is the batch of text, which must be one with statements of
// interest.
func oneBatch(t *testing.T, text string) *Batch {
	t.Helper()
	var b *Batch
	PreprocessPlain(NewFile("long.sql", text), nil, func(x *Batch, plain bool) {
		if b != nil || plain {
			t.Fatal("not one batch with statements of interest")
		}
		b = x
	})
	return b
}

// TestParseBatchStreamLongStatement: a statement that starts as one
// dynamic SQL may (SELECT, SET, EXEC, DECLARE, FETCH) and that is longer
// than the stream's window is scanned again for dynHook; a SELECT of 10
// MB was 5 million tokens held at once (400 MB of RSS, and a 96 MB one
// ran out of memory). It is read up to maxHookToks tokens.
func TestParseBatchStreamLongStatement(t *testing.T) {
	b := oneBatch(t, "CHECKPOINT\n"+longSelect(1_000_000, false)+"BACKUP DATABASE d TO DISK = 'x'\n")
	ok, statements, interest, alloc := streamCount(b, nil)
	if !ok || statements != 3 || interest != 2 {
		t.Fatalf("streamed %v, %d statements, %d of interest", ok, statements, interest)
	}
	// 2 million tokens are 24 MB, and growing a slice to them allocates
	// several times that
	if alloc > 8<<20 {
		t.Errorf("the batch allocated %d MB", alloc>>20)
	}
}

// TestLongStatementForgetsWhatItNames: a statement too long for dynHook
// to read may set the variables it names, and no others: a device
// variable set to NUL before a long SELECT that assigns it is no longer
// taken for NUL, one that the SELECT does not name still is.
func TestLongStatementForgetsWhatItNames(t *testing.T) {
	for _, tc := range []struct {
		rows  int
		named bool
		want  bool // the backup's device is known to be NUL
	}{
		{rows: 10, named: false, want: true},
		{rows: 10, named: true, want: false},
		{rows: maxHookToks, named: false, want: true},
		{rows: maxHookToks, named: true, want: false},
		{rows: 3 * maxHookToks, named: true, want: false},
	} {
		text := "DECLARE @dev nvarchar(10) = N'NUL'\n" + longSelect(tc.rows, tc.named) +
			"BACKUP DATABASE d TO DISK = @dev\n"
		r, ok := streamed(t, oneBatch(t, text), &StatementBuffer{AddFileOnly: true})
		if !ok {
			t.Fatal("not streamed")
		}
		got := false
		for _, st := range r.Statements {
			if b, isBackup := st.Node.(*Backup); isBackup {
				got = b.Targets[0].Known && b.Targets[0].Value == "NUL"
			}
		}
		if got != tc.want {
			t.Errorf("%d rows, SELECT names @dev %v: device known to be NUL %v, want %v", tc.rows, tc.named, got, tc.want)
		}
	}
}
