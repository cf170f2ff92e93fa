package live

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/microsoft/go-mssqldb/msdsn"
)

// Defaults applied by Connect to zero fields of Config.
const (
	DefaultConnectTimeout = 15 * time.Second
	DefaultQueryTimeout   = 30 * time.Second
	DefaultAppName        = "sqllint"
)

// redactedPassword replaces every password in printable text.
const redactedPassword = "xxxxx"

// Config says how to reach a server.
//
// DSN is the base; Server, User and Database, when set, override what it
// says (they mirror sqlcmd's -S, -U and -d). Password is used only when the
// DSN carries none.
type Config struct {
	// DSN in go-mssqldb's URL form (sqlserver://user@host:port?database=db)
	// or ADO form (server=host,port;user id=u;database=db). May be empty
	// when Server is set.
	DSN string
	// Server in sqlcmd's -S forms: host, host,port, host\instance,
	// tcp:host,port (also host:port). Named pipes and shared memory are not
	// supported.
	Server   string
	User     string
	Database string
	// Password comes from SQLCMDPASSWORD (never from a command-line flag).
	// A password already in the DSN wins.
	Password string
	// TrustServerCertificate adds trustservercertificate=true. False leaves
	// the DSN's choice. go-mssqldb verifies the certificate only when the DSN
	// sets encrypt; with encrypt=strict it always verifies (give the CA with
	// certificate=path.pem or pin it with servercertificate=path.pem).
	TrustServerCertificate bool
	// ConnectTimeout bounds dialing plus login (default 15s). It also sets
	// the driver's "dial timeout".
	ConnectTimeout time.Duration
	// QueryTimeout bounds each query, reading its rows included (default
	// 30s). A server that stops answering yields an error at most about half
	// a second after it.
	QueryTimeout time.Duration
	// AppName is sent as the application name (default "sqllint") unless the
	// DSN sets "app name".
	AppName string
	// Encrypt, when set, overrides the DSN's encrypt parameter (see
	// EncryptModes): "strict" (TDS 8: TLS before anything else, the
	// certificate always verified), "mandatory" (encrypt=true: TLS for the
	// whole session; a server without encryption is refused) or
	// "optional" (encrypt=false: the login packet is encrypted when the
	// server supports it, the rest is not, and a server without encryption
	// gets the login, password included, in clear text: Client.Notices
	// says so). Unlike a DSN without encrypt, which trusts any
	// certificate, an explicit mode verifies the server's certificate
	// unless TrustServerCertificate is set (strict always verifies).
	Encrypt string
}

// EncryptModes are the values of Config.Encrypt (and of --encrypt) and the
// go-mssqldb encrypt value each stands for.
var EncryptModes = map[string]string{"strict": "strict", "mandatory": "true", "optional": "false"}

// encryptionDisabled reports whether the settings turn encryption off on
// purpose (encrypt=disable): no notice is due when the login goes in clear.
func (c Config) encryptionDisabled() bool {
	p, err := c.params()
	return err == nil && strings.EqualFold(p[msdsn.Encrypt], "disable")
}

// CheckTimeout refuses a timeout that is not more than 0: a command-line
// flag of 0 or less used to become the default silently. flag names it
// in the message ("--connect-timeout").
func CheckTimeout(flag string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("%s %s: must be more than 0 (live mode never waits forever)", flag, d)
	}
	return nil
}

// HasPassword reports whether a DSN (URL, ADO or ODBC form) carries a
// password (user:password@, password=, pwd=).
func HasPassword(dsn string) bool {
	dsn = strings.TrimSpace(dsn)
	if dsn == "" {
		return false
	}
	if p, err := msdsn.Parse(dsn); err == nil && (p.Parameters[msdsn.Password] != "" || p.Parameters[msdsn.ChangePassword] != "") {
		return true
	}
	// Also look for the shapes without the driver (a DSN it cannot parse,
	// ODBC keys).
	if strings.HasPrefix(dsn, "sqlserver://") {
		u, err := url.Parse(dsn)
		if err != nil {
			return urlUserinfo.MatchString(dsn)
		}
		if u.User != nil {
			if _, set := u.User.Password(); set {
				return true
			}
		}
		for k := range u.Query() {
			if passwordKeys[strings.ToLower(k)] {
				return true
			}
		}
		return false
	}
	return redactKeyValues(dsn) != dsn
}

// CheckServerFlag refuses a DSN given as a command-line flag that carries a
// password: a flag shows in the process list and the shell history. The
// message never repeats the DSN. The same DSN is accepted from the
// SQLLINT_SERVER environment variable (not visible to other users), and its
// password is scrubbed from every message.
func CheckServerFlag(flag, dsn string) error {
	if HasPassword(dsn) {
		return fmt.Errorf("%s holds a password: passwords are never given as a flag (other users can read a command line); "+
			"remove it and set SQLCMDPASSWORD instead", flag)
	}
	return nil
}

