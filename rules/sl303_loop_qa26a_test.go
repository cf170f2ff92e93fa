package rules

import (
	"fmt"
	"reflect"
	"testing"
)

// A CHECKPOINT that ends the body of a WHILE loop is followed by the
// loop's next round, not by the BACKUP after the loop: only the last
// round's checkpoint comes right before it. The batched purge that
// checkpoints after each round (in SIMPLE recovery, so that the log can
// be truncated between rounds) needs it, and removing it (SL303's fix)
// would take it out of every round. The same goes for a batch that GO n
// runs n times (DELETE TOP (10000) ...; CHECKPOINT; GO 100). A CHECKPOINT
// and a BACKUP in the same loop body, or in the same batch, are a pair in
// every round.
func TestSL303CheckpointEndingALoopBody(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // line:col of the SL303 findings
	}{
		{"loop body ends with CHECKPOINT", "USE S\nGO\nWHILE 1 = 1\nBEGIN\n    DELETE TOP (10000) FROM dbo.AuditLog WHERE LoggedAt < '20200101'\n    IF @@ROWCOUNT = 0 BREAK\n    CHECKPOINT\nEND\nBACKUP DATABASE S TO DISK = 'x'\n", nil},
		{"passed-over statements after it in the body", "USE S\nDECLARE @i int = 0\nwhile @i < 3 begin\n    delete top (10) from dbo.t\n    checkpoint;\n    set @i += 1;\n    print 'round'\nend\nbackup database S to disk = 'x'\n", nil},
		{"single-statement body", "USE S\nWHILE EXISTS (SELECT 1 FROM dbo.q)\n    CHECKPOINT\nBACKUP DATABASE S TO DISK = 'x'\n", nil},
		{"the body's CHECKPOINT before the backup after the loop's batch", "USE S\nWHILE 1 = 1\nBEGIN\n    DELETE TOP (10) FROM dbo.t\n    IF @@ROWCOUNT = 0 BREAK\n    CHECKPOINT\nEND\nGO\nBACKUP DATABASE S TO DISK = 'x'\n", nil},
		{"CHECKPOINT and BACKUP in one body", "USE S\nWHILE 1 = 1\nBEGIN\n    CHECKPOINT\n    BACKUP DATABASE S TO DISK = 'x'\n    WAITFOR DELAY '01:00'\nEND\n", []string{"4:5"}},
		{"CHECKPOINT in an IF block before the backup", "USE S\nIF DB_NAME() = N'S'\nBEGIN\n    CHECKPOINT\nEND\nBACKUP DATABASE S TO DISK = 'x'\n", []string{"4:5"}},
		{"batch run again by GO n", "USE S\nGO\nDELETE TOP (10000) FROM dbo.AuditLog WHERE LoggedAt < '20200101'\nCHECKPOINT\nGO 100\nBACKUP DATABASE S TO DISK = 'x'\n", nil},
		{"CHECKPOINT and BACKUP in one batch run again by GO n", "USE S\nGO\nCHECKPOINT\nBACKUP DATABASE S TO DISK = 'x'\nGO 3\n", []string{"3:1"}},
		{"CHECKPOINT after a batch run again by GO n", "USE S\nGO\nDELETE TOP (10) FROM dbo.t\nGO 100\nCHECKPOINT\nGO\nBACKUP DATABASE S TO DISK = 'x'\n", []string{"5:1"}},
		{"CHECKPOINT after the loop", "USE S\nWHILE 1 = 1\nBEGIN\n    DELETE TOP (10) FROM dbo.t\n    IF @@ROWCOUNT = 0 BREAK\nEND\nCHECKPOINT\nBACKUP DATABASE S TO DISK = 'x'\n", []string{"7:1"}},
	}
	for _, c := range cases {
		var got []string
		for _, f := range auditRun(t, c.src, nil) {
			if f.Rule.ID == "SL303" {
				p := f.Span.Start.Position()
				got = append(got, fmt.Sprintf("%d:%d", p.Line, p.Column))
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: SL303 at %q, want %q", c.name, got, c.want)
		}
	}
}
