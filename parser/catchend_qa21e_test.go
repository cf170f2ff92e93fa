package parser

import (
	"strings"
	"testing"
)

// catchStop stops at what SL303 cannot look through, as the rules'
// Compactor does: not PRINT, SET, DECLARE, nor the BEGIN of a block or
// a TRY block.
func catchStop(st *Statement) bool {
	switch st.Keyword() {
	case "PRINT", "SET", "DECLARE":
		return false
	case "BEGIN":
		t := strings.Fields(strings.TrimSuffix(st.Text(), ";"))
		return !(len(t) == 1 || len(t) == 2 && strings.EqualFold(t[1], "TRY"))
	}
	return true
}

// A BEGIN CATCH records where its block ends (the END of END CATCH),
// in blocks nested or not; an END that no CATCH follows records
// nothing.
func TestCatchEnd(t *testing.T) {
	text := "BEGIN TRY\n  BEGIN TRY SELECT 1; END TRY\n  BEGIN CATCH SELECT 2; END CATCH\nEND TRY\nBEGIN CATCH\n  IF 1 = 1 BEGIN SELECT 3 END\n  SELECT CASE WHEN 1 = 1 THEN 4 END\nEND CATCH\nSELECT 5\nGO\nBEGIN TRY SELECT 6 END TRY BEGIN CATCH SELECT 7 END\n"
	r := ParseFile(NewFile("c.sql", text), nil)
	var got []string
	for _, st := range r.Statements {
		if st.CatchEnd > 0 {
			got = append(got, st.Text()+" → "+st.Batch.Text[st.Start:st.CatchEnd])
		} else if strings.HasPrefix(st.Text(), "BEGIN CATCH") {
			got = append(got, st.Text()+" → open")
		}
	}
	want := []string{
		"BEGIN CATCH → BEGIN CATCH SELECT 2; END",
		"BEGIN CATCH → BEGIN CATCH\n  IF 1 = 1 BEGIN SELECT 3 END\n  SELECT CASE WHEN 1 = 1 THEN 4 END\nEND",
		"BEGIN CATCH → open",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// A plain batch parsed up to the statement that stops (ParsePlainUntil)
// stops at none in a CATCH block, nor at its BEGIN CATCH: a CHECKPOINT
// that ends the TRY block before it goes on to the statement after the
// block, which is the one SL303 stops at. So too when the split goes to
// the end of the batch (a variable holds tempdb).
func TestPlainUntilPastCatch(t *testing.T) {
	for _, head := range []string{"", "DECLARE @db sysname = N'tempdb';\n"} {
		text := head + "BEGIN TRY\n  PRINT 'a';\nEND TRY\nBEGIN CATCH\n  THROW;\nEND CATCH;\nINSERT dbo.log VALUES (1);\nSELECT 1;\n"
		sts := ParsePlainUntil(&Batch{Text: text, Segs: []Segment{{File: NewFile("p.sql", text)}}}, nil, catchStop)
		if len(sts) == 0 || sts[len(sts)-1].Keyword() != "INSERT" {
			var kws []string
			for _, st := range sts {
				kws = append(kws, st.Keyword())
			}
			t.Errorf("%q: split up to %v, want up to the INSERT", head, kws)
		}
	}
}
