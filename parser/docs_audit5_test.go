package parser

import "testing"

// docsForms are statement forms from Microsoft Learn's syntax and examples
// of CREATE DATABASE: each must parse, on the fast path and in the grammar
// alike, with no SL001, and keep its options.
var docsForms = []struct {
	src string
	// options are the WITH options the statement must keep, by name
	options []string
	copyOf  string
}{
	// Azure SQL Database, "Create as copy of a database while changing
	// options": the WITH options of AS COPY OF stand in parentheses
	{"CREATE DATABASE copy_testdb\nAS COPY OF [test_db]\n  (EDITION = 'GeneralPurpose', SERVICE_OBJECTIVE = 'GP_Gen5_8')\n  WITH (BACKUP_STORAGE_REDUNDANCY = 'LOCAL');",
		[]string{"BACKUP_STORAGE_REDUNDANCY"}, "test_db"},
	{"CREATE DATABASE db_copy AS COPY OF srv.db_original WITH ( BACKUP_STORAGE_REDUNDANCY = 'GEOZONE' )",
		[]string{"BACKUP_STORAGE_REDUNDANCY"}, "srv.db_original"},
	// and without parentheses on a new database
	{"CREATE DATABASE test_zone_redundancy\n  WITH BACKUP_STORAGE_REDUNDANCY = 'ZONE';", []string{"BACKUP_STORAGE_REDUNDANCY"}, ""},
	{"CREATE DATABASE MyLedgerDB ( EDITION = 'GeneralPurpose' ) WITH LEDGER = ON;", []string{"LEDGER"}, ""},
	// Analytics Platform System
	{"CREATE DATABASE mytest\n   WITH\n   (AUTOGROW = ON,\n   REPLICATED_SIZE = 1.5 GB,\n   DISTRIBUTED_SIZE = 5.25 GB,\n   LOG_SIZE = 10 GB);",
		[]string{"AUTOGROW", "REPLICATED_SIZE", "DISTRIBUTED_SIZE", "LOG_SIZE"}, ""},
}

func TestDocsCreateForms(t *testing.T) {
	for _, c := range docsForms {
		bothCreateDatabase(t, c.src, func(fast bool, cd *CreateDatabase) {
			if len(cd.Options) != len(c.options) {
				t.Errorf("%q (fast path %v): options %v, want %v", c.src, fast, cd.Options, c.options)
				return
			}
			for i, o := range cd.Options {
				if o.Name != c.options[i] {
					t.Errorf("%q (fast path %v): option %d is %q, want %q", c.src, fast, i, o.Name, c.options[i])
				}
			}
			if cd.CopyOf != c.copyOf {
				t.Errorf("%q (fast path %v): AS COPY OF %q, want %q", c.src, fast, cd.CopyOf, c.copyOf)
			}
		})
	}
}

// TestDocsBackupRestoreParenthesizedOptions: Analytics Platform System
// documents BACKUP and RESTORE WITH [ ( ] options [ ) ]; the options are
// kept as those of the unparenthesized form.
func TestDocsBackupRestoreParenthesizedOptions(t *testing.T) {
	cases := []struct {
		src     string
		options []string
	}{
		{"BACKUP DATABASE master TO DISK = '\\\\10.0.0.1\\backups\\2013\\daily\\20130722\\master'\nWITH (\n    DESCRIPTION = 'Master Backup 20130722',\n    NAME = 'login-backup'\n)\n;",
			[]string{"DESCRIPTION", "NAME"}},
		{"BACKUP DATABASE Invoices TO DISK = '\\\\10.0.0.1\\backups\\d' WITH (DIFFERENTIAL, DESCRIPTION = 'Invoices 2013-Full');",
			[]string{"DIFFERENTIAL", "DESCRIPTION"}},
		{"RESTORE DATABASE SalesInvoices2013 FROM DISK = '\\\\10.0.0.1\\backups\\Diff' WITH ( BASE = '\\\\10.0.0.1\\backups\\Full' );",
			[]string{"BASE"}},
		{"RESTORE DATABASE SalesInvoices2013 FROM DISK = '\\\\10.0.0.1\\backups\\Diff' WITH BASE = '\\\\10.0.0.1\\backups\\Full';",
			[]string{"BASE"}},
	}
	for _, c := range cases {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Errorf("%q (fast path %v): %d statements, %v", c.src, fast, len(r.Statements), r.Diags)
				return
			}
			var opts []Option
			switch n := r.Statements[0].Node.(type) {
			case *Backup:
				opts = n.Options
			case *Restore:
				opts = n.Options
			default:
				t.Errorf("%q (fast path %v): read as %T", c.src, fast, n)
				return
			}
			if len(opts) != len(c.options) {
				t.Errorf("%q (fast path %v): options %v, want %v", c.src, fast, opts, c.options)
				return
			}
			for i, o := range opts {
				if o.Name != c.options[i] {
					t.Errorf("%q (fast path %v): option %d is %q, want %q", c.src, fast, i, o.Name, c.options[i])
				}
			}
		})
	}
}

// TestDocsAlterSetParenthesized: Analytics Platform System documents ALTER
// DATABASE name SET ( option ); the options are kept as those of the
// unparenthesized form.
func TestDocsAlterSetParenthesized(t *testing.T) {
	cases := []struct {
		src, option, value string
	}{
		{"ALTER DATABASE CustomerSales\n    SET ( AUTOGROW = ON );", "AUTOGROW", "ON"},
		{"ALTER DATABASE CustomerSales\n    SET ( REPLICATED_SIZE = 1 GB );", "REPLICATED_SIZE", "1 GB"},
		{"ALTER DATABASE CustomerSales\n    SET ( LOG_SIZE = 10 GB );", "LOG_SIZE", "10 GB"},
	}
	for _, c := range cases {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Errorf("%q (fast path %v): %d statements, %v", c.src, fast, len(r.Statements), r.Diags)
				return
			}
			ad, ok := r.Statements[0].Node.(*AlterDatabase)
			if !ok || ad.Action != ActionSet || len(ad.Options) != 1 {
				t.Errorf("%q (fast path %v): read as %+v", c.src, fast, r.Statements[0].Node)
				return
			}
			if o := ad.Options[0]; o.Name != c.option || o.Value != c.value {
				t.Errorf("%q (fast path %v): option %s = %q, want %s = %q", c.src, fast, o.Name, o.Value, c.option, c.value)
			}
		})
	}
}