// ConfigFromEnv builds a Config from environment variables, read through
// getenv (pass os.Getenv):
//
//	SQLLINT_SERVER      a full DSN (URL or ADO form). When set, SQLCMDSERVER,
//	                    SQLCMDUSER and SQLCMDDBNAME are ignored: they are
//	                    sqlcmd's general defaults and may point elsewhere.
//	SQLCMDSERVER        the server, as sqlcmd -S (used without SQLLINT_SERVER)
//	SQLCMDUSER          the login, as sqlcmd -U (used without SQLLINT_SERVER)
//	SQLCMDDBNAME        the database, as sqlcmd -d (used without SQLLINT_SERVER)
//	SQLCMDPASSWORD      the password; used only if the DSN has none
//	SQLCMDLOGINTIMEOUT  seconds, as sqlcmd -l: ConnectTimeout
//	SQLCMDSTATTIMEOUT   seconds, as sqlcmd -t: QueryTimeout (0 keeps the
//	                    default: live mode never waits forever)
//
// Command-line flags are meant to be applied on top of the result (set
// Server, User, Database). Timeouts that are not whole non-negative numbers
// are an error.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		ConnectTimeout: DefaultConnectTimeout,
		QueryTimeout:   DefaultQueryTimeout,
		AppName:        DefaultAppName,
	}
	get := func(k string) string { return strings.TrimSpace(getenv(k)) }
	if dsn := get("SQLLINT_SERVER"); dsn != "" {
		c.DSN = dsn
	} else {
		c.Server = get("SQLCMDSERVER")
		c.User = get("SQLCMDUSER")
		c.Database = get("SQLCMDDBNAME")
	}
	c.Password = getenv("SQLCMDPASSWORD") // not trimmed: spaces may be part of it
	for _, t := range []struct {
		name string
		dst  *time.Duration
	}{{"SQLCMDLOGINTIMEOUT", &c.ConnectTimeout}, {"SQLCMDSTATTIMEOUT", &c.QueryTimeout}} {
		v := get(t.name)
		if v == "" {
			continue
		}
		n, err := strconv.ParseUint(v, 10, 31)
		if err != nil {
			return c, fmt.Errorf("live: %s=%q: want a whole number of seconds", t.name, v)
		}
		if n > 0 {
			*t.dst = time.Duration(n) * time.Second
		}
	}
	return c, nil
}

func (c Config) withDefaults() Config {
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.QueryTimeout <= 0 {
		c.QueryTimeout = DefaultQueryTimeout
	}
	if c.AppName == "" {
		c.AppName = DefaultAppName
	}
	return c
}

// Keys of go-mssqldb's parameter map that the URL form carries outside its
// query string.
const (
	keyServer   = msdsn.Server
	keyPort     = msdsn.Port
	keyUser     = msdsn.UserID
	keyPassword = msdsn.Password
)

// params returns the effective connection parameters (go-mssqldb's
// lower-cased keys) with the fields applied over the DSN.
func (c Config) params() (map[string]string, error) {
	p := map[string]string{}
	if strings.TrimSpace(c.DSN) != "" {
		parsed, err := msdsn.Parse(c.DSN)
		if err != nil {
			return nil, fmt.Errorf("invalid DSN %s: %v", c.Redacted(), err) //nolint:errorlint // flattened on purpose: callers must not reach the driver error, which may quote the DSN
		}
		for k, v := range parsed.Parameters {
			p[k] = v
		}
	}
	if c.Server != "" {
		host, port, err := parseServer(c.Server)
		if err != nil {
			return nil, err
		}
		delete(p, msdsn.Protocol)
		p[keyServer] = host
		if port != "" {
			p[keyPort] = port
		} else {
			delete(p, keyPort)
		}
	}
	if c.User != "" {
		p[keyUser] = c.User
	}
	if c.Database != "" {
		p[msdsn.Database] = c.Database
	}
	if p[keyPassword] == "" && c.Password != "" {
		p[keyPassword] = c.Password
	}
	if c.TrustServerCertificate {
		p[msdsn.TrustServerCertificate] = "true"
	}
	if c.Encrypt != "" {
		v, ok := EncryptModes[strings.ToLower(c.Encrypt)]
		if !ok {
			return nil, fmt.Errorf("encrypt %q: use strict, mandatory or optional", c.Encrypt)
		}
		p[msdsn.Encrypt] = v
	}
	if c.ConnectTimeout > 0 {
		p[msdsn.DialTimeout] = strconv.Itoa(int(math.Ceil(c.ConnectTimeout.Seconds())))
	}
	if _, ok := p[msdsn.AppName]; !ok && c.AppName != "" {
		p[msdsn.AppName] = c.AppName
	}
	if strings.TrimSpace(p[keyServer]) == "" {
		if strings.TrimSpace(c.DSN) != "" {
			// given, but as something that names no host ("db1" alone
			// reads as an ADO string without Server=)
			msg := fmt.Sprintf("DSN \"%s\" names no server: write sqlserver://user@host:port?database=NAME, or Server=host,port;User ID=user in ADO form", c.Redacted())
			if dsn := strings.TrimSpace(c.DSN); !strings.ContainsAny(dsn, "=; @/") {
				if _, _, err := parseServer(dsn); err == nil {
					// sqlcmd's server form, given where a DSN goes
					msg += "; a server alone goes to -S " + dsn
				}
			}
			return nil, errors.New(msg)
		}
		return nil, fmt.Errorf("no server given: set --server, SQLLINT_SERVER or SQLCMDSERVER")
	}
	return p, nil
}

