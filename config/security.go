package config

// This file holds the keys that bound what a scan reads and expands (see
// docs/security.md): env, include-roots, include-outside, max-file-size,
// max-expanded-size and max-total-expanded-size.

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/sqllint/sqllint/internal/fsread"
	"github.com/sqllint/sqllint/parser"
)

const (
	keyEnv                  = "env"
	keyIncludeRoots         = "include-roots"
	keyIncludeOutside       = "include-outside"
	keyMaxFileSize          = "max-file-size"
	keyMaxExpandedSize      = "max-expanded-size"
	keyMaxTotalExpandedSize = "max-total-expanded-size"
)

var securityKeys = []string{keyEnv, keyIncludeRoots, keyIncludeOutside, keyMaxFileSize, keyMaxExpandedSize, keyMaxTotalExpandedSize}

// security parses one of securityKeys; false when k is not one of them.
func (l *loader) security(k string, v *yaml.Node) bool {
	switch k {
	case keyEnv:
		l.env(v)
	case keyIncludeRoots:
		l.includeRoots(v)
	case keyIncludeOutside:
		if v.Kind == yaml.ScalarNode && (v.Tag == "!!bool" || v.Tag == "") {
			switch strings.ToLower(v.Value) {
			case "true":
				l.cfg.IncludeOutside = true
				return true
			case "false":
				l.cfg.IncludeOutside = false
				return true
			}
		}
		l.errorf(v, k, "must be true or false, got %s", describe(v))
	case keyMaxFileSize:
		l.size(v, k, &l.cfg.MaxFileSize)
	case keyMaxExpandedSize:
		l.size(v, k, &l.cfg.MaxExpandedSize)
	case keyMaxTotalExpandedSize:
		l.size(v, k, &l.cfg.MaxTotalExpandedSize)
	default:
		return false
	}
	return true
}

// env reads the names of the environment variables $(NAME) may expand.
func (l *loader) env(n *yaml.Node) {
	l.strings(n, keyEnv, "a variable name", func(it *yaml.Node, k, s string) {
		if err := CheckEnvName(s); err != nil {
			l.errorf(it, k, "%v", err)
			return
		}
		l.cfg.Env = append(l.cfg.Env, s)
	})
}

// CheckEnvName checks a name given to allow an environment variable (env:
// in the config, --env NAME): "*" or a variable name that does not look
// secret (parser.IsSecretName). The error names the variable, never a value.
func CheckEnvName(name string) error {
	switch {
	case name == "*":
	case strings.Contains(name, ","):
		// --select and --ignore take comma lists; --env and env: do not
		return fmt.Errorf("%q is not one variable name: give each name its own --env NAME, or list them in the config: env: [A, B]", name)
	case name == "" || !varName.MatchString(name):
		return fmt.Errorf("bad environment variable name %q: no blanks, quotes, =, $, ( or )", name)
	case parser.IsSecretName(name):
		return fmt.Errorf("%s looks like a secret (its name holds PASSWORD, SECRET, TOKEN, KEY or the like): sqllint never expands such variables from the environment, "+
			"so that their values cannot reach findings, reports or a server; give the script a harmless value with variables: or -v instead", name)
	}
	return nil
}

// includeRoots reads folders, relative to the config file's folder, that
// :r may include from besides the scanned ones.
func (l *loader) includeRoots(n *yaml.Node) {
	l.strings(n, keyIncludeRoots, "a folder", func(_ *yaml.Node, _, s string) {
		l.cfg.IncludeRoots = append(l.cfg.IncludeRoots, filepath.Clean(filepath.FromSlash(s)))
	})
}

var sizeRE = regexp.MustCompile(`^(?i)\s*(\d+)\s*(b|bytes?|kb|kib|mb|mib|gb|gib)?\s*$`)

