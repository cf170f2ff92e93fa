package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/sqllint/sqllint/parser"
)

// Compact keeps, of the other statements, only those a rule can see: the
// first SL303 cannot look through after a CHECKPOINT, and one that ends a
// WHILE loop of a batch (SL103 treats a loop's statements together). The
// findings are the same with and without it.
func TestCompactKeepsOnlyBlockersARuleSees(t *testing.T) {
	script := `USE Sales;
CREATE TABLE t (a int);
SELECT 1;
CHECKPOINT;
PRINT 'x';
UPDATE t SET a = 1;
BACKUP DATABASE Sales TO DISK = 'a.bak';
EXEC dbo.p;
INSERT t VALUES (1);
BACKUP DATABASE Sales TO DISK = 'b.bak';
CHECKPOINT;
BACKUP DATABASE Sales TO DISK = 'c.bak';
GO
DECLARE @i int = 0, @s nvarchar(max);
WHILE @i < 3
BEGIN
	SET @s = N'ALTER DATABASE Sales ADD FILEGROUP fg' + CAST(@i AS nvarchar(9));
	SET @i += 1;
END
SELECT 2;
WHILE @i < 6
BEGIN
	EXEC (@s);
	SET @i += 1;
END
GO
`
	parse := func() *parser.Result { return parser.ParseFile(parser.NewFile("a.sql", script), nil) }
	full, compact := parse(), parse()
	Compact(compact)
	var kept []string
	for _, st := range compact.Statements {
		kept = append(kept, st.Keyword())
	}
	got := strings.Join(kept, " ")
	for _, want := range []string{
		"CHECKPOINT UPDATE BACKUP", // after a CHECKPOINT: kept
		"SET SET SELECT EXEC SET",  // SELECT ends the first loop: kept
	} {
		if !strings.Contains(got, want) {
			t.Errorf("kept %s: want %q in it", got, want)
		}
	}
	if strings.Contains(got, "EXEC BACKUP") || strings.Contains(got, "INSERT") || strings.Contains(got, "CREATE") {
		t.Errorf("kept %s: the statements after a BACKUP are seen by no rule", got)
	}
	a, b := fmt.Sprint(findingsOf(full)), fmt.Sprint(findingsOf(compact))
	if a != b {
		t.Errorf("findings differ:\n%s\n%s", a, b)
	}
	if !strings.Contains(a, "SL303") || !strings.Contains(a, "SL103") {
		t.Errorf("findings %s: want SL303 and SL103", a)
	}
}

