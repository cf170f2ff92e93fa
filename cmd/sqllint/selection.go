package main

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/rules"
)

// applySelection applies --select and --ignore to a run's rule config, as
// ruff and golangci-lint users expect: --select runs only the rules it
// names (replacing the config's rules list), --ignore turns rules off, and
// ignore wins. Each value is a comma list of rule IDs (SL302), names
// (checkpoint-duration), ID prefixes (SL3 = SL300-SL399) or "all"; any
// case. An unknown rule is an error with a suggestion.
func applySelection(reg *rules.Registry, rc *rules.Config, sel, ign []string) error {
	if len(sel) > 0 {
		chosen, err := resolveRules(reg, "--select", sel)
		if err != nil {
			return err
		}
		if rc.Disabled == nil {
			rc.Disabled = map[string]bool{}
		}
		for _, r := range reg.All() {
			rc.Disabled[r.ID] = !chosen[r.ID]
		}
	}
	if len(ign) > 0 {
		off, err := resolveRules(reg, "--ignore", ign)
		if err != nil {
			return err
		}
		if rc.Disabled == nil {
			rc.Disabled = map[string]bool{}
		}
		for id := range off {
			rc.Disabled[id] = true
		}
	}
	return nil
}

// resolveRules reads flag values into the set of rule IDs they name.
func resolveRules(reg *rules.Registry, flagName string, values []string) (map[string]bool, error) {
	out := map[string]bool{}
	for _, v := range values {
		for _, ref := range strings.Split(v, ",") {
			ref = strings.TrimSpace(ref)
			if ref == "" {
				continue
			}
			ids := reg.Match(ref)
			if len(ids) == 0 {
				msg := fmt.Sprintf("%s %s: no such rule", flagName, ref)
				if s := suggestRule(reg, ref); s != "" {
					msg += "; did you mean " + s + "?"
				}
				return nil, fmt.Errorf("%s (run sqllint rules for the list)", msg)
			}
			for _, id := range ids {
				out[id] = true
			}
		}
	}
	if len(out) == 0 {
		// --select "$RULES" with RULES unset would turn every rule off
		// and pass every script.
		return nil, fmt.Errorf("%s names no rule: give rule IDs, names or ID prefixes, comma-separated (run sqllint rules for the list)", flagName)
	}
	return out, nil
}

// suggestRule is the rule ID or name closest to ref, or "".
func suggestRule(reg *rules.Registry, ref string) string {
	best, bestDist := "", 0
	for _, r := range reg.All() {
		for _, cand := range []string{r.ID, r.Name} {
			a, b := strings.ToLower(ref), strings.ToLower(cand)
			d := rules.EditDistance(a, b)
			if best == "" || d < bestDist {
				best, bestDist = cand, d
			}
		}
	}
	if bestDist > max(2, len(ref)/3) {
		return ""
	}
	return best
}
