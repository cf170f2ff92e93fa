package rules

import (
	"fmt"
	"strings"
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
func EditDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