// parseServer reads sqlcmd's -S forms: host, host,port, host\instance,
// host\instance,port, tcp:host[,port], [::1],port and host:port. It returns
// go-mssqldb's server value (host or host\instance) and the port ("" for
// none).
func parseServer(s string) (server, port string, err error) {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, ":"); i > 0 {
		switch prefix := strings.ToLower(s[:i]); prefix {
		case "tcp":
			s = s[i+1:]
		case "np", "lpc", "admin", "via":
			return "", "", fmt.Errorf("server %q: only TCP connections are supported (not %s:)", s, prefix)
		}
	}
	if i := strings.LastIndex(s, ","); i >= 0 {
		s, port = strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:])
	} else if strings.Count(s, ":") == 1 && !strings.HasPrefix(s, "[") {
		// host:port, which sqlcmd does not take but people type.
		i := strings.Index(s, ":")
		if _, err := strconv.ParseUint(s[i+1:], 10, 16); err == nil {
			s, port = s[:i], s[i+1:]
		}
	}
	if port != "" {
		if n, err := strconv.ParseUint(port, 10, 16); err != nil || n == 0 {
			return "", "", fmt.Errorf("server %q: invalid port %q", s, port)
		}
	}
	host, instance, _ := strings.Cut(s, `\`)
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "" {
		return "", "", fmt.Errorf("server %q: no host", s)
	}
	if instance != "" {
		host += `\` + instance
	}
	return host, port, nil
}

// connString returns the URL-form DSN that Connect hands to the driver and
// the address to name in messages.
func (c Config) connString() (dsn, addr string, err error) {
	p, err := c.params()
	if err != nil {
		return "", "", err
	}
	u, addr := buildURL(p)
	return u.String(), addr, nil
}

func buildURL(p map[string]string) (*url.URL, string) {
	host, instance, _ := strings.Cut(p[keyServer], `\`)
	// a URL's IPv6 address comes in brackets (sqlserver://[::1])
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	port := p[keyPort]
	u := &url.URL{Scheme: "sqlserver"}
	switch {
	case port != "":
		u.Host = net.JoinHostPort(host, port)
	case strings.Contains(host, ":") && instance == "":
		// an IPv6 address: go-mssqldb takes the host of "[::1]" without
		// a port to be the name "[::1]"
		u.Host = net.JoinHostPort(host, "1433")
	case strings.Contains(host, ":"):
		u.Host = "[" + host + "]"
	default:
		u.Host = host
	}
	if instance != "" {
		u.Path = "/" + instance
	}
	user, pw := p[keyUser], p[keyPassword]
	if pw != "" {
		u.User = url.UserPassword(user, pw)
	} else if user != "" {
		u.User = url.User(user)
	}
	q := url.Values{}
	for k, v := range p {
		switch k {
		case keyServer, keyPort, keyUser, keyPassword:
			continue
		}
		q.Set(k, v)
	}
	u.RawQuery = q.Encode()

	var addr string
	switch {
	case port != "":
		addr = net.JoinHostPort(host, port)
	case instance != "":
		addr = host + `\` + instance
	default:
		addr = net.JoinHostPort(host, "1433")
	}
	return u, addr
}

// Addr returns the server address as messages name it: host:port, or
// host\instance when the port is found through SQL Browser. It is "" when
// the configuration names no server or does not parse.
func (c Config) Addr() string {
	p, err := c.params()
	if err != nil {
		return ""
	}
	_, addr := buildURL(p)
	return addr
}

// Redacted returns the DSN safe to print: every password replaced by
// "xxxxx". With no DSN it describes Server, User and Database in URL form
// (showing "xxxxx" when a password is set). The form of a given DSN (URL or
// ADO) is kept.
func (c Config) Redacted() string {
	var out string
	if strings.TrimSpace(c.DSN) == "" {
		p := map[string]string{}
		if c.Server != "" {
			if host, port, err := parseServer(c.Server); err == nil {
				p[keyServer], p[keyPort] = host, port
			} else {
				p[keyServer] = c.Server
			}
		}
		if c.User != "" {
			p[keyUser] = c.User
		}
		if c.Database != "" {
			p[msdsn.Database] = c.Database
		}
		if c.Password != "" {
			p[keyPassword] = redactedPassword
		}
		u, _ := buildURL(p)
		out = u.String()
	} else if strings.HasPrefix(strings.TrimSpace(c.DSN), "sqlserver://") {
		out = redactURL(strings.TrimSpace(c.DSN))
	} else {
		out = redactKeyValues(c.DSN)
	}
	return scrub(out, c.secrets())
}

// passwordKeys are the connection-string keys whose values are secrets.
var passwordKeys = map[string]bool{
	"password": true, "pwd": true, "change password": true,
}

func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		// Unparsable: cut everything between the scheme and the last '@'
		// of the authority down to the user name.
		return urlUserinfo.ReplaceAllString(dsn, "${1}${2}:"+redactedPassword+"@")
	}
	if u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), redactedPassword)
		}
	}
	q := u.Query()
	changed := false
	for k := range q {
		if passwordKeys[strings.ToLower(k)] {
			q[k] = []string{redactedPassword}
			changed = true
		}
	}
	if changed {
		u.RawQuery = encodeSorted(q)
	}
	return u.String()
}

var urlUserinfo = regexp.MustCompile(`^(sqlserver://)([^:@/?]*):[^/?]*@`)

func encodeSorted(q url.Values) string {
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, v := range q[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k) + "=" + url.QueryEscape(v))
		}
	}
	return b.String()
}

