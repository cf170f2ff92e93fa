package config

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/sqllint/sqllint/rules"
)

// UntrustedCheck narrows c so that a config file from an untrusted
// change (a pull request, which can edit .sqllint.yaml) cannot make that
// change's own check pass: it drops what can only lower what the check
// finds or fails on, and keeps what makes it stricter and what says how
// the scripts read (variables, database). It drops a fail-on below the
// default warning (error, never), the rules that rules or severity turn
// off, a severity below a rule's default, options and target-version
// (they only ever raise a rule's threshold or lower it: the defaults
// apply), exclude and the baseline (the change can rewrite the file),
// and adds the default include to an include that leaves scripts out.
// It returns what it dropped, one line each, for the run to say, as
// Untrusted does.
func (c *Config) UntrustedCheck() []string {
	var out []string
	if c.FailOn == "error" || c.FailOn == "never" {
		out = append(out, keyFailOn+": "+c.FailOn+" (below the default warning)")
		c.FailOn = ""
	}
	off := map[string][]string{} // key → the rules it turns off
	for id := range c.Rules.Disabled {
		if c.Rules.Disabled[id] {
			by := cmp.Or(c.offBy[id], keyRules)
			off[by] = append(off[by], id)
		}
	}
	if ids := off[keyRules]; len(ids) > 0 {
		sort.Strings(ids)
		out = append(out, keyRules+" (it turns off "+strings.Join(ids, ", ")+")")
	}
	var lowered []string
	for _, id := range off[keySeverity] {
		lowered = append(lowered, id+": off")
	}
	for id, s := range c.Rules.Severity {
		if r := rules.Default.Lookup(id); r != nil && s < r.Severity {
			lowered = append(lowered, id+": "+s.String())
			delete(c.Rules.Severity, id)
		}
	}
	if len(lowered) > 0 {
		sort.Strings(lowered)
		out = append(out, keySeverity+" ("+strings.Join(lowered, ", ")+": below their defaults)")
	}
	c.Rules.Disabled, c.offBy = map[string]bool{}, nil
	if len(c.Rules.Options) > 0 {
		var names []string
		for _, opts := range c.Rules.Options {
			for name := range opts {
				if !slices.Contains(names, name) {
					names = append(names, name)
				}
			}
		}
		sort.Strings(names)
		out = append(out, keyOptions+" ("+strings.Join(names, ", ")+")")
		c.Rules.Options = map[string]map[string]float64{}
	}
	if c.Rules.TargetVersion != 0 {
		out = append(out, fmt.Sprintf("%s (SQL Server major version %d)", keyTargetVersion, c.Rules.TargetVersion))
		c.Rules.TargetVersion = 0
	}
	if !slices.Equal(c.Include, DefaultInclude) {
		var missing []string
		for _, g := range DefaultInclude {
			if !slices.Contains(c.Include, g) {
				missing = append(missing, g)
			}
		}
		if len(missing) > 0 {
			out = append(out, keyInclude+": ["+strings.Join(c.Include, ", ")+"] (it leaves out "+strings.Join(missing, ", ")+": those files are checked too)")
			c.Include = append(append([]string{}, missing...), c.Include...)
		}
	}
	if len(c.Exclude) > 0 {
		out = append(out, keyExclude+": ["+strings.Join(c.Exclude, ", ")+"]")
		c.Exclude = nil
	}
	if c.Baseline != "" {
		rel, _ := c.within(c.Baseline)
		out = append(out, keyBaseline+" "+rel+" (the change can rewrite it)")
		c.Baseline = ""
	}
	return out
}
