package live_test

import (
	"context"
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/live/tdstest"
)

const clearLoginNotice = "does not support encryption: the login, password included, and all data went unencrypted"

// TestEncryptionNotice: a server that refuses encryption gets the login in
// clear text, and the client says so, unless encryption was turned off on
// purpose; --encrypt mandatory refuses such a server.
func TestEncryptionNotice(t *testing.T) {
	st := tdstest.State{ServerName: "PLAIN", IFI: "Y"}
	srv, err := tdstest.Start(tdstest.Config{User: testUser, Password: testPassword, Handler: st.Handler()}) // no certificate
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	base := live.Config{Server: srv.Addr(), User: testUser, Password: testPassword, ConnectTimeout: 2 * time.Second, QueryTimeout: 2 * time.Second}

	t.Run("default", func(t *testing.T) {
		c, err := live.Connect(context.Background(), base)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if n := strings.Join(c.Notices(), "\n"); !strings.Contains(n, clearLoginNotice) || !strings.Contains(n, srv.Addr()) {
			t.Errorf("notices = %q, want the clear-text login named", n)
		}
		f, err := c.Facts(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(notices(f), clearLoginNotice) {
			t.Errorf("facts' notices lack the clear-text login: %q", notices(f))
		}
		if strings.Contains(notices(f), testPassword) {
			t.Error("a notice shows the password")
		}
		if l := srv.Logins(); len(l) == 0 || l[len(l)-1].Encryption != "none" {
			t.Errorf("logins = %+v, want one without encryption", l)
		}
	})
	t.Run("optional", func(t *testing.T) {
		cfg := base
		cfg.Encrypt = "optional"
		c, err := live.Connect(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if !strings.Contains(strings.Join(c.Notices(), "\n"), clearLoginNotice) {
			t.Errorf("notices = %q", c.Notices())
		}
	})
	t.Run("encrypt=disable on purpose", func(t *testing.T) {
		cfg := base
		cfg.DSN = "encrypt=disable"
		c, err := live.Connect(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if len(c.Notices()) != 0 {
			t.Errorf("notices = %q, want none", c.Notices())
		}
	})
	t.Run("mandatory refuses", func(t *testing.T) {
		cfg := base
		cfg.Encrypt = "mandatory"
		cfg.TrustServerCertificate = true
		c, err := live.Connect(context.Background(), cfg)
		if err == nil {
			c.Close()
			t.Fatal("Connect succeeded with --encrypt mandatory against a server without encryption")
		}
		if strings.Contains(err.Error(), testPassword) {
			t.Errorf("error shows the password: %v", err)
		}
	})
	t.Run("bad mode", func(t *testing.T) {
		cfg := base
		cfg.Encrypt = "sometimes"
		_, err := live.Connect(context.Background(), cfg)
		if !errors.Is(err, live.ErrConfig) || !strings.Contains(err.Error(), "strict, mandatory or optional") {
			t.Errorf("err = %v", err)
		}
	})
}

// TestEncryptModes: --encrypt gives go-mssqldb's meanings against a server
// with a certificate, and no clear-text notice.
func TestEncryptModes(t *testing.T) {
	cert, certPEM, err := tdstest.SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	pemPath := filepath.Join(t.TempDir(), "server.pem")
	if err := os.WriteFile(pemPath, certPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	st := tdstest.State{ServerName: "SQLTLS", IFI: "Y"}
	srv, err := tdstest.Start(tdstest.Config{User: testUser, Password: testPassword, Handler: st.Handler(), Certificate: &cert})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	for _, tt := range []struct {
		encrypt, dsn string
		trust        bool
		mode         string // Login.Encryption
	}{
		{"optional", "", true, "login"},
		{"mandatory", "", true, "full"},
		// --encrypt overrides the DSN's choice.
		{"mandatory", "encrypt=disable", true, "full"},
		{"strict", "certificate=" + pemPath, false, "strict"},
		{"optional", "encrypt=strict", true, "login"},
	} {
		t.Run(tt.encrypt+" "+url.QueryEscape(tt.dsn), func(t *testing.T) {
			cfg := live.Config{DSN: tt.dsn, Server: srv.Addr(), User: testUser, Password: testPassword,
				Encrypt: tt.encrypt, TrustServerCertificate: tt.trust, ConnectTimeout: 2 * time.Second}
			before := len(srv.Logins())
			c, err := live.Connect(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if len(c.Notices()) != 0 {
				t.Errorf("notices = %q, want none", c.Notices())
			}
			if l := srv.Logins(); len(l) != before+1 || l[before].Encryption != tt.mode {
				t.Errorf("logins = %+v, want encryption %q", l[before:], tt.mode)
			}
		})
	}
}

func TestCheckServerFlag(t *testing.T) {
	const pw = "Hunter2;x"
	for _, tt := range []struct {
		dsn  string
		want bool // refused
	}{
		{"sqlserver://deploy@db1:1433?database=master", false},
		{"sqlserver://deploy:" + url.QueryEscape(pw) + "@db1:1433", true},
		{"sqlserver://deploy@db1?password=" + url.QueryEscape(pw), true},
		{"sqlserver://deploy:" + pw + "@db1:1433/%zz", true}, // does not parse
		{"server=db1,1433;user id=deploy;database=master", false},
		{"server=db1;user id=deploy;Password=\"" + pw + "\"", true},
		{"server=db1;uid=deploy;PWD={" + pw + "}", true},
		{"odbc:server=db1;uid=deploy;pwd={" + pw + "}", true},
		{"db1,1433", false},
		{"sqlserver://db1:1433?", false},
		{"sqlserver://deploy:@db1", true}, // an empty password is still one
	} {
		err := live.CheckServerFlag("--server", tt.dsn)
		if (err != nil) != tt.want {
			t.Errorf("%q: err = %v, want refused %v", tt.dsn, err, tt.want)
			continue
		}
		if err != nil {
			if strings.Contains(err.Error(), "Hunter2") || !strings.Contains(err.Error(), "SQLCMDPASSWORD") {
				t.Errorf("%q: message %q must point at SQLCMDPASSWORD and not show the password", tt.dsn, err)
			}
		}
	}
}

func TestCheckTimeout(t *testing.T) {
	for _, d := range []time.Duration{0, -time.Second} {
		err := live.CheckTimeout("--connect-timeout", d)
		if err == nil || !strings.Contains(err.Error(), "--connect-timeout") {
			t.Errorf("%v: err = %v", d, err)
		}
	}
	if err := live.CheckTimeout("--query-timeout", time.Millisecond); err != nil {
		t.Errorf("1ms: %v", err)
	}
}
