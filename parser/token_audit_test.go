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
	wantDatabaseNames(t, "0001_x.sql", cases)
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
