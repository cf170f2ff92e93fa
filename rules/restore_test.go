package rules

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// run analyzes one script with the given live facts (nil: static) and
// returns the findings of rule id.
func run(t *testing.T, sql string, facts *ServerFacts, id string) []Finding {
	t.Helper()
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	var out []Finding
	for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
		if f.Rule.ID == id {
			out = append(out, f)
		}
	}
	return out
}

func ifi(on *bool) *ServerFacts {
	return &ServerFacts{Server: "SQLPROD1", Major: 16, IFI: on, Databases: map[string]*ServerDatabase{}}
}

var (
	yes = func() *bool { b := true; return &b }()
	no  = func() *bool { b := false; return &b }()
)

const restoreScript = `CREATE DATABASE Sales
ON PRIMARY (NAME = Sales_dat, FILENAME = 'D:\Sales.mdf', SIZE = 100GB)
LOG ON (NAME = Sales_log, FILENAME = 'L:\Sales.ldf', SIZE = 10GB);
BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak' WITH INIT;
RESTORE DATABASE Sales_Copy FROM DISK = 'B:\Sales.bak'
WITH MOVE 'Sales_dat' TO 'E:\Copy.mdf', MOVE 'Sales_log' TO 'E:\Copy.ldf';
`

func one(t *testing.T, fs []Finding) Finding {
	t.Helper()
	if len(fs) != 1 {
		t.Fatalf("%d findings, want 1: %+v", len(fs), fs)
	}
	return fs[0]
}

func TestSL207LiveIFI(t *testing.T) {
	cases := []struct {
		name       string
		facts      *ServerFacts
		sev        parser.Severity
		confirmed  string
		has, lacks []string
	}{
		{"static", nil, parser.SevWarning, "", []string{"data files 100 GB, about 16 min 06 s", "log 10 GB, about 97 s", "from the backup of Sales at line 4"}, []string{"IFI is"}},
		{"IFI unknown", ifi(nil), parser.SevWarning, "", []string{"data files 100 GB", "log 10 GB"}, []string{"IFI is"}},
		{"IFI on", ifi(yes), parser.SevWarning, "SQLPROD1", []string{"log 10 GB", "IFI is on on SQLPROD1"}, []string{"data files 100"}},
		{"IFI off", ifi(no), parser.SevError, "SQLPROD1", []string{"data files 100 GB", "log 10 GB", "IFI is off on SQLPROD1", "about 17 min 43 s, over the 60 s budget"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := one(t, run(t, restoreScript, c.facts, "SL207"))
			if f.Severity != c.sev || f.Confirmed != c.confirmed || f.Span.Start.Position().Line != 5 {
				t.Errorf("severity %v, confirmed %q, line %d", f.Severity, f.Confirmed, f.Span.Start.Position().Line)
			}
			for _, s := range c.has {
				if !strings.Contains(f.Message, s) {
					t.Errorf("message lacks %q: %s", s, f.Message)
				}
			}
			for _, s := range c.lacks {
				if strings.Contains(f.Message, s) {
					t.Errorf("message has %q: %s", s, f.Message)
				}
			}
		})
	}
}

func TestSL207LiveIFIOffUnderBudget(t *testing.T) {
	small := strings.NewReplacer("100GB", "1GB", "10GB", "1GB").Replace(restoreScript)
	f := one(t, run(t, small, ifi(no), "SL207"))
	if f.Severity != parser.SevWarning || f.Confirmed != "SQLPROD1" || strings.Contains(f.Message, "budget") {
		t.Errorf("%v %q: %s", f.Severity, f.Confirmed, f.Message)
	}
}

func TestSL207TDEKeepsDataWithIFI(t *testing.T) {
	tde := strings.Replace(restoreScript, "BACKUP", "ALTER DATABASE Sales SET ENCRYPTION ON;\nBACKUP", 1)
	f := one(t, run(t, tde, ifi(yes), "SL207"))
	if !strings.Contains(f.Message, "data files 100 GB") || !strings.Contains(f.Message, "TDE") {
		t.Errorf("the restored database is encrypted, IFI cannot apply: %s", f.Message)
	}
}

