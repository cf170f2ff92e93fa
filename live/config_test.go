package live

import (
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/microsoft/go-mssqldb/msdsn"
)

const secret = "S3cr3t;P@ss=w0rd%20 {x}"

func TestRedacted(t *testing.T) {
	esc := url.UserPassword("sa", secret).String() // sa:S3cr3t%3BP%40ss=w0rd%2520%20%7Bx%7D
	tests := []struct {
		name string
		cfg  Config
		want string // exact, when set
		has  []string
	}{
		{name: "URL with password", cfg: Config{DSN: "sqlserver://" + esc + "@db1:1433?database=Sales"},
			want: "sqlserver://sa:xxxxx@db1:1433?database=Sales"},
		{name: "URL without password", cfg: Config{DSN: "sqlserver://sa@db1/SQL2019?database=Sales"},
			want: "sqlserver://sa@db1/SQL2019?database=Sales"},
		{name: "URL password in query", cfg: Config{DSN: "sqlserver://db1?user+id=sa&password=" + url.QueryEscape(secret) + "&database=x"},
			has: []string{"password=xxxxx", "user+id=sa", "database=x"}},
		{name: "URL unparsable", cfg: Config{DSN: "sqlserver://sa:" + secret + "@db1:99999999999?%zz"},
			has: []string{"sqlserver://sa:xxxxx@"}},
		{name: "ADO", cfg: Config{DSN: "server=db1,1433;user id=sa;password=" + "plainpw" + ";database=Sales"},
			want: "server=db1,1433;user id=sa;password=xxxxx;database=Sales"},
		{name: "ADO quoted with semicolons", cfg: Config{DSN: `Server=db1;User ID=sa;Password="` + strings.ReplaceAll(secret, `"`, `""`) + `";Initial Catalog=Sales`},
			want: `Server=db1;User ID=sa;Password=xxxxx;Initial Catalog=Sales`},
		{name: "ADO pwd synonym", cfg: Config{DSN: "Data Source=db1;UID=sa;PWD=hunter2;"},
			want: "Data Source=db1;UID=sa;PWD=xxxxx;"},
		{name: "ODBC braces", cfg: Config{DSN: "odbc:server=db1;user id=sa;password={" + strings.ReplaceAll(secret, "}", "}}") + "};database=Sales"},
			want: "odbc:server=db1;user id=sa;password=xxxxx;database=Sales"},
		{name: "fields", cfg: Config{Server: `db1\SQL2019`, User: "sa", Password: secret, Database: "Sales"},
			want: "sqlserver://sa:xxxxx@db1/SQL2019?database=Sales"},
		{name: "fields, port", cfg: Config{Server: "tcp:db1,1444", User: "sa"},
			want: "sqlserver://sa@db1:1444"},
		{name: "password field never shown with DSN", cfg: Config{DSN: "server=db1;note=" + secret, Password: secret},
			has: []string{"note=xxxxx"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.cfg.Redacted()
			if tt.want != "" && got != tt.want {
				t.Errorf("Redacted() = %q, want %q", got, tt.want)
			}
			for _, h := range tt.has {
				if !strings.Contains(got, h) {
					t.Errorf("Redacted() = %q, lacks %q", got, h)
				}
			}
			for _, s := range []string{secret, url.QueryEscape(secret), url.PathEscape(secret), "S3cr3t", "hunter2", "plainpw"} {
				if strings.Contains(got, s) {
					t.Errorf("Redacted() = %q shows the password", got)
				}
			}
		})
	}
}