// ParseSize reads a size such as 64MB, "256 MB", 1GB or 1048576 (bytes).
// KB, MB and GB are powers of 1024 (KiB, MiB and GiB are accepted too).
func ParseSize(s string) (int64, error) {
	m := sizeRE.FindStringSubmatch(s)
	if m == nil {
		return 0, fmt.Errorf("must be a size such as 64MB, 1GB or a number of bytes, got %q", s)
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	shift := map[string]uint{"kb": 10, "kib": 10, "mb": 20, "mib": 20, "gb": 30, "gib": 30}[strings.ToLower(m[2])]
	if n > (1<<62)>>shift {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	if n <= 0 {
		return 0, fmt.Errorf("must be more than 0, got %q", s)
	}
	return n << shift, nil
}

func (l *loader) size(n *yaml.Node, key string, dst *int64) {
	if n.Kind != yaml.ScalarNode {
		l.errorf(n, key, "must be a size such as 64MB, got %s", describe(n))
		return
	}
	v, err := ParseSize(n.Value)
	if err != nil {
		l.errorf(n, key, "%v", err)
		return
	}
	*dst = v
}

// PreprocessOptions returns the sqlcmd preprocessor's options for a run
// that scans paths (files or folders, "-" for standard input left out):
// the variables and starting database, the environment variables the
// config allows (env; append "*" or names to c.Env first for the --env
// flags), the folders :r may include from (the scanned ones, this file's
// folder and include-roots) and the size limits, with one IncludeCache
// for the run.
func (c *Config) PreprocessOptions(paths []string, lookupEnv func(string) (string, bool)) *parser.PreprocessOptions {
	opt := &parser.PreprocessOptions{
		Vars:           c.Variables,
		Database:       c.Rules.DefaultDatabase,
		Env:            lookupEnv,
		EnvAllowed:     parser.EnvAllowList(c.Env...),
		IncludeOutside: c.IncludeOutside,
		// a refused :r says what the command line can do instead
		UntrustedConfig: c.untrusted,
		UntrustedRemedy: c.UntrustedRemedy,
		MaxFileSize:     c.MaxFileSize,
		MaxExpanded:     c.MaxExpandedSize,
		Includes:        parser.NewIncludeCache(c.MaxTotalExpandedSize),
		Roots:           []string{},
	}
	for _, p := range paths {
		if p == "-" || p == "" {
			continue
		}
		opt.Roots = append(opt.Roots, includeRoot(p))
	}
	if c.Dir != "" {
		opt.Roots = append(opt.Roots, c.Dir)
		for _, r := range c.IncludeRoots {
			if !filepath.IsAbs(r) {
				r = filepath.Join(c.Dir, r)
			}
			opt.Roots = append(opt.Roots, r)
		}
	}
	return opt
}

// includeRoot is the folder a scanned path lets :r include from: the path
// itself for a folder, its folder for a file.
func includeRoot(p string) string {
	if info, err := os.Stat(p); err == nil && info.IsDir() {
		return p
	}
	return filepath.Dir(p)
}

// Limits returns the size limits in effect, for messages and --verbose:
// max-file-size, max-expanded-size and max-total-expanded-size.
func (c *Config) Limits() (file, perRoot, perRun string) {
	pick := func(v, def int64) string {
		if v <= 0 {
			v = def
		}
		return fsread.FormatSize(v)
	}
	return pick(c.MaxFileSize, parser.DefaultMaxFileSize), pick(c.MaxExpandedSize, parser.DefaultMaxExpanded),
		pick(c.MaxTotalExpandedSize, parser.DefaultMaxTotalExpanded)
}

// Untrusted narrows c to what a config file from an untrusted change (a
// pull request from a fork, which can edit .sqllint.yaml) may set: what
// is checked and how stays, nothing that widens what a script reads,
// expands or contacts does. It drops include-outside, include-roots, env
// and server, resets a limit above its default, and drops a context path
// or baseline outside the config file's folder or hidden below it
// (.git/config), symbolic links resolved. It returns what it dropped, one
// line each, for the run to say.
func (c *Config) Untrusted() []string {
	var out []string
	c.untrusted = true
	if c.IncludeOutside {
		c.IncludeOutside = false
		out = append(out, keyIncludeOutside+": true")
	}
	if len(c.IncludeRoots) > 0 {
		out = append(out, keyIncludeRoots+": ["+strings.Join(c.IncludeRoots, ", ")+"]")
		c.IncludeRoots = nil
	}
	if len(c.Env) > 0 {
		out = append(out, keyEnv+": ["+strings.Join(c.Env, ", ")+"]")
		c.Env = nil
	}
	if c.Server != "" {
		out = append(out, keyServer+" (the server of --live)")
		c.Server = ""
	}
	for _, l := range []struct {
		key string
		v   *int64
		def int64
	}{
		{keyMaxFileSize, &c.MaxFileSize, parser.DefaultMaxFileSize},
		{keyMaxExpandedSize, &c.MaxExpandedSize, parser.DefaultMaxExpanded},
		{keyMaxTotalExpandedSize, &c.MaxTotalExpandedSize, parser.DefaultMaxTotalExpanded},
	} {
		if *l.v > l.def {
			out = append(out, l.key+": "+fsread.FormatSize(*l.v)+" (above the default "+fsread.FormatSize(l.def)+")")
			*l.v = 0
		}
	}
	if c.ContextSet {
		var keep []string
		var at []Error
		for i, p := range c.Context {
			if rel, ok := c.within(p); !ok {
				out = append(out, keyContext+" "+rel)
				continue
			}
			keep = append(keep, p)
			if i < len(c.ContextAt) {
				at = append(at, c.ContextAt[i])
			}
		}
		c.Context, c.ContextAt = append([]string{}, keep...), append([]Error{}, at...)
	}
	if c.Baseline != "" {
		if rel, ok := c.within(c.Baseline); !ok {
			out = append(out, keyBaseline+" "+rel)
			c.Baseline = ""
		}
	}
	return out
}

// within reports whether path lies below the config file's folder with
// no hidden name between (symbolic links resolved where they exist), and
// gives it relative to that folder when it is below it.
func (c *Config) within(path string) (string, bool) {
	resolved := func(p string) string {
		if abs, err := filepath.Abs(p); err == nil {
			p = abs
		}
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		if r, err := filepath.EvalSymlinks(filepath.Dir(p)); err == nil {
			return filepath.Join(r, filepath.Base(p)) // a file not written yet
		}
		return p
	}
	shown := filepath.ToSlash(path)
	if c.Dir == "" {
		return shown, false
	}
	rel, err := filepath.Rel(resolved(c.Dir), resolved(path))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return shown, false
	}
	if r, err := filepath.Rel(c.Dir, path); err == nil && !strings.HasPrefix(r, "..") {
		shown = filepath.ToSlash(r)
	}
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		if strings.HasPrefix(name, ".") && name != "." {
			return shown, false
		}
	}
	return shown, true
}
