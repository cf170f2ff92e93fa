package main

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/sqllint/sqllint/config"
)

// configNotes says, once per config file, when a run checks files that
// lie under a config file other than the one it reads: a run reads one
// config, found from its first path, so a hook naming db/V2.sql reads
// db/.sqllint.yaml while a scan of the repository's top does not, and
// their findings differ without a word. Only for a config found, not one
// given with --config or --no-config.
type configNotes struct {
	e     *env
	using string // the config read (absolute), "" for the defaults
	mu    sync.Mutex
	said  map[string]bool
}

func newConfigNotes(e *env, cfg *config.Config) *configNotes {
	return &configNotes{e: e, using: cfg.Path, said: map[string]bool{}}
}

// show is a path as the user would write it: relative to the current
// folder when it is below it.
func show(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && r != ".." && !filepath.IsAbs(r) && (len(r) < 3 || r[:3] != ".."+string(filepath.Separator)) {
			return r
		}
	}
	return p
}

func (c *configNotes) usingName() string {
	if c.using == "" {
		return "the defaults (no config file is found from the first path)"
	}
	return show(c.using) + ", found from the first path"
}

// walked is analysis.Options.ConfigFile: a config file in a folder the
// run walks.
func (c *configNotes) walked(path string) {
	abs, err := filepath.Abs(path)
	if err != nil || abs == c.using {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.said[abs] {
		return
	}
	c.said[abs] = true
	c.e.note("%s is not read: a run reads one config file, %s; check %s on its own to use it",
		show(abs), c.usingName(), show(filepath.Dir(abs)))
}

// named checks the paths named on the command line (stdin counts as the
// file it names): each whose own config (config.Locate) is another.
func (c *configNotes) named(paths []string, stdinName string) {
	for _, p := range paths {
		if p == "-" {
			if stdinName == "" {
				continue
			}
			p = stdinName
		}
		dir := p
		if info, err := os.Stat(p); err != nil || !info.IsDir() {
			dir = filepath.Dir(p)
		}
		own, _, err := config.Locate(dir)
		if err != nil || own == c.using {
			continue
		}
		key := own
		if key == "" {
			key = "\x00defaults"
		}
		c.mu.Lock()
		said := c.said[key]
		c.said[key] = true
		c.mu.Unlock()
		if said {
			continue
		}
		if own == "" {
			c.e.note("%s is checked with %s; no config file is found from it (a run reads one config file: check it on its own for the defaults)", p, c.usingName())
			continue
		}
		c.mu.Lock()
		c.said[own] = true // the walk need not say it again
		c.mu.Unlock()
		c.e.note("%s is checked with %s, not with %s, found from it (a run reads one config file: check it on its own to use that one)", p, c.usingName(), show(own))
	}
}
