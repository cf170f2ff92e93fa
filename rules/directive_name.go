package rules

import (
	"fmt"
	"strings"

	"github.com/sqllint/sqllint/parser"
)

// misspeltName is the problem of a suppression whose first word is a
// hyphenated name close to a rule's name (sqllint:ignore
// checkpoint-durations reason), or "" when it is not one: a rule named
// with a typo was reported as "names no rule", as if the name were the
// start of the reason.
func misspeltName(reg *Registry, word string) string {
	if !strings.Contains(word, "-") {
		return ""
	}
	w := strings.ToLower(word)
	var best *Rule
	bestDist := 0
	for _, r := range reg.All() {
		if d := EditDistance(w, r.Name); best == nil || d < bestDist {
			best, bestDist = r, d
		}
	}
	if best == nil || bestDist > max(2, len(w)/6) {
		return ""
	}
	return fmt.Sprintf("suppression names unknown rule %s; did you mean %s (%s)?", word, best.Name, best.ID)
}

// EditDistance is the Levenshtein distance of a and b (the command line's
// did-you-mean for flags and rule names uses it too).
func EditDistance(a, b string) int { return parser.EditDistance(a, b) }
