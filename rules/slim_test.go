package rules

import (
	"fmt"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// slimScript has findings that point at clauses of statements whose
// parsed form an Engine lets go once replayed: the ADD FILE and MODIFY
// FILE actions of ALTER DATABASE (SL201, SL203) and the LOG ON clause of
// CREATE DATABASE (SL202), TARGET_RECOVERY_TIME = 0 (SL301, first in
// its SET list or not), and one whose parsed form stays (SL208 reads
// tempdb's files); BACKUPs that SL303 and SL304 read.
const slimScript = "CREATE DATABASE Sales ON PRIMARY (NAME = d, FILENAME = 'D:\\d.mdf', SIZE = 200GB)\n" +
	"  LOG ON (NAME = l, FILENAME = 'L:\\l.ldf', SIZE = 80GB);\n" +
	"USE Sales;\n" +
	"ALTER DATABASE Sales ADD FILE (NAME = d2, FILENAME = 'D:\\d2.ndf', SIZE = 300GB);\n" +
	"ALTER DATABASE Sales MODIFY FILE (NAME = l, FILEGROWTH = 10%);\n" +
	"ALTER DATABASE Sales ADD FILEGROUP fg;\n" +
	"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\n" +
	"ALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 120 SECONDS;\n" +
	"ALTER DATABASE Sales SET RECOVERY FULL, TARGET_RECOVERY_TIME = 00 MINUTES;\n" +
	"ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 500GB);\n" +
	"BACKUP DATABASE Sales TO DISK = 'B:\\s.bak' WITH COMPRESSION;\n" +
	"CHECKPOINT;\n" +
	"BACKUP DATABASE Sales TO DISK = 'B:\\s.bak', DISK = 'B:\\t.bak' WITH CHECKSUM;\n" +
	"BACKUP LOG Sales TO DISK = 'NUL' WITH COPY_ONLY;\n" +
	"BACKUP DATABASE Sales TO DISK = 'NUL', DISK = 'B:\\u.bak';\n"

// An Engine finds what Analyze finds, at the same clauses, though it
// lets go of most parsed statements as it replays them.
func TestEngineSlimsReplayedStatements(t *testing.T) {
	defer func(n int) { copyAfter = n }(copyAfter)
	copyAfter = 0 // as in a huge script
	parse := func() *parser.Result { return parser.ParseFile(parser.NewFile("a.sql", slimScript), nil) }
	want := findingsOf(parse())
	var got []string
	for _, f := range NewEngine(Default, nil).File(parse()) {
		p := f.Span.Start.Position()
		got = append(got, fmt.Sprintf("%s %d:%d %s", f.Rule.ID, p.Line, p.Column, f.Message))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("engine:\n%s\nanalyze:\n%s", got, want)
	}
	// the findings point inside their statements, not at their starts
	for _, id := range []string{"SL201 4:22", "SL202 2:3", "SL203 5:22", "SL301 7:22", "SL301 9:41", "SL208 ", "SL303 12:1", "SL304 14:1", "SL304 15:1"} {
		found := false
		for _, w := range want {
			found = found || len(w) >= len(id) && w[:len(id)] == id
		}
		if !found {
			t.Errorf("no %q finding in %s", id, want)
		}
	}

	// which parsed statements a slimming replay keeps
	kept := keptAfterSlim(parse())
	if want := "[*parser.AlterDatabase *parser.Backup(0 targets, 0 options) *parser.Checkpoint *parser.Backup(0 targets, 0 options)" +
		" *parser.Backup(1 targets, 1 options) *parser.Backup(2 targets, 0 options)]"; fmt.Sprint(kept) != want {
		t.Errorf("kept %s: want the tempdb ALTER DATABASE, CHECKPOINT, BACKUPs to NUL and the others' databases only", kept)
	}
}

// A script of fewer than copyAfter statements keeps its BACKUPs and
// TARGET_RECOVERY_TIME whole: no copies are made.
func TestSmallScriptKeepsWhole(t *testing.T) {
	kept := keptAfterSlim(parser.ParseFile(parser.NewFile("a.sql", slimScript), nil))
	if want := "[*parser.AlterDatabase *parser.AlterDatabase *parser.AlterDatabase *parser.AlterDatabase *parser.Backup(1 targets, 1 options)" +
		" *parser.Checkpoint *parser.Backup(2 targets, 1 options) *parser.Backup(1 targets, 1 options) *parser.Backup(2 targets, 0 options)]"; fmt.Sprint(kept) != want {
		t.Errorf("kept %s, want %s", kept, want)
	}
}

// keptAfterSlim replays r on a slimming model and names the parsed
// statements it keeps (a BACKUP with its targets and options counted).
func keptAfterSlim(r *parser.Result) []string {
	m := &Model{Databases: map[string]*Database{}, slimming: true}
	m.Scripts = []*parser.Result{r}
	m.replay(0, r, "")
	var kept []string
	for _, st := range r.Statements {
		switch n := st.Node.(type) {
		case nil:
		case *parser.Backup:
			kept = append(kept, fmt.Sprintf("%T(%d targets, %d options)", n, len(n.Targets), len(n.Options)))
		default:
			kept = append(kept, fmt.Sprintf("%T", n))
		}
	}
	return kept
}