func TestSL207SizesFromServer(t *testing.T) {
	history := &ServerBackup{Finished: "2026-11-30T22:00:07", Files: []ServerFile{
		{Name: "Sales_dat", Size: 50 << 30, Filegroup: "PRIMARY"}, {Name: "Sales_log", Log: true, Size: 5 << 30}}}
	existing := []ServerFile{{Name: "Sales_dat", Size: 20 << 30}, {Name: "Sales_log", Log: true, Size: 2 << 30}}

	t.Run("history of the source of the device", func(t *testing.T) {
		facts := ifi(nil)
		// the login may not read sys.master_files: the source's files are unknown
		facts.Databases["sales"] = &ServerDatabase{Name: "Sales", Exists: true, FullBackup: history}
		f := one(t, run(t, "BACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\nRESTORE DATABASE Sales_Copy FROM DISK = 'B:\\s.bak';", facts, "SL207"))
		if !strings.Contains(f.Message, "latest full backup of Sales in the server's backup history (2026-11-30T22:00:07)") ||
			!strings.Contains(f.Message, "data files 50 GB") || f.Confirmed != "SQLPROD1" {
			t.Errorf("%q: %s", f.Confirmed, f.Message)
		}
	})
	t.Run("history of the database restored", func(t *testing.T) {
		facts := ifi(nil)
		facts.Databases["sales"] = &ServerDatabase{Name: "Sales", Exists: true, Files: existing, FullBackup: history}
		f := one(t, run(t, "RESTORE DATABASE Sales FROM DISK = '\\\\share\\Sales.bak' WITH REPLACE;", facts, "SL207"))
		if !strings.Contains(f.Message, "data files 50 GB") || !strings.Contains(f.Message, "WITH REPLACE") {
			t.Errorf("%s", f.Message)
		}
	})
	t.Run("the existing database replaced", func(t *testing.T) {
		facts := ifi(nil)
		facts.Databases["sales"] = &ServerDatabase{Name: "Sales", Exists: true, Files: existing}
		f := one(t, run(t, "RESTORE DATABASE Sales FROM DISK = '\\\\share\\Sales.bak' WITH REPLACE;", facts, "SL207"))
		if !strings.Contains(f.Message, "sizes of the database it replaces") || !strings.Contains(f.Message, "data files 20 GB") {
			t.Errorf("%s", f.Message)
		}
	})
	t.Run("nothing known", func(t *testing.T) {
		if fs := run(t, "RESTORE DATABASE Sales FROM DISK = '\\\\share\\Sales.bak' WITH REPLACE;", ifi(no), "SL207"); len(fs) != 0 {
			t.Errorf("no size is known, yet: %+v", fs)
		}
	})
}

func TestRestoreModel(t *testing.T) {
	sql := restoreScript + `ALTER DATABASE Sales ADD FILE (NAME = Sales_2, FILENAME = 'D:\Sales_2.ndf', SIZE = 1GB);
RESTORE LOG Sales_Copy FROM DISK = 'B:\Sales.trn';
RESTORE VERIFYONLY FROM DISK = 'B:\Sales.bak';
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	cp := m.Databases["sales_copy"]
	if cp == nil {
		t.Fatal("no Sales_Copy")
	}
	dat, _ := cp.Files.Get("sales_dat")
	log, _ := cp.Files.Get("sales_log")
	if cp.FileCount() != 2 || dat.Size != 100<<30 || !log.Log {
		t.Fatalf("Sales_Copy = %+v", cp)
	}
	if m.Databases["sales"].FileCount() != 3 {
		t.Errorf("the source changed after the backup: %d files", m.Databases["sales"].FileCount())
	}
	var restores, empty int
	for _, e := range m.Effects {
		switch {
		case e.Restore() != nil:
			restores++
			if e.Restore().Sizes != SizesBackup || e.Restore().Bytes(false) != 100<<30 || e.Restore().Bytes(true) != 10<<30 {
				t.Errorf("restore = %+v", e.Restore())
			}
		case e.Stmt.Kind == parser.KindRestoreLog && e.DB == cp:
			empty++
		case e.Stmt.Node != nil && e.DB == nil:
			if r, ok := e.Stmt.Node.(*parser.Restore); !ok || r.Only != "VERIFYONLY" {
				t.Errorf("%s has no database", e.Stmt.Text())
			}
			empty++
		}
	}
	if restores != 1 || empty != 2 {
		t.Errorf("%d restores, %d allocation-free restore statements", restores, empty)
	}
}

func TestRestoreSources(t *testing.T) {
	sql := `BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak';
RESTORE DATABASE Sales_Copy FROM DISK = 'b:\SALES.BAK';
RESTORE DATABASE Orders FROM DISK = '\\share\Orders.bak';
RESTORE DATABASE [$(Db)] FROM DISK = '\\share\x.bak';
RESTORE LOG Logs FROM DISK = 'B:\l.trn';
RESTORE HEADERONLY FROM DISK = 'B:\h.bak';
RESTORE DATABASE Recovered WITH RECOVERY;
RESTORE DATABASE Reverted FROM DATABASE_SNAPSHOT = 'Reverted_snap';
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	got := RestoreSources([]*parser.Result{res})
	if want := []string{"Orders", "Sales"}; !reflect.DeepEqual(got, want) {
		t.Errorf("RestoreSources = %v, want %v", got, want)
	}
}

