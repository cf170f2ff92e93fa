package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/live"
	"github.com/sqllint/sqllint/rules"
)

// serverDSN is the live-mode server of a run: --server, then
// SQLLINT_SERVER, then the config file.
func (e *env) serverDSN(cfg *config.Config, f *scanFlags) string {
	switch {
	case f.server != "":
		return f.server
	case e.getenv("SQLLINT_SERVER") != "":
		return e.getenv("SQLLINT_SERVER")
	}
	return cfg.Server
}

// liveFacts connects to the server read-only and reads what the rules use
// about it and about every database the scripts name.
func (e *env) liveFacts(ctx context.Context, dsn string, f *scanFlags, names []string) (*rules.ServerFacts, []string, error) {
	lc, err := live.ConfigFromEnv(e.getenv)
	if err != nil {
		return nil, nil, err
	}
	if dsn != "" {
		lc.DSN = dsn
	}
	if f.serverHost != "" {
		lc.Server = f.serverHost
	}
	if f.user != "" {
		lc.User = f.user
	}
	lc.TrustServerCertificate = lc.TrustServerCertificate || f.trustCert
	lc.ConnectTimeout, lc.QueryTimeout = f.connectTimeout, f.queryTimeout

	client, err := live.Connect(ctx, lc)
	if err != nil {
		return nil, nil, err
	}
	defer client.Close()
	facts, err := client.Facts(ctx, names)
	if err != nil {
		return nil, nil, err
	}
	return serverFacts(facts), facts.Notices, nil
}

func serverFacts(f *live.Facts) *rules.ServerFacts {
	sf := &rules.ServerFacts{Server: f.Server, Major: f.Major, IFI: f.IFI, TraceFlags: f.TraceFlags, Databases: map[string]*rules.ServerDatabase{}}
	for key, d := range f.Databases {
		sd := &rules.ServerDatabase{Name: d.Name, Exists: d.Exists, TargetRecoverySeconds: d.TargetRecoverySeconds,
			Encrypted: d.Encrypted, Filegroups: d.FilegroupCount}
		for _, file := range d.Files {
			fg := ""
			if file.DataSpaceID > 0 {
				fg = fmt.Sprintf("#data_space_%d", file.DataSpaceID)
			}
			sd.Files = append(sd.Files, rules.ServerFile{Name: file.Name, Log: file.Type == "LOG", Filegroup: fg, Size: file.SizeBytes})
		}
		sf.Databases[strings.ToLower(key)] = sd
	}
	return sf
}