// An Engine's findings are those of Analyze, and it leaves no parsed
// statement (nor dynamic SQL facts) behind once its rules ran: they would
// live on while the findings are resolved.
func TestEngineDropsParsedStatements(t *testing.T) {
	script := "USE Sales;\nALTER DATABASE Sales SET TARGET_RECOVERY_TIME = 0 SECONDS;\nCHECKPOINT;\n" +
		"DECLARE @s nvarchar(max) = N'ALTER DATABASE Sales ADD FILE (NAME = x, FILENAME = ''D:\\x.ndf'')';\nEXEC (@s);\nBACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\n"
	parse := func() *parser.Result { return parser.ParseFile(parser.NewFile("a.sql", script), nil) }
	want := findingsOf(parse())
	r := parse()
	nodes, dynamic := 0, 0
	for _, st := range r.Statements {
		if st.Node != nil {
			nodes++
		}
		if st.Dynamic != nil {
			dynamic++
		}
	}
	if nodes == 0 || dynamic == 0 {
		t.Fatalf("%d parsed statements, %d with dynamic SQL: the script must have both", nodes, dynamic)
	}
	var got []string
	for _, f := range NewEngine(Default, nil).File(r) {
		p := f.Span.Start.Position()
		got = append(got, fmt.Sprintf("%s %d:%d %s", f.Rule.ID, p.Line, p.Column, f.Message))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || len(want) == 0 {
		t.Errorf("engine:\n%s\nanalyze:\n%s", got, want)
	}
	for _, st := range r.Statements {
		if st.Node != nil || st.Dynamic != nil {
			t.Errorf("%s at %d kept its node or dynamic SQL facts", st.Keyword(), st.Start)
		}
	}
}

func findingsOf(r *parser.Result) []string {
	var out []string
	for _, f := range Analyze(Default, []*parser.Result{r}, nil) {
		p := f.Span.Start.Position()
		out = append(out, fmt.Sprintf("%s %d:%d %s", f.Rule.ID, p.Line, p.Column, f.Message))
	}
	return out
}

// Backups of a database summarized (too many files to copy) share one
// summary while the database does not change between them, each keeping
// its own position; a change (a file grown, a TARGET_RECOVERY_TIME)
// starts a new summary, and a restore of each set gets what the database
// held when that set was written.
func TestBackupSummariesShared(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE Big ON PRIMARY (NAME = Big, FILENAME = 'D:\\Big.mdf', SIZE = 1GB) LOG ON (NAME = Big_log, FILENAME = 'L:\\Big.ldf', SIZE = 2GB);\n")
	for i := 0; i < snapshotMaxFiles; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE Big ADD FILE (NAME = F%d, FILENAME = 'D:\\F%d.ndf', SIZE = 1MB);\n", i, i)
	}
	backup := "BACKUP DATABASE Big TO DISK = 'B:\\Big.bak';\n"
	b.WriteString(backup + backup) // sets 1 and 2: the same
	b.WriteString("ALTER DATABASE Big MODIFY FILE (NAME = F0, SIZE = 2MB);\n" + backup)
	b.WriteString("ALTER DATABASE Big SET TARGET_RECOVERY_TIME = 60 SECONDS;\n" + backup + backup)
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&b, "RESTORE DATABASE C%d FROM DISK = 'B:\\Big.bak' WITH FILE = %d;\n", i, i)
	}
	res := parser.ParseFile(parser.NewFile("deploy.sql", b.String()), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	sets := m.devices["DISK:b:\\big.bak"].sets
	if len(sets) != 5 {
		t.Fatalf("%d backup sets", len(sets))
	}
	if sets[0].layout != sets[1].layout || sets[3].layout != sets[4].layout || sets[1].layout == sets[2].layout || sets[2].layout == sets[3].layout {
		t.Errorf("summaries shared wrongly: %p %p %p %p %p", sets[0].layout, sets[1].layout, sets[2].layout, sets[3].layout, sets[4].layout)
	}
	for i := 1; i < len(sets); i++ {
		if sets[i].At.Line <= sets[i-1].At.Line {
			t.Errorf("set %d is at line %d, set %d at line %d", i+1, sets[i].At.Line, i, sets[i-1].At.Line)
		}
	}
	data := int64(1<<30 + snapshotMaxFiles<<20)
	wantData := []int64{data, data, data + 1<<20, data + 1<<20, data + 1<<20}
	var restores []*RestoreEffect
	for _, e := range m.Effects {
		if e.Restore() != nil {
			restores = append(restores, e.Restore())
		}
	}
	if len(restores) != 5 {
		t.Fatalf("%d restores", len(restores))
	}
	for i, re := range restores {
		if re.Bytes(false) != wantData[i] || re.Bytes(true) != 2<<30 || re.Backup == nil || *re.Backup != sets[i].At {
			t.Errorf("restore of set %d: %d data bytes (want %d), %d log bytes, from %v", i+1, re.Bytes(false), wantData[i], re.Bytes(true), re.Backup)
		}
	}
	for i, trt := range []bool{false, false, false, true, true} {
		c := m.Databases[fmt.Sprintf("c%d", i+1)]
		if c == nil || (c.TRT != nil) != trt || c.FileCount() != snapshotMaxFiles+2 {
			t.Errorf("C%d: %+v", i+1, c)
		}
	}
}