func TestSL208Live(t *testing.T) {
	sql := "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 4GB);\nALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 512MB);\n"
	t.Run("IFI unknown", func(t *testing.T) {
		f := one(t, run(t, sql, ifi(nil), "SL208"))
		if f.Span.Start.Position().Line != 1 || f.Confirmed != "" || !strings.Contains(f.Message, "every restart") {
			t.Errorf("line %d %q: %s", f.Span.Start.Position().Line, f.Confirmed, f.Message)
		}
	})
	t.Run("IFI off", func(t *testing.T) {
		f := one(t, run(t, sql, ifi(no), "SL208"))
		if f.Confirmed != "SQLPROD1" || !strings.Contains(f.Message, "IFI is off on SQLPROD1") {
			t.Errorf("%q: %s", f.Confirmed, f.Message)
		}
	})
	t.Run("IFI on: only the log counts", func(t *testing.T) {
		if fs := run(t, sql, ifi(yes), "SL208"); len(fs) != 0 {
			t.Errorf("4 GB of data with IFI and 512 MB of log are under 10 s: %s", fs[0].Message)
		}
		f := one(t, run(t, sql+"ALTER DATABASE tempdb MODIFY FILE (NAME = templog, SIZE = 2GB);\n", ifi(yes), "SL208"))
		if f.Span.Start.Position().Line != 3 || !strings.Contains(f.Message, "the log only") {
			t.Errorf("line %d: %s", f.Span.Start.Position().Line, f.Message)
		}
	})
	t.Run("the server's tempdb files", func(t *testing.T) {
		facts := ifi(nil)
		facts.Databases["tempdb"] = &ServerDatabase{Name: "tempdb", Exists: true, Files: []ServerFile{
			{Name: "tempdev", Size: 512 << 20}, {Name: "temp2", Size: 512 << 20}, {Name: "templog", Log: true, Size: 256 << 20}}}
		// 256 MB more on temp2 takes the total to 1.5 GB: over 10 s
		f := one(t, run(t, "ALTER DATABASE tempdb MODIFY FILE (NAME = temp2, SIZE = 768MB);", facts, "SL208"))
		if !strings.Contains(f.Message, "its 3 files total 1.3 GB of data and 256 MB of log") {
			t.Errorf("%s", f.Message)
		}
		if fs := run(t, "ALTER DATABASE tempdb MODIFY FILE (NAME = temp2, SIZE = 768MB);", nil, "SL208"); len(fs) != 0 {
			t.Errorf("statically tempdb has the default 8 MB files: %s", fs[0].Message)
		}
	})
}

func TestSL209Live(t *testing.T) {
	sql := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_dat, FILEGROWTH = 2GB);"
	if f := one(t, run(t, sql, nil, "SL209")); f.Severity != parser.SevInfo || f.Confirmed != "" {
		t.Errorf("static: %v %q", f.Severity, f.Confirmed)
	}
	if f := one(t, run(t, sql, ifi(nil), "SL209")); f.Severity != parser.SevInfo || f.Confirmed != "" {
		t.Errorf("IFI unknown: %v %q", f.Severity, f.Confirmed)
	}
	if f := one(t, run(t, sql, ifi(no), "SL209")); f.Severity != parser.SevWarning || f.Confirmed != "SQLPROD1" || !strings.Contains(f.Message, "IFI is off") {
		t.Errorf("IFI off: %v %q %s", f.Severity, f.Confirmed, f.Message)
	}
	if fs := run(t, sql, ifi(yes), "SL209"); len(fs) != 0 {
		t.Errorf("IFI on: %s", fs[0].Message)
	}
	// TDE rules IFI out: kept, as information confirmed on the server
	facts := ifi(yes)
	enc := true
	facts.Databases["sales"] = &ServerDatabase{Name: "Sales", Exists: true, Encrypted: &enc}
	if f := one(t, run(t, sql, facts, "SL209")); f.Severity != parser.SevInfo || f.Confirmed != "SQLPROD1" || !strings.Contains(f.Message, "TDE") {
		t.Errorf("TDE: %v %q %s", f.Severity, f.Confirmed, f.Message)
	}
}

