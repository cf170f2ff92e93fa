package parser

import (
	"strings"
	"testing"
)

// Forms from the test suites of SQL Server's own T-SQL parser (ScriptDom's
// BackupRestoreRegressionTests: BACKUP and RESTORE to and from a
// VIRTUAL_DEVICE) that SQL Server accepts, and databases named like a
// device type (TAPE, URL and VIRTUAL_DEVICE are not reserved keywords):
// each must parse, on the fast path and in the grammar alike, with no
// SL001.
var real14Devices = []struct {
	src string
	db  string // the database the statement names
	typ string // the first device's type ("" when the statement has none)
	val string // and its value
}{
	{"BACKUP DATABASE MyDB TO VIRTUAL_DEVICE='{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}' WITH STATS = 10;",
		"MyDB", "VIRTUAL_DEVICE", "{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}"},
	{"RESTORE DATABASE MyDB FROM VIRTUAL_DEVICE='{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}' WITH NORECOVERY, CHECKSUM, REPLACE, BUFFERCOUNT=16, MAXTRANSFERSIZE=2097152",
		"MyDB", "VIRTUAL_DEVICE", "{A9FD7855-A978-4931-8027-F0EFB1D4F4EA}"},
	{"backup log MyDB to virtual_device = N'vd1', virtual_device = N'vd2' with copy_only", "MyDB", "VIRTUAL_DEVICE", "vd1"},
	{"RESTORE HEADERONLY FROM VIRTUAL_DEVICE = 'vd1'", "", "VIRTUAL_DEVICE", "vd1"},
	{"BACKUP DATABASE d TO DISK = 'a.bak' MIRROR TO VIRTUAL_DEVICE = 'vd1' WITH FORMAT", "d", "DISK", "a.bak"},
	{"BACKUP DATABASE Url TO URL = 'https://acct.blob.core.windows.net/c/url.bak'", "Url", "URL", "https://acct.blob.core.windows.net/c/url.bak"},
	{"RESTORE DATABASE Tape FROM TAPE = '\\\\.\\tape0' WITH NORECOVERY", "Tape", "TAPE", "\\\\.\\tape0"},
	{"BACKUP LOG virtual_device TO DISK = 'v.trn'", "virtual_device", "DISK", "v.trn"},
	{"CREATE DATABASE Tape", "Tape", "", ""},
	{"ALTER DATABASE url SET RECOVERY SIMPLE", "url", "", ""},
	{"USE Url", "Url", "", ""},
	{"DROP DATABASE IF EXISTS Tape, Url", "Tape", "", ""},
}

func TestReal14Devices(t *testing.T) {
	for _, c := range real14Devices {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Errorf("%q (fast path %v): %d statements, %v", c.src, fast, len(r.Statements), r.Diags)
				return
			}
			var db Name
			var targets []Target
			switch n := r.Statements[0].Node.(type) {
			case *Backup:
				db, targets = n.Database, n.Targets
			case *Restore:
				db, targets = n.Database, n.Sources
			case *CreateDatabase:
				db = n.Database
			case *AlterDatabase:
				db = n.Database
			case *Use:
				db = n.Database
			case *DropDatabase:
				db = n.Databases[0]
			default:
				t.Errorf("%q (fast path %v): read as %T", c.src, fast, n)
				return
			}
			if db.Value != c.db {
				t.Errorf("%q (fast path %v): database %q, want %q", c.src, fast, db.Value, c.db)
			}
			if c.typ == "" {
				return
			}
			if len(targets) == 0 || targets[0].Type != c.typ || targets[0].Value != c.val {
				t.Errorf("%q (fast path %v): devices %+v, want %s = %q first", c.src, fast, targets, c.typ, c.val)
			}
		})
	}
}

// A device type without its "=" is still no logical device's name, as
// before: the statement is SL001 (SQL Server reads TAPE there as the type).
func TestReal14DeviceTypeWithoutValue(t *testing.T) {
	for _, src := range []string{
		"BACKUP DATABASE d TO VIRTUAL_DEVICE",
		"BACKUP DATABASE d TO TAPE",
		"RESTORE DATABASE d FROM URL WITH REPLACE",
	} {
		for _, fast := range []bool{true, false} {
			r := parseFileFast(src, fast)
			if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" {
				t.Errorf("%q (fast path %v): %v, want one SL001", src, fast, r.Diags)
			}
		}
	}
}

