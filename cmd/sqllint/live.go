package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/analysis"
	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/rules"
)

// serverDSN is the live-mode server of a run: --server, then
// SQLLINT_SERVER, then the config file's server: when --live says to use
// it. The config file is content of the repository, which a pull request
// can change: were its server used on its own, a pull request could send
// the CI job's login and SQLCMDPASSWORD to a host of its choosing. The
// command line and the environment belong to whoever runs sqllint.
func (e *env) serverDSN(cfg *config.Config, f *scanFlags) string {
	switch {
	case f.server != "":
		return f.server
	case e.getenv("SQLLINT_SERVER") != "":
		return e.getenv("SQLLINT_SERVER")
	case f.live:
		return cfg.Server
	}
	if cfg.Server != "" && f.serverHost == "" {
		e.note("notice: the config file names a server, but live mode uses it only with --live (or give --server or SQLLINT_SERVER): a pull request can change the config file, and its server would receive the login and SQLCMDPASSWORD")
	}
	return ""
}

// checkLiveFlags checks the values of the live-mode flags before
// anything is read, with or without a server: a typo is a usage error
// that names its flag, not a failed connection or nothing at all.
func checkLiveFlags(f *scanFlags) error {
	if err := live.CheckTimeout("--connect-timeout", f.connectTimeout); err != nil {
		return err
	}
	if err := live.CheckTimeout("--query-timeout", f.queryTimeout); err != nil {
		return err
	}
	if _, ok := live.EncryptModes[strings.ToLower(f.encrypt)]; f.encrypt != "" && !ok {
		return fmt.Errorf("--encrypt %q: use strict, mandatory or optional", f.encrypt)
	}
	return nil
}

// liveFacts connects to the server read-only and reads what the rules use
// about it and about every database the scripts name.
func (e *env) liveFacts(ctx context.Context, dsn string, f *scanFlags, w analysis.Wanted) (*rules.ServerFacts, []string, error) {
	lc, err := e.liveConfig(dsn, f)
	if err != nil {
		return nil, nil, err
	}
	client, err := live.Connect(ctx, lc)
	if err != nil {
		return nil, nil, err
	}
	defer client.Close()
	facts, err := client.Facts(ctx, w.Databases)
	if err != nil {
		return nil, nil, err
	}
	// The backup history (msdb) is read only when the scripts restore.
	if sources := w.RestoreSources; len(sources) > 0 {
		if err := client.BackupHistory(ctx, facts, sources); err != nil {
			return nil, nil, err
		}
	}
	return serverFacts(facts), facts.Notices, nil
}

func serverFacts(f *live.Facts) *rules.ServerFacts {
	sf := &rules.ServerFacts{Server: f.Server, Major: f.Major, IFI: f.IFI, TraceFlags: f.TraceFlags, Databases: map[string]*rules.ServerDatabase{}}
	for key, d := range f.Databases {
		sd := &rules.ServerDatabase{Name: d.Name, Exists: d.Exists, TargetRecoverySeconds: d.TargetRecoverySeconds,
			Encrypted: d.Encrypted, Filegroups: d.FilegroupCount}
		for _, file := range d.Files {
			// data_space_id 1 is PRIMARY, the filegroup the scripts name so
			// and every database has; the others' names are not read (they
			// are in each database's sys.filegroups)
			fg := ""
			switch {
			case file.DataSpaceID == 1:
				fg = "PRIMARY"
			case file.DataSpaceID > 1:
				fg = fmt.Sprintf("#data_space_%d", file.DataSpaceID)
			}
			sd.Files = append(sd.Files, rules.ServerFile{Name: file.Name, Log: file.Type == "LOG", Filegroup: fg, Size: file.SizeBytes})
		}
		sf.Databases[strings.ToLower(key)] = sd
	}
	for key, b := range f.Backups {
		sd := sf.Databases[strings.ToLower(key)]
		if sd == nil {
			sd = &rules.ServerDatabase{Name: b.Database}
			sf.Databases[strings.ToLower(key)] = sd
		}
		sd.FullBackup = &rules.ServerBackup{Finished: b.Finished}
		for _, file := range b.Files {
			sd.FullBackup.Files = append(sd.FullBackup.Files, rules.ServerFile{Name: file.Name, Log: file.Log(), Filegroup: file.Filegroup, Size: file.SizeBytes})
		}
	}
	return sf
}

// liveConfig is the connection live mode makes: the environment's
// (live.ConfigFromEnv), then dsn and the flags f.
func (e *env) liveConfig(dsn string, f *scanFlags) (live.Config, error) {
	lc, err := live.ConfigFromEnv(e.getenv)
	if err != nil {
		return lc, err
	}
	if err := live.CheckServerFlag("--server", f.server); err != nil {
		return lc, err
	}
	// -S takes a host, but a connection string given there by mistake
	// must not carry its password into the messages either
	if err := live.CheckServerFlag("-S", f.serverHost); err != nil {
		return lc, err
	}
	if err := checkLiveFlags(f); err != nil {
		return lc, err
	}
	lc.Encrypt = f.encrypt
	if dsn != "" {
		// the DSN names the server, the login and the database:
		// SQLCMDSERVER, SQLCMDUSER and SQLCMDDBNAME are sqlcmd's general
		// defaults and may point elsewhere (as with SQLLINT_SERVER)
		lc.DSN = dsn
		lc.Server, lc.User, lc.Database = "", "", ""
	}
	if f.serverHost != "" {
		lc.Server = f.serverHost
	}
	if f.user != "" {
		lc.User = f.user
	}
	lc.TrustServerCertificate = lc.TrustServerCertificate || f.trustCert
	// the flags' defaults yield to SQLCMDLOGINTIMEOUT and
	// SQLCMDSTATTIMEOUT (ConfigFromEnv); given, the flags win, as
	// sqlcmd's -l and -t do
	if f.connectTimeoutGiven || e.getenv("SQLCMDLOGINTIMEOUT") == "" {
		lc.ConnectTimeout = f.connectTimeout
	}
	if f.queryTimeoutGiven || e.getenv("SQLCMDSTATTIMEOUT") == "" {
		lc.QueryTimeout = f.queryTimeout
	}
	return lc, nil
}