// TestBackupSnapshotsShared: two backups of an unchanged database share
// one snapshot; a change in between (a file added, a file grown) makes
// the next backup see it, and never changes an earlier one.
func TestBackupSnapshotsShared(t *testing.T) {
	sql := restoreScript + `BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak';
ALTER DATABASE Sales ADD FILE (NAME = Sales_2, FILENAME = 'D:\Sales_2.ndf', SIZE = 1GB);
BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak';
ALTER DATABASE Sales MODIFY FILE (NAME = Sales_2, SIZE = 3GB);
BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak';
BACKUP DATABASE Sales TO DISK = 'B:\Sales.bak';
RESTORE DATABASE C2 FROM DISK = 'B:\Sales.bak' WITH FILE = 2;
RESTORE DATABASE C3 FROM DISK = 'B:\Sales.bak' WITH FILE = 3;
RESTORE DATABASE C4 FROM DISK = 'B:\Sales.bak' WITH FILE = 4;
RESTORE DATABASE C5 FROM DISK = 'B:\Sales.bak' WITH FILE = 5;
`
	res := parser.ParseFile(parser.NewFile("deploy.sql", sql), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	sets := m.devices["DISK:b:\\sales.bak"].sets
	if len(sets) != 5 {
		t.Fatalf("%d backup sets", len(sets))
	}
	if sets[0].Source != sets[1].Source || sets[3].Source != sets[4].Source || sets[1].Source == sets[2].Source || sets[2].Source == sets[3].Source {
		t.Errorf("snapshots shared wrongly: %p %p %p %p %p", sets[0].Source, sets[1].Source, sets[2].Source, sets[3].Source, sets[4].Source)
	}
	want := map[string]int64{"c2": 0, "c3": 1 << 30, "c4": 3 << 30, "c5": 3 << 30}
	for name, size := range want {
		d := m.Databases[name]
		if d == nil {
			t.Fatalf("no %s", name)
		}
		got := int64(0)
		if f, ok := d.Files.Get("sales_2"); ok {
			got = f.Size
		}
		if _, ok := d.Files.Get("sales_dat"); got != size || !ok {
			t.Errorf("%s: Sales_2 is %d bytes, want %d (%d files)", name, got, size, d.FileCount())
		}
	}
}

// BenchmarkAnalyzeRestores measures the model's backup snapshots and
// restores: a database of 5,000 files, alone and then backed up and
// restored 100 times.
func BenchmarkAnalyzeRestores(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("CREATE DATABASE Big;\n")
	for i := range 5000 {
		sb.WriteString("ALTER DATABASE Big ADD FILE (NAME = f" + itoa(i) + ", FILENAME = 'D:\\f" + itoa(i) + ".ndf', SIZE = 1GB);\n")
	}
	files := sb.String()
	for i := range 100 {
		dev := "'B:\\big" + itoa(i) + ".bak'"
		sb.WriteString("BACKUP DATABASE Big TO DISK = " + dev + " WITH INIT;\nRESTORE DATABASE Copy" + itoa(i) + " FROM DISK = " + dev + ";\n")
	}
	for _, c := range []struct{ name, sql string }{{"files", files}, {"files+100restores", sb.String()}} {
		res := parser.ParseFile(parser.NewFile("big.sql", c.sql), nil)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if fs := Analyze(Default, []*parser.Result{res}, nil); len(fs) == 0 {
					b.Fatal("no findings")
				}
			}
		})
	}
}