// A copied snapshot gives a restore every file as the database had it
// (name, filegroup, size, known or not) and only the sizes it knows; a
// renamed file or a file moved to another filegroup is a new snapshot.
func TestBackupCopyRestores(t *testing.T) {
	sql := `CREATE DATABASE S ON PRIMARY (NAME = S_dat, FILENAME = 'D:\S.mdf', SIZE = 1GB),
FILEGROUP FG1 (NAME = S_fg, FILENAME = 'D:\S_fg.ndf', SIZE = 2GB)
LOG ON (NAME = S_log, FILENAME = 'L:\S.ldf', SIZE = 512MB);
ALTER DATABASE S MODIFY FILE (NAME = S_fg, SIZE = $(sz));
BACKUP DATABASE S TO DISK = 'B:\S.bak';
ALTER DATABASE S MODIFY FILE (NAME = S_dat, NEWNAME = S_data);
BACKUP DATABASE S TO DISK = 'B:\S.bak';
BACKUP DATABASE S TO DISK = 'B:\S.bak';
RESTORE DATABASE C1 FROM DISK = 'B:\S.bak' WITH FILE = 1;
RESTORE DATABASE C3 FROM DISK = 'B:\S.bak' WITH FILE = 3;
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	sets := m.devices["DISK:b:\\s.bak"].sets
	if len(sets) != 3 || sets[0].layout == sets[1].layout || sets[1].layout != sets[2].layout {
		t.Fatalf("%d sets, shared wrongly", len(sets))
	}
	files := func(d *Database) string {
		var out []string
		for k, f := range d.Files.All() {
			out = append(out, fmt.Sprintf("%s={Name:%s Log:%v MaxMB:%d Size:%d Filegroup:%s}", k, d.Files.Name(f), f.Log, f.MaxMB, f.Size, d.Files.Filegroup(f)))
		}
		slices.Sort(out)
		return strings.Join(out, " ")
	}
	c1 := "s_dat={Name:S_dat Log:false MaxMB:0 Size:1073741824 Filegroup:PRIMARY} s_fg={Name:S_fg Log:false MaxMB:0 Size:0 Filegroup:FG1} s_log={Name:S_log Log:true MaxMB:0 Size:536870912 Filegroup:}"
	c3 := strings.Replace(c1, "s_dat={Name:S_dat", "s_data={Name:S_data", 1)
	if got := files(m.Databases["c1"]); got != c1 {
		t.Errorf("C1: %s\nwant %s", got, c1)
	}
	if got := files(m.Databases["c3"]); got != c3 {
		t.Errorf("C3: %s\nwant %s", got, c3)
	}
	for _, e := range m.Effects {
		if re := e.Restore(); re != nil && (re.Bytes(false) != 1<<30 || re.Bytes(true) != 512<<20 || !re.Partial || len(re.Files) != 2) {
			t.Errorf("restore effect %+v", re)
		}
	}
	if c := m.Databases["c1"]; c.FilegroupCount() != 2 || !c.Filegroups.Has("fg1") {
		t.Errorf("C1 filegroups %v", c.Filegroups)
	}
}

// The findings of a script share each message: a rule formats one per
// finding, and the model keeps one of each. A message a rule formatted
// itself ("%s") is copied, as it may be a slice of a script's text.
func TestReportSharesMessages(t *testing.T) {
	m := &Model{}
	var l findingList
	p := &Pass{Rule: &Rule{ID: "SL999"}, Model: m, out: &l}
	text := "database Sales has 3 files: database Sales has 3 files"
	for range 3 {
		p.Report(parser.Span{}, nil, "database %s has %d files", "Sales", 3)
		p.Report(parser.Span{}, nil, "%s", text[:len(text)/2-1])
	}
	out := l.all()
	for i := 2; i < len(out); i++ {
		if out[i].Message != out[i-2].Message || unsafe.StringData(out[i].Message) != unsafe.StringData(out[i-2].Message) {
			t.Fatalf("finding %d: message %q not shared with %q", i, out[i].Message, out[i-2].Message)
		}
	}
	if out[0].Message != "database Sales has 3 files" || out[1].Message != out[0].Message {
		t.Fatalf("messages %q, %q", out[0].Message, out[1].Message)
	}
	var firstList findingList
	q := &Pass{Rule: p.Rule, Model: &Model{}, out: &firstList}
	q.Report(parser.Span{}, nil, "%s", text[:len(text)/2-1])
	first := firstList.all()
	if first[0].Message != out[0].Message || unsafe.StringData(first[0].Message) == unsafe.StringData(text) {
		t.Errorf("a message the rule formatted is kept as %q, a slice of its text", first[0].Message)
	}
	// bounded: the table starts over
	for i := range 3 * maxMessages {
		p.Report(parser.Span{}, nil, "file %d", i)
	}
	if len(m.messages) > maxMessages {
		t.Errorf("%d messages interned, at most %d", len(m.messages), maxMessages)
	}
	out = l.all()
	if out[len(out)-1].Message != fmt.Sprintf("file %d", 3*maxMessages-1) {
		t.Errorf("last message %q", out[len(out)-1].Message)
	}
}

// An Effect is made for each kept statement of a script and lives while
// its rules run: what few statements do is held apart.
func TestEffectIsSmall(t *testing.T) {
	if n := unsafe.Sizeof(Effect{}); n > 64 {
		t.Errorf("an Effect takes %d bytes, want at most 64", n)
	}
	e := &Effect{}
	if e.Allocs() != nil || e.Growths() != nil || e.Restore() != nil || e.more != nil {
		t.Fatal("an empty Effect holds something")
	}
	e.addAlloc(Alloc{File: "a", Bytes: 1})
	e.addGrowth(Growth{File: "b"})
	e.addAlloc(Alloc{File: "c", Bytes: 2})
	if a := e.Allocs(); len(a) != 2 || a[0].File != "a" || a[1].File != "c" || len(e.Growths()) != 1 || e.Growths()[0].File != "b" {
		t.Errorf("allocs %+v, growths %+v", e.Allocs(), e.Growths())
	}
}

// A findingList keeps the findings in the order reported across its
// chunks, and what Report returned stays the finding it reported.
func TestFindingListChunks(t *testing.T) {
	var l findingList
	n := 3*findingChunk + 7
	ptrs := make([]*Finding, n)
	for i := range n {
		ptrs[i] = l.add(Finding{Message: strconv.Itoa(i)})
		ptrs[i].Confirmed = "s" + strconv.Itoa(i)
	}
	if len(l.full) < 2 || l.len() != n {
		t.Fatalf("%d chunks, %d findings; want 2 or more, %d", len(l.full), l.len(), n)
	}
	for i, p := range ptrs {
		if p.Message != strconv.Itoa(i) {
			t.Fatalf("finding %d reads back as %q", i, p.Message)
		}
	}
	out := l.take()
	if len(out) != n || len(l.full) != 0 || len(l.cur) != 0 {
		t.Fatalf("took %d of %d; left %d chunks, %d findings", len(out), n, len(l.full), len(l.cur))
	}
	for i, f := range out {
		if f.Message != strconv.Itoa(i) || f.Confirmed != "s"+strconv.Itoa(i) {
			t.Fatalf("finding %d is %q/%q", i, f.Message, f.Confirmed)
		}
	}
	l.add(Finding{Message: "next"})
	if got := l.take(); len(got) != 1 || got[0].Message != "next" || len(out) != n || out[0].Message != "0" {
		t.Fatalf("after take: %v; first taken %q", got, out[0].Message)
	}
}

// Compact copies kept statements and batches into shared room, made for
// the statements kept of each run, up to ownSlab at once: each kept
// statement is still its own, with its own batch.
func TestCompactManyKept(t *testing.T) {
	var b strings.Builder
	n := 3*ownSlab + 3
	for i := range n {
		fmt.Fprintf(&b, "CHECKPOINT %d\nGO\n", i+1)
	}
	res := parser.ParseFile(parser.NewFile("deploy.sql", b.String()), nil)
	Compact(res)
	if len(res.Statements) != n {
		t.Fatalf("%d statements kept, want %d", len(res.Statements), n)
	}
	seen := map[*parser.Statement]bool{}
	for i, st := range res.Statements {
		if seen[st] || st.Batch == nil || st.Batch.Index != i || (i > 0 && st.Batch == res.Statements[i-1].Batch) {
			t.Fatalf("statement %d: shared, or batch %v", i, st.Batch)
		}
		seen[st] = true
		want := fmt.Sprintf("CHECKPOINT %d", i+1)
		if got := st.Batch.Text[st.Start:st.End]; got != want {
			t.Fatalf("statement %d reads %q, want %q", i, got, want)
		}
		if sp := st.Span(); sp.Start.Position().Line != 2*i+1 {
			t.Fatalf("statement %d at line %d, want %d", i, sp.Start.Position().Line, 2*i+1)
		}
	}
}

// The kept statements of a script with equal dynamic SQL facts share one
// copy of them; statements with other facts keep their own, and the
// findings are those of the script without Compact.
func TestCompactSharesEqualDynamicFacts(t *testing.T) {
	script := `DECLARE @i int = 0, @sql nvarchar(max);
WHILE @i < 3
BEGIN
	SET @sql = N'ALTER DATABASE Sales ADD FILE (NAME = f' + CAST(@i AS nvarchar(9)) + N')';
	EXEC (@sql);
	SET @i = @i + 1;
END
GO
DECLARE @i int = 0, @sql nvarchar(max);
WHILE @i < 3
BEGIN
	SET @sql = N'ALTER DATABASE Sales ADD FILE (NAME = f' + CAST(@i AS nvarchar(9)) + N')';
	EXEC (@sql);
	SET @i = @i + 1;
END
GO
`
	parse := func() *parser.Result { return parser.ParseFile(parser.NewFile("a.sql", script), nil) }
	full, compact := parse(), parse()
	Compact(compact)
	byText := map[string]*parser.Dynamic{}
	shared, own := 0, 0
	for _, st := range compact.Statements {
		if st.Dynamic == nil {
			continue
		}
		text := st.Batch.Text[st.Start:st.End]
		if d, ok := byText[text]; ok {
			if d != st.Dynamic {
				t.Errorf("%q: a copy of its own, want the one of the same statement before it", text)
			}
			shared++
			continue
		}
		for _, d := range byText {
			if d == st.Dynamic {
				t.Errorf("%q: shares facts with another statement", text)
			}
		}
		byText[text] = st.Dynamic
		own++
	}
	if shared < 3 || own < 3 {
		t.Fatalf("%d statements with shared facts, %d with their own: the test proves nothing", shared, own)
	}
	want, got := fmt.Sprint(findingsOf(full)), fmt.Sprint(findingsOf(compact))
	if got != want || !strings.Contains(want, "SL103") {
		t.Errorf("findings\n%s\nwant (with SL103)\n%s", got, want)
	}
}

// sameDynamic finds facts a loop repeats among those kept last, and by
// their hash when more differ than it compares: each statement gets facts
// equal to its own, the first copy of them, never another's that differ
// in one field alone.
func TestSameDynamicRepeatsAndNearMisses(t *testing.T) {
	mk := func(addFile string, assigns, uses []string, exec bool, execVars []string) parser.Dynamic {
		return parser.Dynamic{AddFile: addFile, Assigns: assigns, Uses: uses, Exec: exec, ExecVars: execVars}
	}
	kinds := []parser.Dynamic{
		mk("", []string{"@i", "@sql"}, nil, false, nil),
		mk("ADD FILE", []string{"@sql"}, []string{"@i"}, false, nil),
		mk("", nil, nil, true, []string{"@sql"}),
		mk("", nil, nil, false, []string{"@sql"}), // differs from the last in Exec alone
		mk("", []string{"@i"}, []string{"@i"}, false, nil),
		mk("", []string{"@i"}, []string{"@j"}, false, nil),               // in one use
		mk("ADD LOG FILE", []string{"@sql"}, []string{"@i"}, false, nil), // in AddFile
		mk("", []string{"@sql", "@i"}, nil, false, nil),                  // in their order
	}
	var c Compactor
	first := map[int]*parser.Dynamic{}
	// cycles of the first 3, 4 (as many as sameDynamic compares) and all
	// of them, then in another order
	var order []int
	for _, n := range []int{3, recentDynamics, len(kinds)} {
		for range 3 {
			for i := range n {
				order = append(order, i)
			}
		}
	}
	for i := len(kinds) - 1; i >= 0; i-- {
		order = append(order, i, i)
	}
	for step, k := range order {
		d := kinds[k]
		d.Assigns, d.Uses, d.ExecVars = slices.Clone(d.Assigns), slices.Clone(d.Uses), slices.Clone(d.ExecVars)
		got := c.sameDynamic(&d)
		if !equalDynamic(got, &kinds[k]) {
			t.Fatalf("step %d: facts %d got %+v", step, k, *got)
		}
		if f, ok := first[k]; !ok {
			first[k] = got
		} else if got != f {
			t.Fatalf("step %d: facts %d: a copy of their own, want the first", step, k)
		}
	}
	if len(first) != len(kinds) {
		t.Fatalf("%d distinct facts, want %d", len(first), len(kinds))
	}
	for k, d := range first {
		for j, e := range first {
			if j != k && d == e {
				t.Fatalf("facts %d and %d share one copy", k, j)
			}
		}
	}
}

// BenchmarkCompactDynamicLoops is the Compactor on a script of loops that
// build ADD FILE text, whose statements' dynamic facts repeat.
func BenchmarkCompactDynamicLoops(b *testing.B) {
	var sb strings.Builder
	for i := range 200 {
		fmt.Fprintf(&sb, `DECLARE @i int = 1, @sql nvarchar(max);
WHILE @i <= %d
BEGIN
    SET @sql = N'ALTER DATABASE [Archive] ADD FILEGROUP [FG_' + CAST(@i AS nvarchar(10)) + N'];';
    EXEC sys.sp_executesql @sql;
    SET @i = @i + 1;
END
GO
`, i+2)
	}
	res := parser.ParseFile(parser.NewFile("loops.sql", sb.String()), nil)
	b.ReportAllocs()
	for b.Loop() {
		var c Compactor
		kept := c.Add(res.Statements, res.Directives)
		_ = c.Flush(kept)
	}
}

// SettleUnseen settles a hunting Compactor only when no rule would see
// the run's blocker: not after a CHECKPOINT (SL303 walks on to it), nor
// while a suppression waits for its statement. The blocker it holds is
// never kept, and the next statement kept ends its run as any other.
func TestCompactorSettleUnseen(t *testing.T) {
	parse := func(script string) *parser.Result {
		return parser.ParseFile(parser.NewFile("a.sql", script), nil)
	}
	keywords := func(sts []*parser.Statement) string {
		var ks []string
		for _, st := range sts {
			ks = append(ks, st.Keyword())
		}
		return strings.Join(ks, " ")
	}
	var c Compactor
	if !c.Hunting() || !c.SettleUnseen() || !c.Settled() || c.Hunting() || c.SettleUnseen() {
		t.Fatal("a fresh Compactor: SettleUnseen settles it, once")
	}
	kept := c.Add(parse("SELECT 1;\nBACKUP DATABASE a TO DISK = 'a';\nSELECT 2;\n").Statements, nil)
	if got := keywords(c.Flush(kept)); got != "BACKUP SELECT" {
		t.Errorf("kept %q after SettleUnseen, want the BACKUP and the next run's blocker", got)
	}
	var f Compactor
	if !f.SettleUnseen() || len(f.Flush(nil)) != 0 {
		t.Error("Flush kept the unseen blocker")
	}
	var d Compactor
	d.Add(parse("CHECKPOINT;\n").Statements, nil)
	if !d.Hunting() || d.SettleUnseen() {
		t.Error("after a CHECKPOINT, SL303 walks on to the blocker: not unseen")
	}
	r := parse("BACKUP DATABASE a TO DISK = 'a';\n-- sqllint:ignore SL303 why\n")
	var e Compactor
	e.Add(r.Statements, r.Directives)
	if e.Hunting() || e.SettleUnseen() {
		t.Error("a suppression waits for its statement: not settled")
	}
}