func TestParseServer(t *testing.T) {
	tests := []struct {
		in, server, port string
		err              bool
	}{
		{in: "db1", server: "db1"},
		{in: "db1,1444", server: "db1", port: "1444"},
		{in: " db1 , 1444 ", server: "db1", port: "1444"},
		{in: `db1\SQL2019`, server: `db1\SQL2019`},
		{in: `db1\SQL2019,1450`, server: `db1\SQL2019`, port: "1450"},
		{in: "tcp:db1,1444", server: "db1", port: "1444"},
		{in: "TCP:db1", server: "db1"},
		{in: "db1:1444", server: "db1", port: "1444"},
		{in: "127.0.0.1:1444", server: "127.0.0.1", port: "1444"},
		{in: "[::1],1444", server: "::1", port: "1444"},
		{in: "tcp:[::1],1444", server: "::1", port: "1444"},
		{in: "(local)", server: "(local)"},
		{in: "np:db1", err: true},
		{in: `lpc:.`, err: true},
		{in: "db1,abc", err: true},
		{in: "db1,0", err: true},
		{in: ",1433", err: true},
	}
	for _, tt := range tests {
		server, port, err := parseServer(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("parseServer(%q) error = %v", tt.in, err)
			continue
		}
		if !tt.err && (server != tt.server || port != tt.port) {
			t.Errorf("parseServer(%q) = %q, %q; want %q, %q", tt.in, server, port, tt.server, tt.port)
		}
	}
}

// parsed runs the connection string through go-mssqldb's own parser.
func parsed(t *testing.T, c Config) (msdsn.Config, string) {
	t.Helper()
	dsn, addr, err := c.withDefaults().connString()
	if err != nil {
		t.Fatal(err)
	}
	p, err := msdsn.Parse(dsn)
	if err != nil {
		t.Fatalf("msdsn.Parse(%q): %v", dsn, err)
	}
	return p, addr
}

func TestConnString(t *testing.T) {
	t.Run("fields", func(t *testing.T) {
		p, addr := parsed(t, Config{Server: "tcp:db1,1444", User: "sa", Password: secret, Database: "Sales", ConnectTimeout: 2500 * time.Millisecond})
		if p.Host != "db1" || p.Port != 1444 || p.User != "sa" || p.Password != secret || p.Database != "Sales" {
			t.Errorf("parsed = host %q port %d user %q password ok %v database %q", p.Host, p.Port, p.User, p.Password == secret, p.Database)
		}
		if p.AppName != "sqllint" || p.DialTimeout != 3*time.Second {
			t.Errorf("app name %q, dial timeout %v", p.AppName, p.DialTimeout)
		}
		if addr != "db1:1444" {
			t.Errorf("addr = %q", addr)
		}
	})
	t.Run("instance", func(t *testing.T) {
		p, addr := parsed(t, Config{Server: `db1\SQL2019`, User: "sa"})
		if p.Host != "db1" || p.Instance != "SQL2019" || p.Port != 0 || addr != `db1\SQL2019` {
			t.Errorf("host %q instance %q port %d addr %q", p.Host, p.Instance, p.Port, addr)
		}
	})
	t.Run("IPv6", func(t *testing.T) {
		p, addr := parsed(t, Config{Server: "[::1],1433"})
		if p.Host != "::1" || p.Port != 1433 || addr != "[::1]:1433" {
			t.Errorf("host %q port %d addr %q", p.Host, p.Port, addr)
		}
	})
	// An IPv6 address without a port (-S ::1, sqlserver://[::1]) must
	// reach go-mssqldb as the address, not "[::1]", which it looks up as
	// a host name.
	for _, c := range []Config{{Server: "::1"}, {Server: "[::1]"}, {DSN: "sqlserver://sa@[::1]"}, {DSN: "server=::1;user id=sa"}} {
		t.Run("IPv6 without a port "+c.Server+c.DSN, func(t *testing.T) {
			p, addr := parsed(t, c)
			if p.Host != "::1" || addr != "[::1]:1433" {
				t.Errorf("host %q port %d addr %q", p.Host, p.Port, addr)
			}
		})
	}
	t.Run("ADO DSN with overrides", func(t *testing.T) {
		c := Config{
			DSN:    `server=tcp:old,1433;user id=olduser;password="` + strings.ReplaceAll(secret, `"`, `""`) + `";database=olddb;encrypt=true;app name=deploy`,
			Server: "new,1555", User: "newuser", Database: "newdb", Password: "from-env", TrustServerCertificate: true,
		}
		p, _ := parsed(t, c)
		if p.Host != "new" || p.Port != 1555 || p.User != "newuser" || p.Database != "newdb" {
			t.Errorf("overrides not applied: %q %d %q %q", p.Host, p.Port, p.User, p.Database)
		}
		if p.Password != secret {
			t.Errorf("the DSN's password must win over Password")
		}
		if p.Encryption != msdsn.EncryptionRequired || !p.TrustServerCertificate || p.AppName != "deploy" {
			t.Errorf("encryption %v trust %v app %q", p.Encryption, p.TrustServerCertificate, p.AppName)
		}
	})
	t.Run("URL DSN, password from env", func(t *testing.T) {
		p, addr := parsed(t, Config{DSN: "sqlserver://sa@db1:1433?database=Sales&encrypt=disable", Password: secret})
		if p.Password != secret || p.User != "sa" || p.Database != "Sales" || p.Encryption != msdsn.EncryptionDisabled || addr != "db1:1433" {
			t.Errorf("parsed = %+v", p)
		}
	})
	t.Run("errors hold no password", func(t *testing.T) {
		for _, c := range []Config{
			{},
			{DSN: "sqlserver://sa:" + url.QueryEscape(secret) + "@db1?port=notanumber"},
			{DSN: "server=db1;password=" + "hunter2" + ";port=x"},
			{Server: "np:db1", Password: secret},
		} {
			_, _, err := c.connString()
			if err == nil {
				t.Errorf("%+v: no error", c)
				continue
			}
			msg := scrub(err.Error(), c.secrets())
			if strings.Contains(msg, "S3cr3t") || strings.Contains(msg, "hunter2") {
				t.Errorf("error shows the password: %s", msg)
			}
		}
	})
}

func TestConfigFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string {
		return func(k string) string { return m[k] }
	}
	c, err := ConfigFromEnv(env(map[string]string{
		"SQLCMDSERVER": "db1,1444", "SQLCMDUSER": "sa", "SQLCMDPASSWORD": " pw ", "SQLCMDDBNAME": "Sales",
		"SQLCMDLOGINTIMEOUT": "5", "SQLCMDSTATTIMEOUT": "0",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Server: "db1,1444", User: "sa", Password: " pw ", Database: "Sales",
		ConnectTimeout: 5 * time.Second, QueryTimeout: DefaultQueryTimeout, AppName: "sqllint"}
	if c != want {
		t.Errorf("ConfigFromEnv = %+v, want %+v", c, want)
	}

	c, err = ConfigFromEnv(env(map[string]string{
		"SQLLINT_SERVER": "sqlserver://lint@db2?database=x", "SQLCMDSERVER": "db1", "SQLCMDUSER": "sa",
		"SQLCMDDBNAME": "Sales", "SQLCMDPASSWORD": "pw", "SQLCMDSTATTIMEOUT": "7",
	}))
	if err != nil {
		t.Fatal(err)
	}
	want = Config{DSN: "sqlserver://lint@db2?database=x", Password: "pw",
		ConnectTimeout: DefaultConnectTimeout, QueryTimeout: 7 * time.Second, AppName: "sqllint"}
	if c != want {
		t.Errorf("ConfigFromEnv = %+v, want %+v", c, want)
	}

	for _, bad := range []string{"x", "-1", "1.5"} {
		if _, err := ConfigFromEnv(env(map[string]string{"SQLCMDLOGINTIMEOUT": bad})); err == nil {
			t.Errorf("SQLCMDLOGINTIMEOUT=%q accepted", bad)
		}
	}
}

func TestAddr(t *testing.T) {
	for cfg, want := range map[Config]string{
		{Server: "db1"}:                         "db1:1433",
		{Server: "db1,1444"}:                    "db1:1444",
		{DSN: "server=db1\\INST;user=sa"}:       `db1\INST`,
		{DSN: "sqlserver://sa@db2:1500"}:        "db2:1500",
		{DSN: "sqlserver://db2", Server: "db3"}: "db3:1433",
		{}:                                      "",
	} {
		if got := cfg.Addr(); got != want {
			t.Errorf("%+v.Addr() = %q, want %q", cfg, got, want)
		}
	}
}