// TestNewBudgetMessagesReadOver: an estimate just over its budget never
// prints as the budget's own figure.
func TestNewBudgetMessagesReadOver(t *testing.T) {
	cases := []struct{ id, sql, want string }{
		// 1,052 MB of data + 8 MB of log = 1,060 MB: 10.0 s at 106 MB/s
		{"SL208", "ALTER DATABASE tempdb MODIFY FILE (NAME = tempdev, SIZE = 1053MB);", "about 10.01 s at 106 MB/s at every restart, over the 10 s startup budget"},
		{"SL209", "ALTER DATABASE D MODIFY FILE (NAME = d, FILEGROWTH = 531MB);", "about 5.01 s at 106 MB/s, over the 5 s budget"},
	}
	for _, c := range cases {
		f := one(t, run(t, c.sql, nil, c.id))
		if !strings.Contains(f.Message, c.want) {
			t.Errorf("%s: %s\nwant %q", c.id, f.Message, c.want)
		}
	}
	// SL207's error with IFI off: 6,361 MB in all
	small := strings.NewReplacer("100GB", "5000MB", "10GB", "1361MB").Replace(restoreScript)
	f := one(t, run(t, small, ifi(no), "SL207"))
	if f.Severity != parser.SevError || !strings.Contains(f.Message, "about 60.01 s, over the 60 s budget") {
		t.Errorf("%v: %s", f.Severity, f.Message)
	}
}

func TestSL207PartialLayout(t *testing.T) {
	// Sales was not created by the scripts: only the file they grew is known
	sql := "ALTER DATABASE Sales MODIFY FILE (NAME = Sales_dat, SIZE = 20GB);\nBACKUP DATABASE Sales TO DISK = 'B:\\s.bak';\nRESTORE DATABASE Copy FROM DISK = 'B:\\s.bak';"
	f := one(t, run(t, sql, nil, "SL207"))
	if !strings.Contains(f.Message, "data files 20 GB") || !strings.Contains(f.Message, "lower bounds") {
		t.Errorf("%s", f.Message)
	}
	if f := one(t, run(t, restoreScript, nil, "SL207")); strings.Contains(f.Message, "lower bounds") {
		t.Errorf("the scripts created every file: %s", f.Message)
	}
}

// A database of more files than a snapshot copies is backed up as a
// summary: a restore of it counts the same files and filegroups and
// allocates the same bytes, and each backup costs no copy of its files.
func TestBackupSnapshotSummary(t *testing.T) {
	var b strings.Builder
	b.WriteString("CREATE DATABASE Big ON PRIMARY (NAME = Big, FILENAME = 'D:\\Big.mdf', SIZE = 1GB) LOG ON (NAME = Big_log, FILENAME = 'L:\\Big.ldf', SIZE = 2GB);\n")
	files := snapshotMaxFiles + 10
	for i := 0; i < files; i++ {
		fmt.Fprintf(&b, "ALTER DATABASE Big ADD FILEGROUP FG%d;\nALTER DATABASE Big ADD FILE (NAME = F%d, FILENAME = 'D:\\F%d.ndf', SIZE = 1MB) TO FILEGROUP FG%d;\n", i, i, i, i)
		if i%100 == 0 {
			b.WriteString("BACKUP DATABASE Big TO DISK = 'B:\\Big.bak';\n")
		}
	}
	b.WriteString("BACKUP DATABASE Big TO DISK = 'B:\\Big.bak' WITH INIT;\nRESTORE DATABASE Copy FROM DISK = 'B:\\Big.bak';\n")
	res := parser.ParseFile(parser.NewFile("deploy.sql", b.String()), nil)
	m := BuildModel([]*parser.Result{res}, "", nil)
	big, cp := m.Databases["big"], m.Databases["copy"]
	if big == nil || cp == nil {
		t.Fatal("no Big or Copy")
	}
	if cp.FileCount() != big.FileCount() || cp.FilegroupCount() != big.FilegroupCount() {
		t.Errorf("Copy has %d files, %d filegroups; Big %d, %d", cp.FileCount(), cp.FilegroupCount(), big.FileCount(), big.FilegroupCount())
	}
	if m.snapshotCopied > snapshotMaxFiles*20 {
		t.Errorf("%d files copied into snapshots: a big database's backups must be summaries", m.snapshotCopied)
	}
	var re *RestoreEffect
	for _, e := range m.Effects {
		if e.Restore() != nil {
			re = e.Restore()
		}
	}
	if re == nil || re.Bytes(false) != 1<<30+int64(files)<<20 || re.Bytes(true) != 2<<30 || re.Partial {
		t.Fatalf("restore effect %+v", re)
	}
}
