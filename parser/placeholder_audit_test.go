package parser

import "testing"

// A migration tool's placeholder inside a name (db_${env}, ${env}_db), or
// a sqlcmd variable left in the text, is part of that name, as ${name} or
// $(name) alone is: before, db_${env} ended at its
// "$" and the rest of the statement was read as another, unchecked one,
// so an ALTER DATABASE db_${env} SET TARGET_RECOVERY_TIME = 0 SECONDS got
// no finding and no SL001.
func TestPlaceholderInName(t *testing.T) {
	cases := []struct{ src, db string }{
		{"ALTER DATABASE db_${env} SET TARGET_RECOVERY_TIME = 0 SECONDS", "db_${env}"},
		{"ALTER DATABASE ${env}_db SET TARGET_RECOVERY_TIME = 0 SECONDS", "${env}_db"},
		{"alter database Sales${flyway:environment}Db set target_recovery_time = 0 seconds", "Sales${flyway:environment}Db"},
		{"ALTER DATABASE ${app}_${env} SET TARGET_RECOVERY_TIME = 0 SECONDS", "${app}_${env}"},
		{"BACKUP DATABASE ${env}_db TO DISK = 'NUL'", "${env}_db"},
		{"CREATE DATABASE app_${env} ON (NAME = a, FILENAME = 'a.mdf', SIZE = 20GB)", "app_${env}"},
		{"USE app_${env}", "app_${env}"},
		{"ALTER DATABASE ${db} SET TARGET_RECOVERY_TIME = 0 SECONDS", "${db}"},
		// a sqlcmd variable left in the text (its value is known only when
		// sqlcmd runs) is part of the name the same way
		{"ALTER DATABASE db_$(SQLCMDSERVER) SET TARGET_RECOVERY_TIME = 0 SECONDS", "db_$(SQLCMDSERVER)"},
		{"ALTER DATABASE $(SQLCMDSERVER)_x SET TARGET_RECOVERY_TIME = 0 SECONDS", "$(SQLCMDSERVER)_x"},
		{"BACKUP DATABASE $(SQLCMDSERVER)_${env} TO DISK = 'x.bak'", "$(SQLCMDSERVER)_${env}"},
	}
	wantDatabaseNames(t, "V1__x.sql", cases)
	// a "${" that opens no placeholder leaves the word as it was
	s := Preprocess(NewFile("x.sql", "SELECT a$ FROM t; SELECT b${ FROM t; SELECT $12"), nil)
	toks := (&Scanner{}).Scan(s.Batches[0].Text)
	if len(toks) < 2 || s.Batches[0].Text[toks[1].Start:toks[1].End] != "a$" {
		t.Errorf("a$ is not one word: %v", toks)
	}
}

// An ALTER DATABASE whose name the scanner cannot read whole (an Octopus
// #{var}, a stray token) is an SL001, not an unmodelled action that hides
// the SET after it: before, ALTER DATABASE db_#{env} SET
// TARGET_RECOVERY_TIME = 0 SECONDS was read as an action "{ env }" and a
// separate SET statement, with no finding at all.
func TestAlterDatabaseUnreadName(t *testing.T) {
	for _, src := range []string{
		"ALTER DATABASE db_#{env} SET TARGET_RECOVERY_TIME = 0 SECONDS",
		"ALTER DATABASE Sales {x} SET TARGET_RECOVERY_TIME = 0 SECONDS",
		"ALTER DATABASE [x] 5 SET RECOVERY FULL",
	} {
		bothParses(t, "t.sql", src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" {
				t.Errorf("%q (fast path %v): want one SL001, got %v", src, fast, r.Diags)
			}
		})
	}
	// unmodelled actions that start with a word are still read
	for _, src := range []string{"ALTER DATABASE Sales FAILOVER", "ALTER DATABASE Sales PERFORM_CUTOVER", "ALTER DATABASE Sales FORCE_FAILOVER_ALLOW_DATA_LOSS;"} {
		r := ParseScript(Preprocess(NewFile("t.sql", src), nil))
		if len(r.Diags) != 0 || len(r.Statements) != 1 || r.Statements[0].Node == nil {
			t.Errorf("%q: %v", src, r.Diags)
		}
	}
}

// A size given by a placeholder or a sqlcmd variable with its unit after
// it (SIZE = ${size} MB: valid once the migration tool or sqlcmd puts the
// number in) is read as an unknown size, not an SL001.
func TestSizeReferenceWithUnit(t *testing.T) {
	for _, c := range []struct{ src, raw string }{
		{"ALTER DATABASE x ADD FILE (NAME = a, FILENAME = 'a.ndf', SIZE = ${size} MB, FILEGROWTH = ${growth} %)", "${size}MB"},
		{"CREATE DATABASE x ON (NAME = a, FILENAME = 'a.mdf', SIZE = $(SQLCMDSERVER) GB)", "$(SQLCMDSERVER)GB"},
		{"ALTER DATABASE x MODIFY FILE (NAME = a, SIZE = <size, int, 100> MB)", "<size, int, 100>MB"},
	} {
		bothParses(t, "t.sql", c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 || len(r.Statements) != 1 {
				t.Errorf("%q (fast path %v): %v", c.src, fast, r.Diags)
				return
			}
			var files []FileSpec
			switch n := r.Statements[0].Node.(type) {
			case *AlterDatabase:
				files = n.Files
			case *CreateDatabase:
				files = n.Files
			}
			if len(files) != 1 || files[0].Size == nil || !files[0].Size.Unknown || files[0].Size.Raw != c.raw {
				t.Errorf("%q (fast path %v): size %+v, want unknown %q", c.src, fast, files, c.raw)
			}
		})
	}
	// an identifier is no number: SIZE = abc MB stays an SL001
	r := ParseScript(Preprocess(NewFile("t.sql", "ALTER DATABASE x ADD FILE (NAME = a, SIZE = abc MB)"), nil))
	if len(r.Diags) != 1 || r.Diags[0].Rule != "SL001" {
		t.Errorf("SIZE = abc MB: %v", r.Diags)
	}
}

// wantDatabaseNames checks that each case's src parses, with and without
// the fast path, into one statement naming database db as written.
func wantDatabaseNames(t *testing.T, name string, cases []struct{ src, db string }) {
	t.Helper()
	for _, c := range cases {
		bothParses(t, name, c.src, nil, func(fast bool, r *Result) {
			if len(r.Diags) != 0 {
				t.Errorf("%q (fast path %v): %v", c.src, fast, r.Diags)
			}
			if len(r.Statements) != 1 || r.Statements[0].Node == nil {
				t.Errorf("%q (fast path %v): want one statement, got %d", c.src, fast, len(r.Statements))
				return
			}
			if db := r.Statements[0].Database(); db == nil || db.Raw != c.db {
				t.Errorf("%q (fast path %v): database %v, want %q", c.src, fast, db, c.db)
			}
		})
	}
}
