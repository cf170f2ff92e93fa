package parser

import "testing"

// A migration tool's token left in a name is part of that name, as a
// Flyway ${name} is: grate and RoundhousE replace {{DatabaseName}} before
// they run a script, DbUp replaces $DatabaseName$. Before, ALTER DATABASE
// {{DatabaseName}} SET ... and ALTER DATABASE $DatabaseName$ ADD
// FILEGROUP ... (as real migration folders write them) were SL001s, and
// the SET or ADD FILE they carry went unchecked.
func TestMigrationToolTokenInName(t *testing.T) {
	cases := []struct{ src, db string }{
		{"ALTER DATABASE {{DatabaseName}} SET TARGET_RECOVERY_TIME = 0 SECONDS", "{{DatabaseName}}"},
		{"alter database {{databasename}} set read_committed_snapshot on", "{{databasename}}"},
		{"ALTER DATABASE db_{{env}} SET TARGET_RECOVERY_TIME = 0 SECONDS", "db_{{env}}"},
		{"ALTER DATABASE {{env}}_db SET TARGET_RECOVERY_TIME = 0 SECONDS", "{{env}}_db"},
		{"BACKUP DATABASE {{DatabaseName}} TO DISK = 'NUL'", "{{DatabaseName}}"},
		{"ALTER DATABASE $DatabaseName$ SET TARGET_RECOVERY_TIME = 0 SECONDS", "$DatabaseName$"},
		{"ALTER DATABASE $DatabaseName$ ADD FILEGROUP [FG_IDX]", "$DatabaseName$"},
		{"CREATE DATABASE $DatabaseName$ ON (NAME = a, FILENAME = 'a.mdf', SIZE = 20GB)", "$DatabaseName$"},
		{"ALTER DATABASE $db$_${env} SET TARGET_RECOVERY_TIME = 0 SECONDS", "$db$_${env}"},
		{"USE $DatabaseName$", "$DatabaseName$"},
	}
	for _, c := range cases {
		s := Preprocess(NewFile("0001_x.sql", c.src), nil)
		compareParses(t, s)
		for _, fast := range []bool{true, false} {
			var r *Result
			if fast {
				r = ParseScript(s)
			} else {
				withoutFastPath(func() { r = ParseScript(s) })
			}
			if len(r.Diags) != 0 {
				t.Errorf("%q (fast path %v): %v", c.src, fast, r.Diags)
			}
			if len(r.Statements) != 1 || r.Statements[0].Node == nil {
				t.Errorf("%q (fast path %v): want one statement, got %d", c.src, fast, len(r.Statements))
				continue
			}
			if db := r.Statements[0].Database(); db == nil || db.Raw != c.db {
				t.Errorf("%q (fast path %v): database %v, want %q", c.src, fast, db, c.db)
			}
		}
	}
	// what only looks like one stays as it was: money, $PARTITION, $action,
	// an ODBC escape, a lone brace
	for _, c := range []struct{ src, tok string }{
		{"SELECT $12", "$12"},
		{"SELECT $PARTITION.pf(c) FROM t", "$PARTITION"},
		{"SELECT $action FROM t", "$action"},
		{"SELECT {fn NOW()}", "{"},
		{"SELECT {x} FROM t", "{"},
		{"SELECT {{ FROM t", "{"},
	} {
		toks := (&Scanner{}).Scan(c.src)
		if len(toks) < 2 || c.src[toks[1].Start:toks[1].End] != c.tok || toks[1].Kind == TokTemplate {
			t.Errorf("%q: second token is not %q as before: %v", c.src, c.tok, toks)
		}
	}
}
