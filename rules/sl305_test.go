package rules

import (
	"testing"

	"github.com/sqllint/sqllint/parser"
)

// TestSL305ChangedDatabasesOnly: SL305 reports the databases the scripts
// change, at the first statement that changes them, and never a system
// database or one the scripts only USE.
func TestSL305ChangedDatabasesOnly(t *testing.T) {
	const script = `USE master;
GO
IF DB_ID(N'Sales') IS NULL PRINT N'no Sales';
ALTER DATABASE Sales SET RECOVERY FULL;
ALTER DATABASE model SET RECOVERY SIMPLE;
USE Archive;
GO
SET NOCOUNT ON;
PRINT N'in Archive';
DECLARE @n int = 1;
USE Reports;
CREATE TABLE dbo.t (id int);
USE msdb;
EXEC dbo.sp_add_job @job_name = N'nightly';
USE Ops;
CHECKPOINT;
BACKUP DATABASE Hist TO DISK = N'B:\Hist.bak';
USE Tuned;
ALTER DATABASE CURRENT SET TARGET_RECOVERY_TIME = 60 SECONDS;
ALTER DATABASE Fine SET RECOVERY FULL;
USE Cur;
ALTER DATABASE CURRENT SET AUTO_CLOSE OFF;
USE Lookup;
ALTER DATABASE Elsewhere SET AUTO_CLOSE OFF;
USE tempdb;
SELECT 1;
`
	zero, sixty := 0, 60
	facts := &ServerFacts{Server: "SQL1", Databases: map[string]*ServerDatabase{}}
	for _, name := range []string{"master", "model", "msdb", "tempdb", "Sales", "Archive", "Reports", "Ops", "Hist", "Tuned", "Cur", "Lookup", "Elsewhere"} {
		facts.Databases[lowerKey(name)] = &ServerDatabase{Name: name, Exists: true, TargetRecoverySeconds: &zero}
	}
	facts.Databases["fine"] = &ServerDatabase{Name: "Fine", Exists: true, TargetRecoverySeconds: &sixty}
	facts.Databases["gone"] = &ServerDatabase{Name: "Gone", Exists: false}

	res := parser.ParseFile(parser.NewFile("deploy.sql", script), nil)
	got := map[string]int{}
	for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
		if f.Rule.ID != "SL305" {
			continue
		}
		if f.Confirmed != "SQL1" {
			t.Errorf("not confirmed on the server: %+v", f)
		}
		for name := range facts.Databases {
			if containsWord(f.Message, facts.Databases[name].Name) {
				got[facts.Databases[name].Name] = f.Span.Start.Position().Line
			}
		}
	}
	want := map[string]int{"Sales": 4, "Reports": 12, "Ops": 16, "Hist": 17, "Cur": 22, "Elsewhere": 24}
	for name, line := range want {
		if got[name] != line {
			t.Errorf("%s: reported at line %d, want %d", name, got[name], line)
		}
	}
	for name, line := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s reported at line %d: it is a system database, only used, tuned by the scripts or fine", name, line)
		}
	}
}

func lowerKey(s string) string { return (&parser.Name{Value: s}).Key() }

func containsWord(msg, name string) bool {
	return len(msg) > len("database "+name+" ") && msg[:len("database "+name+" ")] == "database "+name+" "
}

// TestSL305DocExamples runs the illustrative examples with the server
// state their comments describe.
func TestSL305DocExamples(t *testing.T) {
	r := Default.Lookup("SL305")
	zero, sixty := 0, 60
	for _, c := range []struct {
		sql  string
		trt  *int
		want int
	}{{r.Doc.Bad, &zero, 1}, {r.Doc.Good, &sixty, 0}} {
		facts := &ServerFacts{Server: "S", Databases: map[string]*ServerDatabase{
			"master": {Name: "master", Exists: true, TargetRecoverySeconds: &zero},
			"sales":  {Name: "Sales", Exists: true, TargetRecoverySeconds: c.trt},
		}}
		res := parser.ParseFile(parser.NewFile("example.sql", c.sql), nil)
		n := 0
		for _, f := range Analyze(Default, []*parser.Result{res}, &Config{Facts: facts}) {
			if f.Rule == r {
				n++
			}
		}
		if n != c.want {
			t.Errorf("%d SL305 findings, want %d:\n%s", n, c.want, c.sql)
		}
	}
}
