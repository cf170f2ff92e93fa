package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/sqllint/sqllint/config"
	"github.com/sqllint/sqllint/lsp"
	"github.com/sqllint/sqllint/rules"
)

// lsp serves the Language Server Protocol on standard input and output,
// for editors: diagnostics as you type, quick fixes, rule docs on hover.
func (e *env) lsp(args []string) int {
	var f scanFlags
	fs := e.lspFlagSet(&f)
	paths, code, ok := e.parseFlags(fs, "lsp", args)
	if !ok {
		return code
	}
	if len(paths) > 0 {
		e.errorf("lsp takes no paths: the editor sends the documents")
		return exitError
	}
	load, err := lspConfigLoader(&f)
	if err != nil {
		e.errorf("%v", err)
		return exitError
	}
	// An editor that went away closes the server's output: a write to it
	// then fails (EPIPE), which ends the session with the status LSP
	// asks for, where SIGPIPE killed the process. Notify, not Ignore: the
	// processes the server starts (git) keep the default SIGPIPE.
	pipe := make(chan os.Signal, 1)
	signal.Notify(pipe, syscall.SIGPIPE)
	defer signal.Stop(pipe)
	// The server answers for its output's errors itself (a write error
	// ends the session, status 1 without shutdown), not as a lost report.
	out := e.stdout
	if cw, ok := out.(*checkedWriter); ok {
		out = cw.w
	}
	srv := lsp.New(e.stdin, out, lsp.Options{
		Analyzer:   lsp.Pipeline{LookupEnv: e.lookupEnv, LoadConfig: load, GitIgnored: f.pr.gitIgnored},
		Version:    toolVersion(),
		Log:        e.stderr,
		ConfigFile: f.configPath, // made absolute by lspConfigLoader
	})
	return srv.Run()
}

// lspFlagSet holds the flags of sqllint lsp: the transport flag editors
// add, and the flags of scan that choose the config and what the rules
// see, which the editor extensions pass on from their settings
// (sqllint.args in VS Code).
func (e *env) lspFlagSet(f *scanFlags) *flag.FlagSet {
	fs := flag.NewFlagSet("lsp", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	// Editors' clients add --stdio when they start a server over stdio;
	// it is the only transport, so the flag is accepted and changes nothing.
	fs.Bool("stdio", true, "talk LSP over standard input and output (the only transport)")
	fs.StringVar(&f.configPath, "config", "", "config `file` for every script (default: .sqllint.yaml found from the script's folder upward, then in the home folder)")
	fs.BoolVar(&f.noConfig, "no-config", false, "ignore any config file")
	fs.BoolVar(&f.untrusted, "untrusted-config", false, "the config file may come from an untrusted change (a pull request): ignore its keys that widen what scripts read or expand")
	fs.Var(&f.vars, "v", "sqlcmd variable `NAME=value`; repeatable")
	fs.Var(&f.vars, "var", "`NAME=value`, the same as -v")
	fs.StringVar(&f.database, "d", "", "`database` the scripts start in, as sqlcmd -d")
	fs.Var(&f.envNames, "env", "let $(`NAME`) expand from the environment variable NAME (never one whose name looks secret); repeatable")
	fs.BoolVar(&f.allowEnv, "allow-env", false, "let $(var) expand from any environment variable whose name does not look secret")
	fs.StringVar(&f.targetVersion, "target-version", "", "SQL Server `version` the scripts deploy to: a release year (2008R2, 2019, 2022, ...) or a major version (10.5, 15, 16.0, ...)")
	fs.Var(&f.pr.selects, "select", "run only these `rules`: IDs, names or ID prefixes (SL3), comma-separated; repeatable")
	fs.Var(&f.pr.ignores, "ignore", "do not run these `rules`: IDs, names or ID prefixes, comma-separated; repeatable")
	fs.BoolVar(&f.pr.gitIgnored, "git-ignored", false, "read the scripts git ignores as context too (default in a git work tree: the files git does not ignore)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: sqllint lsp [flags]\n\nServes the Language Server Protocol on standard input and output for editors\n(VS Code, Azure Data Studio, Neovim, ...): findings as you type, quick fixes,\nrule documentation on hover. Log lines go to standard error. See docs/editors.md.\nIts flags are those of sqllint scan that choose the config and what the rules\nsee; they apply to every script the editor checks.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	return fs
}

// lspUntrustedRemedy is how a script opened in a language server started
// with --untrusted-config gets a refused :r read.
const lspUntrustedRemedy = "in a workspace you trust, start the language server without --untrusted-config and list the folder under include-roots: in the config file"

// lspConfigLoader returns the config loader of a server started with
// flags f: the config file --config names (relative to the folder the
// server starts in), none with --no-config, else the one found from the
// script's folder, with the flags applied over it as scan applies them.
// A flag value that is wrong is an error now, before the editor
// connects.
func lspConfigLoader(f *scanFlags) (func(dir string) (*config.Config, error), error) {
	if f.configPath != "" && f.noConfig {
		return nil, fmt.Errorf("use --config or --no-config, not both")
	}
	if f.configPath != "" {
		abs, err := filepath.Abs(f.configPath)
		if err != nil {
			return nil, fmt.Errorf("--config %s: %w", f.configPath, err)
		}
		f.configPath = abs
	}
	apply := func(cfg *config.Config) error {
		if f.untrusted {
			cfg.Untrusted() // a workspace opened from a pull request: nothing it widens
			// the server has no --context: a refused :r says what it does have
			cfg.UntrustedRemedy = lspUntrustedRemedy
		}
		if err := applyFlags(cfg, f); err != nil {
			return err
		}
		return applySelection(rules.Default, &cfg.Rules, f.pr.selects, f.pr.ignores)
	}
	if err := apply(config.Default()); err != nil {
		return nil, err
	}
	return func(dir string) (*config.Config, error) {
		var cfg *config.Config
		var err error
		switch {
		case f.noConfig:
			cfg = config.Default()
		case f.configPath != "":
			cfg, err = config.Load(f.configPath, rules.Default)
		default:
			cfg, err = lsp.DiscoverConfig(dir)
		}
		if err != nil {
			return nil, err
		}
		return cfg, apply(cfg)
	}, nil
}