// USE FEDERATION, from ScriptDom's UseFederationTests110 (Azure SQL
// Database's federations), moves the connection to a federation member:
// it is no database's USE, and no SL001. USE Federation alone uses a
// database of that name.
func TestReal14UseFederation(t *testing.T) {
	cases := []struct {
		src   string
		kinds []Kind // the statements of interest, in order
		db    string // the database of the USE, if one
	}{
		{"USE FEDERATION ROOT WITH RESET;", nil, ""},
		{"USE FEDERATION f1 (d1 = 20) WITH FILTERING = ON, RESET;", nil, ""},
		{"use federation [f 1] (range_id = 40) with filtering = off, reset\nCHECKPOINT 5", []Kind{KindCheckpoint}, ""},
		{"USE FEDERATION ROOT WITH RESET\nGO\nUSE federation;", []Kind{KindUse}, "federation"},
		{"USE Federation\nSELECT 1", []Kind{KindUse}, "Federation"},
	}
	for _, c := range cases {
		for _, fast := range []bool{true, false} {
			r := parseFileFast(c.src, fast)
			if len(r.Diags) != 0 {
				t.Errorf("%q (fast path %v): %v", c.src, fast, r.Diags)
			}
			var kinds []Kind
			for _, st := range r.Statements {
				if st.Kind == KindOther {
					continue
				}
				kinds = append(kinds, st.Kind)
				if u, ok := st.Node.(*Use); ok && u.Database.Value != c.db {
					t.Errorf("%q (fast path %v): USE %q, want %q", c.src, fast, u.Database.Value, c.db)
				}
			}
			if len(kinds) != len(c.kinds) {
				t.Errorf("%q (fast path %v): statements %v, want %v", c.src, fast, kinds, c.kinds)
				continue
			}
			for i := range kinds {
				if kinds[i] != c.kinds[i] {
					t.Errorf("%q (fast path %v): statements %v, want %v", c.src, fast, kinds, c.kinds)
				}
			}
		}
	}
}

// TestReal14PlusEqualsFromEmpty: text built with += on a variable whose
// text was not followed (declared empty or NULL, as WideWorldImporters'
// construct-database script and AdventureWorks' instawdb.sql start it)
// is followed as SET @s = @s + ... is: += was read only on a variable
// already followed, so the text was lost.
func TestReal14PlusEqualsFromEmpty(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // builtRunsOf's, joined by " "
	}{
		{"DECLARE @SQL nvarchar(max) = N'';\nSET @SQL += N'ALTER DATABASE W SET TARGET_RECOVERY_TIME = 0 SECONDS;';\nEXECUTE (@SQL);", "@SQL||T"},
		{"DECLARE @s nvarchar(max) = N'';\nSELECT @s += N'CHECKPOINT 30;';\nEXEC sp_executesql @s;", "@s||C"},
		{"DECLARE @s nvarchar(max);\nSET @s += N'DBCC TRACEON (1806, -1)';\nEXEC (@s)", "@s||F"},
		// as before: a text holding none of the words is not followed
		{"DECLARE @s nvarchar(max) = N'';\nSET @s += N'SELECT 1';\nEXEC (@s)", ""},
	} {
		if got := strings.Join(builtRunsOf(tc.src), " "); got != tc.want {
			t.Errorf("%q: built runs %q, want %q", tc.src, got, tc.want)
		}
	}
	// the follower of a backup to the null device reads += the same way
	src := "DECLARE @s nvarchar(max) = N'';\nSET @s += N'BACKUP LOG x TO DISK = ''NUL''';\nEXEC (@s);"
	var nul []*NulBackup
	for _, st := range ParseFile(NewFile("t.sql", src), nil).Statements {
		if n, ok := st.Node.(*NulBackup); ok {
			nul = append(nul, n)
		}
	}
	if len(nul) != 1 || nul[0].Var != "@s" {
		t.Errorf("%q: null-device backups %+v, want one of @s", src, nul)
	}
}
