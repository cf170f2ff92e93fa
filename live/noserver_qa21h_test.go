package live

import (
	"strings"
	"testing"
)

// TestDSNWithoutServer: --server 'db1 prod' (or an ADO string without
// Server=) said "no server given: set --server, SQLLINT_SERVER or
// SQLCMDSERVER" although --server was given. The message names the DSN
// (its password hidden) and the forms that name a server.
func TestDSNWithoutServer(t *testing.T) {
	for _, dsn := range []string{"not a dsn", "User ID=deploy;Password=Secret1;Database=master"} {
		_, err := Config{DSN: dsn}.params()
		if err == nil || !strings.Contains(err.Error(), "names no server: write sqlserver://user@host:port?database=NAME") ||
			strings.Contains(err.Error(), "Secret1") || strings.Contains(err.Error(), "no server given") {
			t.Errorf("%q: %v", dsn, err)
		}
	}
	if _, err := (Config{}).params(); err == nil || !strings.Contains(err.Error(), "no server given: set --server") {
		t.Errorf("no DSN: %v", err)
	}
}

// --server db1,1433 (sqlcmd's -S form, given to the DSN flag) was told
// only to write a URL: the message now names -S, which takes it.
func TestDSNThatIsAHost(t *testing.T) {
	for _, dsn := range []string{"db1", `db1\SQLEXPRESS`, "db1,1433", "tcp:db1,1433"} {
		_, err := Config{DSN: dsn}.params()
		if err == nil || !strings.Contains(err.Error(), "names no server") || !strings.Contains(err.Error(), "-S "+dsn) {
			t.Errorf("%q: %v", dsn, err)
		}
	}
	for _, dsn := range []string{"not a dsn", "User ID=deploy;Password=Secret1", "sqlserver://u:Secret1@"} {
		if _, err := (Config{DSN: dsn}).params(); err == nil || strings.Contains(err.Error(), "-S ") || strings.Contains(err.Error(), "Secret1") {
			t.Errorf("%q: %v", dsn, err)
		}
	}
}