// redactKeyValues redacts an ADO (key=value;...) or ODBC (odbc:key={v};...)
// connection string, honouring "double quoted" and {braced} values that may
// hold semicolons.
func redactKeyValues(dsn string) string {
	var b strings.Builder
	rs := []rune(dsn)
	i := 0
	for i < len(rs) {
		// key
		start := i
		for i < len(rs) && rs[i] != '=' && rs[i] != ';' {
			i++
		}
		key := string(rs[start:i])
		b.WriteString(key)
		if i >= len(rs) || rs[i] == ';' {
			if i < len(rs) {
				b.WriteRune(';')
				i++
			}
			continue
		}
		b.WriteRune('=')
		i++
		// value
		vstart := i
		for i < len(rs) && rs[i] == ' ' {
			i++
		}
		if i < len(rs) && (rs[i] == '"' || rs[i] == '{' || rs[i] == '\'') {
			open := rs[i]
			closer := open
			if open == '{' {
				closer = '}'
			}
			i++
			for i < len(rs) {
				if rs[i] == closer {
					if i+1 < len(rs) && rs[i+1] == closer { // doubled: escaped
						i += 2
						continue
					}
					i++
					break
				}
				i++
			}
		}
		for i < len(rs) && rs[i] != ';' {
			i++
		}
		value := string(rs[vstart:i])
		k := strings.ToLower(strings.TrimSpace(key))
		k = strings.TrimPrefix(k, "odbc:")
		if passwordKeys[k] {
			b.WriteString(redactedPassword)
		} else {
			b.WriteString(value)
		}
		if i < len(rs) {
			b.WriteRune(';')
			i++
		}
	}
	return b.String()
}

// secrets returns the strings that must never appear in output: the
// password from the fields and from the DSN, raw and escaped.
func (c Config) secrets() []string {
	var raw []string
	if c.Password != "" {
		raw = append(raw, c.Password)
	}
	if strings.TrimSpace(c.DSN) != "" {
		if p, err := msdsn.Parse(c.DSN); err == nil {
			for _, k := range []string{msdsn.Password, msdsn.ChangePassword} {
				if v := p.Parameters[k]; v != "" {
					raw = append(raw, v)
				}
			}
		}
	}
	var out []string
	for _, s := range raw {
		userinfo := strings.TrimPrefix(url.UserPassword("", s).String(), ":")
		out = append(out, s, url.QueryEscape(s), url.PathEscape(s), userinfo)
	}
	// Longest first, so that a secret containing another is replaced whole.
	sort.Slice(out, func(i, j int) bool { return len(out[i]) > len(out[j]) })
	return out
}

// scrub replaces every secret in s, in one pass: a short secret may
// occur in the mask itself, which a second pass would replace again.
func scrub(s string, secrets []string) string {
	var pairs []string
	for _, sec := range secrets {
		if sec == "" || sec == redactedPassword {
			continue
		}
		pairs = append(pairs, sec, redactedPassword)
	}
	if pairs == nil {
		return s
	}
	return strings.NewReplacer(pairs...).Replace(s)
}
